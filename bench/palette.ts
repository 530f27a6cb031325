// npm run bench:palette: brand colour extraction on generated images whose palettes are known
// (flat blocks, gradients, noisy photo-like scenes, logos on white), scored by the mean CIEDE2000
// distance between the three ground-truth brand colours and a method's top three colours (best
// one-to-one match), and the milliseconds per image (decoding included). Ours, node-vibrant and
// colorthief run on the same encoded images in the same run; the bare decode-and-downscale is the
// time baseline. No database or network needed.
// BENCH_IMAGES_PER_KIND (default 25) changes the size of the set; BENCH_SEED (default 2026) the images.
import { getPalette as colorThiefPalette } from 'colorthief';
import { Vibrant } from 'node-vibrant/node';
import { performance } from 'node:perf_hooks';
import sharp from 'sharp';
import { deltaE2000, Lab, labToHex, parseHex, rgbToLab } from '../libs/core/src/brand-profiles/color/color-space';
import { paletteOfSamples, pickBrandColors, samplePixels } from '../libs/core/src/brand-profiles/color/palette';
import { ImageVariants } from '../libs/core/src/storage/image-variants';
import { seededRandom } from './support/bench-helpers';

const PER_KIND = Number(process.env.BENCH_IMAGES_PER_KIND ?? 25);
const SEED = Number(process.env.BENCH_SEED ?? 2026);
const WIDTH = 480;
const HEIGHT = 360;
const KINDS = ['flat blocks', 'gradients', 'noisy photo-like', 'logos on white'] as const;
type Kind = (typeof KINDS)[number];

interface BenchImage {
  kind: Kind;
  encoded: Buffer;
  /** The three brand colours (mean Lab of each region as rendered, before encoding). */
  truth: Lab[];
}

interface Method {
  name: string;
  /** Top three colours, as hex. */
  run(image: Buffer): Promise<string[]>;
}

/** A standard normal deviate (Box-Muller). */
function gaussian(random: () => number): number {
  const u = Math.max(1e-12, random());
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
}

const hslToRgb = (h: number, s: number, l: number): [number, number, number] => {
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => {
    const k = (n + h / 30) % 12;
    return Math.round(255 * (l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1))));
  };
  return [f(0), f(8), f(4)];
};

/** Three brand-like colours, clearly distinct from each other (ΔE00 ≥ 20) and from white and black. */
function brandColors(random: () => number): Array<[number, number, number]> {
  for (;;) {
    const colors = Array.from({ length: 3 }, () => hslToRgb(random() * 360, 0.45 + random() * 0.5, 0.3 + random() * 0.4));
    const labs = colors.map((c) => rgbToLab(...c));
    const distinct = labs.every((p, i) => labs.every((q, j) => i >= j || deltaE2000(p, q) >= 20));
    if (distinct && labs.every((l) => l[0] > 20 && l[0] < 88)) return colors;
  }
}

/** Renders region ids with a colour function, returns the encoded image and each region's mean Lab. */
async function render(
  regionAt: (x: number, y: number) => number,
  colorAt: (region: number, x: number, y: number) => [number, number, number],
  regions: number,
  truthRegions: number[],
  format: 'png' | 'jpeg',
): Promise<{ encoded: Buffer; truth: Lab[] }> {
  const data = Buffer.alloc(WIDTH * HEIGHT * 3);
  const sums = Array.from({ length: regions }, () => [0, 0, 0, 0]);
  for (let y = 0; y < HEIGHT; y += 1) {
    for (let x = 0; x < WIDTH; x += 1) {
      const region = regionAt(x, y);
      const rgb = colorAt(region, x, y).map((c) => Math.max(0, Math.min(255, Math.round(c)))) as [number, number, number];
      data.set(rgb, (y * WIDTH + x) * 3);
      const lab = rgbToLab(...rgb);
      const s = sums[region];
      s[0] += lab[0];
      s[1] += lab[1];
      s[2] += lab[2];
      s[3] += 1;
    }
  }
  const image = sharp(data, { raw: { width: WIDTH, height: HEIGHT, channels: 3 } });
  const encoded = format === 'png' ? await image.png().toBuffer() : await image.jpeg({ quality: 90 }).toBuffer();
  return { encoded, truth: truthRegions.map((r) => [sums[r][0] / sums[r][3], sums[r][1] / sums[r][3], sums[r][2] / sums[r][3]] as Lab) };
}

async function generate(kind: Kind, random: () => number): Promise<BenchImage> {
  const colors = brandColors(random);
  if (kind === 'flat blocks') {
    // Shares around 55/30/15 %, vertical or horizontal bands, or a band layout with a square.
    const a = 0.45 + random() * 0.2;
    const b = Math.min(0.9 - a, 0.2 + random() * 0.15);
    const vertical = random() < 0.5;
    const regionAt = (x: number, y: number) => {
      const t = vertical ? x / WIDTH : y / HEIGHT;
      return t < a ? 0 : t < a + b ? 1 : 2;
    };
    return { kind, ...(await render(regionAt, (r) => colors[r], 3, [0, 1, 2], 'png')) };
  }
  if (kind === 'gradients') {
    // Three bands, each a gentle lightness gradient around its brand colour.
    const shift = 10 + random() * 14;
    const regionAt = (x: number, y: number) => (y < HEIGHT * 0.5 ? 0 : x < WIDTH * 0.65 ? 1 : 2);
    const colorAt = (r: number, x: number) => {
      const t = x / (WIDTH - 1) - 0.5;
      return colors[r].map((c) => c + shift * t * 2) as [number, number, number];
    };
    return { kind, ...(await render(regionAt, colorAt, 3, [0, 1, 2], 'jpeg')) };
  }
  if (kind === 'noisy photo-like') {
    // A backdrop, a floor and an object (about 15 % of the area) with sensor noise and vignetting.
    const cx = WIDTH * (0.3 + random() * 0.4);
    const cy = HEIGHT * (0.35 + random() * 0.2);
    const radius = Math.sqrt((WIDTH * HEIGHT * 0.15) / Math.PI);
    const sigma = 8 + random() * 10;
    const noise = seededRandom(Math.floor(random() * 1e9));
    const regionAt = (x: number, y: number) => ((x - cx) ** 2 + (y - cy) ** 2 < radius ** 2 ? 2 : y < HEIGHT * 0.62 ? 0 : 1);
    const colorAt = (r: number, x: number, y: number) => {
      const d = Math.hypot(x / WIDTH - 0.5, y / HEIGHT - 0.5);
      const vignette = 1 - 0.25 * d * d;
      return colors[r].map((c) => c * vignette + gaussian(noise) * sigma) as [number, number, number];
    };
    return { kind, ...(await render(regionAt, colorAt, 3, [0, 1, 2], 'jpeg')) };
  }
  // Logos on white: a disc, a bar (the wordmark) and a small accent square on white.
  const scale = 0.8 + random() * 0.4;
  const r = 70 * scale;
  const regionAt = (x: number, y: number) => {
    if ((x - 140) ** 2 + (y - 180) ** 2 < r * r) return 1;
    if (x > 240 && x < 240 + 180 * scale && y > 160 && y < 160 + 36 * scale) return 2;
    if (x > 240 && x < 240 + 40 * scale && y > 215 && y < 215 + 40 * scale) return 3;
    return 0;
  };
  const palette: Array<[number, number, number]> = [[255, 255, 255], ...colors];
  return { kind, ...(await render(regionAt, (region) => palette[region], 4, [1, 2, 3], 'png')) };
}

/** Mean ΔE00 between the truth and the candidates under the best one-to-one match (nearest with reuse when fewer than 3). */
function score(truth: Lab[], candidates: string[]): number {
  const labs = candidates.map((hex) => parseHex(hex)).filter((rgb): rgb is [number, number, number] => Boolean(rgb)).map((rgb) => rgbToLab(...rgb));
  if (labs.length === 0) return 100;
  if (labs.length < truth.length) return truth.reduce((sum, t) => sum + Math.min(...labs.map((l) => deltaE2000(t, l))), 0) / truth.length;
  let best = Number.POSITIVE_INFINITY;
  const permute = (chosen: number[]) => {
    if (chosen.length === truth.length) {
      best = Math.min(best, chosen.reduce((sum, c, i) => sum + deltaE2000(truth[i], labs[c]), 0) / truth.length);
      return;
    }
    for (let i = 0; i < labs.length; i += 1) if (!chosen.includes(i)) permute([...chosen, i]);
  };
  permute([]);
  return best;
}

const images = new ImageVariants();

const methods: Method[] = [
  {
    name: 'ours (primary, secondary, accent)',
    async run(image) {
      const palette = paletteOfSamples([await samplePixels(image, images)]);
      const roles = pickBrandColors(palette)!;
      const top = [roles.primary, roles.secondary, roles.accent].filter(Boolean);
      for (const c of palette) if (top.length < 3 && !top.includes(c.hex)) top.push(c.hex);
      return top;
    },
  },
  {
    name: 'ours (3 largest clusters)',
    async run(image) {
      return paletteOfSamples([await samplePixels(image, images)])
        .slice(0, 3)
        .map((c) => c.hex);
    },
  },
  {
    name: 'node-vibrant (3 most populous swatches)',
    async run(image) {
      const palette = await Vibrant.from(image).getPalette();
      return Object.values(palette)
        .filter((s): s is NonNullable<typeof s> => Boolean(s))
        .sort((a, b) => b.population - a.population)
        .slice(0, 3)
        .map((s) => s.hex);
    },
  },
  {
    name: 'colorthief (palette of 3)',
    async run(image) {
      const palette = (await colorThiefPalette(image, { colorCount: 3 })) ?? [];
      return palette.slice(0, 3).map((c) => c.hex());
    },
  },
];

const baseline: Method = {
  name: 'baseline: decode + downscale only',
  async run(image) {
    await samplePixels(image, images);
    return [];
  },
};

async function main(): Promise<void> {
  // Every method decodes every image itself, as in production (libvips would otherwise reuse the
  // decode of whichever method ran first on an image).
  sharp.cache(false);
  const random = seededRandom(SEED);
  const set: BenchImage[] = [];
  for (const kind of KINDS) for (let i = 0; i < PER_KIND; i += 1) set.push(await generate(kind, random));
  console.log(`bench:palette  ${set.length} images of ${WIDTH}×${HEIGHT} (${PER_KIND} per kind, seed ${SEED}); score = mean CIEDE2000 of the 3 brand colours (lower is better)\n`);

  const all = [baseline, ...methods];
  const results = new Map(all.map((m) => [m.name, { scores: new Map<Kind, number[]>(KINDS.map((k) => [k, []])), ms: [] as number[] }]));
  // Warm-up (JIT, sharp's caches), then every image through every method, the order rotating per
  // image, so that load on the machine weighs on all methods alike.
  for (const image of set.filter((_, i) => i % 10 === 0)) for (const method of all) await method.run(image.encoded);
  for (const [index, image] of set.entries()) {
    for (let k = 0; k < all.length; k += 1) {
      const method = all[(index + k) % all.length];
      const entry = results.get(method.name)!;
      const started = performance.now();
      const top = await method.run(image.encoded);
      entry.ms.push(performance.now() - started);
      if (method !== baseline) entry.scores.get(image.kind)!.push(score(image.truth, top));
    }
  }

  const mean = (values: number[]) => values.reduce((s, v) => s + v, 0) / Math.max(1, values.length);
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  const ours = results.get(methods[0].name)!;
  const header = ['method', ...KINDS, 'all', 'ms/image (mean)', 'ms/image (median)', 'time / ours'];
  const rows: string[][] = [header];
  for (const method of [...methods, baseline]) {
    const entry = results.get(method.name)!;
    const scores = [...entry.scores.values()].flat();
    rows.push([
      method.name,
      ...KINDS.map((k) => (method === baseline ? '-' : mean(entry.scores.get(k)!).toFixed(2))),
      method === baseline ? '-' : mean(scores).toFixed(2),
      mean(entry.ms).toFixed(2),
      median(entry.ms).toFixed(2),
      `${(mean(entry.ms) / mean(ours.ms)).toFixed(2)}×`,
    ]);
  }
  const widths = header.map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  for (const [i, row] of rows.entries()) {
    console.log(row.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]) : cell.padStart(widths[c]))).join('  '));
    if (i === 0) console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  }
  const example = set.find((s) => s.kind === 'logos on white')!;
  console.log(`\nexample (logo on white): truth ${example.truth.map((l) => labToHex(l)).join(' ')}`);
  for (const method of methods) console.log(`  ${method.name.padEnd(widths[0])}  ${(await method.run(example.encoded)).join(' ')}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
