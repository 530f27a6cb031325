import { MigrationInterface, QueryRunner } from 'typeorm';

/** A failed push's stable error code beside its message, so screens can word and translate the failure. */
export class PushErrorCode1764880000000 implements MigrationInterface {
  name = 'PushErrorCode1764880000000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE meta_pushes ADD COLUMN error_code varchar(64) NULL`);
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE meta_pushes DROP COLUMN error_code`);
  }
}
