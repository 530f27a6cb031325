import { AD_RESULT_SORT_RANGE, type AssetDeliveryFilter, type AssetSort } from '@brandloom/contracts';
import { assetResultsJoinSql } from '../ad-network/ad-results.repository';
import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager, In, IsNull } from 'typeorm';
import { pgPoolOf, queryPrepared } from '../infra/database/prepared-statements';
import { insertOutboxEventsSql } from '../infra/outbox/outbox.repository';
import type { AssetCursor } from './asset-cursor';
import { Asset } from './entities/asset.entity';

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

/** A stored image as its asset records it: its name, the keys of its original and thumbnail, its size in pixels and bytes. */
export interface StoredImageFiles {
  name: string;
  s3Key: string;
  thumbnailKey: string;
  width: number;
  height: number;
  fileSize: number;
}

/** An ad format made from an original: one per format job. */
export interface NewDerivedAsset extends StoredImageFiles {
  organizationId: string;
  parentAssetId: string;
  /** The format job that made it (unique: a retried job inserts it once); null for an ad's image, which its ad's version keeps once. */
  formatJobId: string | null;
  format: string;
  method: string;
}

/** What a list or count of the library filters on (already validated: folder of the organization, trimmed search). */
export interface AssetFilter {
  /** null: every asset (All Assets). */
  folderId: string | null;
  /** null: no search. Matched as a case-insensitive substring of the name or the prompt. */
  search: string | null;
  /** null: any; an ad format id, or 'original' (no format). */
  format?: string | null;
  /**
   * Stacks: leave out the ad formats whose original is listed beside them (in the same folder, when
   * one is chosen); each listed image carries its format_count instead.
   */
  stacked?: boolean;
  /** null: any; pushed, running or no-results (ASSET_DELIVERY_FILTERS). */
  delivery?: AssetDeliveryFilter | null;
}

export interface AssetListQuery extends AssetFilter {
  sort: AssetSort;
  cursor: AssetCursor | null;
  limit: number;
}

export interface SqlQuery {
  text: string;
  values: unknown[];
}

/** A rename and/or a move, validated by the caller. */
export interface AssetRowChanges {
  name?: string;
  /** A folder, or null for none; undefined leaves it. */
  folderId?: string | null;
}

/** The columns of a deleted asset that its asset.deleted event and the storage cleanup need. */
export type DeletedAssetRow = Pick<Asset, 'id' | 'generation_id' | 'brand_profile_id' | 'folder_id' | 's3_key' | 'thumbnail_key'>;

/**
 * The CTE `added` of a statement that adds a generation's images: the assets of the images in
 * `images` (a jsonb parameter of GeneratedImageRecord, never twice per variation) for the
 * generation row of CTE `generation`, in its brand and folder. Their events' payloads:
 * generatedAssetEventPayload. Used by insertGenerated and by the generation's one-statement completion.
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
      'brandProfileId', ${asset}.brand_profile_id, 'folderId', ${asset}.folder_id, 'batchId', ${generation}.batch_id, 'adFormats', ${generation}.ad_formats,
      'adsRequested', ${generation}.ad_request IS NOT NULL)`;
}

interface Order {
  /** The sort expression; an index has (organization_id, <expr>, id) and (organization_id, folder_id, <expr>, id). */
  expr: string;
  direction: 'ASC' | 'DESC';
  /** The key written into the next cursor: exactly what `expr` compares (microseconds included). */
  key: string;
  cast: 'timestamptz' | 'text' | 'numeric';
  /** A join the expression needs. */
  join?: string;
}

/** Results over the last AD_RESULT_SORT_RANGE days (today included), as `rs.ctr` and `rs.spend`. */
const RESULTS_JOIN = assetResultsJoinSql('rs', `current_date - ${AD_RESULT_SORT_RANGE - 1}`);

const ORDERS: Record<AssetSort, Order> = {
  newest: { expr: 'a.created_at', direction: 'DESC', key: `to_json(a.created_at) #>> '{}'`, cast: 'timestamptz' },
  oldest: { expr: 'a.created_at', direction: 'ASC', key: `to_json(a.created_at) #>> '{}'`, cast: 'timestamptz' },
  'name-asc': { expr: 'lower(a.name)', direction: 'ASC', key: 'lower(a.name)', cast: 'text' },
  'name-desc': { expr: 'lower(a.name)', direction: 'DESC', key: 'lower(a.name)', cast: 'text' },
  // Without results (NULL) an asset sorts below every real figure, which is never negative.
  ctr: { expr: 'COALESCE(rs.ctr, -1)', direction: 'DESC', key: 'COALESCE(rs.ctr, -1)::text', cast: 'numeric', join: RESULTS_JOIN },
  spend: { expr: 'COALESCE(rs.spend, -1)', direction: 'DESC', key: 'COALESCE(rs.spend, -1)::text', cast: 'numeric', join: RESULTS_JOIN },
  results: { expr: 'COALESCE(rs.results, -1)', direction: 'DESC', key: 'COALESCE(rs.results, -1)::text', cast: 'numeric', join: RESULTS_JOIN },
  // Cheapest first; without a result (no cost per result) after every real figure.
  'cost-per-result': { expr: `COALESCE(rs.cost_per_result, 'Infinity'::numeric)`, direction: 'ASC', key: `COALESCE(rs.cost_per_result, 'Infinity'::numeric)::text`, cast: 'numeric', join: RESULTS_JOIN },
};

/** The pushed ads (those Meta created) of the listed asset `a`, and how the delivery filters read them. */
const PUSHED_AD = `SELECT 1 FROM meta_pushes p WHERE p.organization_id = a.organization_id AND p.asset_id = a.id AND p.ad_id IS NOT NULL`;
const DELIVERY_WHERE: Record<AssetDeliveryFilter, string> = {
  pushed: `EXISTS (${PUSHED_AD})`,
  running: `EXISTS (${PUSHED_AD} AND p.ad_status = 'ACTIVE')`,
  'no-results': `EXISTS (${PUSHED_AD}) AND NOT EXISTS (SELECT 1 FROM ad_results r WHERE r.organization_id = a.organization_id AND r.asset_id = a.id AND r.impressions > 0)`,
};

/** `%term%` for ILIKE, with the term's own %, _ and \ taken literally. */
export function substringPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * An image that tops its stack in a folder: an original, or a format whose original is elsewhere
 * (or deleted). Folder counts use the same rule, so a folder's count is the tiles it shows.
 */
export function stackRootIn(folderColumn: string): string {
  return `(a.parent_asset_id IS NULL OR NOT EXISTS (SELECT 1 FROM assets p WHERE p.id = a.parent_asset_id AND p.folder_id = ${folderColumn}))`;
}

function whereClause(organizationId: string, filter: AssetFilter, values: unknown[]): string[] {
  values.push(organizationId);
  const where = [`a.organization_id = $${values.length}`];
  if (filter.folderId) {
    values.push(filter.folderId);
    where.push(`a.folder_id = $${values.length}::uuid`);
  }
  if (filter.format) {
    // Served by assets_org_format_created_idx.
    values.push(filter.format);
    where.push(`COALESCE(a.format, 'original') = $${values.length}`);
  }
  if (filter.delivery) where.push(DELIVERY_WHERE[filter.delivery]);
  if (filter.stacked) where.push(filter.folderId ? stackRootIn('a.folder_id') : 'a.parent_asset_id IS NULL');
  if (filter.search) {
    // Both sides are served by the trigram (GIN) indexes on name and prompt.
    values.push(substringPattern(filter.search));
    where.push(`(a.name ILIKE $${values.length} OR a.prompt ILIKE $${values.length})`);
  }
  return where;
}

/** How many ad formats were made from each listed image (served by assets_parent_idx): its stack in the library. */
const FORMAT_COUNT = `(SELECT count(*)::int FROM assets d WHERE d.parent_asset_id = a.id AND d.organization_id = a.organization_id) AS format_count`;

/**
 * One keyset page: the rows after the cursor in (sort key, id) order, plus one more row to tell
 * whether a next page exists. Rows added between pages land before the cursor (never seen again
 * by this walk) or after it (seen once): no duplicates, no gaps. Each sort walks a btree index.
 */
export function assetListSql(organizationId: string, query: AssetListQuery): SqlQuery {
  const order = ORDERS[query.sort];
  const values: unknown[] = [];
  const where = whereClause(organizationId, query, values);
  if (query.cursor) {
    values.push(query.cursor.key, query.cursor.id);
    const comparison = order.direction === 'DESC' ? '<' : '>';
    where.push(`(${order.expr}, a.id) ${comparison} ($${values.length - 1}::${order.cast}, $${values.length}::uuid)`);
  }
  values.push(query.limit + 1);
  return {
    // Only a stacked list says how many formats stand under each image.
    text: `SELECT a.*, ${query.stacked ? `${FORMAT_COUNT}, ` : ''}${order.key} AS cursor_key FROM assets a ${order.join ?? ''} WHERE ${where.join(' AND ')}
           ORDER BY ${order.expr} ${order.direction}, a.id ${order.direction} LIMIT $${values.length}`,
    values,
  };
}

export function assetCountSql(organizationId: string, filter: AssetFilter): SqlQuery {
  const values: unknown[] = [];
  const where = whereClause(organizationId, filter, values);
  return { text: `SELECT count(*)::int AS count FROM assets a WHERE ${where.join(' AND ')}`, values };
}

/** The assets table's SQL: the library's lists and changes, and the images generations and format jobs add. */
@Injectable()
export class AssetsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * Inserts the assets of a generation's images with their `eventType` (asset.created) events in one
   * statement; the rows added, without the variations that already had one (a retried job).
   */
  insertGenerated(generationId: string, images: GeneratedImageRecord[], eventType: string, manager: EntityManager = this.dataSource.manager): Promise<Asset[]> {
    return manager.query(
      `WITH generation AS (SELECT * FROM generations WHERE id = $1), ${generatedAssetsSql('generation', '$2')}, added_events AS (
         ${insertOutboxEventsSql({ type: `$3`, payload: `${generatedAssetEventPayload('a', 'g')}`, organizationId: `a.organization_id`, from: `added a CROSS JOIN generation g ORDER BY a.variation_index` })}
       )
       SELECT * FROM added ORDER BY variation_index`,
      [generationId, JSON.stringify(images), eventType],
    );
  }

  /**
   * Inserts an ad format of an original (the original's prompt, brand and folder carry over); null
   * when the job's asset exists already (a retried job).
   */
  async insertDerived(asset: NewDerivedAsset, manager: EntityManager = this.dataSource.manager): Promise<Pick<Asset, 'id' | 'brand_profile_id' | 'folder_id'> | null> {
    const inserted: Array<Pick<Asset, 'id' | 'brand_profile_id' | 'folder_id'>> = await manager.query(
      `INSERT INTO assets (organization_id, parent_asset_id, format_job_id, format, method, name, s3_key, thumbnail_key, content_type,
                           width, height, file_size, prompt, brand_profile_id, brand_profile_name, folder_id, test_image)
       SELECT $1, p.id, $3, $4, $5, $6, $7, $8, 'image/png', $9, $10, $11, p.prompt, p.brand_profile_id, p.brand_profile_name, p.folder_id, p.test_image
         FROM assets p WHERE p.id = $2 AND p.organization_id = $1
       ON CONFLICT (format_job_id) WHERE format_job_id IS NOT NULL DO NOTHING
       RETURNING id, brand_profile_id, folder_id`,
      [asset.organizationId, asset.parentAssetId, asset.formatJobId, asset.format, asset.method, asset.name, asset.s3Key, asset.thumbnailKey, asset.width, asset.height, asset.fileSize],
    );
    return inserted[0] ?? null;
  }

  /** The id of the asset a format job made, or null. */
  async findIdByFormatJob(formatJobId: string, manager: EntityManager = this.dataSource.manager): Promise<string | null> {
    const [row]: Array<{ id: string }> = await manager.query(`SELECT id FROM assets WHERE format_job_id = $1`, [formatJobId]);
    return row?.id ?? null;
  }

  /** The formats made from an original, in AD_FORMATS order then newest first. */
  findFormatsOf(organizationId: string, originalId: string): Promise<Asset[]> {
    return this.dataSource.query(
      `SELECT * FROM assets WHERE parent_asset_id = $1 AND organization_id = $2
        ORDER BY array_position(ARRAY['1:1', '4:5', '9:16', '1.91:1']::varchar[], format), created_at DESC, id DESC`,
      [originalId, organizationId],
    );
  }

  /** The newest asset of `format` made from the original; null when none was made. */
  async findNewestFormat(organizationId: string, originalId: string, format: string): Promise<Asset | null> {
    const [row]: Asset[] = await this.dataSource.query(
      `SELECT * FROM assets WHERE parent_asset_id = $1 AND organization_id = $2 AND format = $3 ORDER BY created_at DESC, id DESC LIMIT 1`,
      [originalId, organizationId, format],
    );
    return row ?? null;
  }

  /** One keyset page (assetListSql), one row more than the limit when a next page exists, each with its cursor key. */
  listPage(organizationId: string, query: AssetListQuery): Promise<Array<Asset & { cursor_key: string }>> {
    const sql = assetListSql(organizationId, query);
    return this.dataSource.query(sql.text, sql.values);
  }

  async count(organizationId: string, filter: AssetFilter): Promise<number> {
    const sql = assetCountSql(organizationId, filter);
    const [{ count }]: Array<{ count: number }> = await this.dataSource.query(sql.text, sql.values);
    return count;
  }

  findForOrganization(organizationId: string, id: string, manager: EntityManager = this.dataSource.manager): Promise<Asset | null> {
    return manager.findOneBy(Asset, { id, organization_id: organizationId });
  }

  /** Any organization's asset: for jobs and consumers that got the id from a row or event of that organization. */
  findById(id: string, manager: EntityManager = this.dataSource.manager): Promise<Asset | null> {
    return manager.findOneBy(Asset, { id });
  }

  /** Like findById, for an asset that must exist (EntityNotFoundError otherwise). */
  getById(id: string): Promise<Asset> {
    return this.dataSource.manager.findOneByOrFail(Asset, { id });
  }

  /** A generation's assets in variation order. */
  findByGeneration(generationId: string): Promise<Asset[]> {
    return this.dataSource.manager.find(Asset, { where: { generation_id: generationId }, order: { variation_index: 'ASC' } });
  }

  /** Which of these storage keys an asset still has (a prepared statement: every finished generation asks). */
  async findStoredKeys(s3Keys: string[]): Promise<Set<string>> {
    const rows = await queryPrepared<{ s3_key: string }>(pgPoolOf(this.dataSource), `SELECT s3_key FROM assets WHERE s3_key = ANY($1)`, [s3Keys]);
    return new Set(rows.map((row) => row.s3_key));
  }

  /** Renames and/or moves the organization's asset; the row after the change, or null when there is none. */
  async updateForOrganization(organizationId: string, id: string, changes: AssetRowChanges, manager: EntityManager = this.dataSource.manager): Promise<Asset | null> {
    const sets = ['updated_at = now()'];
    const values: unknown[] = [id, organizationId];
    if (changes.name !== undefined) {
      values.push(changes.name);
      sets.push(`name = $${values.length}`);
    }
    if (changes.folderId !== undefined) {
      values.push(changes.folderId);
      sets.push(`folder_id = $${values.length}::uuid`);
    }
    const [rows]: [Asset[], number] = await manager.query(`UPDATE assets SET ${sets.join(', ')} WHERE id = $1 AND organization_id = $2 RETURNING *`, values);
    return rows[0] ?? null;
  }

  /** Deletes the organization's asset; what it was, or null when there is none. */
  async deleteForOrganization(organizationId: string, id: string, manager: EntityManager = this.dataSource.manager): Promise<DeletedAssetRow | null> {
    const [rows]: [DeletedAssetRow[], number] = await manager.query(
      `DELETE FROM assets WHERE id = $1 AND organization_id = $2
       RETURNING id, generation_id, brand_profile_id, folder_id, s3_key, thumbnail_key`,
      [id, organizationId],
    );
    return rows[0] ?? null;
  }

  /** Moves the folder's assets to All Assets (no folder); how many moved. */
  async moveOutOfFolder(organizationId: string, folderId: string, manager: EntityManager = this.dataSource.manager): Promise<number> {
    const [, moved]: [unknown, number] = await manager.query(`UPDATE assets SET folder_id = NULL, updated_at = now() WHERE organization_id = $1 AND folder_id = $2`, [
      organizationId,
      folderId,
    ]);
    return moved;
  }


  // --- Removing an organization (team/organization-removal.ts).

  /** The storage keys of every original and thumbnail of the organization's assets. */
  async storageKeysOfOrganization(organizationId: string, manager: EntityManager = this.dataSource.manager): Promise<string[]> {
    const rows: { key: string | null }[] = await manager.query(
      `SELECT s3_key AS key FROM assets WHERE organization_id = $1 UNION ALL SELECT thumbnail_key FROM assets WHERE organization_id = $1`,
      [organizationId],
    );
    return rows.flatMap(({ key }) => (key ? [key] : []));
  }


  /** The organization's assets created in (from, split] (previous) and (split, to] (current). */
  async countCreatedAround(
    organizationId: string,
    period: { from: Date; split: Date; to: Date },
    manager: EntityManager = this.dataSource.manager,
  ): Promise<{ current: number; previous: number }> {
    const [row]: { current: number; previous: number }[] = await manager.query(
      `SELECT count(*) FILTER (WHERE created_at > $2)::int AS current,
              count(*) FILTER (WHERE created_at <= $2)::int AS previous
         FROM assets WHERE organization_id = $1 AND created_at > $3 AND created_at <= $4`,
      [organizationId, period.split, period.from, period.to],
    );
    return row;
  }

  // --- Administrators' reads (admin console) ---

  async countAll(manager: EntityManager = this.dataSource.manager): Promise<number> {
    const [{ count }]: Array<{ count: number }> = await manager.query(`SELECT count(*)::int AS count FROM assets`);
    return count;
  }


  /** The images the organization's generations made (not their ad formats), in variation order. */
  async findOfGenerations(organizationId: string, generationIds: string[]): Promise<Asset[]> {
    if (generationIds.length === 0) return [];
    return this.dataSource.getRepository(Asset).find({
      where: { organization_id: organizationId, generation_id: In(generationIds), parent_asset_id: IsNull() },
      order: { generation_id: 'ASC', variation_index: 'ASC' },
    });
  }
}
