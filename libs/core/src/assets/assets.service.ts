import { ASSET_THUMBNAIL_VARIANT } from '@brandloom/contracts';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { Readable } from 'node:stream';
import { ImageVariants, type ImageVariant } from '../storage/image-variants';
import { readStoredObject, STORAGE_DRIVER, StorageDriver, StorageKeyError, StorageNotFoundError, StoredObject } from '../storage/storage-driver';
import { keyBelongsToOrganization, thumbnailKey } from '../storage/storage-key';
import { AssetNotFoundError } from './assets.errors';

/** Largest file GET /api/assets/base64 inlines (a generated PNG is a few MB at most). */
export const DATA_URL_MAX_BYTES = 25 * 1024 * 1024;

export type AssetVariant = 'original' | typeof ASSET_THUMBNAIL_VARIANT;

/**
 * Stored files as the organization that owns them sees them. Every key we write lies under
 * org/<organizationId>/ (organizationScopedKey), so the prefix is the ownership check; any other
 * key, a malformed one, or a missing file answers AssetNotFoundError (404), never another tenant's bytes.
 */
@Injectable()
export class AssetsService {
  private readonly logger = new Logger(AssetsService.name);

  constructor(@Inject(STORAGE_DRIVER) private readonly storage: StorageDriver, private readonly images: ImageVariants) {}

  /** The key of the variant to serve, or AssetNotFoundError when the key is not the organization's. */
  resolveKey(organizationId: string, key: string, variant: AssetVariant = 'original'): string {
    if (!keyBelongsToOrganization(key, organizationId)) throw new AssetNotFoundError();
    if (variant !== ASSET_THUMBNAIL_VARIANT) return key;
    try {
      return thumbnailKey(key);
    } catch {
      throw new AssetNotFoundError();
    }
  }

  /** Opens the file for streaming. */
  async openFile(organizationId: string, key: string, variant: AssetVariant = 'original'): Promise<StoredObject> {
    const resolved = this.resolveKey(organizationId, key, variant);
    try {
      return await this.storage.get(resolved);
    } catch (error) {
      if (error instanceof StorageNotFoundError && variant === ASSET_THUMBNAIL_VARIANT) return this.makeThumbnail(key, resolved);
      if (error instanceof StorageNotFoundError || error instanceof StorageKeyError) throw new AssetNotFoundError();
      throw error;
    }
  }

  /**
   * A thumbnail asked for before it exists (a generation stores it just after completing) or whose
   * writing failed: made from the original now and stored for the next request.
   */
  private async makeThumbnail(key: string, thumbKey: string): Promise<StoredObject> {
    let original: Buffer;
    try {
      original = await readStoredObject(await this.storage.get(key), DATA_URL_MAX_BYTES);
    } catch (error) {
      if (error instanceof StorageNotFoundError || error instanceof StorageKeyError) throw new AssetNotFoundError();
      throw error;
    }
    let thumbnail: ImageVariant;
    try {
      thumbnail = await this.images.thumbnail(original);
    } catch (error) {
      this.logger.warn(`no thumbnail can be made of ${key}: ${(error as Error).message}`);
      throw new AssetNotFoundError();
    }
    const { etag } = await this.storage.put(thumbKey, thumbnail.buffer, thumbnail.contentType);
    return { body: Readable.from([thumbnail.buffer]), contentType: thumbnail.contentType, size: thumbnail.buffer.length, etag, lastModified: new Date() };
  }

  /** The whole file as a data URL (the studio's image fallback). */
  async dataUrl(organizationId: string, key: string, variant: AssetVariant = 'original'): Promise<string> {
    const object = await this.openFile(organizationId, key, variant);
    if (object.size > DATA_URL_MAX_BYTES) {
      object.body.destroy();
      throw new AssetNotFoundError();
    }
    const buffer = await readStoredObject(object, DATA_URL_MAX_BYTES);
    return `data:${object.contentType};base64,${buffer.toString('base64')}`;
  }
}
