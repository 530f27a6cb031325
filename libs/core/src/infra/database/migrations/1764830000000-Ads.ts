import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Ads: copy, layout and logo set on a picture for one placement, kept as layers, rendered to a
 * library asset of its own (asset_id, null until rendered). A change renders a new version of the
 * same ad: version + 1 and a new asset, the previous asset stays in the library. brand_logos is the
 * brand kit's logos (created here only when the brand kit has not made it yet).
 */
export class Ads1764830000000 implements MigrationInterface {
  name = 'Ads1764830000000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE IF NOT EXISTS brand_logos (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
        brand_profile_id uuid NOT NULL REFERENCES brand_profiles(id) ON DELETE CASCADE,
        variant varchar(16) NOT NULL CHECK (variant IN ('default', 'light', 'dark')),
        s3_key text NOT NULL,
        width integer NOT NULL,
        height integer NOT NULL,
        content_type varchar(64) NOT NULL,
        file_size integer NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE ads (
        id uuid PRIMARY KEY,
        organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
        source_asset_id uuid REFERENCES assets(id) ON DELETE SET NULL,
        asset_id uuid REFERENCES assets(id) ON DELETE SET NULL,
        brand_profile_id uuid REFERENCES brand_profiles(id) ON DELETE SET NULL,
        placement varchar(10) NOT NULL CHECK (placement IN ('1:1', '4:5', '9:16', '1.91:1')),
        layout varchar(40) NOT NULL,
        version integer NOT NULL DEFAULT 1 CHECK (version >= 1),
        headline text NOT NULL,
        body text NOT NULL DEFAULT '',
        cta varchar(32),
        logo varchar(16) CHECK (logo IN ('default', 'light', 'dark')),
        layers jsonb,
        status varchar(16) NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'processing', 'completed', 'failed')),
        progress integer NOT NULL DEFAULT 0,
        message text,
        error text,
        ad_group_id uuid NOT NULL,
        created_by uuid REFERENCES users(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    // The ads of a picture (GET /api/ads?assetId=), newest first; the ads asked for together.
    await q.query(`CREATE INDEX ads_source_idx ON ads (organization_id, source_asset_id, created_at DESC)`);
    await q.query(`CREATE INDEX ads_org_created_idx ON ads (organization_id, created_at DESC, id DESC)`);
    await q.query(`CREATE INDEX ads_group_idx ON ads (ad_group_id)`);
    await q.query(`CREATE INDEX ads_asset_idx ON ads (asset_id) WHERE asset_id IS NOT NULL`);
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE ads`);
  }
}
