import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The public API: organizations' API keys (only a SHA-256 of each key is stored, with its first
 * characters for display), the Idempotency-Key answers of /api/v1 POSTs (kept 24 hours, swept by
 * maintenance), and the key that spent each debit on the credit ledger.
 */
export class PublicApi1764800000000 implements MigrationInterface {
  name = 'PublicApi1764800000000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE api_keys (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
        created_by uuid REFERENCES users(id) ON DELETE SET NULL,
        name varchar(100) NOT NULL,
        prefix varchar(20) NOT NULL,
        key_hash bytea NOT NULL,
        scopes text[] NOT NULL CHECK (cardinality(scopes) > 0),
        created_at timestamptz NOT NULL DEFAULT now(),
        last_used_at timestamptz,
        revoked_at timestamptz,
        revoked_by uuid REFERENCES users(id) ON DELETE SET NULL
      )`);
    await q.query(`CREATE UNIQUE INDEX api_keys_key_hash_key ON api_keys (key_hash)`);
    await q.query(`CREATE INDEX api_keys_organization_idx ON api_keys (organization_id, created_at DESC) WHERE revoked_at IS NULL`);

    await q.query(`
      CREATE TABLE idempotency_keys (
        organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
        key varchar(255) NOT NULL,
        request_hash bytea NOT NULL,
        response_status smallint,
        response_body jsonb,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        PRIMARY KEY (organization_id, key)
      )`);
    await q.query(`CREATE INDEX idempotency_keys_expires_at_idx ON idempotency_keys (expires_at)`);

    await q.query(`ALTER TABLE credit_ledger ADD COLUMN api_key_id uuid REFERENCES api_keys(id) ON DELETE SET NULL`);
    await q.query(`CREATE INDEX credit_ledger_api_key_id_idx ON credit_ledger (api_key_id) WHERE api_key_id IS NOT NULL`);
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX credit_ledger_api_key_id_idx`);
    await q.query(`ALTER TABLE credit_ledger DROP COLUMN api_key_id`);
    await q.query(`DROP TABLE idempotency_keys`);
    await q.query(`DROP TABLE api_keys`);
  }
}
