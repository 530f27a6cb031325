import { ASSET_THUMBNAIL_VARIANT } from '@brandloom/contracts';
import { Inject, Injectable } from '@nestjs/common';
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
  constructor(@Inject(STORAGE_DRIVER) private readonly storage: StorageDriver) {}

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
      if (error instanceof StorageNotFoundError || error instanceof StorageKeyError) throw new AssetNotFoundError();
      throw error;
    }
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
