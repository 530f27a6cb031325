import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager, IsNull } from 'typeorm';
import { BrandExtraction, type BrandExtractionResult, type BrandExtractionSource } from './entities/brand-extraction.entity';

/** The Operations list's source for brand extractions (the admin jobs list composes it with the other kinds'). */
export const brandExtractionJobsSql = {
  select: `SELECT 'brand_extraction' AS kind, e.id::text AS job_id, e.status AS state, 'Brand extraction' AS label, e.error, e.attempts, e.organization_id, e.created_at, e.updated_at,
                  NULL::text AS retried_as, NULL::text AS retry_of
             FROM brand_extractions e`,
  state: 'e.status',
  id: { column: 'e.id', type: 'uuid' as const },
};

@Injectable()
export class BrandExtractionsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** The extraction; throws when there is none. */
  async getById(id: string, manager: EntityManager = this.dataSource.manager): Promise<BrandExtraction> {
    return manager.findOneByOrFail(BrandExtraction, { id });
  }

  async findCompletedOfOrganization(organizationId: string, id: string, manager: EntityManager = this.dataSource.manager): Promise<BrandExtraction | null> {
    return manager.findOneBy(BrandExtraction, { id, organization_id: organizationId, status: 'completed' });
  }

  /**
   * Serialises the organization's extraction reservations until the transaction ends (a
   * transaction-scoped advisory lock), so that count-then-insert is atomic.
   */
  async lockReservationsOf(organizationId: string, manager: EntityManager): Promise<void> {
    await manager.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [`brand_extractions:${organizationId}`]);
  }

  /** Extractions of the organization that count against today's limit (UTC day; failed ones do not count). */
  async countTodayForOrganization(organizationId: string, manager: EntityManager = this.dataSource.manager): Promise<number> {
    const [{ count }]: Array<{ count: number }> = await manager.query(
      `SELECT count(*)::int AS count FROM brand_extractions
        WHERE organization_id = $1 AND status <> 'failed'
          AND created_at >= date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'`,
      [organizationId],
    );
    return count;
  }

  /** A new pending extraction; returns its id. */
  async insertPending(organizationId: string, userId: string | null, manager: EntityManager = this.dataSource.manager): Promise<string> {
    const [row]: Array<{ id: string }> = await manager.query(
      `INSERT INTO brand_extractions (organization_id, user_id, status) VALUES ($1, $2, 'pending') RETURNING id`,
      [organizationId, userId],
    );
    return row.id;
  }

  async setSources(id: string, sources: BrandExtractionSource[], manager: EntityManager = this.dataSource.manager): Promise<void> {
    await manager.query(`UPDATE brand_extractions SET sources = $2, updated_at = now() WHERE id = $1`, [id, JSON.stringify(sources)]);
  }

  /** Records the profile made from the extraction, unless it has one. */
  async attachToProfile(organizationId: string, id: string, profileId: string, manager: EntityManager = this.dataSource.manager): Promise<void> {
    await manager.update(BrandExtraction, { id, organization_id: organizationId, brand_profile_id: IsNull() }, { brand_profile_id: profileId });
  }

  /** Moves a pending or processing extraction to processing (one more attempt); null when it is settled or missing. */
  async claimForProcessing(id: string, manager: EntityManager = this.dataSource.manager): Promise<BrandExtraction | null> {
    const [rows]: [BrandExtraction[], number] = await manager.query(
      `UPDATE brand_extractions SET status = 'processing', attempts = attempts + 1, updated_at = now()
        WHERE id = $1 AND status IN ('pending', 'processing') RETURNING *`,
      [id],
    );
    return rows.length === 0 ? null : manager.create(BrandExtraction, rows[0]);
  }

  async exists(id: string, manager: EntityManager = this.dataSource.manager): Promise<boolean> {
    return manager.existsBy(BrandExtraction, { id });
  }

  /** Settles an unsettled extraction as failed; false when it was settled already. */
  async markFailed(id: string, error: string, manager: EntityManager = this.dataSource.manager): Promise<boolean> {
    const [rows]: [unknown[], number] = await manager.query(
      `UPDATE brand_extractions SET status = 'failed', error = $2, completed_at = now(), updated_at = now()
        WHERE id = $1 AND status IN ('pending', 'processing') RETURNING id`,
      [id, error],
    );
    return rows.length > 0;
  }

  /** Settles a processing extraction as failed (the job's own failure). */
  async markProcessingFailed(id: string, error: string, manager: EntityManager = this.dataSource.manager): Promise<void> {
    await manager.query(`UPDATE brand_extractions SET status = 'failed', error = $2, completed_at = now(), updated_at = now() WHERE id = $1 AND status = 'processing'`, [
      id,
      error,
    ]);
  }

  /** Settles a processing extraction with its result; false when it was settled meanwhile. */
  async markCompleted(id: string, result: BrandExtractionResult, manager: EntityManager = this.dataSource.manager): Promise<boolean> {
    const [updated]: [unknown[], number] = await manager.query(
      `UPDATE brand_extractions SET status = 'completed', result = $2, error = NULL, completed_at = now(), updated_at = now()
        WHERE id = $1 AND status = 'processing' RETURNING id`,
      [id, JSON.stringify(result)],
    );
    return updated.length > 0;
  }
}
