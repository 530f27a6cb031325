import { Inject, Injectable, Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { ImageTooLargeError, ImageVariant, ImageVariants, UnsupportedImageError } from './image-variants';
import { getBuffer, STORAGE_DRIVER, type StorageDriver } from './storage-driver';

const FILE_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.webp$/;

export type PublicImageShape = { kind: 'square'; size: number } | { kind: 'fit'; maxDimension: number };

/**
 * Small public pictures (avatars, organization logos): checked by content, re-encoded as WebP at a
 * bounded size, stored as `{prefix}{uuid}.webp` (unguessable, never overwritten, so cacheable forever).
 */
@Injectable()
export class PublicImages {
  private readonly logger = new Logger(PublicImages.name);

  constructor(
    @Inject(STORAGE_DRIVER) private readonly storage: StorageDriver,
    private readonly images: ImageVariants,
  ) {}

  /**
   * Throws UnsupportedImageError (not an image) or ImageTooLargeError (too many pixels) for the
   * caller to word, DamagedImageError (cut short, corrupt) as it is.
   */
  async store(prefix: string, input: Buffer, shape: PublicImageShape): Promise<string> {
    await this.images.verify(input);
    const rendition: ImageVariant = shape.kind === 'square' ? await this.images.square(input, shape.size) : await this.images.webRendition(input, shape.maxDimension);
    const key = `${prefix}${randomUUID()}.webp`;
    await this.storage.put(key, rendition.buffer, rendition.contentType);
    return key;
  }

  /** The image `{prefix}{file}`, or null for a malformed name or a missing file. */
  async read(prefix: string, file: string): Promise<{ buffer: Buffer; contentType: string } | null> {
    if (!FILE_NAME.test(file)) return null;
    return getBuffer(this.storage, `${prefix}${file}`).catch(() => null);
  }

  async remove(key: string | null | undefined): Promise<void> {
    if (!key) return;
    await this.storage.delete(key).catch((error: Error) => this.logger.error(`could not remove ${key}: ${error.message}`));
  }
}

export const isRefusedImage = (error: unknown): boolean => error instanceof UnsupportedImageError || error instanceof ImageTooLargeError;
