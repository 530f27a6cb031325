// Shared by the brand suites: brand images synthesized with sharp, with known colours.
import sharp from 'sharp';
import type { DataSource } from 'typeorm';

/** Vertical colour blocks covering the given shares of the width (default 60/30/10 %). */
export async function colorBlocks(colors: string[], shares: number[] = [0.6, 0.3, 0.1], width = 600, height = 400): Promise<Buffer> {
  let x = 0;
  const rects = colors.map((fill, i) => {
    const w = i === colors.length - 1 ? width - x : Math.round(width * shares[i]);
    const rect = `<rect x="${x}" y="0" width="${w}" height="${height}" fill="${fill}"/>`;
    x += w;
    return rect;
  });
  return sharp(Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${rects.join('')}</svg>`)).png().toBuffer();
}

/** A logo (a disc and a bar in the given colours) on white, as JPEG. */
export async function logoOnWhite(disc: string, bar: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="300"><rect width="400" height="300" fill="#ffffff"/>
    <circle cx="120" cy="150" r="80" fill="${disc}"/><rect x="230" y="120" width="140" height="50" fill="${bar}"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 90 }).toBuffer();
}

/** A noisy vertical gradient (photo-like) with a flat patch of `patch` (about 7 % of the area). */
export async function gradientWithPatch(patch: string, width = 480, height = 360): Promise<Buffer> {
  const data = Buffer.alloc(width * height * 3);
  const top = [135, 190, 235];
  const bottom = [20, 60, 110];
  const p = [1, 3, 5].map((i) => parseInt(patch.slice(i, i + 2), 16));
  let seed = 7;
  const noise = () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return (seed / 0x7fffffff - 0.5) * 24;
  };
  for (let y = 0; y < height; y += 1) {
    const t = y / (height - 1);
    for (let x = 0; x < width; x += 1) {
      const inPatch = x >= 310 && x < 430 && y >= 40 && y < 145;
      for (let c = 0; c < 3; c += 1) {
        const value = inPatch ? p[c] : top[c] + (bottom[c] - top[c]) * t + noise();
        data[(y * width + x) * 3 + c] = Math.max(0, Math.min(255, Math.round(value)));
      }
    }
  }
  return sharp(data, { raw: { width, height, channels: 3 } }).webp({ quality: 90 }).toBuffer();
}

export function dataUrl(buffer: Buffer, type = 'image/png'): string {
  return `data:${type};base64,${buffer.toString('base64')}`;
}

export async function setPlan(dataSource: DataSource, organizationId: string, planTier: 'Starter' | 'Pro' | 'Agency' | 'Team+'): Promise<void> {
  await dataSource.query(`UPDATE organizations SET plan_tier = $2 WHERE id = $1`, [organizationId, planTier]);
}

/** The colour of one pixel of an image, as '#rrggbb'. */
export async function pixelAt(image: Buffer, x: number, y: number): Promise<string> {
  const { data, info } = await sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const i = (y * info.width + x) * 3;
  return `#${[data[i], data[i + 1], data[i + 2]].map((c) => c.toString(16).padStart(2, '0')).join('')}`;
}

/**
 * An extraction takes 3 to 5 images: pads `imageUrls` with repeats of its last entry. Repeats are
 * skipped as duplicates, so the result is what the distinct images give.
 */
export function atLeastThree(imageUrls: string[]): string[] {
  const padded = [...imageUrls];
  while (padded.length < 3) padded.push(imageUrls[imageUrls.length - 1]);
  return padded;
}
