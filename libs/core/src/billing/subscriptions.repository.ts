import type { BillingPeriod, PlanTier } from '@brandloom/contracts';
import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { StripeSubscription } from './entities/subscription.entity';

/** Advisory-lock namespace: subscription changes of one organization apply one at a time. */
const PLAN_LOCK = 7_117_003;

/** A subscription with its product's name, price, period and tier (null when the price is not in the catalogue). */
export type SubscriptionWithProduct = Pick<StripeSubscription, 'status' | 'current_period_end' | 'cancel_at_period_end' | 'product_id'> & {
  name: string | null;
  price: number | null;
  billing_period: BillingPeriod | null;
  plan_tier: PlanTier | null;
};

/** A subscription as read from Stripe; the times are Unix seconds, as Stripe gives them. */
export interface SubscriptionRead {
  id: string;
  organizationId: string;
  stripeCustomerId: string | null;
  status: string;
  stripePriceId: string | null;
  productId: string | null;
  currentPeriodStart: number | null;
  currentPeriodEnd: number | null;
  cancelAtPeriodEnd: boolean;
  created: number;
  /** When it was read from Stripe: an earlier read never overwrites a later one. */
  syncedAt: Date;
}

@Injectable()
export class SubscriptionsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** The organization's newest subscription with one of `statuses`, null when it has none. */
  async findNewestWithStatus(organizationId: string, statuses: readonly string[]): Promise<SubscriptionWithProduct | null> {
    const rows: SubscriptionWithProduct[] = await this.dataSource.query(
      `SELECT s.status, s.current_period_end, s.cancel_at_period_end, s.product_id, p.name, p.price, p.billing_period, p.plan_tier
         FROM subscriptions s LEFT JOIN products p ON p.id = s.product_id
        WHERE s.organization_id = $1 AND s.status = ANY($2)
        ORDER BY s.stripe_created DESC, s.id DESC LIMIT 1`,
      [organizationId, statuses],
    );
    return rows[0] ?? null;
  }

  async existsWithStatus(organizationId: string, statuses: readonly string[]): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(`SELECT 1 FROM subscriptions WHERE organization_id = $1 AND status = ANY($2) LIMIT 1`, [
      organizationId,
      statuses,
    ]);
    return rows.length > 0;
  }

  /** The ids of the organization's subscriptions that have not ended. */
  async findLiveIds(organizationId: string): Promise<string[]> {
    const rows: Array<{ id: string }> = await this.dataSource.query(
      `SELECT id FROM subscriptions WHERE organization_id = $1 AND status NOT IN ('canceled', 'incomplete_expired')`,
      [organizationId],
    );
    return rows.map((row) => row.id);
  }

  async markCanceled(id: string): Promise<void> {
    await this.dataSource.query(`UPDATE subscriptions SET status = 'canceled', updated_at = now() WHERE id = $1`, [id]);
  }

  /** Serializes the organization's subscription changes until the transaction of `manager` ends. */
  async lockForOrganization(organizationId: string, manager: EntityManager): Promise<void> {
    await manager.query(`SELECT pg_advisory_xact_lock($1, hashtext($2))`, [PLAN_LOCK, organizationId]);
  }

  /** Stores a read of the subscription unless a later read is stored already. */
  async upsertUnlessStale(read: SubscriptionRead, manager: EntityManager = this.dataSource.manager): Promise<void> {
    await manager.query(
      `INSERT INTO subscriptions (id, organization_id, stripe_customer_id, status, stripe_price_id, product_id,
                                  current_period_start, current_period_end, cancel_at_period_end, stripe_created, synced_at)
       VALUES ($1, $2, $3, $4, $5, $6, to_timestamp($7), to_timestamp($8), $9, to_timestamp($10), $11)
       ON CONFLICT (id) DO UPDATE SET
         organization_id = EXCLUDED.organization_id, stripe_customer_id = EXCLUDED.stripe_customer_id, status = EXCLUDED.status,
         stripe_price_id = EXCLUDED.stripe_price_id, product_id = EXCLUDED.product_id,
         current_period_start = EXCLUDED.current_period_start, current_period_end = EXCLUDED.current_period_end,
         cancel_at_period_end = EXCLUDED.cancel_at_period_end, synced_at = EXCLUDED.synced_at, updated_at = now()
       WHERE subscriptions.synced_at <= EXCLUDED.synced_at`,
      [
        read.id,
        read.organizationId,
        read.stripeCustomerId,
        read.status,
        read.stripePriceId,
        read.productId,
        read.currentPeriodStart,
        read.currentPeriodEnd,
        read.cancelAtPeriodEnd,
        read.created,
        read.syncedAt,
      ],
    );
  }
}
