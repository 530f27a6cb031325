import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Bulk generation: one generation_batches row per accepted CSV. Its rows are generations
 * (generations.batch_id, now a foreign key), `jobs` maps CSV row numbers to generation ids, and the
 * images land in the batch's library folder.
 */
export class Bulk1764028800000 implements MigrationInterface {
  name = 'Bulk1764028800000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE generation_batches (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
        user_id uuid REFERENCES users(id) ON DELETE SET NULL,
        name varchar(200) NOT NULL,
        folder_id uuid REFERENCES folders(id) ON DELETE SET NULL,
        total integer NOT NULL CHECK (total BETWEEN 1 AND 500),
        jobs jsonb NOT NULL DEFAULT '[]',
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    // An organization's batches, newest first.
    await q.query(`CREATE INDEX generation_batches_org_created_idx ON generation_batches (organization_id, created_at DESC, id DESC)`);
    // Foreign keys that are SET NULL on delete.
    await q.query(`CREATE INDEX generation_batches_user_idx ON generation_batches (user_id) WHERE user_id IS NOT NULL`);
    await q.query(`CREATE INDEX generation_batches_folder_idx ON generation_batches (folder_id) WHERE folder_id IS NOT NULL`);
    // generations_batch_idx (Generation migration) serves this key's lookups.
    await q.query(`ALTER TABLE generations ADD CONSTRAINT generations_batch_id_fkey FOREIGN KEY (batch_id) REFERENCES generation_batches(id) ON DELETE SET NULL`);
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE generations DROP CONSTRAINT IF EXISTS generations_batch_id_fkey`);
    await q.query(`DROP TABLE IF EXISTS generation_batches`);
  }
}
