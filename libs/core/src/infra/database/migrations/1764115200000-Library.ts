import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Asset library: the indexes behind every list, sort, filter and search of
 * GET /api/assets.
 *
 * - Keyset pages walk (organization_id[, folder_id], <sort key>, id) btree indexes in either
 *   direction: created_at for newest/oldest (assets_org_created_idx and assets_org_folder_created_idx
 *   of the Generation migration), lower(name) for name-asc/name-desc (below; they replace
 *   assets_org_name_idx, which lacked the id tie-breaker).
 * - Search is a case-insensitive substring (ILIKE '%term%') of the name or the prompt: pg_trgm GIN
 *   indexes serve it (a btree cannot serve a leading wildcard).
 * - Folder names: FoldersService keeps them unique per organization under an advisory lock, checked
 *   through folders_org_name_idx (Generation migration). No unique index, on purpose: folders the
 *   system creates (a bulk batch's, named after its minute and size) may repeat a name.
 */
export class Library1764115200000 implements MigrationInterface {
  name = 'Library1764115200000';

  public async up(q: QueryRunner): Promise<void> {
    // A trusted extension since PostgreSQL 13: the database owner may create it.
    await q.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm`);

    await q.query(`DROP INDEX IF EXISTS assets_org_name_idx`);
    await q.query(`CREATE INDEX assets_org_name_id_idx ON assets (organization_id, lower(name), id)`);
    await q.query(`CREATE INDEX assets_org_folder_name_id_idx ON assets (organization_id, folder_id, lower(name), id)`);
    await q.query(`CREATE INDEX assets_name_trgm_idx ON assets USING gin (name gin_trgm_ops)`);
    await q.query(`CREATE INDEX assets_prompt_trgm_idx ON assets USING gin (prompt gin_trgm_ops)`);
  }

  public async down(q: QueryRunner): Promise<void> {
    for (const index of ['assets_prompt_trgm_idx', 'assets_name_trgm_idx', 'assets_org_folder_name_id_idx', 'assets_org_name_id_idx']) {
      await q.query(`DROP INDEX IF EXISTS ${index}`);
    }
    await q.query(`CREATE INDEX assets_org_name_idx ON assets (organization_id, lower(name))`);
    // pg_trgm stays: other objects may use it.
  }
}
