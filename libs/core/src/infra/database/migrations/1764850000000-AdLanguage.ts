import { MigrationInterface, QueryRunner } from 'typeorm';

/** An ad may be one language's version of its copy (a saved translation); older ads have none. */
export class AdLanguage1764850000000 implements MigrationInterface {
  name = 'AdLanguage1764850000000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE ads ADD COLUMN language varchar(8) NULL CONSTRAINT ads_language_check CHECK (language IN ('en-US', 'es', 'fr', 'de'))`);
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE ads DROP COLUMN language`);
  }
}
