import { MigrationInterface, QueryRunner } from 'typeorm';

/** A push of an ad with translations as one multi-language creative: each language's copy, image and uploaded hash. */
export class PushLanguageVariants1764870000000 implements MigrationInterface {
  name = 'PushLanguageVariants1764870000000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE meta_pushes ADD COLUMN language_variants jsonb NULL`);
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE meta_pushes DROP COLUMN language_variants`);
  }
}
