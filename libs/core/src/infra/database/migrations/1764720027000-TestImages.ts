import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A test image (drawn by the local renderer) is marked by assets.test_image rather than by a 'TEST'
 * prefix in its name. Existing images get the mark from their generation (derived formats from
 * their original), and a generated name that starts with the old marker loses it.
 */
export class TestImages1764720027000 implements MigrationInterface {
  name = 'TestImages1764720027000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE assets ADD COLUMN test_image boolean NOT NULL DEFAULT false`);
    await q.query(`UPDATE assets a SET test_image = true FROM generations g WHERE g.id = a.generation_id AND g.provider = 'local'`);
    await q.query(`UPDATE assets d SET test_image = true FROM assets p WHERE d.parent_asset_id = p.id AND p.test_image`);
    await q.query(`UPDATE assets SET name = regexp_replace(name, '^TEST\\s+', '') WHERE test_image AND name ~ '^TEST\\s+\\S' AND prompt ~ '^TEST'`);
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE assets DROP COLUMN test_image`);
  }
}
