import { adOverlaySvg, type AdLayers, type PixelSource } from '@brandloom/contracts';
import sharp from 'sharp';
import { adFontShaper } from './ad-fonts';

/** The picture at the placement's exact size (cover: cropped from the centre), as pixels and as an image. */
export async function placementPicture(picture: Buffer, width: number, height: number): Promise<{ pixels: PixelSource; image: sharp.Sharp }> {
  const { data, info } = await sharp(picture).rotate().resize(width, height, { fit: 'cover', position: 'centre' }).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { pixels: { width: info.width, height: info.height, channels: 3, data }, image: sharp(data, { raw: { width: info.width, height: info.height, channels: 3 } }) };
}

/**
 * Draws an ad's layers over its picture: one SVG (shapes, text as outlines from the shipped fonts,
 * the logo embedded) composited by sharp. The same layers give the same pixels on every machine.
 */
export async function renderAd(pixels: PixelSource, layers: AdLayers, logo: { bytes: Buffer; mime: string } | null): Promise<Buffer> {
  const logoHref = logo ? `data:${logo.mime};base64,${logo.bytes.toString('base64')}` : undefined;
  const overlay = Buffer.from(adOverlaySvg(layers, adFontShaper, logoHref));
  return sharp(Buffer.from(pixels.data as Uint8Array), { raw: { width: pixels.width, height: pixels.height, channels: pixels.channels } })
    .composite([{ input: overlay, top: 0, left: 0 }])
    .png()
    .toBuffer();
}
