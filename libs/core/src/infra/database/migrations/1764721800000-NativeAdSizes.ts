import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A generation is drawn in one of the three standard sizes or in an ad placement's own size
 * (IMAGE_SIZES in libs/contracts): the size CHECK lists all seven.
 */
export class NativeAdSizes1764721800000 implements MigrationInterface {
  name = 'NativeAdSizes1764721800000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE generations DROP CONSTRAINT IF EXISTS generations_size_check`);
    await q.query(
      `ALTER TABLE generations ADD CONSTRAINT generations_size_check CHECK (size IN ('1024x1024', '1536x1024', '1024x1536', '1088x1088', '1088x1360', '1152x2048', '1376x720'))`,
    );
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE generations DROP CONSTRAINT IF EXISTS generations_size_check`);
    await q.query(`ALTER TABLE generations ADD CONSTRAINT generations_size_check CHECK (size IN ('1024x1024', '1536x1024', '1024x1536'))`);
  }
}
