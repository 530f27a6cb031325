/*
 * The sizes an image is generated in: the three standard ones and each ad placement's own shape.
 *
 * OpenAI's current image models (the gpt-image-2 family) take custom sizes: both edges multiples
 * of 16, the long edge at most 3840, long to short at most 3:1, 655,360 to 8,294,400 pixels. Each
 * placement's size below keeps its shape (1.91:1 as near as multiples of 16 allow: 1376x720 is
 * 1.911) and is at least the placement's pixels (adFormat()), so fitting it to them only scales down.
 *
 * `size` of a generation request takes one of IMAGE_SIZES or a placement id (SIZE_CHOICES); the id
 * stands for its size (resolveImageSize).
 */
import { CREDIT_COST_PER_IMAGE } from './credits';
import type { AdFormatId } from './formats';
import type { Quality } from './generation';

/** Square, landscape, portrait. */
export const SIZES = ['1024x1024', '1536x1024', '1024x1536'] as const;
export type SpecImageSize = (typeof SIZES)[number];

/** Each ad placement's size when it is generated in its own shape. */
export const PLACEMENT_SIZES = {
  '1:1': '1088x1088',
  '4:5': '1088x1360',
  '9:16': '1152x2048',
  '1.91:1': '1376x720',
} as const satisfies Record<AdFormatId, string>;
export type PlacementImageSize = (typeof PLACEMENT_SIZES)[AdFormatId];

/** Every width×height an image is generated in, in the order screens list them. */
export const IMAGE_SIZES = [...SIZES, '1088x1088', '1088x1360', '1152x2048', '1376x720'] as const satisfies readonly (SpecImageSize | PlacementImageSize)[];
export type ImageSize = (typeof IMAGE_SIZES)[number];

/** The ad placements' ids in the order of PLACEMENT_SIZES (the same as AD_FORMAT_IDS). */
const PLACEMENT_IDS = Object.keys(PLACEMENT_SIZES) as AdFormatId[];

/** What the `size` field of a generation request (and a bulk CSV's size cell) accepts. */
export const SIZE_CHOICES: readonly string[] = [...IMAGE_SIZES, ...PLACEMENT_IDS];

export const SIZE_LABELS: Record<ImageSize, string> = {
  '1024x1024': 'Square (1024x1024)',
  '1536x1024': 'Landscape (1536x1024)',
  '1024x1536': 'Portrait (1024x1536)',
  '1088x1088': 'Ad 1:1, Feed (1088x1088)',
  '1088x1360': 'Ad 4:5, Feed (1088x1360)',
  '1152x2048': 'Ad 9:16, Stories and Reels (1152x2048)',
  '1376x720': 'Ad 1.91:1, Link ads (1376x720)',
};

export function isImageSize(value: unknown): value is ImageSize {
  return typeof value === 'string' && (IMAGE_SIZES as readonly string[]).includes(value);
}

/** A size of IMAGE_SIZES, or a placement id ('4:5') as its size; null for anything else. */
export function resolveImageSize(value: unknown): ImageSize | null {
  if (isImageSize(value)) return value;
  return typeof value === 'string' && Object.hasOwn(PLACEMENT_SIZES, value) ? PLACEMENT_SIZES[value as AdFormatId] : null;
}

/** The placement a size is the native shape of, or null for the standard sizes. */
export function placementOfSize(size: ImageSize): AdFormatId | null {
  return PLACEMENT_IDS.find((id) => PLACEMENT_SIZES[id] === size) ?? null;
}

/** Width and height in pixels of a size. */
export function sizeDimensions(size: ImageSize): { width: number; height: number } {
  const [width, height] = size.split('x').map(Number);
  return { width, height };
}

/** Pixels of the largest standard size (1536x1024): up to them an image costs its quality's price. */
export const STANDARD_SIZE_MAX_PIXELS = 1536 * 1024;

/**
 * Credits of one image: its quality's price up to the largest standard size; a larger
 * image costs in proportion to its pixels, rounded up to whole credits (1152x2048 has 1.5 times
 * the pixels: low 2, medium 3, high 6). docs/decisions.md says why.
 */
export function creditsPerImage(quality: Quality, size: ImageSize = SIZES[0]): number {
  const price = CREDIT_COST_PER_IMAGE[quality];
  const { width, height } = sizeDimensions(size);
  const pixels = width * height;
  return pixels <= STANDARD_SIZE_MAX_PIXELS ? price : Math.ceil((price * pixels) / STANDARD_SIZE_MAX_PIXELS);
}

/** True when a size costs more than its quality's price per image. */
export function isLargeSize(size: ImageSize): boolean {
  const { width, height } = sizeDimensions(size);
  return width * height > STANDARD_SIZE_MAX_PIXELS;
}

export const SIZE_MESSAGES = {
  /** The product's 'Please select an image size', naming what is accepted. */
  sizeInvalid: `Please select an image size: ${SIZES.join(', ')}, or an ad placement ${PLACEMENT_IDS.map((id) => `${id} (${PLACEMENT_SIZES[id]})`).join(', ')}`,
  csvSizeInvalid: `Size must be 1024x1024 (square), 1536x1024 (landscape), 1024x1536 (portrait) or an ad placement: ${PLACEMENT_IDS.map((id) => `${id} (${PLACEMENT_SIZES[id]})`).join(', ')}`,
  sizeNotSupported: (size: string, provider: string, accepted: readonly string[]) =>
    `The image size ${size} is not supported by the configured ${provider} image model: choose ${accepted.join(', ')}`,
} as const;
