import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Brand Brain: who created a profile, the extractions (the daily limit counts them; the
 * job's result lives on the row) and the source images a profile was extracted from (originals and
 * thumbnails in storage). Every list and count has an index.
 */
export class BrandBrain1764201600000 implements MigrationInterface {
  name = 'BrandBrain1764201600000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE brand_profiles ADD COLUMN user_id uuid REFERENCES users(id) ON DELETE SET NULL`);
    await q.query(`CREATE INDEX brand_profiles_user_idx ON brand_profiles (user_id) WHERE user_id IS NOT NULL`);

    await q.query(`
      CREATE TABLE brand_extractions (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
        user_id uuid REFERENCES users(id) ON DELETE SET NULL,
        status varchar(20) NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'processing', 'completed', 'failed')),
        sources jsonb NOT NULL DEFAULT '[]',
        result jsonb,
        error text,
        brand_profile_id uuid REFERENCES brand_profiles(id) ON DELETE SET NULL,
        attempts integer NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now(),
        completed_at timestamptz,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    // The daily limit: extractions of an organization since midnight UTC that did not fail.
    await q.query(`CREATE INDEX brand_extractions_daily_idx ON brand_extractions (organization_id, created_at) WHERE status <> 'failed'`);
    await q.query(`CREATE INDEX brand_extractions_org_created_idx ON brand_extractions (organization_id, created_at DESC)`);
    await q.query(`CREATE INDEX brand_extractions_profile_idx ON brand_extractions (brand_profile_id) WHERE brand_profile_id IS NOT NULL`);
    await q.query(`CREATE INDEX brand_extractions_user_idx ON brand_extractions (user_id) WHERE user_id IS NOT NULL`);

    await q.query(`
      CREATE TABLE brand_source_images (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
        brand_profile_id uuid REFERENCES brand_profiles(id) ON DELETE CASCADE,
        extraction_id uuid REFERENCES brand_extractions(id) ON DELETE SET NULL,
        position smallint NOT NULL DEFAULT 0,
        file_name varchar(255),
        s3_key varchar(512) NOT NULL,
        thumbnail_key varchar(512),
        content_type varchar(50) NOT NULL,
        width integer NOT NULL CHECK (width > 0),
        height integer NOT NULL CHECK (height > 0),
        file_size integer NOT NULL CHECK (file_size >= 0),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE UNIQUE INDEX brand_source_images_s3_key_key ON brand_source_images (s3_key)`);
    // A profile's images in request order; an extraction's images when a profile is made from it.
    await q.query(`CREATE INDEX brand_source_images_profile_idx ON brand_source_images (brand_profile_id, position) WHERE brand_profile_id IS NOT NULL`);
    await q.query(`CREATE INDEX brand_source_images_extraction_idx ON brand_source_images (extraction_id) WHERE extraction_id IS NOT NULL`);
    await q.query(`CREATE INDEX brand_source_images_org_idx ON brand_source_images (organization_id, created_at)`);
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS brand_source_images`);
    await q.query(`DROP TABLE IF EXISTS brand_extractions`);
    await q.query(`ALTER TABLE brand_profiles DROP COLUMN IF EXISTS user_id`);
  }
}
