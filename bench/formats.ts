// npm run bench:formats: milliseconds per image to make each ad format by each method, on
// photo-like 1024×1024 PNGs (decode, render, PNG encode; no storage or database): smart crop,
// extend with a blurred fill and with the brand colour, and AI extend with the local test renderer
// (canvas + mask, the renderer's margins, the original laid back). The baseline is the bare
// decode → resize → PNG encode of the same image to the same size.
// BENCH_IMAGES (default 6) sets how many images; BENCH_SEED (default 2026) which.
import { AD_FORMATS, type AdFormatId } from '@brandloom/contracts';
import { performance } from 'node:perf_hooks';
import sharp from 'sharp';
import { extend, finishOutpaint, outpaintInput, smartCrop } from '../libs/core/src/formats/format-renderer';
import { LocalOutpainter } from '../libs/core/src/formats/outpainters/local.outpainter';
import { printTable, quantile, runBenchmark, seededRandom } from './support/bench-helpers';

const IMAGES = Number(process.env.BENCH_IMAGES ?? 6);
const SEED = Number(process.env.BENCH_SEED ?? 2026);
const SIZE = 1024;

/** A photo-like image: a gradient sky, soft blobs and grain, one saturated subject off centre. */
async function photo(random: () => number): Promise<Buffer> {
  const blobs = Array.from({ length: 12 }, () => {
    const [x, y, r] = [random() * SIZE, random() * SIZE, 40 + random() * 200];
    const color = `hsl(${Math.round(random() * 360)}, ${Math.round(30 + random() * 50)}%, ${Math.round(30 + random() * 40)}%)`;
    return `<circle cx="${x.toFixed(0)}" cy="${y.toFixed(0)}" r="${r.toFixed(0)}" fill="${color}" fill-opacity="0.55"/>`;
  }).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#8ec5fc"/><stop offset="1" stop-color="#e0c3fc"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>${blobs}
    <rect x="${Math.round(100 + random() * 600)}" y="${Math.round(100 + random() * 600)}" width="220" height="220" fill="#e63946"/></svg>`;
  const grain = Buffer.alloc(SIZE * SIZE);
  for (let i = 0; i < grain.length; i += 1) grain[i] = Math.round(random() * 40);
  const noise = await sharp(grain, { raw: { width: SIZE, height: SIZE, channels: 1 } }).png().toBuffer();
  return sharp(Buffer.from(svg)).composite([{ input: noise, blend: 'overlay' }]).removeAlpha().png().toBuffer();
}

type Method = { name: string; run: (image: Buffer, format: AdFormatId) => Promise<Buffer> };

async function main(): Promise<void> {
  const random = seededRandom(SEED);
  const images: Buffer[] = [];
  for (let i = 0; i < IMAGES; i += 1) images.push(await photo(random));
  const outpainter = new LocalOutpainter();
  const methods: Method[] = [
    {
      name: 'baseline (decode, resize, encode)',
      run: (image, format) => {
        const f = AD_FORMATS.find((x) => x.id === format)!;
        return sharp(image).resize(f.width, f.height, { fit: 'fill' }).png().toBuffer();
      },
    },
    { name: 'crop', run: (image, format) => smartCrop(image, format) },
    { name: 'extend (blur)', run: async (image, format) => (await extend(image, format, { kind: 'blur' })).png },
    { name: 'extend (brand)', run: async (image, format) => (await extend(image, format, { kind: 'color', hex: '#1e90ff' })).png },
    {
      name: 'ai_extend (local renderer)',
      run: async (image, format) => {
        const input = await outpaintInput(image, format);
        const painted = await outpainter.outpaint({ ...input, prompt: 'bench', quality: 'low' });
        return (await finishOutpaint(painted, image, format)).png;
      },
    },
  ];

  // One warm-up pass (sharp's first calls load codecs), then the measured passes.
  for (const method of methods) await method.run(images[0], '1:1');
  const results: Record<string, Record<string, { mean: number; p50: number; p95: number }>> = {};
  const rows = [['method', ...AD_FORMATS.map((f) => `${f.id} ms`), 'mean ms', '× baseline']];
  let baselineMean = 0;
  for (const method of methods) {
    results[method.name] = {};
    const all: number[] = [];
    for (const format of AD_FORMATS) {
      const times: number[] = [];
      for (const image of images) {
        const start = performance.now();
        const out = await method.run(image, format.id);
        times.push(performance.now() - start);
        const meta = await sharp(out).metadata();
        if (meta.width !== format.width || meta.height !== format.height) throw new Error(`${method.name} made ${meta.width}×${meta.height} for ${format.id}`);
      }
      all.push(...times);
      results[method.name][format.id] = { mean: round(avg(times)), p50: round(quantile(times, 0.5)), p95: round(quantile(times, 0.95)) };
    }
    const mean = avg(all);
    if (method === methods[0]) baselineMean = mean;
    results[method.name].all = { mean: round(mean), p50: round(quantile(all, 0.5)), p95: round(quantile(all, 0.95)) };
    rows.push([method.name, ...AD_FORMATS.map((f) => results[method.name][f.id].mean.toFixed(1)), mean.toFixed(1), `${(mean / baselineMean).toFixed(2)}×`]);
  }
  console.log(`${IMAGES} photo-like ${SIZE}×${SIZE} PNGs, every format, ms per image (decode + render + PNG encode)\n`);
  printTable(rows);
  const perMethod = Object.fromEntries(methods.slice(1).map((m) => [m.name, results[m.name].all.mean]));
  console.log(JSON.stringify({ bench: 'formats', images: IMAGES, msPerImage: perMethod, baselineMsPerImage: round(baselineMean), byFormat: results }));
}

const avg = (values: number[]) => values.reduce((sum, v) => sum + v, 0) / values.length;
const round = (value: number) => Math.round(value * 10) / 10;

runBenchmark(main);
