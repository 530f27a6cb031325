import { IMAGE_DAMAGED_CODE, INPUT_MESSAGES } from '@brandloom/contracts';
import sharp from 'sharp';
import { DomainError } from '../infra/errors/domain-error';
import { sniffImageType, SniffedImageType } from './content-sniffing';

/** Default decoding bound (40 megapixels): well above any photo a marketer uploads, far below what exhausts memory. */
export const DEFAULT_MAX_INPUT_PIXELS = 40_000_000;
export const THUMBNAIL_MAX_DIMENSION = 384;

export class UnsupportedImageError extends Error {
  constructor(message = 'The file is not a PNG, JPEG, WebP or GIF image') {
    super(message);
    this.name = 'UnsupportedImageError';
  }
}

export class ImageTooLargeError extends Error {
  constructor(readonly width: number | undefined, readonly height: number | undefined, readonly maxPixels: number) {
    super(
      width && height
        ? `Image of ${width}x${height} pixels exceeds the limit of ${maxPixels} pixels`
        : `Image exceeds the limit of ${maxPixels} pixels`,
    );
    this.name = 'ImageTooLargeError';
  }
}

/**
 * An upload whose header reads but whose pixels do not all decode (cut short in transfer, corrupt):
 * the same 400, message and code on every upload route, before anything is stored or charged.
 */
export class DamagedImageError extends DomainError {
  readonly kind = 'invalid';
  readonly code = IMAGE_DAMAGED_CODE;

  constructor(options?: ErrorOptions) {
    super(INPUT_MESSAGES.imageDamaged, options);
  }
}

export interface ImageInfo {
  type: SniffedImageType;
  width: number;
  height: number;
  size: number;
}

export interface ImageVariant {
  buffer: Buffer;
  contentType: string;
  width: number;
  height: number;
}

export interface ThumbnailSettings {
  maxInputPixels: number;
  maxDimension: number;
  webp: { quality: number; effort: number };
}

export interface ImageVariantsOptions {
  maxInputPixels?: number;
  thumbnailMaxDimension?: number;
  thumbnailQuality?: number;
}

/**
 * Every decode of an untrusted image goes through here: the type is checked by magic bytes, the
 * declared dimensions are checked against the pixel limit before any pixel is decoded, and sharp's
 * own `limitInputPixels` bounds the decode as a second guard.
 */
export class ImageVariants {
  readonly maxInputPixels: number;
  readonly thumbnailMaxDimension: number;
  private readonly thumbnailQuality: number;

  constructor(options: ImageVariantsOptions = {}) {
    this.maxInputPixels = options.maxInputPixels ?? DEFAULT_MAX_INPUT_PIXELS;
    this.thumbnailMaxDimension = options.thumbnailMaxDimension ?? THUMBNAIL_MAX_DIMENSION;
    this.thumbnailQuality = options.thumbnailQuality ?? 80;
  }

  /** Type and dimensions from the header only; throws UnsupportedImageError or ImageTooLargeError. */
  async inspect(input: Buffer): Promise<ImageInfo> {
    const type = sniffImageType(input);
    if (!type) throw new UnsupportedImageError();
    let metadata: sharp.Metadata;
    try {
      // Header only: nothing is decoded here, so the dimensions can be checked with a clear message.
      metadata = await sharp(input, { limitInputPixels: false, failOn: 'error' }).metadata();
    } catch (error) {
      throw this.translate(error);
    }
    const { width, height } = metadata;
    if (!width || !height) throw new UnsupportedImageError('The image has no readable dimensions');
    if (width * height > this.maxInputPixels) throw new ImageTooLargeError(width, height, this.maxInputPixels);
    return { type, width, height, size: input.length };
  }

  /**
   * The check of every uploaded image, before it is stored or charged for: the type by its magic
   * bytes (UnsupportedImageError), the dimensions within the pixel limit (ImageTooLargeError), then
   * every pixel decoded, since a file cut short keeps an intact start: one whose type is known but
   * whose header or pixels do not decode is a DamagedImageError, whatever the decoder says (libpng
   * reports a cut interlaced PNG as 'Unknown error'). The pixels are shrunk as they are decoded
   * (every row still read), so memory stays small whatever the image's size.
   */
  async verify(input: Buffer): Promise<ImageInfo> {
    if (!sniffImageType(input)) throw new UnsupportedImageError();
    let info: ImageInfo;
    try {
      info = await this.inspect(input);
    } catch (error) {
      throw error instanceof UnsupportedImageError ? new DamagedImageError({ cause: error }) : error;
    }
    try {
      await this.open(input).resize(1, 1, { fit: 'fill' }).raw().toBuffer();
    } catch (error) {
      const refused = this.translate(error);
      throw refused instanceof ImageTooLargeError ? refused : new DamagedImageError({ cause: error });
    }
    return info;
  }

  /**
   * How thumbnails are made, as plain data: thumbnail() follows it, and so does the background
   * encoding process (BackgroundThumbnails), which cannot load this module.
   */
  thumbnailSettings(): ThumbnailSettings {
    // Effort 0: about a third of effort 4's encoding time for a file about a third larger (a few kB
    // at 384 px); every generated image gets one.
    return { maxInputPixels: this.maxInputPixels, maxDimension: this.thumbnailMaxDimension, webp: { quality: this.thumbnailQuality, effort: 0 } };
  }

  /** WebP thumbnail that fits in thumbnailMaxDimension² (never enlarged), EXIF orientation applied. */
  async thumbnail(input: Buffer): Promise<ImageVariant> {
    await this.inspect(input);
    const settings = this.thumbnailSettings();
    try {
      const { data, info } = await this.open(input)
        .rotate()
        .resize(settings.maxDimension, settings.maxDimension, { fit: 'inside', withoutEnlargement: true })
        .webp(settings.webp)
        .toBuffer({ resolveWithObject: true });
      return { buffer: data, contentType: 'image/webp', width: info.width, height: info.height };
    } catch (error) {
      throw this.translate(error);
    }
  }

  /** A WebP for web pages: at most maxDimension on its longer side (never enlarged), EXIF orientation applied. */
  async webRendition(input: Buffer, maxDimension = 1600): Promise<ImageVariant> {
    await this.inspect(input);
    try {
      const { data, info } = await this.open(input)
        .rotate()
        .resize(maxDimension, maxDimension, { fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 82, effort: 4 })
        .toBuffer({ resolveWithObject: true });
      return { buffer: data, contentType: 'image/webp', width: info.width, height: info.height };
    } catch (error) {
      throw this.translate(error);
    }
  }

  /** A square WebP of `size`² cropped around the centre (avatars), EXIF orientation applied. */
  async square(input: Buffer, size: number): Promise<ImageVariant> {
    await this.inspect(input);
    try {
      const { data, info } = await this.open(input)
        .rotate()
        .resize(size, size, { fit: 'cover', position: 'centre' })
        .webp({ quality: 85, effort: 4 })
        .toBuffer({ resolveWithObject: true });
      return { buffer: data, contentType: 'image/webp', width: info.width, height: info.height };
    } catch (error) {
      throw this.translate(error);
    }
  }

  /** Re-encodes any accepted image as PNG (provider output that came back as WebP or JPEG). */
  async toPng(input: Buffer): Promise<ImageVariant> {
    const info = await this.inspect(input);
    if (info.type === 'image/png') return { buffer: input, contentType: 'image/png', width: info.width, height: info.height };
    try {
      const { data, info: out } = await this.open(input).rotate().png().toBuffer({ resolveWithObject: true });
      return { buffer: data, contentType: 'image/png', width: out.width, height: out.height };
    } catch (error) {
      throw this.translate(error);
    }
  }

  private open(input: Buffer): sharp.Sharp {
    return sharp(input, { limitInputPixels: this.maxInputPixels, failOn: 'error', animated: false });
  }

  private translate(error: unknown): Error {
    const message = error instanceof Error ? error.message : String(error);
    if (/pixel limit/i.test(message)) return new ImageTooLargeError(undefined, undefined, this.maxInputPixels);
    if (/unsupported image format|corrupt|premature end|bad seek|vips/i.test(message)) {
      return new UnsupportedImageError(`The image could not be decoded: ${message}`);
    }
    return error instanceof Error ? error : new Error(message);
  }
}
