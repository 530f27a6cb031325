import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The credit ledger's refunds and sign rules, and Stripe billing: the product catalogue (rows are
 * written at boot from libs/contracts by ProductCatalogue), subscriptions mirrored from Stripe,
 * one-time purchases and the webhook events already processed.
 */
export class CreditsBilling1763856000000 implements MigrationInterface {
  name = 'CreditsBilling1763856000000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE credit_ledger ADD COLUMN refund_of uuid REFERENCES credit_ledger(id)`);
    await q.query(`ALTER TABLE credit_ledger ADD CONSTRAINT credit_ledger_refund_of_check CHECK (refund_of IS NULL OR type = 'refund')`);
    await q.query(`ALTER TABLE credit_ledger ADD CONSTRAINT credit_ledger_amount_sign_check CHECK (CASE WHEN type = 'usage' THEN amount < 0 ELSE amount > 0 END)`);
    await q.query(`CREATE INDEX credit_ledger_refund_of_idx ON credit_ledger (refund_of) WHERE refund_of IS NOT NULL`);
    // Keyset paging of one type orders by (created_at, id): the index now carries id too.
    await q.query(`DROP INDEX credit_ledger_org_type_created_idx`);
    await q.query(`CREATE INDEX credit_ledger_org_type_created_idx ON credit_ledger (organization_id, type, created_at DESC, id DESC)`);

    await q.query(`CREATE UNIQUE INDEX organizations_stripe_customer_id_key ON organizations (stripe_customer_id) WHERE stripe_customer_id IS NOT NULL`);

    await q.query(`
      CREATE TABLE products (
        id varchar(50) PRIMARY KEY,
        key varchar(50) NOT NULL,
        name varchar(100) NOT NULL,
        description text NOT NULL,
        product_type varchar(20) NOT NULL CHECK (product_type IN ('subscription', 'onetime')),
        billing_period varchar(20) CHECK (billing_period IN ('monthly', 'annual')),
        plan_tier varchar(20) CHECK (plan_tier IN ('Starter', 'Pro', 'Agency', 'Team+')),
        price integer NOT NULL CHECK (price >= 0),
        credits integer NOT NULL CHECK (credits > 0),
        stripe_price_id varchar(255) NOT NULL UNIQUE,
        metadata jsonb NOT NULL DEFAULT '{}',
        sort_order integer NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CHECK ((product_type = 'subscription') = (billing_period IS NOT NULL AND plan_tier IS NOT NULL))
      )`);

    await q.query(`
      CREATE TABLE subscriptions (
        id varchar(255) PRIMARY KEY,
        organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
        stripe_customer_id varchar(255),
        status varchar(30) NOT NULL,
        stripe_price_id varchar(255),
        product_id varchar(50) REFERENCES products(id),
        current_period_start timestamptz,
        current_period_end timestamptz,
        cancel_at_period_end boolean NOT NULL DEFAULT false,
        stripe_created timestamptz NOT NULL,
        synced_at timestamptz NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX subscriptions_org_created_idx ON subscriptions (organization_id, stripe_created DESC)`);

    await q.query(`
      CREATE TABLE purchases (
        id varchar(255) PRIMARY KEY,
        organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
        product_id varchar(50) REFERENCES products(id),
        credits integer NOT NULL CHECK (credits > 0),
        amount_total integer,
        currency varchar(3),
        status varchar(20) NOT NULL CHECK (status IN ('pending', 'completed', 'failed')),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX purchases_org_created_idx ON purchases (organization_id, created_at DESC)`);

    await q.query(`
      CREATE TABLE stripe_events (
        id varchar(255) PRIMARY KEY,
        type varchar(100) NOT NULL,
        stripe_created timestamptz NOT NULL,
        processed_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  public async down(q: QueryRunner): Promise<void> {
    for (const table of ['stripe_events', 'purchases', 'subscriptions', 'products']) await q.query(`DROP TABLE IF EXISTS ${table}`);
    await q.query(`DROP INDEX IF EXISTS organizations_stripe_customer_id_key`);
    await q.query(`DROP INDEX credit_ledger_org_type_created_idx`);
    await q.query(`CREATE INDEX credit_ledger_org_type_created_idx ON credit_ledger (organization_id, type, created_at DESC)`);
    await q.query(`ALTER TABLE credit_ledger DROP CONSTRAINT credit_ledger_amount_sign_check`);
    await q.query(`ALTER TABLE credit_ledger DROP COLUMN refund_of`);
  }
}
