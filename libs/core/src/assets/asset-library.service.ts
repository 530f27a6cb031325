import { Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource, EntityManager, QueryFailedError } from 'typeorm';
import { FoldersService } from '../folders/folders.service';
import { ASSET_EVENTS } from './assets.events';
import { OutboxService } from '../infra/outbox/outbox.service';
import { STORAGE_DRIVER, type StorageDriver } from '../storage/storage-driver';
import { thumbnailKey } from '../storage/storage-key';
import { decodeAssetCursor, encodeAssetCursor } from './asset-cursor';
import { assetCountSql, assetListSql, type AssetFilter } from './asset-list.query';
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

/** What a generated image's asset row records of it, as generatedAssetsSql() reads it from its jsonb parameter. */
export interface GeneratedImageRecord {
  variation_index: number;
  name: string;
  s3_key: string;
  thumbnail_key: string;
  width: number;
  height: number;
  file_size: number;
}

/**
 * The CTE `added` of a statement that adds a generation's images: the assets of the images in
 * `images` (a jsonb parameter of GeneratedImageRecord, never twice per variation) for the
 * generation row of CTE `generation`, in its brand and folder. Their events' payloads:
 * generatedAssetEventPayload. Used by addGenerated and by GenerationSettlement's one-statement completion.
 */
export function generatedAssetsSql(generation: string, images: string): string {
  return `added AS (
      INSERT INTO assets (organization_id, generation_id, variation_index, name, s3_key, thumbnail_key, content_type,
                          width, height, file_size, prompt, brand_profile_id, brand_profile_name, folder_id, test_image)
      SELECT g.organization_id, g.id, i.variation_index, i.name, i.s3_key, i.thumbnail_key, 'image/png',
             i.width, i.height, i.file_size, g.prompt, g.brand_profile_id, g.brand_profile_name, g.folder_id, g.provider = 'local'
        FROM ${generation} g CROSS JOIN jsonb_to_recordset(${images}::jsonb)
             AS i(variation_index int, name text, s3_key text, thumbnail_key text, width int, height int, file_size bigint)
       ORDER BY i.variation_index
      ON CONFLICT (generation_id, variation_index) DO NOTHING
      RETURNING *
    )`;
}

/** The asset.created payload of the row `asset` of generatedAssetsSql's `added`, whose generation row is `generation`. */
export function generatedAssetEventPayload(asset: string, generation: string): string {
  return `jsonb_build_object('assetId', ${asset}.id, 'generationId', ${asset}.generation_id, 'variationIndex', ${asset}.variation_index, 's3Key', ${asset}.s3_key,
      'brandProfileId', ${asset}.brand_profile_id, 'folderId', ${asset}.folder_id, 'batchId', ${generation}.batch_id, 'adFormats', ${generation}.ad_formats)`;
}

/** An ad format made from an original: one per format job. */
export interface NewDerivedAsset {
  organizationId: string;
  parentAssetId: string;
  formatJobId: string;
  format: string;
  method: string;
  name: string;
  s3Key: string;
  thumbnailKey: string;
  width: number;
  height: number;
  fileSize: number;
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
    return m.query(
      `WITH generation AS (SELECT * FROM generations WHERE id = $1), ${generatedAssetsSql('generation', '$2')}, added_events AS (
         INSERT INTO outbox (event_id, type, payload, organization_id)
         SELECT gen_random_uuid(), $3, ${generatedAssetEventPayload('a', 'g')}, a.organization_id
           FROM added a CROSS JOIN generation g ORDER BY a.variation_index
       )
       SELECT * FROM added ORDER BY variation_index`,
      [generationId, JSON.stringify(images), ASSET_EVENTS.assetCreated],
    );
  }

  /**
   * Inserts an ad format of an original, in the caller's transaction: the original's prompt, brand
   * and folder carry over. Null when the job's asset exists already (a retried job); its id otherwise.
   */
  async addDerived(m: EntityManager, asset: NewDerivedAsset): Promise<string | null> {
    const inserted: Array<{ id: string; brand_profile_id: string | null; folder_id: string | null }> = await m.query(
      `INSERT INTO assets (organization_id, parent_asset_id, format_job_id, format, method, name, s3_key, thumbnail_key, content_type,
                           width, height, file_size, prompt, brand_profile_id, brand_profile_name, folder_id, test_image)
       SELECT $1, p.id, $3, $4, $5, $6, $7, $8, 'image/png', $9, $10, $11, p.prompt, p.brand_profile_id, p.brand_profile_name, p.folder_id, p.test_image
         FROM assets p WHERE p.id = $2 AND p.organization_id = $1
       ON CONFLICT (format_job_id) WHERE format_job_id IS NOT NULL DO NOTHING
       RETURNING id, brand_profile_id, folder_id`,
      [asset.organizationId, asset.parentAssetId, asset.formatJobId, asset.format, asset.method, asset.name, asset.s3Key, asset.thumbnailKey, asset.width, asset.height, asset.fileSize],
    );
    if (inserted.length === 0) return null;
    const row = inserted[0];
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
    const formats: Asset[] = await this.dataSource.query(
      `SELECT * FROM assets WHERE parent_asset_id = $1 AND organization_id = $2
        ORDER BY array_position(ARRAY['1:1', '4:5', '9:16', '1.91:1']::varchar[], format), created_at DESC, id DESC`,
      [original.id, organizationId],
    );
    return { original, formats };
  }

  /** The newest format of an asset (or the asset itself when it is that format); null when none was made. */
  async formatOf(organizationId: string, asset: Asset, format: string): Promise<Asset | null> {
    if (asset.format === format) return asset;
    const [row]: Asset[] = await this.dataSource.query(
      `SELECT * FROM assets WHERE parent_asset_id = $1 AND organization_id = $2 AND format = $3 ORDER BY created_at DESC, id DESC LIMIT 1`,
      [asset.parent_asset_id ?? asset.id, organizationId, format],
    );
    return row ?? null;
  }

  async list(organizationId: string, input: AssetListInput = {}): Promise<AssetPage> {
    const sort = input.sort ?? ASSET_DEFAULT_SORT;
    if (!ASSET_SORTS.includes(sort)) throw new LibraryValidationError(LIBRARY_MESSAGES.invalidSort);
    const limit = input.limit ?? ASSETS_DEFAULT_LIMIT;
    if (!Number.isInteger(limit) || limit < 1 || limit > ASSETS_MAX_LIMIT) throw new LibraryValidationError(LIBRARY_MESSAGES.invalidLimit);
    const cursor = input.cursor ? decodeAssetCursor(input.cursor, sort) : null;
    const filter = await this.filter(organizationId, input);
    const sql = assetListSql(organizationId, { ...filter, sort, cursor, limit });
    let rows: Array<Asset & { cursor_key: string }>;
    try {
      rows = await this.dataSource.query(sql.text, sql.values);
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
    const sql = assetCountSql(organizationId, await this.filter(organizationId, input));
    const [{ count }]: Array<{ count: number }> = await this.dataSource.query(sql.text, sql.values);
    return count;
  }

  async get(organizationId: string, id: string): Promise<Asset> {
    if (!isUuid(id)) throw new AssetNotFoundError(LIBRARY_MESSAGES.assetNotFound);
    const asset = await this.dataSource.manager.findOneBy(Asset, { id, organization_id: organizationId });
    if (!asset) throw new AssetNotFoundError(LIBRARY_MESSAGES.assetNotFound);
    return asset;
  }

  /** Rename and/or move. Moving into a folder holds the folder until commit, so a concurrent folder delete cannot strand the asset. */
  async update(organizationId: string, id: string, changes: AssetChanges): Promise<Asset> {
    if (changes.name === undefined && changes.folderId === undefined) throw new LibraryValidationError(LIBRARY_MESSAGES.nothingToUpdate);
    const sets = ['updated_at = now()'];
    const values: unknown[] = [id, organizationId];
    if (changes.name !== undefined) {
      const problem = assetNameProblem(changes.name);
      if (problem) throw new LibraryValidationError(problem);
      values.push(changes.name.trim());
      sets.push(`name = $${values.length}`);
    }
    if (changes.folderId !== undefined) {
      if (changes.folderId !== null && !isUuid(changes.folderId)) throw new LibraryValidationError(LIBRARY_MESSAGES.invalidFolderId);
      values.push(changes.folderId);
      sets.push(`folder_id = $${values.length}::uuid`);
    }
    if (!isUuid(id)) throw new AssetNotFoundError(LIBRARY_MESSAGES.assetNotFound);
    return this.dataSource.transaction(async (m) => {
      if (changes.folderId) await this.folders.getForOrganization(organizationId, changes.folderId, m, 'key share');
      const [rows]: [Asset[], number] = await m.query(`UPDATE assets SET ${sets.join(', ')} WHERE id = $1 AND organization_id = $2 RETURNING *`, values);
      if (rows.length === 0) throw new AssetNotFoundError(LIBRARY_MESSAGES.assetNotFound);
      return rows[0];
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
      const [rows]: [Asset[], number] = await m.query(
        `DELETE FROM assets WHERE id = $1 AND organization_id = $2
         RETURNING id, generation_id, brand_profile_id, folder_id, s3_key, thumbnail_key`,
        [id, organizationId],
      );
      if (rows.length === 0) throw new AssetNotFoundError(LIBRARY_MESSAGES.assetNotFound);
      const row = rows[0];
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
  private async filter(organizationId: string, input: Pick<AssetListInput, 'folderId' | 'search' | 'format' | 'stacked'>): Promise<AssetFilter> {
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
    return { folderId, search, format, stacked: input.stacked === true };
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
