import type { AdminJobDto } from '@brandloom/contracts';
import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import type { Page } from '../infra/database/page-query';

/**
 * Where the Operations list reads one kind of background work: `select` names the list's columns
 * (kind, job_id, state, label, error, attempts, organization_id, created_at, updated_at, retried_as,
 * retry_of) from the kind's table; `state` is the row's state as SQL; `id` the job id column and its
 * type. Each kind's table's repository exports its own.
 */
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

@Injectable()
export class GenerationsRepository {
  constructor(private readonly dataSource: DataSource) {}

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
    filter: { state?: string; id?: string },
    page: { order: 'ASC' | 'DESC'; offset: number; limit: number },
  ): Promise<Page<AdminJobRow>> {
    if (sources.length === 0) return { rows: [], total: 0 };
    const params: unknown[] = [];
    const state = filter.state ? `$${params.push(filter.state)}::text` : null;
    const parts = sources.map((source) => {
      const conditions = [state && `${source.state} = ${state}`, filter.id !== undefined && `${source.id.column} = $${params.push(filter.id)}::${source.id.type}`].filter(Boolean);
      return conditions.length ? `${source.select} WHERE ${conditions.join(' AND ')}` : source.select;
    });
    const union = parts.join(' UNION ALL ');
    const [rows, [{ total }]] = await Promise.all([
      this.dataSource.query(`SELECT * FROM (${union}) j ORDER BY j.created_at ${page.order}, j.job_id ${page.order} OFFSET ${page.offset} LIMIT ${page.limit}`, params),
      this.dataSource.query(`SELECT count(*)::int AS total FROM (${union}) j`, params),
    ]);
    return { rows, total };
  }
}
