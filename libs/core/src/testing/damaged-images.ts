import sharp from 'sharp';

/** A picture with detail in every row, so that its encoded pixel data spans the whole file. */
async function busyPicture(width: number, height: number): Promise<sharp.Sharp> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i += 1) pixels[i] = (i * 2654435761) >>> 24;
  return sharp(pixels, { raw: { width, height, channels: 3 } });
}

/** An image cut at `fraction` of its bytes: its header (type, dimensions) still reads, its pixels do not. */
export function cutShort(image: Buffer, fraction = 0.5): Buffer {
  return Buffer.from(image.subarray(0, Math.floor(image.length * fraction)));
}

/** What an upload cut short in transfer looks like: a PNG and a JPEG whose pixel data stops halfway. */
export async function truncatedImages(width = 320, height = 240): Promise<{ png: Buffer; jpeg: Buffer }> {
  const picture = await busyPicture(width, height);
  return { png: cutShort(await picture.clone().png().toBuffer()), jpeg: cutShort(await picture.clone().jpeg().toBuffer()) };
}

/** The same picture, whole, in each format uploads accept. */
export async function wholeImages(width = 320, height = 240): Promise<{ png: Buffer; jpeg: Buffer; webp: Buffer; gif: Buffer }> {
  const picture = await busyPicture(width, height);
  const [png, jpeg, webp, gif] = await Promise.all([picture.clone().png().toBuffer(), picture.clone().jpeg().toBuffer(), picture.clone().webp().toBuffer(), picture.clone().gif().toBuffer()]);
  return { png, jpeg, webp, gif };
}
