import type { AdFormatId, FormatFill, FormatMethod, Quality } from '@brandloom/contracts';
import { Injectable } from '@nestjs/common';
import { DataSource, DeepPartial, EntityManager, In } from 'typeorm';
import { addUsageSql } from '../generation/providers/token-usage';
import { FormatJob } from './entities/format-job.entity';

/** Advisory-lock namespace: format requests for one asset decide one at a time (see FormatsService.request). */
const FORMAT_REQUEST_LOCK = 7_117_015;

/** What makes two format jobs of an asset the same request. */
export interface FormatJobSpec {
  organizationId: string;
  assetId: string;
  format: AdFormatId;
  method: FormatMethod;
  fill: FormatFill;
  quality: Quality;
}

/** The Operations list's source for format jobs (the admin jobs list composes it with the other kinds'). */
export const formatJobsSql = {
  select: `SELECT 'format' AS kind, f.id::text AS job_id, f.status AS state, 'Format ' || f.format || ' (' || replace(f.method, '_', ' ') || ')' AS label, f.error, f.attempts,
                  f.organization_id, f.created_at, f.updated_at, NULL::text AS retried_as, NULL::text AS retry_of
             FROM format_jobs f`,
  state: 'f.status',
  id: { column: 'f.id', type: 'uuid' as const },
};

/** The format_jobs table's SQL. */
@Injectable()
export class FormatJobsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Holds the asset's format-request lock until the caller's transaction ends. */
  async lockRequestsFor(assetId: string, manager: EntityManager): Promise<void> {
    await manager.query(`SELECT pg_advisory_xact_lock($1, hashtext($2))`, [FORMAT_REQUEST_LOCK, assetId]);
  }

  /** The newest job of that spec still queued or processing, or null. */
  findRunning(spec: FormatJobSpec, manager: EntityManager = this.dataSource.manager): Promise<FormatJob | null> {
    return manager.findOne(FormatJob, {
      where: { organization_id: spec.organizationId, asset_id: spec.assetId, format: spec.format, method: spec.method, fill: spec.fill, quality: spec.quality, status: In(['queued', 'processing']) },
      order: { created_at: 'DESC' },
    });
  }

  /** Inserts the job; returns it (its defaults filled in). */
  async insert(values: DeepPartial<FormatJob>, manager: EntityManager = this.dataSource.manager): Promise<FormatJob> {
    const job = manager.create(FormatJob, values);
    await manager.insert(FormatJob, job);
    return job;
  }

  async setDebit(id: string, debitTransactionId: string, manager: EntityManager = this.dataSource.manager): Promise<void> {
    await manager.update(FormatJob, { id }, { debit_transaction_id: debitTransactionId });
  }

  /** The organization's jobs of an asset, newest first (at most 50). */
  findForAsset(organizationId: string, assetId: string): Promise<FormatJob[]> {
    return this.dataSource.manager.find(FormatJob, { where: { asset_id: assetId, organization_id: organizationId }, order: { created_at: 'DESC' }, take: 50 });
  }

  findForOrganization(organizationId: string, id: string): Promise<FormatJob | null> {
    return this.dataSource.manager.findOneBy(FormatJob, { id, organization_id: organizationId });
  }

  findById(id: string): Promise<FormatJob | null> {
    return this.dataSource.manager.findOneBy(FormatJob, { id });
  }

  exists(id: string): Promise<boolean> {
    return this.dataSource.manager.existsBy(FormatJob, { id });
  }

  /** The row, locked until the caller's transaction ends; null when there is none. */
  findLocked(id: string, manager: EntityManager): Promise<FormatJob | null> {
    return manager.findOne(FormatJob, { where: { id }, lock: { mode: 'pessimistic_write' } });
  }

  async markCompleted(id: string, changes: Pick<FormatJob, 'progress' | 'message' | 'result_asset_id'>, manager: EntityManager): Promise<void> {
    await manager.update(FormatJob, { id }, { status: 'completed', ...changes, completed_at: new Date() });
  }

  async markFailed(id: string, changes: Pick<FormatJob, 'error' | 'message' | 'credits_refunded'>, manager: EntityManager): Promise<void> {
    await manager.update(FormatJob, { id }, { status: 'failed', ...changes, completed_at: new Date() });
  }

  /** Marks the job processing; null when it is settled already (a repeated job is a no-op). */
  async claim(id: string): Promise<FormatJob | null> {
    const [rows]: [FormatJob[], number] = await this.dataSource.query(
      `UPDATE format_jobs SET status = 'processing', started_at = COALESCE(started_at, now()), attempts = attempts + 1, updated_at = now()
        WHERE id = $1 AND status IN ('queued', 'processing') RETURNING *`,
      [id],
    );
    return rows.length === 0 ? null : this.dataSource.manager.create(FormatJob, rows[0]);
  }

  /** Never backwards; only while processing. */
  async writeProgress(id: string, progress: number, message: string): Promise<void> {
    await this.dataSource.query(`UPDATE format_jobs SET progress = GREATEST(progress, $2), message = $3, updated_at = now() WHERE id = $1 AND status = 'processing'`, [
      id,
      progress,
      message,
    ]);
  }

  /** The model the outpainter used and its usage, added to what earlier attempts used. */
  async recordProviderCall(id: string, model: string | null, usage: unknown): Promise<void> {
    await this.dataSource.query(`UPDATE format_jobs SET model = COALESCE($2, model), token_usage = ${addUsageSql('token_usage', '$3::jsonb')} WHERE id = $1`, [
      id,
      model,
      usage ? JSON.stringify(usage) : null,
    ]);
  }

  /** Jobs in `statuses` (all, or those not touched for `olderThanSeconds`), least recently touched first. */
  findLost(statuses: string[], all: boolean, olderThanSeconds: number, limit: number): Promise<Array<{ id: string }>> {
    return this.dataSource.query(
      `SELECT id FROM format_jobs WHERE status = ANY($1) AND ($2 OR updated_at < now() - make_interval(secs => $3)) ORDER BY updated_at LIMIT $4`,
      [statuses, all, olderThanSeconds, limit],
    );
  }

  /** Processing jobs not touched for `olderThanSeconds`. */
  findStale(olderThanSeconds: number, limit: number): Promise<Array<{ id: string }>> {
    return this.dataSource.query(`SELECT id FROM format_jobs WHERE status = 'processing' AND updated_at < now() - make_interval(secs => $1) ORDER BY updated_at LIMIT $2`, [
      olderThanSeconds,
      limit,
    ]);
  }


}
