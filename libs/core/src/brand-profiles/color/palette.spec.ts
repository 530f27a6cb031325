import sharp from 'sharp';
import { ImageVariants } from '../../storage/image-variants';
import { deltaE2000, deltaE2000Hex, hexToLab, labToHex, parseHex, rgbToLab } from './color-space';
import { ColorHistogram, extractPalette, paletteOfSamples, pickBrandColors, samplePixels } from './palette';

const images = new ImageVariants({ maxInputPixels: 40_000_000 });

/** Three vertical blocks covering 60 %, 30 % and 10 % of the width. */
async function blocks(colors: [string, string, string], shares = [0.6, 0.3, 0.1], width = 600, height = 400): Promise<Buffer> {
  let x = 0;
  const rects = colors.map((fill, i) => {
    const w = i === colors.length - 1 ? width - x : Math.round(width * shares[i]);
    const rect = `<rect x="${x}" y="0" width="${w}" height="${height}" fill="${fill}"/>`;
    x += w;
    return rect;
  });
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${rects.join('')}</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** A photo-like scene: a vertical sky-to-sea gradient with deterministic noise, and a flat logo patch. */
async function gradientWithPatch(patch: string, width = 640, height = 480): Promise<Buffer> {
  const data = Buffer.alloc(width * height * 3);
  const top = [135, 190, 235];
  const bottom = [20, 60, 110];
  const [pr, pg, pb] = parseHex(patch)!;
  let seed = 12345;
  const noise = () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return (seed / 0x7fffffff - 0.5) * 24;
  };
  for (let y = 0; y < height; y += 1) {
    const t = y / (height - 1);
    for (let x = 0; x < width; x += 1) {
      const i = (y * width + x) * 3;
      const inPatch = x >= 420 && x < 580 && y >= 60 && y < 200; // 160×140 = 7.3 % of the area
      for (let c = 0; c < 3; c += 1) {
        const base = inPatch ? [pr, pg, pb][c] : top[c] + (bottom[c] - top[c]) * t + noise();
        data[i + c] = Math.max(0, Math.min(255, Math.round(base)));
      }
    }
  }
  return sharp(data, { raw: { width, height, channels: 3 } }).jpeg({ quality: 92 }).toBuffer();
}

describe('colour space', () => {
  it('converts sRGB to Lab and back', () => {
    expect(rgbToLab(255, 255, 255)[0]).toBeCloseTo(100, 1);
    expect(rgbToLab(0, 0, 0)[0]).toBeCloseTo(0, 5);
    for (const hex of ['#0066ff', '#111827', '#e63946', '#2a9d8f', '#f4a261', '#7b2cbf']) expect(labToHex(hexToLab(hex)!)).toBe(hex);
  });

  it('computes CIEDE2000 as the reference pairs of Sharma, Wu and Dalal', () => {
    const pairs: Array<[[number, number, number], [number, number, number], number]> = [
      [[50, 2.6772, -79.7751], [50, 0, -82.7485], 2.0425],
      [[50, -1.3802, -84.2814], [50, 0, -82.7485], 1.0],
      [[50, 0, 0], [50, -1, 2], 2.3669],
      [[50, 2.5, 0], [73, 25, -18], 27.1492],
      [[60.2574, -34.0099, 36.2677], [60.4626, -34.1751, 39.4387], 1.2644],
      [[22.7233, 20.0904, -46.694], [23.0331, 14.973, -42.5619], 2.0373],
      [[90.8027, -2.0831, 1.441], [91.1528, -1.6435, 0.0447], 1.4441],
    ];
    for (const [p, q, expected] of pairs) expect(deltaE2000(p, q)).toBeCloseTo(expected, 3);
  });
});

describe('palette extraction', () => {
  it('recovers three colour blocks of 60/30/10 % as primary, secondary and accent, with their proportions', async () => {
    const truth: [string, string, string] = ['#1d4ed8', '#f59e0b', '#10b981'];
    const sample = await samplePixels(await blocks(truth), images);
    expect(Math.max(sample.width, sample.height)).toBeLessThanOrEqual(100);
    const palette = paletteOfSamples([sample]);
    const roles = pickBrandColors(palette)!;
    expect(deltaE2000Hex(roles.primary, truth[0])).toBeLessThan(5);
    expect(deltaE2000Hex(roles.secondary, truth[1])).toBeLessThan(5);
    expect(deltaE2000Hex(roles.accent, truth[2])).toBeLessThan(5);
    const share = (hex: string) => palette.filter((c) => deltaE2000Hex(c.hex, hex) < 5).reduce((sum, c) => sum + c.proportion, 0);
    expect(Math.abs(share(truth[0]) - 0.6)).toBeLessThanOrEqual(0.05);
    expect(Math.abs(share(truth[1]) - 0.3)).toBeLessThanOrEqual(0.05);
    expect(Math.abs(share(truth[2]) - 0.1)).toBeLessThanOrEqual(0.05);
    expect(palette.reduce((sum, c) => sum + c.proportion, 0)).toBeCloseTo(1, 6);
  });

  it('finds a logo-coloured patch in a noisy photo-like gradient', async () => {
    const patch = '#e63946';
    const palette = paletteOfSamples([await samplePixels(await gradientWithPatch(patch), images)]);
    const closest = Math.min(...palette.map((c) => deltaE2000Hex(c.hex, patch)));
    expect(closest).toBeLessThan(5);
    const roles = pickBrandColors(palette)!;
    // The most saturated distinct colour is the logo's: it is the accent (or a main colour).
    expect([roles.primary, roles.secondary, roles.accent].some((hex) => deltaE2000Hex(hex, patch) < 5)).toBe(true);
  });

  it('skips a white background and black text for the primary of a logo on white', async () => {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="300"><rect width="400" height="300" fill="#ffffff"/>
      <circle cx="120" cy="150" r="70" fill="#7b2cbf"/><rect x="220" y="120" width="150" height="25" fill="#111111"/><rect x="220" y="160" width="60" height="20" fill="#ff9f1c"/></svg>`;
    const roles = pickBrandColors(paletteOfSamples([await samplePixels(await sharp(Buffer.from(svg)).png().toBuffer(), images)]))!;
    expect(deltaE2000Hex(roles.primary, '#7b2cbf')).toBeLessThan(5);
    expect(deltaE2000Hex(roles.accent, '#ff9f1c')).toBeLessThan(5);
  });

  it('ignores fully transparent pixels', async () => {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200"><rect x="50" y="50" width="100" height="100" fill="#2a9d8f"/></svg>`;
    const palette = paletteOfSamples([await samplePixels(await sharp(Buffer.from(svg)).png().toBuffer(), images)]);
    expect(deltaE2000Hex(palette[0].hex, '#2a9d8f')).toBeLessThan(3);
    expect(palette[0].proportion).toBeGreaterThan(0.9);
  });

  it('is deterministic, and every image weighs the same whatever its size', async () => {
    const big = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#e63946' } }).png().toBuffer();
    const small = await sharp({ create: { width: 60, height: 40, channels: 3, background: '#1d3557' } }).png().toBuffer();
    const samples = [await samplePixels(big, images), await samplePixels(small, images)];
    const a = paletteOfSamples(samples);
    expect(paletteOfSamples(samples)).toEqual(a);
    expect(a.map((c) => Math.round(c.proportion * 100))).toEqual([50, 50]);
  });

  it('falls back sensibly: one colour gives the default secondary and no accent; nothing gives null', () => {
    const histogram = new ColorHistogram();
    const data = Buffer.alloc(10 * 10 * 4);
    for (let i = 0; i < data.length; i += 4) data.set([0, 102, 255, 255], i);
    histogram.addSample({ data, width: 10, height: 10, channels: 4 });
    const roles = pickBrandColors(extractPalette(histogram));
    expect(roles).toEqual({ primary: '#0066ff', secondary: '#111827', accent: '' });
    expect(pickBrandColors([])).toBeNull();
  });

  it('refuses to decode beyond the pixel limit', async () => {
    const strict = new ImageVariants({ maxInputPixels: 1_000_000 });
    const big = await sharp({ create: { width: 1100, height: 1000, channels: 3, background: '#000' } }).png().toBuffer();
    await expect(samplePixels(big, strict)).rejects.toThrow(/exceeds the limit/);
    await expect(samplePixels(Buffer.from('not an image'), strict)).rejects.toThrow();
  });
});
