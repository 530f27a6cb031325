import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Ad formats: a derived image is an asset of its own (parent_asset_id, format, method),
 * made by a format job. format_job_id is unique, so a retried job inserts its asset once. Deleting
 * an original keeps its formats (parent_asset_id becomes null). generations.ad_formats lists the
 * formats a generation's images also get (Studio "Also make ad formats", bulk `formats` column).
 */
export class AdFormats1764547200000 implements MigrationInterface {
  name = 'AdFormats1764547200000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE format_jobs (
        id uuid PRIMARY KEY,
        organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
        user_id uuid REFERENCES users(id) ON DELETE SET NULL,
        asset_id uuid REFERENCES assets(id) ON DELETE SET NULL,
        format varchar(10) NOT NULL CHECK (format IN ('1:1', '4:5', '9:16', '1.91:1')),
        method varchar(20) NOT NULL CHECK (method IN ('crop', 'extend', 'ai_extend')),
        fill varchar(10) NOT NULL CHECK (fill IN ('blur', 'brand')),
        fill_color varchar(7),
        quality varchar(10) NOT NULL DEFAULT 'medium',
        provider varchar(20) NOT NULL DEFAULT 'local',
        status varchar(20) NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'processing', 'completed', 'failed')),
        progress smallint NOT NULL DEFAULT 0,
        message text,
        error text,
        credits_charged integer NOT NULL DEFAULT 0,
        credits_refunded integer NOT NULL DEFAULT 0,
        debit_transaction_id uuid,
        result_asset_id uuid REFERENCES assets(id) ON DELETE SET NULL,
        storage_seed varchar(64) NOT NULL,
        attempts integer NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now(),
        started_at timestamptz,
        completed_at timestamptz,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    // The sweeper's scan of unsettled jobs; an asset's jobs (GET /api/assets/{id}/formats).
    await q.query(`CREATE INDEX format_jobs_unsettled_idx ON format_jobs (updated_at) WHERE status IN ('queued', 'processing')`);
    await q.query(`CREATE INDEX format_jobs_asset_idx ON format_jobs (asset_id, created_at DESC) WHERE asset_id IS NOT NULL`);
    await q.query(`CREATE INDEX format_jobs_org_idx ON format_jobs (organization_id)`);
    await q.query(`CREATE INDEX format_jobs_user_idx ON format_jobs (user_id) WHERE user_id IS NOT NULL`);
    await q.query(`CREATE INDEX format_jobs_result_idx ON format_jobs (result_asset_id) WHERE result_asset_id IS NOT NULL`);

    await q.query(`ALTER TABLE assets ADD COLUMN parent_asset_id uuid REFERENCES assets(id) ON DELETE SET NULL`);
    await q.query(`ALTER TABLE assets ADD COLUMN format varchar(10)`);
    await q.query(`ALTER TABLE assets ADD COLUMN method varchar(20)`);
    await q.query(`ALTER TABLE assets ADD COLUMN format_job_id uuid REFERENCES format_jobs(id) ON DELETE SET NULL`);
    await q.query(`CREATE UNIQUE INDEX assets_format_job_key ON assets (format_job_id) WHERE format_job_id IS NOT NULL`);
    await q.query(`CREATE INDEX assets_parent_idx ON assets (parent_asset_id, format) WHERE parent_asset_id IS NOT NULL`);
    // The library's format filter, newest first (COALESCE: 'original' is the images without a format).
    await q.query(`CREATE INDEX assets_org_format_created_idx ON assets (organization_id, (COALESCE(format, 'original')), created_at DESC, id DESC)`);

    await q.query(`ALTER TABLE generations ADD COLUMN ad_formats jsonb NOT NULL DEFAULT '[]'`);
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE generations DROP COLUMN ad_formats`);
    await q.query(`DROP INDEX IF EXISTS assets_org_format_created_idx`);
    await q.query(`DROP INDEX IF EXISTS assets_parent_idx`);
    await q.query(`DROP INDEX IF EXISTS assets_format_job_key`);
    for (const column of ['format_job_id', 'method', 'format', 'parent_asset_id']) await q.query(`ALTER TABLE assets DROP COLUMN ${column}`);
    await q.query(`DROP TABLE format_jobs`);
  }
}
