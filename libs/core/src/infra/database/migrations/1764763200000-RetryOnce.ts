import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A failed generation is run again once: retried_as names the generation that retried it, set in
 * the transaction that creates that one. Unique, so one retry never answers for two originals, and
 * indexed both ways for Operations, which links an original to its retry and back.
 */
export class RetryOnce1764763200000 implements MigrationInterface {
  name = 'RetryOnce1764763200000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE generations ADD COLUMN retried_as uuid REFERENCES generations(id) ON DELETE SET NULL`);
    await q.query(`CREATE UNIQUE INDEX generations_retried_as_key ON generations (retried_as) WHERE retried_as IS NOT NULL`);
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX generations_retried_as_key`);
    await q.query(`ALTER TABLE generations DROP COLUMN retried_as`);
  }
}
