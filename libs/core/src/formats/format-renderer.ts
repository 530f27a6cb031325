import { adFormat, PLACEMENT_SIZES, sizeDimensions, type AdFormatId, type ImageSize } from '@brandloom/contracts';
import sharp from 'sharp';
import { DEFAULT_MAX_INPUT_PIXELS } from '../storage/image-variants';

/** Where the whole original sits on an extended canvas (pixels of that canvas). */
export interface PlacedRegion {
  left: number;
  top: number;
  width: number;
  height: number;
}

export type MarginFill = { kind: 'blur' } | { kind: 'color'; hex: string };

export interface ExtendedImage {
  png: Buffer;
  placed: PlacedRegion;
}

/** What an outpainting provider gets: the canvas at one of its sizes, the mask, and the original's place on it. */
export interface OutpaintInput {
  size: ImageSize;
  /** PNG: the original in place, the margins a blurred copy (context for the model). */
  image: Buffer;
  /** PNG with alpha: opaque over the original (kept), fully transparent in the margins (to paint). */
  mask: Buffer;
  placed: PlacedRegion;
}

const open = (input: Buffer) => sharp(input, { limitInputPixels: DEFAULT_MAX_INPUT_PIXELS, failOn: 'error', animated: false }).rotate();

/** Share of the image a crop to the format keeps (1 when the shapes match). */
export function cropShare(width: number, height: number, format: AdFormatId): number {
  const target = adFormat(format);
  const source = width / height;
  const wanted = target.width / target.height;
  return Math.min(source / wanted, wanted / source);
}

/**
 * Crops to the format around what matters (sharp's attention strategy: saturated, bright,
 * skin-toned and busy regions), scaled to the format's exact dimensions.
 */
export async function smartCrop(input: Buffer, format: AdFormatId): Promise<Buffer> {
  const { width, height } = adFormat(format);
  return open(input).resize(width, height, { fit: 'cover', position: sharp.strategy.attention }).removeAlpha().png().toBuffer();
}

/** The whole image, scaled to fit the format, centred. */
export function placement(sourceWidth: number, sourceHeight: number, canvasWidth: number, canvasHeight: number): PlacedRegion {
  const scale = Math.min(canvasWidth / sourceWidth, canvasHeight / sourceHeight);
  const width = Math.min(canvasWidth, Math.max(1, Math.round(sourceWidth * scale)));
  const height = Math.min(canvasHeight, Math.max(1, Math.round(sourceHeight * scale)));
  return { left: Math.floor((canvasWidth - width) / 2), top: Math.floor((canvasHeight - height) / 2), width, height };
}

/** Decoded RGB pixels, handed from one step to the next without a PNG encode and decode between them. */
export interface Pixels {
  data: Buffer;
  info: { width: number; height: number; channels: 3 };
}

export const pixelsOf = async (image: sharp.Sharp): Promise<Pixels> => {
  const { data, info } = await image.removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, info: { width: info.width, height: info.height, channels: 3 } };
};

/** The pixels as an image to go on working with. */
export const imageOf = (pixels: Pixels) => sharp(pixels.data, { raw: pixels.info });

/** The pixels as a layer of a composite, at (left, top). */
export const layer = (pixels: Pixels, left = 0, top = 0): sharp.OverlayOptions => ({ input: pixels.data, raw: pixels.info, left, top });

/** The original scaled to the placed region's size (exactly what an extended image shows there). */
const scaledOriginal = (input: Buffer, placed: Pick<PlacedRegion, 'width' | 'height'>) => pixelsOf(open(input).resize(placed.width, placed.height, { fit: 'fill' }));

async function dimensions(input: Buffer): Promise<{ width: number; height: number }> {
  const metadata = await open(input).metadata();
  const rotated = (metadata.orientation ?? 1) >= 5;
  return rotated ? { width: metadata.height!, height: metadata.width! } : { width: metadata.width!, height: metadata.height! };
}

/**
 * A blur this strong keeps no detail a quarter of its radius could show, so it is computed on a
 * copy a quarter of the size and scaled up: the same backdrop (under one level of difference on
 * average) for a fraction of the work, which at the placement sizes was most of an extend's time.
 */
const BACKDROP_REDUCTION = 4;

/** A blurred, darkened copy that covers the canvas: the margins continue the image's colours without competing with it. */
export async function blurredBackdrop(input: Buffer, width: number, height: number): Promise<Buffer> {
  const sigma = Math.max(8, Math.round(Math.max(width, height) / 40));
  const small = await pixelsOf(
    open(input)
      .resize(Math.max(1, Math.round(width / BACKDROP_REDUCTION)), Math.max(1, Math.round(height / BACKDROP_REDUCTION)), { fit: 'cover' })
      .blur(sigma / BACKDROP_REDUCTION)
      .modulate({ brightness: 0.55 }),
  );
  return imageOf(small).resize(width, height, { fit: 'fill' }).raw().toBuffer();
}

async function margins(input: Buffer, width: number, height: number, fill: MarginFill): Promise<sharp.Sharp> {
  if (fill.kind === 'color') return sharp({ create: { width, height, channels: 3, background: fill.hex } });
  return sharp(await blurredBackdrop(input, width, height), { raw: { width, height, channels: 3 } });
}

/** The whole original on a canvas of the format's shape, the margins filled as asked. */
export async function extend(input: Buffer, format: AdFormatId, fill: MarginFill): Promise<ExtendedImage> {
  const { width, height } = adFormat(format);
  return extendTo(input, width, height, fill);
}

async function extendTo(input: Buffer, width: number, height: number, fill: MarginFill): Promise<ExtendedImage> {
  const source = await dimensions(input);
  const placed = placement(source.width, source.height, width, height);
  const [canvas, original] = await Promise.all([margins(input, width, height, fill), scaledOriginal(input, placed)]);
  const png = await canvas.composite([layer(original, placed.left, placed.top)]).removeAlpha().png().toBuffer();
  return { png, placed };
}

/** The size an outpainting model paints a format at: the placement's own size (PLACEMENT_SIZES). */
export function outpaintSize(format: AdFormatId): ImageSize {
  return PLACEMENT_SIZES[format];
}

/**
 * The canvas and mask to send to an outpainting model for this format, at the placement's own
 * size: the whole original centred, the margins a blurred copy (context), and a mask that keeps
 * the original and opens the margins.
 */
export async function outpaintInput(input: Buffer, format: AdFormatId): Promise<OutpaintInput> {
  const size = outpaintSize(format);
  const { width, height } = sizeDimensions(size);
  const { png: image, placed } = await extendTo(input, width, height, { kind: 'blur' });
  const keep = { create: { width: placed.width, height: placed.height, channels: 4 as const, background: { r: 255, g: 255, b: 255, alpha: 1 } } };
  const mask = await sharp({ create: { width, height, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
    .composite([{ input: keep, left: placed.left, top: placed.top }])
    .png()
    .toBuffer();
  return { size, image, mask, placed };
}

/**
 * The outpainted canvas fitted to the format's exact pixels (scaled to cover them, the few pixels
 * a multiple of 16 adds cut evenly), with the original laid back over its place: the model only
 * ever contributes the margins, every original pixel is kept.
 */
export async function finishOutpaint(outpainted: Buffer, input: Buffer, format: AdFormatId): Promise<ExtendedImage> {
  const { width, height } = adFormat(format);
  const source = await dimensions(input);
  const placed = placement(source.width, source.height, width, height);
  const [canvas, original] = await Promise.all([
    pixelsOf(open(outpainted).resize(width, height, { fit: 'cover' })),
    scaledOriginal(input, placed),
  ]);
  const png = await imageOf(canvas).composite([layer(original, placed.left, placed.top)]).png().toBuffer();
  return { png, placed };
}
