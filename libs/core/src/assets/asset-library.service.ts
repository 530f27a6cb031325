import { Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource, EntityManager, QueryFailedError } from 'typeorm';
import { FoldersService } from '../folders/folders.service';
import { ASSET_EVENTS } from './assets.events';
import { OutboxService } from '../infra/outbox/outbox.service';
import { STORAGE_DRIVER, type StorageDriver } from '../storage/storage-driver';
import { thumbnailKey } from '../storage/storage-key';
import { decodeAssetCursor, encodeAssetCursor } from './asset-cursor';
import { AssetsRepository, type AssetFilter, type AssetRowChanges, type GeneratedImageRecord, type NewDerivedAsset } from './assets.repository';
import { AssetNotFoundError, InvalidAssetCursorError, LibraryValidationError } from './assets.errors';
import { Asset } from './entities/asset.entity';
import {
  isUuid,
  ALL_ASSETS_FOLDER,
  ASSET_DEFAULT_SORT,
  ASSET_SEARCH_MAX_LENGTH,
  ASSET_SORTS,
  ASSETS_DEFAULT_LIMIT,
  ASSETS_MAX_LIMIT,
  ASSET_FORMAT_FILTERS,
  ASSET_DELIVERY_FILTERS,
  type AssetDeliveryFilter,
  assetNameProblem,
  FORMAT_MESSAGES,
  type AssetSort,
  LIBRARY_MESSAGES,
} from '@brandloom/contracts';

export interface AssetListInput {
  /** A folder of the organization; null, undefined, '' or 'none': every asset. */
  folderId?: string | null;
  search?: string | null;
  /** An ad format ('9:16', ...), or 'original' for images that are no format of another. */
  format?: string | null;
  /** Ad formats stacked under their original (see AssetFilter.stacked). */
  stacked?: boolean;
  /** pushed, running or no-results (ASSET_DELIVERY_FILTERS). */
  delivery?: string | null;
  sort?: AssetSort;
  /** The nextCursor of the previous page (same sort). */
  cursor?: string | null;
  limit?: number;
}

export interface AssetPage {
  assets: Asset[];
  /** null on the last page. */
  nextCursor: string | null;
}

export interface AssetChanges {
  name?: string;
  /** A folder of the organization, or null for none (All Assets only). Undefined leaves it. */
  folderId?: string | null;
}

/** What asset.deleted carries: enough for Brand Brain's asset_count and for a storage sweeper. */
export interface AssetDeletedPayload {
  assetId: string;
  generationId: string | null;
  brandProfileId: string | null;
  folderId: string | null;
  s3Key: string;
  thumbnailKey: string | null;
}


/**
 * The asset library of an organization: keyset-paged lists (four sorts, folder filter, substring
 * search over name and prompt), counts, rename, move, delete. Every query is scoped to the
 * organization, and every id of another organization answers 404.
 */
@Injectable()
export class AssetLibraryService {
  private readonly logger = new Logger('AssetLibrary');

  constructor(
    private readonly dataSource: DataSource,
    private readonly assets: AssetsRepository,
    private readonly outbox: OutboxService,
    private readonly folders: FoldersService,
    @Inject(STORAGE_DRIVER) private readonly storage: StorageDriver,
  ) {}

  /**
   * Inserts the assets of a generation's images and their asset.created events (one statement) in
   * the caller's transaction, which holds the generation's row; the rows added, without the
   * variations that already had one (a retried job).
   */
  async addGenerated(m: EntityManager, generationId: string, images: GeneratedImageRecord[]): Promise<Asset[]> {
    if (images.length === 0) return [];
    return this.assets.insertGenerated(generationId, images, ASSET_EVENTS.assetCreated, m);
  }

  /**
   * Inserts an ad format of an original, in the caller's transaction: the original's prompt, brand
   * and folder carry over. Null when the job's asset exists already (a retried job); its id otherwise.
   */
  async addDerived(m: EntityManager, asset: NewDerivedAsset): Promise<string | null> {
    const row = await this.assets.insertDerived(asset, m);
    if (!row) return null;
    await this.outbox.record(
      m,
      ASSET_EVENTS.assetCreated,
      { assetId: row.id, generationId: null, parentAssetId: asset.parentAssetId, format: asset.format, s3Key: asset.s3Key, brandProfileId: row.brand_profile_id, folderId: row.folder_id },
      asset.organizationId,
    );
    return row.id;
  }

  /** The formats made from an asset (404 unless the organization's), in AD_FORMATS order then newest first. */
  async formatsOf(organizationId: string, id: string): Promise<{ original: Asset; formats: Asset[] }> {
    const original = await this.get(organizationId, id);
    const formats = await this.assets.findFormatsOf(organizationId, original.id);
    return { original, formats };
  }

  /** The newest format of an asset (or the asset itself when it is that format); null when none was made. */
  async formatOf(organizationId: string, asset: Asset, format: string): Promise<Asset | null> {
    if (asset.format === format) return asset;
    return this.assets.findNewestFormat(organizationId, asset.parent_asset_id ?? asset.id, format);
  }

  async list(organizationId: string, input: AssetListInput = {}): Promise<AssetPage> {
    const sort = input.sort ?? ASSET_DEFAULT_SORT;
    if (!ASSET_SORTS.includes(sort)) throw new LibraryValidationError(LIBRARY_MESSAGES.invalidSort);
    const limit = input.limit ?? ASSETS_DEFAULT_LIMIT;
    if (!Number.isInteger(limit) || limit < 1 || limit > ASSETS_MAX_LIMIT) throw new LibraryValidationError(LIBRARY_MESSAGES.invalidLimit);
    const cursor = input.cursor ? decodeAssetCursor(input.cursor, sort) : null;
    const filter = await this.filter(organizationId, input);
    let rows: Array<Asset & { cursor_key: string }>;
    try {
      rows = await this.assets.listPage(organizationId, { ...filter, sort, cursor, limit });
    } catch (error) {
      // The cursor is checked before, so this is only a safety net: a key PostgreSQL still refuses is a bad cursor.
      if (cursor && isDataException(error)) throw new InvalidAssetCursorError();
      throw error;
    }
    const page = rows.slice(0, limit);
    const last = page[page.length - 1];
    const nextCursor = rows.length > limit ? encodeAssetCursor({ sort, key: last.cursor_key, id: last.id }) : null;
    return { assets: page.map(withoutCursorKey), nextCursor };
  }

  async count(organizationId: string, input: Pick<AssetListInput, 'folderId' | 'search' | 'format' | 'stacked'> = {}): Promise<number> {
    return this.assets.count(organizationId, await this.filter(organizationId, input));
  }

  async get(organizationId: string, id: string): Promise<Asset> {
    if (!isUuid(id)) throw new AssetNotFoundError(LIBRARY_MESSAGES.assetNotFound);
    const asset = await this.assets.findForOrganization(organizationId, id);
    if (!asset) throw new AssetNotFoundError(LIBRARY_MESSAGES.assetNotFound);
    return asset;
  }

  /** Rename and/or move. Moving into a folder holds the folder until commit, so a concurrent folder delete cannot strand the asset. */
  async update(organizationId: string, id: string, changes: AssetChanges): Promise<Asset> {
    if (changes.name === undefined && changes.folderId === undefined) throw new LibraryValidationError(LIBRARY_MESSAGES.nothingToUpdate);
    const rowChanges: AssetRowChanges = {};
    if (changes.name !== undefined) {
      const problem = assetNameProblem(changes.name);
      if (problem) throw new LibraryValidationError(problem);
      rowChanges.name = changes.name.trim();
    }
    if (changes.folderId !== undefined) {
      if (changes.folderId !== null && !isUuid(changes.folderId)) throw new LibraryValidationError(LIBRARY_MESSAGES.invalidFolderId);
      rowChanges.folderId = changes.folderId;
    }
    if (!isUuid(id)) throw new AssetNotFoundError(LIBRARY_MESSAGES.assetNotFound);
    return this.dataSource.transaction(async (m) => {
      if (changes.folderId) await this.folders.getForOrganization(organizationId, changes.folderId, m, 'key share');
      const updated = await this.assets.updateForOrganization(organizationId, id, rowChanges, m);
      if (!updated) throw new AssetNotFoundError(LIBRARY_MESSAGES.assetNotFound);
      return updated;
    });
  }

  /**
   * Deletes the row and records asset.deleted in one transaction, then removes the original and its
   * thumbnail from storage. Nothing is refunded. A file that cannot be removed is logged (the asset is
   * gone either way; the event names its keys for a later sweep).
   */
  async delete(organizationId: string, id: string): Promise<AssetDeletedPayload> {
    if (!isUuid(id)) throw new AssetNotFoundError(LIBRARY_MESSAGES.assetNotFound);
    const deleted = await this.dataSource.transaction(async (m) => {
      const row = await this.assets.deleteForOrganization(organizationId, id, m);
      if (!row) throw new AssetNotFoundError(LIBRARY_MESSAGES.assetNotFound);
      const payload: AssetDeletedPayload = {
        assetId: row.id,
        generationId: row.generation_id,
        brandProfileId: row.brand_profile_id,
        folderId: row.folder_id,
        s3Key: row.s3_key,
        thumbnailKey: row.thumbnail_key,
      };
      await this.outbox.record(m, ASSET_EVENTS.assetDeleted, { ...payload }, organizationId);
      return payload;
    });
    await this.removeFiles(deleted);
    return deleted;
  }

  private async removeFiles(asset: AssetDeletedPayload): Promise<void> {
    const keys = new Set([asset.s3Key]);
    if (asset.thumbnailKey) keys.add(asset.thumbnailKey);
    try {
      keys.add(thumbnailKey(asset.s3Key));
    } catch {
      // Not a key a thumbnail can be derived from: only the recorded keys are removed.
    }
    await Promise.all(
      [...keys].map(async (key) => {
        try {
          await this.storage.delete(key);
        } catch (error) {
          this.logger.error(`asset ${asset.assetId} deleted, but its file ${key} could not be removed: ${(error as Error).message}`);
        }
      }),
    );
  }

  /** Validates the folder (the organization's, else 404) and the search term. */
  private async filter(organizationId: string, input: Pick<AssetListInput, 'folderId' | 'search' | 'format' | 'stacked' | 'delivery'>): Promise<AssetFilter> {
    let folderId: string | null = null;
    if (input.folderId !== undefined && input.folderId !== null && input.folderId !== '' && input.folderId !== ALL_ASSETS_FOLDER) {
      if (!isUuid(input.folderId)) throw new LibraryValidationError(LIBRARY_MESSAGES.invalidFolderFilter);
      folderId = (await this.folders.getForOrganization(organizationId, input.folderId)).id;
    }
    let search: string | null = null;
    if (input.search !== undefined && input.search !== null) {
      if (typeof input.search !== 'string' || input.search.includes('\u0000')) throw new LibraryValidationError(LIBRARY_MESSAGES.invalidSearch);
      const term = input.search.trim();
      if ([...term].length > ASSET_SEARCH_MAX_LENGTH) throw new LibraryValidationError(LIBRARY_MESSAGES.searchTooLong);
      search = term === '' ? null : term;
    }
    let format: string | null = null;
    if (input.format !== undefined && input.format !== null && input.format !== '') {
      if (!(ASSET_FORMAT_FILTERS as readonly string[]).includes(input.format)) throw new LibraryValidationError(FORMAT_MESSAGES.formatFilterInvalid);
      format = input.format;
    }
    let delivery: AssetDeliveryFilter | null = null;
    if (input.delivery !== undefined && input.delivery !== null && input.delivery !== '') {
      if (!(ASSET_DELIVERY_FILTERS as readonly string[]).includes(input.delivery)) throw new LibraryValidationError(LIBRARY_MESSAGES.invalidDelivery);
      delivery = input.delivery as AssetDeliveryFilter;
    }
    return { folderId, search, format, stacked: input.stacked === true, delivery };
  }
}

function withoutCursorKey(row: Asset & { cursor_key?: string }): Asset {
  const { cursor_key: _key, ...asset } = row;
  return asset as Asset;
}

/** PostgreSQL class 22 (data exception): a value of the wrong shape for its type. */
function isDataException(error: unknown): boolean {
  return error instanceof QueryFailedError && String((error.driverError as { code?: string }).code ?? '').startsWith('22');
}
