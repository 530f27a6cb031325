import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * How pushed ads deliver, one row per ad and day as the network reports it (a re-read of a day
 * replaces its row), and what a push carries for several placements: its images by placement,
 * the network's automatic creative changes the user chose, and when its results were last read.
 */
export class AdResults1764840000000 implements MigrationInterface {
  name = 'AdResults1764840000000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE ad_results (
        network varchar(32) NOT NULL,
        ad_id varchar(64) NOT NULL,
        date date NOT NULL,
        organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
        asset_id uuid,
        impressions bigint NOT NULL DEFAULT 0,
        reach bigint NOT NULL DEFAULT 0,
        clicks bigint NOT NULL DEFAULT 0,
        spend numeric(14, 2) NOT NULL DEFAULT 0,
        currency varchar(3) NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (network, ad_id, date)
      )`);
    await q.query(`CREATE INDEX ad_results_organization_date_idx ON ad_results (organization_id, date)`);
    await q.query(`CREATE INDEX ad_results_asset_date_idx ON ad_results (asset_id, date) WHERE asset_id IS NOT NULL`);
    await q.query(`ALTER TABLE meta_pushes ADD COLUMN placements text[]`);
    await q.query(`ALTER TABLE meta_pushes ADD COLUMN placement_images jsonb`);
    await q.query(`ALTER TABLE meta_pushes ADD COLUMN creative_features text[]`);
    await q.query(`ALTER TABLE meta_pushes ADD COLUMN batch_id uuid`);
    await q.query(`ALTER TABLE meta_pushes ADD COLUMN ad_copy jsonb`);
    await q.query(`ALTER TABLE meta_pushes ADD COLUMN results_read_at timestamptz`);
    await q.query(`CREATE INDEX meta_pushes_ad_idx ON meta_pushes (organization_id, ad_account_id) WHERE ad_id IS NOT NULL`);
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX meta_pushes_ad_idx`);
    await q.query(`ALTER TABLE meta_pushes DROP COLUMN results_read_at, DROP COLUMN ad_copy, DROP COLUMN batch_id, DROP COLUMN creative_features, DROP COLUMN placement_images, DROP COLUMN placements`);
    await q.query(`DROP TABLE ad_results`);
  }
}
