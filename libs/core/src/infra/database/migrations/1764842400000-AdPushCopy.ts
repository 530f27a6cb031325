import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A push of an ad carries the ad's copy to Meta: the headline, body and call to action it had when
 * pushed, and the link the ad leads to, kept on the push so a retried job sends the same creative.
 */
export class AdPushCopy1764842400000 implements MigrationInterface {
  name = 'AdPushCopy1764842400000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE meta_pushes ADD COLUMN link text, ADD COLUMN headline text, ADD COLUMN body text, ADD COLUMN cta varchar(32)`);
    // A profile's logos, read with every profile answer.
    await q.query(`CREATE INDEX IF NOT EXISTS brand_logos_profile_idx ON brand_logos (brand_profile_id, variant)`);
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX IF EXISTS brand_logos_profile_idx`);
    await q.query(`ALTER TABLE meta_pushes DROP COLUMN link, DROP COLUMN headline, DROP COLUMN body, DROP COLUMN cta`);
  }
}
