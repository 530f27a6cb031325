import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A pushed ad's status as Meta reports it (effective_status: ACTIVE, PAUSED, ADSET_PAUSED, DELETED,
 * ...), read back with its results, and when it was last read; the library's 'running' filter uses it.
 */
export class AdStatus1764860000000 implements MigrationInterface {
  name = 'AdStatus1764860000000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE meta_pushes ADD COLUMN ad_status varchar(32), ADD COLUMN ad_status_read_at timestamptz`);
    // The library's filters look up an asset's pushed ads.
    await q.query(`CREATE INDEX IF NOT EXISTS meta_pushes_org_asset_ad_idx ON meta_pushes (organization_id, asset_id) WHERE ad_id IS NOT NULL`);
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX IF EXISTS meta_pushes_org_asset_ad_idx`);
    await q.query(`ALTER TABLE meta_pushes DROP COLUMN ad_status, DROP COLUMN ad_status_read_at`);
  }
}
