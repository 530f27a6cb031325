import { AD_FORMATS, adFormat, PLACEMENT_SIZES, type AdFormatId } from '@brandloom/contracts';
import sharp from 'sharp';
import { blurredBackdrop, cropShare, extend, finishOutpaint, outpaintInput, placement, smartCrop } from './format-renderer';
import { LocalOutpainter } from './outpainters/local.outpainter';

const RED = { r: 230, g: 20, b: 30 };

/** A dull grey photo with a red, high-contrast square subject at (x, y). */
async function subjectImage(width: number, height: number, subject: { x: number; y: number; size: number }): Promise<Buffer> {
  const patch = await sharp({ create: { width: subject.size, height: subject.size, channels: 3, background: RED } }).png().toBuffer();
  return sharp({ create: { width, height, channels: 3, background: { r: 120, g: 124, b: 118 } } }).composite([{ input: patch, left: subject.x, top: subject.y }]).png().toBuffer();
}

/** Random pixels: any change to a single one shows. */
async function noise(width: number, height: number): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  let seed = 7;
  for (let i = 0; i < pixels.length; i += 1) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    pixels[i] = seed >> 16;
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } }).png().toBuffer();
}

async function raw(png: Buffer) {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

const isRed = (data: Buffer, i: number) => data[i] > 200 && data[i + 1] < 60 && data[i + 2] < 70;

function countRed(image: { data: Buffer; width: number; height: number }): number {
  let count = 0;
  for (let i = 0; i < image.width * image.height * 3; i += 3) if (isRed(image.data, i)) count += 1;
  return count;
}

describe('ad format rendering', () => {
  it.each(AD_FORMATS.map((f) => f.id))('smart crop to %s has the exact dimensions and keeps an off-centre subject whole', async (format: AdFormatId) => {
    const target = adFormat(format);
    // Landscape and portrait sources, the subject far from the centre on the axis that gets cropped.
    for (const source of [
      { width: 1600, height: 1000, subject: { x: 140, y: 380, size: 180 } },
      { width: 1000, height: 1600, subject: { x: 420, y: 1280, size: 180 } },
    ]) {
      const png = await smartCrop(await subjectImage(source.width, source.height, source.subject), format);
      const image = await raw(png);
      expect([image.width, image.height]).toEqual([target.width, target.height]);
      const scale = Math.max(target.width / source.width, target.height / source.height);
      const expected = (source.subject.size * scale) ** 2;
      // The whole subject is inside the crop (anti-aliased edges aside).
      expect(countRed(image)).toBeGreaterThan(expected * 0.9);
    }
  });

  it('measures the share a crop keeps', () => {
    expect(cropShare(1024, 1024, '1:1')).toBe(1);
    expect(cropShare(1024, 1024, '4:5')).toBeCloseTo(0.8);
    expect(cropShare(1024, 1024, '9:16')).toBeCloseTo(0.5625);
    expect(cropShare(1536, 1024, '1.91:1')).toBeCloseTo(1.5 / (1200 / 628));
  });

  it.each(AD_FORMATS.map((f) => f.id))('extend to %s has the exact dimensions', async (format: AdFormatId) => {
    const target = adFormat(format);
    const { png } = await extend(await noise(300, 200), format, { kind: 'blur' });
    const image = await raw(png);
    expect([image.width, image.height]).toEqual([target.width, target.height]);
  });

  it('extend keeps every original pixel and fills the margins with the brand colour', async () => {
    // 1080 wide into 1080×1920: no scaling, so the placed region must be the original, byte for byte.
    const original = await noise(1080, 1080);
    const { png, placed } = await extend(original, '9:16', { kind: 'color', hex: '#1e90ff' });
    expect(placed).toEqual({ left: 0, top: 420, width: 1080, height: 1080 });
    const region = await sharp(png).extract(placed).removeAlpha().raw().toBuffer();
    expect(region.equals((await raw(original)).data)).toBe(true);
    const image = await raw(png);
    for (const [x, y] of [[0, 0], [1079, 419], [540, 200], [0, 1500], [1079, 1919]]) {
      const i = (y * image.width + x) * 3;
      expect([image.data[i], image.data[i + 1], image.data[i + 2]]).toEqual([0x1e, 0x90, 0xff]);
    }
  });

  it('extend of a scaled image keeps the scaled original in place', async () => {
    const original = await noise(400, 300);
    const { png, placed } = await extend(original, '4:5', { kind: 'blur' });
    expect(placed).toEqual(placement(400, 300, 1080, 1350));
    const region = await sharp(png).extract(placed).removeAlpha().raw().toBuffer();
    const scaled = await sharp(original).resize(placed.width, placed.height, { fit: 'fill' }).raw().toBuffer();
    expect(region.equals(scaled)).toBe(true);
  });

  it('blurs the backdrop on a reduced copy that looks like the full-size blur, for a fraction of its work', async () => {
    const original = await subjectImage(900, 700, { x: 120, y: 90, size: 300 });
    const [width, height] = [1200, 628];
    const sigma = Math.round(Math.max(width, height) / 40);
    const cpu = async <T>(work: () => Promise<T>) => {
      const before = process.cpuUsage();
      const result = await work();
      const used = process.cpuUsage(before);
      return { result, micros: used.user + used.system };
    };
    const full = await cpu(() => sharp(original).resize(width, height, { fit: 'cover' }).removeAlpha().blur(sigma).modulate({ brightness: 0.55 }).raw().toBuffer());
    const reduced = await cpu(() => blurredBackdrop(original, width, height));
    expect(reduced.result.length).toBe(width * height * 3);
    let difference = 0;
    for (let i = 0; i < full.result.length; i += 1) difference += Math.abs(full.result[i] - reduced.result[i]);
    expect(difference / full.result.length).toBeLessThan(1);
    expect(reduced.micros).toBeLessThan(full.micros);
  });

  it.each(AD_FORMATS.map((format) => [format.id, PLACEMENT_SIZES[format.id], format] as const))(
    'AI extend to %s paints at %s with a mask that keeps the original, then fits the placement exactly',
    async (id, size, format) => {
      const original = await noise(1024, 1024);
      const input = await outpaintInput(original, id);
      expect(input.size).toBe(size);
      const [width, height] = size.split('x').map(Number);
      expect([width % 16, height % 16]).toEqual([0, 0]);
      const image = await sharp(input.image).metadata();
      const mask = await sharp(input.mask).raw().toBuffer({ resolveWithObject: true });
      expect([image.width, image.height, mask.info.width, mask.info.height, mask.info.channels]).toEqual([width, height, width, height, 4]);
      const alpha = (x: number, y: number) => mask.data[(y * mask.info.width + x) * 4 + 3];
      const { left, top, width: w, height: h } = input.placed;
      expect(alpha(left + 1, top + 1)).toBe(255);
      expect(alpha(left + w - 2, top + h - 2)).toBe(255);
      // The margins (above and below a square in a tall shape, beside it in a wide one) are open.
      if (top > 0) expect([alpha(Math.floor(width / 2), top - 2), alpha(Math.floor(width / 2), top + h + 1)]).toEqual([0, 0]);
      if (left > 0) expect([alpha(left - 2, Math.floor(height / 2)), alpha(left + w + 1, Math.floor(height / 2))]).toEqual([0, 0]);

      const outpainted = await new LocalOutpainter().outpaint({ ...input, prompt: 'test', quality: 'low' });
      // The local renderer's stripes lighten part of every margin and nothing of the original.
      const [canvas, painted] = await Promise.all([raw(input.image), raw(outpainted)]);
      const changed = (from: number, to: number) => {
        let count = 0;
        for (let i = from * 3; i < to * 3; i += 3) if (painted.data[i] > canvas.data[i]) count += 1;
        return count;
      };
      if (top > 0 || left > 0) {
        const marginRow = top > 0 ? 0 : Math.floor(height / 2);
        const marginWidth = top > 0 ? width : left;
        expect(changed(marginRow * width, marginRow * width + marginWidth) / marginWidth).toBeGreaterThan(0.3);
      }
      expect(changed((top + Math.floor(h / 2)) * width + left, (top + Math.floor(h / 2)) * width + left + w)).toBe(0);
      const { png, placed } = await finishOutpaint(outpainted, original, id);
      const fitted = await raw(png);
      expect([fitted.width, fitted.height]).toEqual([format.width, format.height]);
      const region = await sharp(png).extract(placed).removeAlpha().raw().toBuffer();
      const scaled = await sharp(original).resize(placed.width, placed.height, { fit: 'fill' }).raw().toBuffer();
      expect(region.equals(scaled)).toBe(true);
    },
  );
});
