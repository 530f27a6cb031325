import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * For the hot paths:
 * - credits_shortfall(): raised by a debit statement that wrote its ledger row before taking the
 *   organization's row lock and then found the balance too small (CreditsService.debit), so that
 *   the whole statement is undone. Its own SQLSTATE lets the service tell it from other failures.
 * - audit_log.event_id unique: the audit recorder's insert is idempotent by itself (no transaction
 *   with a processed-event mark around it).
 */
export class HotPaths1764633600000 implements MigrationInterface {
  name = 'HotPaths1764633600000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE FUNCTION credits_shortfall() RETURNS integer LANGUAGE plpgsql VOLATILE AS $$
      BEGIN
        RAISE EXCEPTION 'insufficient credits' USING ERRCODE = 'BL402';
      END
      $$`);
    await q.query(`DELETE FROM audit_log a USING audit_log b WHERE a.event_id = b.event_id AND a.id > b.id`);
    await q.query(`CREATE UNIQUE INDEX audit_log_event_id_key ON audit_log (event_id)`);
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX audit_log_event_id_key`);
    await q.query(`DROP FUNCTION credits_shortfall()`);
  }
}
