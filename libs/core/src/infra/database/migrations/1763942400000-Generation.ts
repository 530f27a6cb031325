import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Image generation: brand profiles (minimal; the Brand Brain migration extends them), folders
 * (minimal; the library issue extends them), generations (one row per request, also per bulk row
 * through batch_id) and assets (one row per stored image). Every list query has an index.
 */
export class Generation1763942400000 implements MigrationInterface {
  name = 'Generation1763942400000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE brand_profiles (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
        name varchar(200) NOT NULL,
        description text,
        brand_data jsonb NOT NULL DEFAULT '{}',
        asset_count integer NOT NULL DEFAULT 0 CHECK (asset_count >= 0),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    // The list of an organization's profiles, newest first.
    await q.query(`CREATE INDEX brand_profiles_org_created_idx ON brand_profiles (organization_id, created_at DESC, id DESC)`);

    await q.query(`
      CREATE TABLE folders (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
        name varchar(200) NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX folders_org_name_idx ON folders (organization_id, lower(name))`);

    await q.query(`
      CREATE TABLE generations (
        id uuid PRIMARY KEY,
        organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
        user_id uuid REFERENCES users(id) ON DELETE SET NULL,
        prompt text NOT NULL,
        quality varchar(10) NOT NULL CHECK (quality IN ('low', 'medium', 'high')),
        size varchar(20) NOT NULL CHECK (size IN ('1024x1024', '1536x1024', '1024x1536')),
        variation_count smallint NOT NULL CHECK (variation_count BETWEEN 1 AND 10),
        brand_profile_id uuid REFERENCES brand_profiles(id) ON DELETE SET NULL,
        brand_profile_name varchar(200),
        provider varchar(20) NOT NULL CHECK (provider IN ('openai', 'local')),
        status varchar(20) NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'processing', 'completed', 'failed')),
        progress smallint NOT NULL DEFAULT 0 CHECK (progress BETWEEN 0 AND 100),
        message text,
        error text,
        cost_per_image integer NOT NULL CHECK (cost_per_image > 0),
        credits_charged integer NOT NULL DEFAULT 0 CHECK (credits_charged >= 0),
        credits_refunded integer NOT NULL DEFAULT 0 CHECK (credits_refunded >= 0 AND credits_refunded <= credits_charged),
        debit_transaction_id uuid REFERENCES credit_ledger(id),
        batch_id uuid,
        folder_id uuid REFERENCES folders(id) ON DELETE SET NULL,
        reference_image_keys jsonb NOT NULL DEFAULT '[]',
        storage_seed varchar(64) NOT NULL,
        attempts integer NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now(),
        started_at timestamptz,
        completed_at timestamptz,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    // Recent generations of an organization (dashboard), and of everyone (admin activity).
    await q.query(`CREATE INDEX generations_org_created_idx ON generations (organization_id, created_at DESC, id DESC)`);
    await q.query(`CREATE INDEX generations_created_idx ON generations (created_at DESC)`);
    // The rows of a bulk batch.
    await q.query(`CREATE INDEX generations_batch_idx ON generations (batch_id, created_at) WHERE batch_id IS NOT NULL`);
    // The sweeper's scan of unsettled generations.
    await q.query(`CREATE INDEX generations_unsettled_idx ON generations (updated_at) WHERE status IN ('queued', 'processing')`);
    // Foreign keys that are SET NULL on delete.
    await q.query(`CREATE INDEX generations_user_idx ON generations (user_id) WHERE user_id IS NOT NULL`);
    await q.query(`CREATE INDEX generations_brand_profile_idx ON generations (brand_profile_id) WHERE brand_profile_id IS NOT NULL`);
    await q.query(`CREATE INDEX generations_folder_idx ON generations (folder_id) WHERE folder_id IS NOT NULL`);

    await q.query(`
      CREATE TABLE assets (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
        generation_id uuid REFERENCES generations(id) ON DELETE SET NULL,
        variation_index smallint,
        name varchar(255) NOT NULL,
        s3_key varchar(512) NOT NULL,
        thumbnail_key varchar(512),
        content_type varchar(50) NOT NULL DEFAULT 'image/png',
        width integer NOT NULL CHECK (width > 0),
        height integer NOT NULL CHECK (height > 0),
        file_size integer NOT NULL CHECK (file_size >= 0),
        prompt text,
        brand_profile_id uuid REFERENCES brand_profiles(id) ON DELETE SET NULL,
        brand_profile_name varchar(200),
        folder_id uuid REFERENCES folders(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT assets_generation_variation_key UNIQUE (generation_id, variation_index)
      )`);
    // The file endpoints look an asset up by its key.
    await q.query(`CREATE UNIQUE INDEX assets_s3_key_key ON assets (s3_key)`);
    // Library: newest/oldest first, by folder, by name.
    await q.query(`CREATE INDEX assets_org_created_idx ON assets (organization_id, created_at DESC, id DESC)`);
    await q.query(`CREATE INDEX assets_org_folder_created_idx ON assets (organization_id, folder_id, created_at DESC, id DESC)`);
    await q.query(`CREATE INDEX assets_org_name_idx ON assets (organization_id, lower(name))`);
    await q.query(`CREATE INDEX assets_brand_profile_idx ON assets (brand_profile_id) WHERE brand_profile_id IS NOT NULL`);
    await q.query(`CREATE INDEX assets_folder_idx ON assets (folder_id) WHERE folder_id IS NOT NULL`);
  }

  public async down(q: QueryRunner): Promise<void> {
    for (const table of ['assets', 'generations', 'folders', 'brand_profiles']) await q.query(`DROP TABLE IF EXISTS ${table}`);
  }
}
