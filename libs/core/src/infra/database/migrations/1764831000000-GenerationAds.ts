import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The Studio's "Also make ads": the placements, layout and copy a generation's pictures are also
 * set as ads with once they are stored (null: none asked for).
 */
export class GenerationAds1764831000000 implements MigrationInterface {
  name = 'GenerationAds1764831000000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE generations ADD COLUMN ad_request jsonb`);
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE generations DROP COLUMN ad_request`);
  }
}
