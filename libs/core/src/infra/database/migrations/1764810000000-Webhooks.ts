import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Organizations' webhook endpoints (URL, events, the signing secret encrypted at rest) and one row
 * per delivery attempt of an event to an endpoint (its answer code, duration and error), which the
 * delivery log shows and from which a delivery is re-sent.
 */
export class Webhooks1764810000000 implements MigrationInterface {
  name = 'Webhooks1764810000000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE webhook_endpoints (
        id uuid PRIMARY KEY,
        organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
        url text NOT NULL,
        events text[] NOT NULL,
        secret_sealed text NOT NULL,
        enabled boolean NOT NULL DEFAULT true,
        consecutive_failures integer NOT NULL DEFAULT 0,
        disabled_reason text,
        disabled_at timestamptz,
        created_by uuid REFERENCES users(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX webhook_endpoints_organization_idx ON webhook_endpoints (organization_id, created_at)`);
    await q.query(`
      CREATE TABLE webhook_deliveries (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        endpoint_id uuid NOT NULL REFERENCES webhook_endpoints(id) ON DELETE CASCADE,
        organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
        event_id uuid NOT NULL,
        type varchar(64) NOT NULL,
        body text NOT NULL,
        attempt integer NOT NULL CHECK (attempt >= 1),
        manual boolean NOT NULL DEFAULT false,
        status varchar(16) NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sending', 'succeeded', 'failed', 'skipped')),
        status_code integer,
        duration_ms integer,
        error text,
        scheduled_at timestamptz NOT NULL DEFAULT now(),
        attempted_at timestamptz,
        next_attempt_at timestamptz,
        delivered_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    // One automatic attempt per number: a replayed event or a retried job inserts nothing twice.
    // Re-sends asked for by a person stand apart.
    await q.query(`CREATE UNIQUE INDEX webhook_deliveries_attempt_key ON webhook_deliveries (endpoint_id, event_id, attempt) WHERE NOT manual`);
    await q.query(`CREATE INDEX webhook_deliveries_endpoint_idx ON webhook_deliveries (endpoint_id, created_at DESC)`);
    await q.query(`CREATE INDEX webhook_deliveries_due_idx ON webhook_deliveries (scheduled_at) WHERE status IN ('pending', 'sending')`);
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE webhook_deliveries`);
    await q.query(`DROP TABLE webhook_endpoints`);
  }
}
