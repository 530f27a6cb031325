import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What a pushed ad achieved each day besides clicks: its results (the actions of the kind its ad set
 * optimises for, or its reach or impressions when it optimises for those), which kind that is, and
 * the value of the purchases it brought (for ROAS).
 */
export class AdResultOutcomes1764845000000 implements MigrationInterface {
  name = 'AdResultOutcomes1764845000000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE ad_results ADD COLUMN results numeric(14, 2) NOT NULL DEFAULT 0`);
    await q.query(`ALTER TABLE ad_results ADD COLUMN result_type varchar(64)`);
    await q.query(`ALTER TABLE ad_results ADD COLUMN purchase_value numeric(14, 2) NOT NULL DEFAULT 0`);
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE ad_results DROP COLUMN results, DROP COLUMN result_type, DROP COLUMN purchase_value`);
  }
}
