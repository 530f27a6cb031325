// npm run bench:compose: milliseconds per finished ad per placement for the server render
// (picture cropped to the placement, layout with fitted text and measured contrast, text drawn as
// outlines from the shipped fonts, logo, PNG encode; no storage or database), against a baseline
// of sharp compositing the same logo onto the same picture at the same size without any text, in
// the same run. Every layout is rendered in every placement.
// BENCH_IMAGES (default 4) sets how many pictures; BENCH_SEED (default 2026) which.
import { AD_FORMATS, AD_LAYOUTS, composeAd, placementSize, type AdCopy, type AdFormatId, type BrandLook } from '@brandloom/contracts';
import { performance } from 'node:perf_hooks';
import sharp from 'sharp';
import { adFontShaper } from '../libs/core/src/ads/ad-fonts';
import { placementPicture, renderAd } from '../libs/core/src/ads/ad-renderer';
import { printTable, quantile, runBenchmark, seededRandom } from './support/bench-helpers';

const IMAGES = Number(process.env.BENCH_IMAGES ?? 4);
const SEED = Number(process.env.BENCH_SEED ?? 2026);
const SIZE = 1024;
const BRAND: BrandLook = { primary: '#1B5E20', secondary: '#F4C542', accent: '#E03C31', fonts: { heading: 'montserrat', body: 'inter' } };
const COPY: AdCopy = { headline: 'Fresh roasted coffee, every week', body: 'Pick your beans, choose your grind and never run out again.', cta: 'SHOP_NOW' };

/** A photo-like picture: a gradient sky, soft blobs and grain. */
async function photo(random: () => number): Promise<Buffer> {
  const blobs = Array.from({ length: 12 }, () => {
    const [x, y, r] = [random() * SIZE, random() * SIZE, 40 + random() * 200];
    return `<circle cx="${x.toFixed(0)}" cy="${y.toFixed(0)}" r="${r.toFixed(0)}" fill="hsl(${Math.round(random() * 360)}, 60%, 50%)" fill-opacity="0.55"/>`;
  }).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}"><defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#8ec5fc"/><stop offset="1" stop-color="#e0c3fc"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/>${blobs}</svg>`;
  const grain = Buffer.alloc(SIZE * SIZE);
  for (let i = 0; i < grain.length; i += 1) grain[i] = Math.round(random() * 40);
  const noise = await sharp(grain, { raw: { width: SIZE, height: SIZE, channels: 1 } }).png().toBuffer();
  return sharp(Buffer.from(svg)).composite([{ input: noise, blend: 'overlay' }]).removeAlpha().png().toBuffer();
}

const logoPng = () =>
  sharp(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="400" height="160"><rect x="10" y="10" width="380" height="140" rx="30" fill="#0d47a1"/><circle cx="80" cy="80" r="50" fill="#fff"/></svg>'))
    .png()
    .toBuffer();

/** The server render of one ad, as the render job does it (without storage). */
async function serverRender(picture: Buffer, logo: Buffer, placement: AdFormatId, layout: string): Promise<Buffer> {
  const { width, height } = placementSize(placement);
  const { pixels } = await placementPicture(picture, width, height);
  const result = composeAd({ placement, layout, copy: COPY, brand: BRAND, logo: { variant: 'default', width: 400, height: 160 }, shapers: adFontShaper, pixels });
  if (!result.ok) throw new Error(`${layout} ${placement}: ${result.message}`);
  return renderAd(pixels, result.layers, { bytes: logo, mime: 'image/png' });
}

/** The baseline: the same picture cropped to the same size, the same logo composited into the same box, no text. */
async function logoOnly(picture: Buffer, logo: Buffer, placement: AdFormatId, box: { x: number; y: number; width: number; height: number }): Promise<Buffer> {
  const { width, height } = placementSize(placement);
  const sized = await sharp(logo).resize(box.width, box.height, { fit: 'inside' }).png().toBuffer();
  return sharp(picture).rotate().resize(width, height, { fit: 'cover', position: 'attention' }).removeAlpha().composite([{ input: sized, left: box.x, top: box.y }]).png().toBuffer();
}

async function main(): Promise<void> {
  const random = seededRandom(SEED);
  const pictures: Buffer[] = [];
  for (let i = 0; i < IMAGES; i += 1) pictures.push(await photo(random));
  const logo = await logoPng();
  // The logo's box in each layout and placement, from the layout itself (the baseline puts it there).
  const logoBoxes = new Map<string, { x: number; y: number; width: number; height: number }>();
  for (const layout of AD_LAYOUTS) for (const format of AD_FORMATS) logoBoxes.set(`${layout.id}:${format.id}`, layout.plan(format.id).boxes.logo);

  // Warm-up: fonts parsed, codecs loaded.
  await serverRender(pictures[0], logo, '1:1', AD_LAYOUTS[0].id);
  await logoOnly(pictures[0], logo, '1:1', logoBoxes.get(`${AD_LAYOUTS[0].id}:1:1`)!);

  const server: Record<string, number[]> = {};
  const baseline: Record<string, number[]> = {};
  for (const format of AD_FORMATS) {
    server[format.id] = [];
    baseline[format.id] = [];
    for (const picture of pictures) {
      for (const layout of AD_LAYOUTS) {
        // Interleaved, so that the machine's load falls on both alike.
        let start = performance.now();
        const ad = await serverRender(picture, logo, format.id, layout.id);
        server[format.id].push(performance.now() - start);
        start = performance.now();
        const plain = await logoOnly(picture, logo, format.id, logoBoxes.get(`${layout.id}:${format.id}`)!);
        baseline[format.id].push(performance.now() - start);
        for (const out of [ad, plain]) {
          const meta = await sharp(out).metadata();
          if (meta.width !== format.width || meta.height !== format.height) throw new Error(`${format.id}: made ${meta.width}×${meta.height}`);
        }
      }
    }
  }

  const rows = [['placement', 'server ms (mean)', 'p95', 'baseline ms (mean)', 'p95', '× baseline']];
  const msPerAd: Record<string, number> = {};
  const baselineMs: Record<string, number> = {};
  for (const format of AD_FORMATS) {
    msPerAd[format.id] = round(avg(server[format.id]));
    baselineMs[format.id] = round(avg(baseline[format.id]));
    rows.push([format.id, msPerAd[format.id].toFixed(1), quantile(server[format.id], 0.95).toFixed(1), baselineMs[format.id].toFixed(1), quantile(baseline[format.id], 0.95).toFixed(1), `${(avg(server[format.id]) / avg(baseline[format.id])).toFixed(2)}×`]);
  }
  const allServer = Object.values(server).flat();
  const allBaseline = Object.values(baseline).flat();
  const ratio = Math.round((avg(allServer) / avg(allBaseline)) * 100) / 100;
  rows.push(['all', avg(allServer).toFixed(1), quantile(allServer, 0.95).toFixed(1), avg(allBaseline).toFixed(1), quantile(allBaseline, 0.95).toFixed(1), `${ratio.toFixed(2)}×`]);
  console.log(`${IMAGES} photo-like ${SIZE}×${SIZE} PNGs × ${AD_LAYOUTS.length} layouts, every placement: ms per ad (crop + layout + text + logo + PNG encode) against the logo alone composited by sharp\n`);
  printTable(rows);
  console.log(`\nratio (server render / baseline): ${ratio.toFixed(2)}×`);
  console.log(JSON.stringify({ bench: 'compose', images: IMAGES, layouts: AD_LAYOUTS.length, ms_per_ad: { ...msPerAd, all: round(avg(allServer)) }, baseline_ms_per_ad: { ...baselineMs, all: round(avg(allBaseline)) }, ratio }));
}

const avg = (values: number[]) => values.reduce((sum, v) => sum + v, 0) / values.length;
const round = (value: number) => Math.round(value * 10) / 10;

runBenchmark(main);
