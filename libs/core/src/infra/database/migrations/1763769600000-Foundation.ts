import { MigrationInterface, QueryRunner } from 'typeorm';

export class Foundation1763769600000 implements MigrationInterface {
  name = 'Foundation1763769600000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE EXTENSION IF NOT EXISTS pgcrypto`);

    await q.query(`
      CREATE TABLE users (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        email varchar(320) NOT NULL,
        username varchar(100) NOT NULL,
        password_hash text,
        google_id varchar(255),
        avatar_url text,
        is_admin boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE UNIQUE INDEX users_email_lower_key ON users (lower(email))`);
    await q.query(`CREATE UNIQUE INDEX users_google_id_key ON users (google_id) WHERE google_id IS NOT NULL`);

    await q.query(`
      CREATE TABLE organizations (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        name varchar(200) NOT NULL,
        plan_tier varchar(20) NOT NULL DEFAULT 'Starter' CHECK (plan_tier IN ('Starter', 'Pro', 'Agency', 'Team+')),
        credits integer NOT NULL DEFAULT 0 CHECK (credits >= 0),
        stripe_customer_id varchar(255),
        stripe_subscription_id varchar(255),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);

    await q.query(`
      CREATE TABLE memberships (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        role varchar(20) NOT NULL CHECK (role IN ('owner', 'admin', 'member')),
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (user_id, organization_id)
      )`);
    await q.query(`CREATE INDEX memberships_organization_id_idx ON memberships (organization_id)`);

    // Schema expected by connect-pg-simple.
    await q.query(`
      CREATE TABLE session (
        sid varchar NOT NULL PRIMARY KEY,
        sess json NOT NULL,
        expire timestamp(6) NOT NULL
      )`);
    await q.query(`CREATE INDEX session_expire_idx ON session (expire)`);

    await q.query(`
      CREATE TABLE credit_ledger (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
        amount integer NOT NULL,
        type varchar(20) NOT NULL CHECK (type IN ('purchase', 'usage', 'refund', 'bonus')),
        description text NOT NULL,
        brand_name varchar(200),
        status varchar(20) NOT NULL DEFAULT 'completed' CHECK (status IN ('completed', 'pending', 'failed')),
        idempotency_key varchar(255),
        reference_type varchar(50),
        reference_id varchar(255),
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (organization_id, idempotency_key)
      )`);
    await q.query(`CREATE INDEX credit_ledger_org_created_idx ON credit_ledger (organization_id, created_at DESC, id DESC)`);
    await q.query(`CREATE INDEX credit_ledger_org_type_created_idx ON credit_ledger (organization_id, type, created_at DESC)`);

    await q.query(`
      CREATE TABLE outbox (
        id bigserial PRIMARY KEY,
        event_id uuid NOT NULL UNIQUE,
        type varchar(100) NOT NULL,
        organization_id uuid,
        payload jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        attempts integer NOT NULL DEFAULT 0,
        next_attempt_at timestamptz NOT NULL DEFAULT now(),
        last_error text,
        published_at timestamptz,
        parked_at timestamptz
      )`);
    await q.query(`CREATE INDEX outbox_pending_idx ON outbox (next_attempt_at, id) WHERE published_at IS NULL AND parked_at IS NULL`);
    await q.query(`CREATE INDEX outbox_published_at_idx ON outbox (published_at) WHERE published_at IS NOT NULL`);

    await q.query(`
      CREATE TABLE processed_events (
        consumer varchar(100) NOT NULL,
        event_id uuid NOT NULL,
        processed_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (consumer, event_id)
      )`);

    await q.query(`
      CREATE TABLE audit_log (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        event_id uuid NOT NULL,
        type varchar(100) NOT NULL,
        organization_id uuid,
        payload jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX audit_log_created_idx ON audit_log (created_at DESC)`);
    await q.query(`CREATE INDEX audit_log_org_created_idx ON audit_log (organization_id, created_at DESC)`);

    // Schema expected by rate-limiter-flexible's RateLimiterPostgres (login throttling).
    await q.query(`
      CREATE TABLE rate_limits (
        key varchar(255) PRIMARY KEY,
        points integer NOT NULL DEFAULT 0,
        expire bigint
      )`);
  }

  public async down(q: QueryRunner): Promise<void> {
    for (const table of ['rate_limits', 'audit_log', 'processed_events', 'outbox', 'credit_ledger', 'session', 'memberships', 'organizations', 'users']) {
      await q.query(`DROP TABLE IF EXISTS ${table}`);
    }
  }
}
