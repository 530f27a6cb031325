// The landing page's pictures, drawn for this project as SVG scenes (one look per gallery category)
// and rendered to WebP with sharp when the app is built: no third-party images, nothing binary in git.
// The Vite plugin emits them under /landing/ in the build and serves them from memory in development.
import sharp from 'sharp';
import type { Plugin } from 'vite';
import { GALLERY_ASPECT, GALLERY_IMAGES, GALLERY_WIDTHS, galleryImageUrl, type GalleryCategory } from '../src/features/landing/gallery.ts';
import { HERO_IMAGE, SHARE_IMAGE } from '../src/features/landing/images.ts';

const W = 800;
const H = (W * GALLERY_ASPECT.height) / GALLERY_ASPECT.width;

interface Palette {
  bg: [string, string];
  main: string;
  accent: string;
  soft: string;
}

const svg = (width: number, height: number, body: string, defs = '') =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><defs>${defs}</defs>${body}</svg>`;

const backdrop = (p: Palette, id: string) => ({
  defs: `<linearGradient id="${id}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${p.bg[0]}"/><stop offset="1" stop-color="${p.bg[1]}"/></linearGradient>
    <radialGradient id="${id}-glow" cx="0.5" cy="0.35" r="0.6"><stop offset="0" stop-color="#ffffff" stop-opacity="0.55"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/></radialGradient>`,
  body: `<rect width="${W}" height="${H}" fill="url(#${id})"/><rect width="${W}" height="${H}" fill="url(#${id}-glow)"/>`,
});

/** Soft-lit objects on a podium: bottles and lipsticks. */
function beauty(p: Palette, variant: number): string {
  const b = backdrop(p, 'bg');
  const podium = `<ellipse cx="400" cy="500" rx="230" ry="46" fill="${p.soft}"/><rect x="170" y="440" width="460" height="60" fill="${p.soft}"/><ellipse cx="400" cy="440" rx="230" ry="46" fill="#ffffff" opacity="0.85"/>`;
  const objects =
    variant === 0
      ? `<rect x="340" y="210" width="120" height="230" rx="26" fill="${p.main}" opacity="0.9"/><rect x="362" y="150" width="76" height="70" rx="10" fill="${p.accent}"/><rect x="385" y="110" width="30" height="50" rx="8" fill="#1f2937"/><rect x="360" y="260" width="80" height="90" rx="8" fill="#ffffff" opacity="0.7"/><circle cx="560" cy="170" r="44" fill="${p.accent}" opacity="0.35"/>`
      : [0, 1, 2]
          .map((i) => {
            const x = 265 + i * 100;
            const h = 170 + (i === 1 ? 50 : 0);
            return `<rect x="${x}" y="${440 - h}" width="70" height="${h - 90}" rx="8" fill="#111827"/><rect x="${x + 8}" y="${440 - h - 70}" width="54" height="${80}" rx="6" fill="#d1d5db"/><path d="M${x + 14} ${440 - h - 70} L${x + 56} ${440 - h - 130} L${x + 56} ${440 - h - 70} Z" fill="${[p.main, p.accent, '#be123c'][i]}"/>`;
          })
          .join('');
  return svg(W, H, b.body + podium + objects, b.defs);
}

/** Interface cards and charts on a crisp grid. */
function b2b(p: Palette, variant: number): string {
  const b = backdrop(p, 'bg');
  const grid = Array.from({ length: 9 }, (_, i) => `<line x1="${i * 100}" y1="0" x2="${i * 100}" y2="${H}" stroke="#ffffff" stroke-opacity="0.08"/>`).join('');
  if (variant === 2) {
    const speakers = [0, 1, 2].map((i) => `<circle cx="${250 + i * 150}" cy="300" r="58" fill="${[p.main, p.accent, p.soft][i]}"/><circle cx="${250 + i * 150}" cy="285" r="22" fill="#ffffff" opacity="0.85"/><path d="M${210 + i * 150} 342 Q${250 + i * 150} 300 ${290 + i * 150} 342" fill="#ffffff" opacity="0.85"/>`).join('');
    return svg(W, H, `${b.body}${grid}<rect x="120" y="120" width="560" height="360" rx="24" fill="#ffffff" opacity="0.12"/><rect x="170" y="160" width="260" height="22" rx="11" fill="#ffffff" opacity="0.8"/>${speakers}<rect x="300" y="410" width="200" height="40" rx="20" fill="${p.accent}"/>`, b.defs);
  }
  if (variant === 1) {
    const points = [0, 1, 2, 3, 4, 5, 6].map((i) => `${130 + i * 90},${440 - i * 38 - (i % 2) * 24}`).join(' ');
    return svg(W, H, `${b.body}${grid}<polyline points="${points}" fill="none" stroke="${p.accent}" stroke-width="12" stroke-linecap="round" stroke-linejoin="round"/><circle cx="670" cy="${440 - 6 * 38}" r="18" fill="#ffffff"/><rect x="120" y="110" width="280" height="26" rx="13" fill="#ffffff" opacity="0.85"/><rect x="120" y="150" width="180" height="16" rx="8" fill="#ffffff" opacity="0.5"/>`, b.defs);
  }
  const bars = [120, 180, 150, 230, 270, 320].map((h, i) => `<rect x="${250 + i * 62}" y="${470 - h}" width="40" height="${h}" rx="6" fill="${i === 5 ? p.accent : p.main}"/>`).join('');
  return svg(
    W,
    H,
    `${b.body}<rect x="90" y="80" width="620" height="440" rx="22" fill="#ffffff"/><rect x="90" y="80" width="130" height="440" rx="22" fill="${p.soft}"/>${[0, 1, 2, 3].map((i) => `<rect x="115" y="${130 + i * 50}" width="80" height="14" rx="7" fill="#ffffff" opacity="0.9"/>`).join('')}<rect x="250" y="110" width="220" height="22" rx="11" fill="#111827" opacity="0.8"/>${bars}`,
    b.defs,
  );
}

/** Calm landscapes, leaves and warm light. */
function wellness(p: Palette, variant: number): string {
  const b = backdrop(p, 'bg');
  if (variant === 0) {
    return svg(W, H, `${b.body}<circle cx="400" cy="330" r="110" fill="${p.accent}" opacity="0.9"/><path d="M0 400 Q200 300 400 380 T800 360 L800 600 L0 600 Z" fill="${p.main}"/><path d="M0 470 Q250 400 500 460 T800 450 L800 600 L0 600 Z" fill="${p.soft}"/><rect x="270" y="500" width="260" height="34" rx="17" fill="#7c3aed" opacity="0.85"/>`, b.defs);
  }
  const leaf = (x: number, y: number, r: number) => `<path d="M${x} ${y} q60 -${r} 0 -${r * 2} q-60 ${r} 0 ${r * 2} Z" fill="${p.main}" transform="rotate(${(x % 60) - 30} ${x} ${y})"/>`;
  return svg(W, H, `${b.body}${leaf(180, 300, 90)}${leaf(640, 260, 80)}${leaf(600, 520, 70)}<ellipse cx="400" cy="470" rx="170" ry="30" fill="#000000" opacity="0.12"/><path d="M270 300 h260 v80 a130 130 0 0 1 -260 0 Z" fill="#ffffff"/><path d="M530 320 a50 50 0 0 1 0 90" fill="none" stroke="#ffffff" stroke-width="18"/><ellipse cx="400" cy="300" rx="130" ry="22" fill="${p.accent}"/>`, b.defs);
}

/** A hero object under a spotlight. */
function product(p: Palette, variant: number): string {
  const b = backdrop(p, 'bg');
  const spot = `<path d="M330 0 L470 0 L640 520 L160 520 Z" fill="#ffffff" opacity="0.12"/><ellipse cx="400" cy="500" rx="200" ry="40" fill="${p.soft}"/><rect x="200" y="500" width="400" height="80" fill="${p.soft}"/><ellipse cx="400" cy="500" rx="200" ry="40" fill="#ffffff" opacity="0.3"/>`;
  const object =
    variant === 0
      ? `<path d="M240 470 Q250 380 330 360 L420 340 Q470 330 500 380 L560 420 Q600 440 590 470 Z" fill="${p.main}"/><path d="M240 470 L590 470 L590 490 L240 490 Z" fill="#ffffff"/><path d="M340 372 L430 352" stroke="#ffffff" stroke-width="8" stroke-linecap="round"/><circle cx="470" cy="380" r="10" fill="${p.accent}"/>`
      : `<path d="M290 330 a110 110 0 0 1 220 0" fill="none" stroke="#111827" stroke-width="26" stroke-linecap="round"/><rect x="260" y="320" width="70" height="120" rx="30" fill="${p.main}"/><rect x="470" y="320" width="70" height="120" rx="30" fill="${p.main}"/><rect x="280" y="345" width="30" height="70" rx="14" fill="${p.accent}"/><rect x="490" y="345" width="30" height="70" rx="14" fill="${p.accent}"/>`;
  return svg(W, H, b.body + spot + object, b.defs);
}

/** Bursts, badges and confetti. */
function promotion(p: Palette, variant: number): string {
  const b = backdrop(p, 'bg');
  const confetti = Array.from({ length: 28 }, (_, i) => {
    const x = (i * 137) % W;
    const y = (i * 89) % H;
    return `<rect x="${x}" y="${y}" width="16" height="8" rx="3" fill="${i % 2 ? p.accent : '#ffffff'}" transform="rotate(${(i * 47) % 180} ${x} ${y})" opacity="0.8"/>`;
  }).join('');
  if (variant === 0) {
    const star = Array.from({ length: 32 }, (_, i) => {
      const r = i % 2 ? 150 : 200;
      const a = (i / 32) * Math.PI * 2;
      return `${(400 + r * Math.cos(a)).toFixed(1)},${(300 + r * Math.sin(a)).toFixed(1)}`;
    }).join(' ');
    return svg(W, H, `${b.body}${confetti}<polygon points="${star}" fill="${p.main}"/><circle cx="400" cy="300" r="120" fill="${p.accent}"/><circle cx="350" cy="260" r="26" fill="none" stroke="#ffffff" stroke-width="14"/><circle cx="450" cy="340" r="26" fill="none" stroke="#ffffff" stroke-width="14"/><line x1="460" y1="230" x2="340" y2="370" stroke="#ffffff" stroke-width="16" stroke-linecap="round"/>`, b.defs);
  }
  return svg(W, H, `${b.body}${confetti}<rect x="270" y="270" width="260" height="200" rx="12" fill="${p.main}"/><rect x="250" y="220" width="300" height="60" rx="10" fill="${p.main}"/><rect x="385" y="220" width="30" height="250" fill="${p.accent}"/><rect x="250" y="240" width="300" height="26" fill="${p.accent}" opacity="0.0"/><path d="M400 220 C340 140 290 190 400 220 C510 190 460 140 400 220 Z" fill="${p.accent}"/><path d="M560 380 L660 350 L690 410 L590 440 Z" fill="#ffffff"/><circle cx="580" cy="400" r="8" fill="${p.main}"/>`, b.defs);
}

/** Everyday scenes: a café skyline, a beach at sunset. */
function lifestyle(p: Palette, variant: number): string {
  const b = backdrop(p, 'bg');
  if (variant === 0) {
    const skyline = [70, 140, 100, 180, 120, 160, 90, 130].map((h, i) => `<rect x="${i * 100}" y="${360 - h}" width="84" height="${h}" fill="${p.soft}" opacity="0.7"/>`).join('');
    return svg(W, H, `${b.body}${skyline}<rect x="0" y="360" width="${W}" height="240" fill="${p.main}"/><ellipse cx="400" cy="440" rx="150" ry="26" fill="#ffffff" opacity="0.9"/><path d="M320 330 h160 l-20 110 h-120 Z" fill="#ffffff"/><path d="M480 350 a36 36 0 0 1 0 60" fill="none" stroke="#ffffff" stroke-width="14"/><ellipse cx="400" cy="332" rx="80" ry="12" fill="${p.accent}"/>`, b.defs);
  }
  return svg(W, H, `${b.body}<circle cx="400" cy="320" r="90" fill="${p.accent}"/><rect x="0" y="330" width="${W}" height="90" fill="${p.main}" opacity="0.85"/><path d="M0 420 Q400 380 800 420 L800 600 L0 600 Z" fill="${p.soft}"/><line x1="560" y1="300" x2="580" y2="520" stroke="#78350f" stroke-width="8"/><path d="M470 320 Q560 240 660 290 Z" fill="#ef4444"/>`, b.defs);
}

const SCENES: Record<GalleryCategory, { draw: (p: Palette, variant: number) => string; palettes: Palette[] }> = {
  beauty: { draw: beauty, palettes: [{ bg: ['#fce7f3', '#fbcfe8'], main: '#f472b6', accent: '#e11d48', soft: '#f9a8d4' }, { bg: ['#ffe4e6', '#fecdd3'], main: '#fb7185', accent: '#f59e0b', soft: '#fda4af' }] },
  B2B: {
    draw: b2b,
    palettes: [
      { bg: ['#1e3a8a', '#312e81'], main: '#6366f1', accent: '#22d3ee', soft: '#4338ca' },
      { bg: ['#0f172a', '#1e3a8a'], main: '#38bdf8', accent: '#34d399', soft: '#1d4ed8' },
      { bg: ['#312e81', '#4c1d95'], main: '#a78bfa', accent: '#f472b6', soft: '#6366f1' },
    ],
  },
  wellness: { draw: wellness, palettes: [{ bg: ['#fef3c7', '#fde68a'], main: '#65a30d', accent: '#f97316', soft: '#84cc16' }, { bg: ['#ecfccb', '#d9f99d'], main: '#4d7c0f', accent: '#a3e635', soft: '#bef264' }] },
  product: { draw: product, palettes: [{ bg: ['#1f2937', '#111827'], main: '#f97316', accent: '#facc15', soft: '#374151' }, { bg: ['#115e59', '#134e4a'], main: '#f8fafc', accent: '#14b8a6', soft: '#0f766e' }] },
  promotion: { draw: promotion, palettes: [{ bg: ['#7c2d12', '#b91c1c'], main: '#facc15', accent: '#dc2626', soft: '#f97316' }, { bg: ['#14532d', '#166534'], main: '#dc2626', accent: '#fde047', soft: '#22c55e' }] },
  lifestyle: { draw: lifestyle, palettes: [{ bg: ['#fed7aa', '#fdba74'], main: '#78350f', accent: '#a16207', soft: '#c2410c' }, { bg: ['#fdba74', '#f472b6'], main: '#0369a1', accent: '#fde047', soft: '#fde68a' }] },
};

/** The SVG of each gallery image, by id: the n-th image of a category gets that category's n-th variant. */
export function gallerySvgs(): Map<string, string> {
  const seen = new Map<GalleryCategory, number>();
  const out = new Map<string, string>();
  for (const image of GALLERY_IMAGES) {
    const n = seen.get(image.category) ?? 0;
    seen.set(image.category, n + 1);
    const scene = SCENES[image.category];
    out.set(image.id, scene.draw(scene.palettes[n % scene.palettes.length], n));
  }
  return out;
}

/** The hero: a fan of on-brand cards, one per look, drawn on the brand's indigo. */
function heroSvg(width: number, height: number): string {
  const svgs = gallerySvgs();
  const picks = ['serum-bottle', 'saas-dashboard', 'sneaker-pedestal', 'flash-sale', 'city-coffee'];
  const cardW = width * 0.34;
  const cardH = cardW * 0.75;
  const cards = picks
    .map((id, i) => {
      const angle = (i - 2) * 9;
      const x = width / 2 - cardW / 2 + (i - 2) * width * 0.12;
      const y = height / 2 - cardH / 2 + Math.abs(i - 2) * height * 0.05;
      const inner = Buffer.from(svgs.get(id)!).toString('base64');
      return `<g transform="rotate(${angle} ${x + cardW / 2} ${y + cardH / 2})"><rect x="${x - 6}" y="${y - 6}" width="${cardW + 12}" height="${cardH + 12}" rx="18" fill="#ffffff"/><image x="${x}" y="${y}" width="${cardW}" height="${cardH}" href="data:image/svg+xml;base64,${inner}" preserveAspectRatio="xMidYMid slice"/></g>`;
    })
    .join('');
  return svg(
    width,
    height,
    `<rect width="${width}" height="${height}" fill="url(#hero-bg)"/><circle cx="${width * 0.85}" cy="${height * 0.15}" r="${height * 0.35}" fill="#0ea5e9" opacity="0.25"/><circle cx="${width * 0.1}" cy="${height * 0.9}" r="${height * 0.3}" fill="#f472b6" opacity="0.2"/>${cards}`,
    `<linearGradient id="hero-bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#4f46e5"/><stop offset="1" stop-color="#312e81"/></linearGradient>`,
  );
}

/** Every file the landing page links, by its path under the site root (without the leading slash). */
export async function renderLandingImages(): Promise<Map<string, Buffer>> {
  const files = new Map<string, Buffer>();
  const webp = (svgText: string, width: number) => sharp(Buffer.from(svgText)).resize({ width }).webp({ quality: 78, effort: 4 }).toBuffer();
  for (const [id, scene] of gallerySvgs()) {
    for (const width of GALLERY_WIDTHS) files.set(galleryImageUrl(id, width).slice(1), await webp(scene, width));
  }
  const hero = heroSvg(HERO_IMAGE.width, HERO_IMAGE.height);
  for (const width of HERO_IMAGE.widths) files.set(HERO_IMAGE.url(width).slice(1), await webp(hero, width));
  // Link previews: PNG, which every network reads.
  files.set(SHARE_IMAGE.path.slice(1), await sharp(Buffer.from(heroSvg(SHARE_IMAGE.width, SHARE_IMAGE.height))).png({ compressionLevel: 9 }).toBuffer());
  return files;
}

export function landingImages(): Plugin {
  let rendered: Promise<Map<string, Buffer>> | undefined;
  const files = () => (rendered ??= renderLandingImages());
  return {
    name: 'brandloom-landing-images',
    async generateBundle() {
      // The client build emits them; the server (pre-render) build needs none.
      if (this.environment?.config.consumer === 'server') return;
      for (const [fileName, source] of await files()) this.emitFile({ type: 'asset', fileName, source });
    },
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const path = (req.url ?? '').split('?')[0].slice(1);
        if (!path.startsWith('landing/')) return next();
        files()
          .then((all) => {
            const file = all.get(path);
            if (!file) return next();
            res.setHeader('Content-Type', path.endsWith('.png') ? 'image/png' : 'image/webp');
            res.end(file);
          })
          .catch(next);
      });
    },
  };
}
