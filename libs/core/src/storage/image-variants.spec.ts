import { IMAGE_DAMAGED_CODE, INPUT_MESSAGES } from '@brandloom/contracts';
import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { cutShort, truncatedImages, wholeImages } from '../testing/damaged-images';
import { isAllowedImage, sniffImageType } from './content-sniffing';
import { DamagedImageError, ImageTooLargeError, ImageVariants, UnsupportedImageError } from './image-variants';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(data: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of data) crc = CRC_TABLE[(crc ^ byte) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}
/** A small, valid-looking PNG whose header declares width × height (8-bit greyscale) with a few rows of data. */
function pngDeclaring(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // greyscale
  const rows = deflateSync(Buffer.alloc((width + 1) * 4));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', rows), chunk('IEND', Buffer.alloc(0))]);
}

describe('ImageVariants', () => {
  const variants = new ImageVariants({ maxInputPixels: 40_000_000 });
  let png: Buffer;
  let jpeg: Buffer;

  beforeAll(async () => {
    // A busy picture, so that the original PNG is big and the thumbnail's saving is real.
    const noise = Buffer.alloc(1024 * 1024 * 3);
    for (let i = 0; i < noise.length; i += 1) noise[i] = (i * 2654435761) >>> 24;
    png = await sharp(noise, { raw: { width: 1024, height: 1024, channels: 3 } }).png().toBuffer();
    jpeg = await sharp({ create: { width: 320, height: 200, channels: 3, background: '#ff8800' } }).jpeg().toBuffer();
  });

  it('makes a WebP thumbnail that is smaller than the original', async () => {
    const thumb = await variants.thumbnail(png);
    expect(thumb.contentType).toBe('image/webp');
    expect(sniffImageType(thumb.buffer)).toBe('image/webp');
    expect(thumb.buffer.length).toBeLessThan(png.length);
    expect(await sharp(thumb.buffer).metadata()).toMatchObject({ format: 'webp', width: 384, height: 384 });
    expect({ width: thumb.width, height: thumb.height }).toEqual({ width: 384, height: 384 });
  });

  it('keeps the aspect ratio and never enlarges', async () => {
    const landscape = await sharp({ create: { width: 1536, height: 1024, channels: 3, background: '#123456' } }).png().toBuffer();
    expect(await variants.thumbnail(landscape)).toMatchObject({ width: 384, height: 256 });
    expect(await variants.thumbnail(jpeg)).toMatchObject({ width: 320, height: 200 });
  });

  it('reads type and dimensions', async () => {
    expect(await variants.inspect(jpeg)).toEqual({ type: 'image/jpeg', width: 320, height: 200, size: jpeg.length });
  });

  it('refuses an image whose header declares more pixels than the limit, before decoding it', async () => {
    const bomb = pngDeclaring(30000, 30000);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    expect(sniffImageType(bomb)).toBe('image/png');
    await expect(variants.inspect(bomb)).rejects.toBeInstanceOf(ImageTooLargeError);
    await expect(variants.thumbnail(bomb)).rejects.toThrow(/30000x30000 pixels exceeds the limit of 40000000 pixels/);
    await expect(variants.toPng(bomb)).rejects.toBeInstanceOf(ImageTooLargeError);
  });

  it('bounds the decode itself with sharp limitInputPixels', async () => {
    const small = new ImageVariants({ maxInputPixels: 1_000_000 });
    const big = await sharp({ create: { width: 1100, height: 1000, channels: 3, background: '#000' } }).png().toBuffer();
    await expect(small.thumbnail(big)).rejects.toBeInstanceOf(ImageTooLargeError);
    await expect(sharp(big, { limitInputPixels: 1_000_000 }).webp().toBuffer()).rejects.toThrow(/pixel limit/);
  });

  it('refuses content that is not an image, whatever it is called', async () => {
    const text = Buffer.from('this is a text file named photo.png\n');
    await expect(variants.inspect(text)).rejects.toBeInstanceOf(UnsupportedImageError);
    await expect(variants.thumbnail(text)).rejects.toBeInstanceOf(UnsupportedImageError);
    const truncated = png.subarray(0, 200);
    await expect(variants.thumbnail(truncated)).rejects.toBeInstanceOf(Error);
  });
});

describe('sniffImageType', () => {
  it('recognises PNG, JPEG, WebP and GIF by their magic bytes', async () => {
    const base = sharp({ create: { width: 8, height: 8, channels: 3, background: '#00ff00' } });
    expect(sniffImageType(await base.clone().png().toBuffer())).toBe('image/png');
    expect(sniffImageType(await base.clone().jpeg().toBuffer())).toBe('image/jpeg');
    expect(sniffImageType(await base.clone().webp().toBuffer())).toBe('image/webp');
    expect(sniffImageType(await base.clone().gif().toBuffer())).toBe('image/gif');
  });

  it('refuses a text file named .png, empty and truncated input', () => {
    expect(sniffImageType(Buffer.from('hello, I am photo.png'))).toBeNull();
    expect(sniffImageType(Buffer.alloc(0))).toBeNull();
    expect(sniffImageType(Buffer.from([0x89, 0x50, 0x4e]))).toBeNull();
    expect(sniffImageType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
  });

  it('checks against an allowlist (reference images: PNG and JPEG only)', async () => {
    const allowed = ['image/png', 'image/jpeg'];
    const webp = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#00ff00' } }).webp().toBuffer();
    expect(isAllowedImage(webp, allowed)).toBe(false);
    expect(isAllowedImage(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]), allowed)).toBe(true);
    expect(isAllowedImage(Buffer.from('GIF89a'), allowed)).toBe(false);
  });

  it('works on a Uint8Array view into a larger buffer', () => {
    const backing = Buffer.concat([Buffer.from('junk'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0])]);
    expect(sniffImageType(new Uint8Array(backing.buffer, backing.byteOffset + 4, 10))).toBe('image/png');
  });
});

describe('ImageVariants.verify', () => {
  const variants = new ImageVariants({ maxInputPixels: 40_000_000 });

  it('accepts whole images of every type and returns their header', async () => {
    const whole = await wholeImages(300, 200);
    for (const [type, image] of Object.entries(whole)) {
      expect(await variants.verify(image)).toEqual({ type: `image/${type}`, width: 300, height: 200, size: image.length });
    }
  });

  it('refuses an image cut anywhere, though a PNG or JPEG header still reads', async () => {
    const whole = await wholeImages(300, 200);
    for (const [type, image] of Object.entries(whole)) {
      for (const fraction of [0.2, 0.5, 0.8, 0.95]) {
        const cut = cutShort(image, fraction);
        // WebP and GIF announce their length up front: their headers already fail. PNG and JPEG read.
        if (type === 'png' || type === 'jpeg') await expect(variants.inspect(cut)).resolves.toMatchObject({ width: 300, height: 200 });
        const refused: unknown = await variants.verify(cut).then(
          () => null,
          (error: unknown) => error,
        );
        expect([type, fraction, refused instanceof DamagedImageError]).toEqual([type, fraction, true]);
      }
    }
  });

  it('refuses a cut progressive JPEG and a cut interlaced PNG', async () => {
    const { png } = await wholeImages(300, 200);
    const progressive = [await sharp(png).jpeg({ progressive: true }).toBuffer(), await sharp(png).png({ progressive: true }).toBuffer()];
    for (const image of progressive) {
      expect(await variants.verify(image)).toMatchObject({ width: 300, height: 200 });
      for (const fraction of [0.3, 0.9]) await expect(variants.verify(cutShort(image, fraction))).rejects.toBeInstanceOf(DamagedImageError);
    }
  });

  it('answers one message and code for a damaged image', async () => {
    const { png, jpeg } = await truncatedImages();
    for (const image of [png, jpeg]) {
      const error = await variants.verify(image).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(DamagedImageError);
      expect(error).toMatchObject({ kind: 'invalid', message: INPUT_MESSAGES.imageDamaged, code: IMAGE_DAMAGED_CODE });
    }
  });

  it('still refuses what is not an image, and too many pixels, before decoding', async () => {
    await expect(variants.verify(Buffer.from('hello, I am photo.png'))).rejects.toBeInstanceOf(UnsupportedImageError);
    await expect(variants.verify(pngDeclaring(50_000, 50_000))).rejects.toBeInstanceOf(ImageTooLargeError);
  });
});
