import { readPage, type Page } from '../infra/database/page-query';
import { type GenerationStatus, type AdminJobDto } from '@brandloom/contracts';
import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { generatedAssetEventPayload, generatedAssetsSql, type GeneratedImageRecord } from '../assets/assets.repository';
import type { DebitStatementParts } from '../credits/credits.service';
import { pgPoolOf, queryPrepared } from '../infra/database/prepared-statements';
import type { EventName } from '../infra/outbox/domain-event';
import { insertOutboxEventsSql } from '../infra/outbox/outbox.repository';
import { OutboxService, type RowEvent } from '../infra/outbox/outbox.service';
import { planTierOf } from '../organizations/organizations.repository';
import { Generation } from './entities/generation.entity';
import type { VariationAsset } from './generation.mapper';
import { addUsageSql } from './providers/token-usage';

/** A claimed generation with the variations an earlier attempt delivered. */
export type ClaimedGeneration = Generation & { deliveredIndexes: number[] };

/** What start's statement returns: the row, the balance after its debit and the organization's plan tier. */
export type StartedGenerationRow = Generation & { debit_balance: number; organization_plan_tier: string | null };

/** An event a statement records with the row it writes: its type and JSON payload. */
export interface GenerationStatementEvent {
  type: EventName;
  payload: unknown;
}

/** The columns a settlement writes. */
export interface GenerationSettledColumns {
  status: GenerationStatus;
  progress: number;
  message: string;
  error: string | null;
  creditsRefunded: number;
}

/** The columns the usual completion (completeAtOnce) needs besides the generation and its images. */
export interface CompleteAtOnceTexts {
  assetEventType: EventName;
  message: string;
  completedEventType: EventName;
}

/** A bulk row's generation with its first image. */
export interface BatchRowState {
  id: string;
  status: GenerationStatus;
  prompt: string;
  quality: string;
  size: string;
  brand_profile_name: string | null;
  error: string | null;
  s3_key: string | null;
  thumbnail_key: string | null;
  width: number | null;
  height: number | null;
}

/** A generation a sweeper looks at. */
export type LostGenerationRow = Pick<Generation, 'id' | 'quality' | 'organization_id'>;

export interface JobListSource {
  select: string;
  state: string;
  id: { column: string; type: 'uuid' | 'bigint' };
}

/** The Operations list's source for generations. An administrator's retry links both ways (unique index on retried_as). */
export const generationJobsSql: JobListSource = {
  select: `SELECT 'generation' AS kind, g.id::text AS job_id, g.status AS state, left(g.prompt, 80) AS label, g.error, NULL::int AS attempts,
                  g.organization_id, g.created_at, g.updated_at, g.retried_as::text AS retried_as,
                  (SELECT r.id::text FROM generations r WHERE r.retried_as = g.id) AS retry_of
             FROM generations g`,
  state: 'g.status',
  id: { column: 'g.id', type: 'uuid' },
};

export type AdminJobRow = Omit<AdminJobDto, 'id' | 'created_at' | 'updated_at'> & { created_at: Date; updated_at: Date | null };

/** Images, tokens and model per provider and UTC day (generations and AI extend together). */
export interface ModelUsageRow {
  day: string;
  provider: string;
  model: string | null;
  images: number;
  with_usage: number;
  input_tokens: string;
  text_tokens: string;
  image_tokens: string;
  output_tokens: string;
}

/**
 * The generations table's SQL. A generation's start, its claim, its usual completion and a progress
 * stream's first read are hot: named prepared statements.
 */
@Injectable()
export class GenerationsRepository {
  constructor(
    private readonly dataSource: DataSource,
    private readonly outbox: OutboxService,
  ) {}

  /**
   * The statement of a generation's start, run by CreditsService.debitWithin: the debit's CTEs, then
   * the row (pointing at its debit) and its event; the whole row comes back with the balance after
   * the debit and the organization's plan tier (StartedGenerationRow).
   */
  startStatement(debit: DebitStatementParts, generation: Generation, event: GenerationStatementEvent): { text: string; values: unknown[] } {
    const g = generation;
    const columns: Array<[keyof Generation, string, unknown]> = [
      ['id', 'uuid', g.id],
      ['user_id', 'uuid', g.user_id],
      ['prompt', 'text', g.prompt],
      ['quality', 'varchar', g.quality],
      ['size', 'varchar', g.size],
      ['variation_count', 'smallint', g.variation_count],
      ['brand_profile_id', 'uuid', g.brand_profile_id],
      ['brand_profile_name', 'varchar', g.brand_profile_name],
      ['provider', 'varchar', g.provider],
      ['status', 'varchar', g.status],
      ['progress', 'smallint', g.progress],
      ['message', 'text', g.message],
      ['cost_per_image', 'int', g.cost_per_image],
      ['credits_charged', 'int', g.credits_charged],
      ['batch_id', 'uuid', g.batch_id],
      ['folder_id', 'uuid', g.folder_id],
      ['reference_image_keys', 'jsonb', JSON.stringify(g.reference_image_keys)],
      ['ad_formats', 'jsonb', JSON.stringify(g.ad_formats)],
      ['ad_request', 'jsonb', g.ad_request ? JSON.stringify(g.ad_request) : null],
      ['storage_seed', 'varchar', g.storage_seed],
    ];
    const first = debit.values.length + 1;
    const eventType = first + columns.length;
    // $1 is the organization (the debit's first parameter).
    const text = `WITH ${debit.ctes}, written AS (
        INSERT INTO generations (organization_id, debit_transaction_id, ${columns.map(([name]) => name).join(', ')})
        SELECT $1, entry.id, ${columns.map(([, type], i) => `$${first + i}::${type}`).join(', ')} FROM entry
        RETURNING *
      ), requested AS (
        ${insertOutboxEventsSql({ type: `$${eventType}`, payload: `$${eventType + 1}::jsonb`, organizationId: `$1`, from: `written` })}
      )
      SELECT written.*, ${debit.balance} AS debit_balance, ${planTierOf('$1')} AS organization_plan_tier
        FROM entry LEFT JOIN debited ON true CROSS JOIN written`;
    return { text, values: [...debit.values, ...columns.map(([, , value]) => value), event.type, JSON.stringify(event.payload)] };
  }

  /** Inserts the row and records its event in one statement; the whole row, defaults included. */
  async insertWithEvent<N extends EventName>(generation: Generation, event: RowEvent<N>, manager: EntityManager = this.dataSource.manager): Promise<Generation> {
    const [insert, parameters] = manager.createQueryBuilder().insert().into(Generation).values(generation).returning('*').getQueryAndParameters();
    const [row] = await this.outbox.writeWithEvent<Generation, N>(manager, insert, parameters, event);
    return manager.create(Generation, row);
  }

  /** Inserts many rows (a bulk batch's), in statements of at most 1000 rows (PostgreSQL takes 65,535 parameters, about 20 a row). */
  async insertMany(generations: Generation[], manager: EntityManager = this.dataSource.manager): Promise<void> {
    for (let i = 0; i < generations.length; i += 1000) await manager.insert(Generation, generations.slice(i, i + 1000));
  }

  /** The row, locked until the caller's transaction ends; null when there is none. */
  findLocked(id: string, manager: EntityManager): Promise<Generation | null> {
    return manager.findOne(Generation, { where: { id }, lock: { mode: 'pessimistic_write' } });
  }

  async markRetriedAs(id: string, retriedAs: string, manager: EntityManager = this.dataSource.manager): Promise<void> {
    await manager.update(Generation, { id }, { retried_as: retriedAs });
  }

  exists(id: string): Promise<boolean> {
    return this.dataSource.manager.existsBy(Generation, { id });
  }

  findById(id: string): Promise<Generation | null> {
    return this.dataSource.manager.findOneBy(Generation, { id });
  }

  /** The organization's generation, read as each progress stream opens: a prepared statement. */
  async findForOrganization(organizationId: string, id: string): Promise<Generation | null> {
    const [row] = await queryPrepared<Generation>(pgPoolOf(this.dataSource), `SELECT * FROM generations WHERE id = $1 AND organization_id = $2`, [id, organizationId]);
    return row ? this.dataSource.manager.create(Generation, row) : null;
  }

  /** What the formats consumer needs of a generation: the ad formats asked for and who asked. */
  async findAdFormats(id: string): Promise<Pick<Generation, 'ad_formats' | 'user_id'> | null> {
    const [row]: Array<Pick<Generation, 'ad_formats' | 'user_id'>> = await this.dataSource.query(`SELECT ad_formats, user_id FROM generations WHERE id = $1`, [id]);
    return row ?? null;
  }

  /** What the ads consumer needs of a generation: the ads asked for and who asked. */
  async findAdRequest(id: string): Promise<Pick<Generation, 'ad_request' | 'user_id'> | null> {
    const [row]: Array<Pick<Generation, 'ad_request' | 'user_id'>> = await this.dataSource.query(`SELECT ad_request, user_id FROM generations WHERE id = $1`, [id]);
    return row ?? null;
  }

  /**
   * Marks the generation processing (progress at least `progress`, with `message`), with the
   * variations an earlier attempt delivered; null when it is settled already. A prepared statement.
   */
  async claim(id: string, progress: number, message: string): Promise<ClaimedGeneration | null> {
    const rows = await queryPrepared<Generation & { delivered_indexes: number[] }>(pgPoolOf(this.dataSource), CLAIM_SQL, [id, progress, message]);
    if (rows.length === 0) return null;
    const { delivered_indexes: deliveredIndexes, ...row } = rows[0];
    return Object.assign(this.dataSource.manager.create(Generation, row), { deliveredIndexes });
  }

  /** A running job's heartbeat: the row was touched now. */
  async touchProcessing(id: string): Promise<void> {
    await this.dataSource.query(`UPDATE generations SET updated_at = now() WHERE id = $1 AND status = 'processing'`, [id]);
  }

  /** Never backwards; only while processing. */
  async writeProgress(id: string, progress: number, message: string): Promise<void> {
    await this.dataSource.query(`UPDATE generations SET progress = GREATEST(progress, $2), message = $3, updated_at = now() WHERE id = $1 AND status = 'processing'`, [
      id,
      progress,
      message,
    ]);
  }

  /** The model the provider used and its usage, added to what earlier attempts used. */
  async recordProviderCall(id: string, model: string | null, usage: unknown): Promise<void> {
    await this.dataSource.query(`UPDATE generations SET model = COALESCE($2, model), token_usage = ${addUsageSql('token_usage', '$3::jsonb')} WHERE id = $1`, [
      id,
      model,
      usage ? JSON.stringify(usage) : null,
    ]);
  }

  /** Generations in `statuses` (all, or those not touched for `olderThanSeconds`), least recently touched first. */
  findLost(statuses: string[], all: boolean, olderThanSeconds: number, limit: number): Promise<LostGenerationRow[]> {
    return this.dataSource.query(
      `SELECT id, quality, organization_id FROM generations
        WHERE status = ANY($1) AND ($2 OR updated_at < now() - make_interval(secs => $3))
        ORDER BY updated_at LIMIT $4`,
      [statuses, all, olderThanSeconds, limit],
    );
  }

  /** Processing generations not touched for `olderThanSeconds`. */
  findStale(olderThanSeconds: number, limit: number): Promise<Array<{ id: string }>> {
    return this.dataSource.query(`SELECT id FROM generations WHERE status = 'processing' AND updated_at < now() - make_interval(secs => $1) ORDER BY updated_at LIMIT $2`, [
      olderThanSeconds,
      limit,
    ]);
  }

  /**
   * A job's usual end in one prepared statement (see COMPLETE_AT_ONCE_SQL): the assets of `images`
   * with their events, the completion and its event; null when the generation is not unsettled
   * with no asset yet and `images` are not all its variations (then nothing was written).
   */
  async completeAtOnce(id: string, images: GeneratedImageRecord[], texts: CompleteAtOnceTexts): Promise<{ generation: Generation; added: VariationAsset[] } | null> {
    const rows = await queryPrepared<Generation & AddedColumns>(pgPoolOf(this.dataSource), COMPLETE_AT_ONCE_SQL, [
      id,
      images.length,
      JSON.stringify(images),
      texts.assetEventType,
      texts.message,
      texts.completedEventType,
    ]);
    if (rows.length === 0) return null;
    const { added_id: _id, added_variation_index: _index, added_s3_key: _key, added_thumbnail_key: _thumbnail, added_width: _width, added_height: _height, ...columns } = rows[0];
    const added: VariationAsset[] = rows
      .filter((row) => row.added_id !== null)
      .map((row) => ({ id: row.added_id!, variation_index: row.added_variation_index, s3_key: row.added_s3_key!, thumbnail_key: row.added_thumbnail_key, width: row.added_width!, height: row.added_height! }));
    return { generation: this.dataSource.manager.create(Generation, columns), added };
  }

  /**
   * The row, locked until the caller's transaction ends, with how many of its images have assets;
   * null when there is none.
   */
  async findLockedWithDelivered(id: string, manager: EntityManager): Promise<{ generation: Generation; delivered: number } | null> {
    const [row]: Array<Generation & { delivered: number }> = await manager.query(
      `SELECT g.*, (SELECT count(*)::int FROM assets a WHERE a.generation_id = g.id) AS delivered FROM generations g WHERE g.id = $1 FOR UPDATE`,
      [id],
    );
    if (!row) return null;
    const { delivered, ...columns } = row;
    return { generation: manager.create(Generation, columns), delivered };
  }

  /** Writes the settlement (completed or failed) with its event, in the caller's transaction. */
  async markSettled<N extends EventName>(id: string, settled: GenerationSettledColumns, event: RowEvent<N>, manager: EntityManager): Promise<void> {
    await this.outbox.writeWithEvent(
      manager,
      `UPDATE generations SET status = $2, progress = $3, message = $4, error = $5, credits_refunded = $6, completed_at = now(), updated_at = now()
        WHERE id = $1 RETURNING id`,
      [id, settled.status, settled.progress, settled.message, settled.error, settled.creditsRefunded],
      event,
    );
  }

  /**
   * A bulk batch's generations (or only `generationIds`) with the first image of each (a bulk row
   * has one); generations_batch_idx and the assets (generation_id, variation_index) key serve it.
   */
  findBatchRowStates(organizationId: string, batchId: string, generationIds?: string[]): Promise<BatchRowState[]> {
    return this.dataSource.query(
      `SELECT g.id, g.status, g.prompt, g.quality, g.size, g.brand_profile_name, g.error, a.s3_key, a.thumbnail_key, a.width, a.height
         FROM generations g
         LEFT JOIN LATERAL (
           SELECT s3_key, thumbnail_key, width, height FROM assets WHERE generation_id = g.id ORDER BY variation_index LIMIT 1
         ) a ON true
        WHERE g.batch_id = $1 AND g.organization_id = $2 AND ($3::uuid[] IS NULL OR g.id = ANY($3::uuid[]))`,
      [batchId, organizationId, generationIds ?? null],
    );
  }

  /** The folder's generations (bulk rows) let go of it: their images land in All Assets from now on. */
  async releaseFolder(organizationId: string, folderId: string, manager: EntityManager = this.dataSource.manager): Promise<void> {
    await manager.query(`UPDATE generations SET folder_id = NULL WHERE organization_id = $1 AND folder_id = $2`, [organizationId, folderId]);
  }


  // --- Removing an organization (team/organization-removal.ts).

  /** The storage keys of the reference images uploaded with the organization's generations. */
  async referenceImageKeysOfOrganization(organizationId: string, manager: EntityManager = this.dataSource.manager): Promise<string[]> {
    const rows: { key: string | null }[] = await manager.query(
      `SELECT jsonb_array_elements_text(reference_image_keys) AS key FROM generations WHERE organization_id = $1`,
      [organizationId],
    );
    return rows.flatMap(({ key }) => (key ? [key] : []));
  }


  // --- Administrators' reads (admin console) ---

  async countAll(manager: EntityManager = this.dataSource.manager): Promise<number> {
    const [{ count }]: Array<{ count: number }> = await manager.query(`SELECT count(*)::int AS count FROM generations`);
    return count;
  }

  /** The newest generations of every organization. */
  async adminActivity(limit: number): Promise<Array<{ id: string; prompt: string; created_at: Date; status: string }>> {
    return this.dataSource.query(`SELECT id, prompt, created_at, status FROM generations ORDER BY created_at DESC, id DESC LIMIT $1`, [limit]);
  }

  /**
   * Images per provider, model and UTC day over the last `days` days, generations and AI extend
   * (format jobs) together, newest day first, with the token counts the API reported.
   */
  async adminModelUsage(days: number): Promise<ModelUsageRow[]> {
    return this.dataSource.query(
      `WITH calls AS (
         SELECT g.created_at, g.provider, g.model, g.token_usage,
                g.variation_count - g.credits_refunded / g.cost_per_image AS images
           FROM generations g
          WHERE g.created_at >= (now() AT TIME ZONE 'UTC')::date - ($1::int - 1) AND g.status IN ('completed', 'failed')
         UNION ALL
         SELECT f.created_at, f.provider, f.model, f.token_usage, CASE WHEN f.status = 'completed' THEN 1 ELSE 0 END
           FROM format_jobs f
          WHERE f.created_at >= (now() AT TIME ZONE 'UTC')::date - ($1::int - 1) AND f.method = 'ai_extend' AND f.status IN ('completed', 'failed')
       )
       SELECT to_char((created_at AT TIME ZONE 'UTC')::date, 'YYYY-MM-DD') AS day, provider, model,
              sum(images)::int AS images, count(token_usage)::int AS with_usage,
              coalesce(sum((token_usage ->> 'input_tokens')::bigint), 0) AS input_tokens,
              coalesce(sum((token_usage #>> '{input_tokens_details,text_tokens}')::bigint), 0) AS text_tokens,
              coalesce(sum((token_usage #>> '{input_tokens_details,image_tokens}')::bigint), 0) AS image_tokens,
              coalesce(sum((token_usage ->> 'output_tokens')::bigint), 0) AS output_tokens
         FROM calls GROUP BY 1, 2, 3 ORDER BY 1 DESC, 2, 3`,
      [days],
    );
  }

  /**
   * One page of background work of every kind in `sources` (generations first among them: this
   * repository hosts the list), optionally only in `state` or only the job `id`, by creation time,
   * and how many match.
   */
  async adminJobs(
    sources: JobListSource[],
    filter: { state?: string; id?: string; ids?: string[]; organizationId?: string },
    page: { sort?: 'id' | 'created_at'; order: 'ASC' | 'DESC'; offset: number; limit: number },
  ): Promise<Page<AdminJobRow>> {
    if (sources.length === 0) return { rows: [], total: 0 };
    const params: unknown[] = [];
    const outer = [
      filter.ids && `j.kind || ':' || j.job_id = ANY($${params.push(filter.ids)}::text[])`,
      filter.organizationId && `j.organization_id = $${params.push(filter.organizationId)}::uuid`,
    ].filter(Boolean);
    const where = outer.length ? `WHERE ${outer.join(' AND ')}` : '';
    const order = page.sort === 'id' ? `j.kind ${page.order}, j.job_id ${page.order}` : `j.created_at ${page.order}, j.job_id ${page.order}`;
    const state = filter.state ? `$${params.push(filter.state)}::text` : null;
    const parts = sources.map((source) => {
      const conditions = [state && `${source.state} = ${state}`, filter.id !== undefined && `${source.id.column} = $${params.push(filter.id)}::${source.id.type}`].filter(Boolean);
      return conditions.length ? `${source.select} WHERE ${conditions.join(' AND ')}` : source.select;
    });
    const union = parts.join(' UNION ALL ');
    return readPage(this.dataSource, `SELECT * FROM (${union}) j ${where} ORDER BY ${order} OFFSET ${page.offset} LIMIT ${page.limit}`, `SELECT count(*)::int AS total FROM (${union}) j ${where}`, params);
  }


  /**
   * The organization's generations, newest first, keyset-paged on (created_at, id) after the
   * generation `afterId` (one of the organization's); `limit` rows at most.
   */
  async pageForOrganization(organizationId: string, limit: number, afterId?: string): Promise<Generation[]> {
    const qb = this.dataSource.getRepository(Generation).createQueryBuilder('g').where('g.organization_id = :organizationId', { organizationId });
    if (afterId) {
      qb.andWhere('(g.created_at, g.id) < (SELECT c.created_at, c.id FROM generations c WHERE c.id = :afterId AND c.organization_id = :organizationId)', { afterId });
    }
    return qb.orderBy('g.created_at', 'DESC').addOrderBy('g.id', 'DESC').limit(limit).getMany();
  }
}

/** The claim: $1 the generation, $2 and $3 the progress and message of a started job. */
const CLAIM_SQL = `UPDATE generations SET status = 'processing', started_at = COALESCE(started_at, now()), attempts = attempts + 1, updated_at = now(),
          progress = GREATEST(progress, $2), message = $3
    WHERE id = $1 AND status IN ('queued', 'processing')
    RETURNING *, ARRAY(SELECT variation_index FROM assets WHERE generation_id = $1) AS delivered_indexes`;

interface AddedColumns {
  added_id: string | null;
  added_variation_index: number | null;
  added_s3_key: string | null;
  added_thumbnail_key: string | null;
  added_width: number | null;
  added_height: number | null;
}

/**
 * completeAtOnce: $1 the generation, $2 its variation count as delivered now, $3 the images,
 * $4-$6 the asset event's type, the completion message and the completion event's type.
 * `locked` finds the row only while it is unsettled with no asset yet (re-checked after waiting
 * for a concurrent run's lock), so the other CTEs write nothing otherwise. The events are one
 * insert, in order: the assets', then the completion. One row per added asset (or one with null
 * asset columns), each with the completed generation's columns.
 */
const COMPLETE_AT_ONCE_SQL = `WITH locked AS (
      SELECT g.* FROM generations g
       WHERE g.id = $1 AND g.status IN ('queued', 'processing') AND g.variation_count = $2
         AND NOT EXISTS (SELECT 1 FROM assets a WHERE a.generation_id = g.id)
       FOR UPDATE
    ), ${generatedAssetsSql('locked', '$3')}, completed AS (
      UPDATE generations g SET status = 'completed', progress = 100, message = $5, error = NULL, completed_at = now(), updated_at = now()
        FROM locked l WHERE g.id = l.id
      RETURNING g.*
    ), events AS (
      ${insertOutboxEventsSql({ type: `e.type`, payload: `e.payload`, organizationId: `e.organization_id`, from: `(
        SELECT 0 AS ord, a.variation_index AS sub, $4::text AS type, ${generatedAssetEventPayload('a', 'l')} AS payload, a.organization_id
          FROM added a CROSS JOIN locked l
        UNION ALL
        SELECT 1, 0, $6::text,
               jsonb_build_object('generationId', c.id, 'delivered', c.variation_count, 'creditsRefunded', 0, 'batchId', c.batch_id, 'message', $5::text),
               c.organization_id
          FROM completed c
      ) e ORDER BY e.ord, e.sub` })}
    )
    SELECT c.*, a.id AS added_id, a.variation_index AS added_variation_index, a.s3_key AS added_s3_key, a.thumbnail_key AS added_thumbnail_key,
           a.width AS added_width, a.height AS added_height
      FROM completed c LEFT JOIN added a ON true
     ORDER BY a.variation_index`;
