import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Meta ads: one connection per organization (encrypted token, cached accounts and pages),
 * the push history (each step's result, so a retried job repeats none), and data-deletion requests.
 */
export class Meta1764288000000 implements MigrationInterface {
  name = 'Meta1764288000000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE meta_connections (
        organization_id uuid PRIMARY KEY REFERENCES organizations(id) ON DELETE CASCADE,
        connected_by uuid REFERENCES users(id) ON DELETE SET NULL,
        meta_user_id varchar(64) NOT NULL,
        meta_user_name varchar(255),
        token_ciphertext text NOT NULL,
        token_expires_at timestamptz,
        status varchar(20) NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'expired')),
        ad_accounts jsonb NOT NULL DEFAULT '[]',
        pages jsonb NOT NULL DEFAULT '[]',
        last_sync timestamptz,
        connected_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX meta_connections_meta_user_idx ON meta_connections (meta_user_id)`);

    await q.query(`
      CREATE TABLE meta_pushes (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
        user_id uuid REFERENCES users(id) ON DELETE SET NULL,
        meta_user_id varchar(64) NOT NULL,
        asset_id uuid REFERENCES assets(id) ON DELETE SET NULL,
        asset_name varchar(255),
        ad_account_id varchar(64) NOT NULL,
        campaign_id varchar(64) NOT NULL,
        ad_set_id varchar(64) NOT NULL,
        page_id varchar(64) NOT NULL,
        creative_name varchar(100) NOT NULL,
        image_hash varchar(128),
        creative_id varchar(64),
        ad_id varchar(64),
        status varchar(20) NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'running', 'completed', 'failed')),
        error text,
        created_at timestamptz NOT NULL DEFAULT now(),
        completed_at timestamptz
      )`);
    await q.query(`CREATE INDEX meta_pushes_org_created_idx ON meta_pushes (organization_id, created_at DESC, id DESC)`);
    await q.query(`CREATE INDEX meta_pushes_meta_user_idx ON meta_pushes (meta_user_id)`);

    await q.query(`
      CREATE TABLE meta_data_deletions (
        confirmation_code varchar(32) PRIMARY KEY,
        meta_user_id varchar(64) NOT NULL,
        status varchar(20) NOT NULL DEFAULT 'completed',
        requested_at timestamptz NOT NULL DEFAULT now(),
        completed_at timestamptz
      )`);
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE meta_data_deletions`);
    await q.query(`DROP TABLE meta_pushes`);
    await q.query(`DROP TABLE meta_connections`);
  }
}
