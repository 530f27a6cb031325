import { isUuid } from '@brandloom/contracts';
import { Injectable, Logger } from '@nestjs/common';
import type Stripe from 'stripe';
import { DataSource, EntityManager } from 'typeorm';
import { CreditBalanceLimitError, CreditGrantTooLargeError } from '../credits/credits.errors';
import { CreditsService, type CreditsResult, type GrantCredits } from '../credits/credits.service';
import { BILLING_EVENTS } from './billing.events';
import { OutboxService } from '../infra/outbox/outbox.service';
import { ENTITLED_SUBSCRIPTION_STATUSES } from './billing.service';
import { Product } from './entities/product.entity';
import { ProductCatalogue } from './product-catalogue.service';
import { isStripeNotFound, StripeGateway } from './stripe.gateway';

const HANDLED_EVENTS = new Set([
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'invoice.paid',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
]);

/** Advisory-lock namespace: subscription changes of one organization apply one at a time. */
const PLAN_LOCK = 7_117_003;


/** A subscription as read from Stripe, and when: a later read wins over an earlier one. */
interface SubscriptionSnapshot {
  subscription: Stripe.Subscription;
  syncedAt: Date;
}

type Outcome = 'completed' | 'pending' | 'failed';

/**
 * Applies Stripe webhook events. Each event id is recorded in the transaction of its effects, so
 * redeliveries change nothing. Subscriptions are re-read from Stripe rather than taken from the
 * event, and credits are keyed by invoice or Checkout Session, so events in any order reach the
 * same final state.
 */
@Injectable()
export class StripeWebhookService {
  private readonly logger = new Logger(StripeWebhookService.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly stripe: StripeGateway,
    private readonly catalogue: ProductCatalogue,
    private readonly credits: CreditsService,
    private readonly outbox: OutboxService,
  ) {}

  async handle(rawBody: Buffer | undefined, signature: string | undefined): Promise<{ received: true }> {
    const event = this.stripe.constructEvent(rawBody, signature);
    if (!HANDLED_EVENTS.has(event.type) || (await this.alreadyProcessed(event.id))) return { received: true };
    const snapshot = await this.readSubscription(event);
    await this.dataSource.transaction(async (m) => {
      const recorded: unknown[] = await m.query(
        `INSERT INTO stripe_events (id, type, stripe_created) VALUES ($1, $2, to_timestamp($3)) ON CONFLICT DO NOTHING RETURNING id`,
        [event.id, event.type, event.created],
      );
      if (recorded.length === 0) return; // a concurrent delivery of the same event won
      await this.apply(m, event, snapshot);
    });
    return { received: true };
  }

  private async apply(m: EntityManager, event: Stripe.Event, snapshot: SubscriptionSnapshot | null): Promise<void> {
    switch (event.type) {
      case 'checkout.session.completed': {
        const session = event.data.object;
        const paid = session.payment_status === 'paid' || session.payment_status === 'no_payment_required';
        return this.onCheckoutSession(m, session, paid ? 'completed' : 'pending', snapshot);
      }
      case 'checkout.session.async_payment_succeeded':
        return this.onCheckoutSession(m, event.data.object, 'completed', snapshot);
      case 'checkout.session.async_payment_failed':
        return this.onCheckoutSession(m, event.data.object, 'failed', snapshot);
      case 'invoice.paid':
        return this.onInvoicePaid(m, event.data.object, snapshot);
      default:
        if (snapshot) await this.syncSubscription(m, snapshot);
    }
  }

  /** Bundle: purchase credits. Subscription: plan tier and the first invoice's credits. */
  private async onCheckoutSession(m: EntityManager, session: Stripe.Checkout.Session, outcome: Outcome, snapshot: SubscriptionSnapshot | null) {
    const organizationId =
      asUuid(session.client_reference_id) ?? asUuid(session.metadata?.organization_id) ?? (await this.organizationOfCustomer(m, idOf(session.customer)));
    if (!organizationId || !(await this.organizationExists(m, organizationId))) {
      return this.logger.warn(`checkout session ${session.id}: no organization to credit`);
    }
    const productId = session.metadata?.product_id;

    if (session.mode === 'payment') {
      const product = productId ? await this.catalogue.findById(productId, m) : null;
      if (!product || product.product_type !== 'onetime') return this.logger.warn(`checkout session ${session.id}: unknown credit pack '${productId}'`);
      await m.query(
        `INSERT INTO purchases (id, organization_id, product_id, credits, amount_total, currency, status) VALUES ($1, $2, $3, $4, $5, $6, $7)
         ON CONFLICT (id) DO UPDATE SET status = EXCLUDED.status, amount_total = COALESCE(EXCLUDED.amount_total, purchases.amount_total), updated_at = now()
         WHERE purchases.status = 'pending' AND EXCLUDED.status <> 'pending'`,
        [session.id, organizationId, product.id, product.credits, session.amount_total ?? null, session.currency ?? null, outcome],
      );
      await this.grantOrHold(
        m,
        {
          organizationId,
          amount: product.credits,
          type: 'purchase',
          description: `${product.name} credit pack: ${product.credits} credits`,
          idempotencyKey: `stripe:session:${session.id}`,
          status: outcome,
          reference: { type: 'stripe_checkout_session', id: session.id },
        },
      );
      return;
    }

    if (session.mode !== 'subscription') return;
    const synced = snapshot ? await this.syncSubscription(m, snapshot, organizationId) : null;
    const product = synced?.product ?? (productId ? await this.catalogue.findById(productId, m) : null);
    if (!product || product.product_type !== 'subscription') return this.logger.warn(`checkout session ${session.id}: unknown plan '${productId}'`);
    // Keyed by the first invoice, so invoice.paid for that invoice grants nothing more.
    const invoiceId = idOf(session.invoice);
    await this.grantOrHold(m, {
      organizationId,
      amount: product.credits,
      type: 'purchase',
      description: planDescription(product, false),
      idempotencyKey: invoiceId ? `stripe:invoice:${invoiceId}` : `stripe:session:${session.id}`,
      status: outcome,
      reference: invoiceId ? { type: 'stripe_invoice', id: invoiceId } : { type: 'stripe_checkout_session', id: session.id },
    });
  }

  /** A subscription's first or renewal invoice: that period's credits, once per invoice. */
  private async onInvoicePaid(m: EntityManager, invoice: Stripe.Invoice, snapshot: SubscriptionSnapshot | null): Promise<void> {
    const renewal = invoice.billing_reason === 'subscription_cycle';
    if (!renewal && invoice.billing_reason !== 'subscription_create') return;
    if (!snapshot) return this.logger.warn(`invoice ${invoice.id}: no subscription`);
    const synced = await this.syncSubscription(m, snapshot);
    if (!synced) return;
    const linePrice = invoicePriceId(invoice);
    const product = (linePrice ? await this.catalogue.findByPriceId(linePrice, m) : null) ?? synced.product;
    if (!product) return this.logger.warn(`invoice ${invoice.id}: price '${linePrice}' is not in the catalogue`);
    const result = await this.grantOrHold(m, {
      organizationId: synced.organizationId,
      amount: product.credits,
      type: 'purchase',
      description: planDescription(product, renewal),
      idempotencyKey: `stripe:invoice:${invoice.id}`,
      reference: { type: 'stripe_invoice', id: invoice.id },
    });
    if (renewal && result.applied) {
      await this.outbox.record(
        m,
        BILLING_EVENTS.subscriptionRenewed,
        {
          subscriptionId: snapshot.subscription.id,
          invoiceId: invoice.id,
          productId: product.id,
          credits: product.credits,
          transactionId: result.transaction.id,
          balance: result.balance,
        },
        synced.organizationId,
      );
    }
  }

  /**
   * Paid credits, added unless they are above a business maximum (CREDITS_MAX_GRANT, or a balance
   * past CREDITS_MAX_BALANCE). Then Stripe must not retry forever: the grant is recorded as a
   * pending ledger row (nothing added), a purchase.credits_held event lands in the audit log, the
   * event counts as processed and Stripe gets its 200. An administrator settles it from /admin
   * Credits (status pending). The check runs before any row is written, so nothing is half done.
   */
  private async grantOrHold(m: EntityManager, grant: GrantCredits): Promise<CreditsResult> {
    try {
      return await this.credits.grant(grant, m);
    } catch (error) {
      if (!(error instanceof CreditBalanceLimitError) && !(error instanceof CreditGrantTooLargeError)) throw error;
      this.logger.warn(`${grant.reference?.type} ${grant.reference?.id}: ${grant.amount} paid credits held for an administrator: ${error.message}`);
      const held = await this.credits.grant({ ...grant, status: 'pending' }, m);
      await this.outbox.record(
        m,
        BILLING_EVENTS.purchaseCreditsHeld,
        { transactionId: held.transaction.id, amount: grant.amount, code: error.code, reason: error.message, reference: grant.reference ?? null },
        grant.organizationId,
      );
      return { ...held, applied: false };
    }
  }

  /** Stores the subscription (unless a newer read is stored) and derives the organization's plan from its subscriptions. */
  private async syncSubscription(
    m: EntityManager,
    { subscription, syncedAt }: SubscriptionSnapshot,
    fallbackOrganizationId?: string,
  ): Promise<{ organizationId: string; product: Product | null } | null> {
    const customerId = idOf(subscription.customer);
    const organizationId =
      asUuid(subscription.metadata?.organization_id) ?? (await this.organizationOfCustomer(m, customerId)) ?? fallbackOrganizationId ?? null;
    if (!organizationId || !(await this.organizationExists(m, organizationId))) {
      this.logger.warn(`subscription ${subscription.id}: no organization`);
      return null;
    }
    const item = subscription.items?.data?.[0] as (Stripe.SubscriptionItem & LegacyPeriod) | undefined;
    const legacy = subscription as Stripe.Subscription & LegacyPeriod;
    const priceId = item?.price?.id ?? null;
    const product = priceId ? await this.catalogue.findByPriceId(priceId, m) : null;
    const periodStart = item?.current_period_start ?? legacy.current_period_start ?? null;
    const periodEnd = item?.current_period_end ?? legacy.current_period_end ?? null;

    await m.query(`SELECT pg_advisory_xact_lock($1, hashtext($2))`, [PLAN_LOCK, organizationId]);
    await m.query(
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
        subscription.id,
        organizationId,
        customerId,
        subscription.status,
        priceId,
        product?.id ?? null,
        periodStart,
        periodEnd,
        subscription.cancel_at_period_end ?? false,
        subscription.created,
        syncedAt,
      ],
    );
    await m.query(
      `WITH current AS (
         SELECT s.id, p.plan_tier FROM subscriptions s JOIN products p ON p.id = s.product_id
          WHERE s.organization_id = $1 AND s.status = ANY($2)
          ORDER BY s.stripe_created DESC, s.id DESC LIMIT 1)
       UPDATE organizations
          SET plan_tier = COALESCE((SELECT plan_tier FROM current), 'Starter'),
              stripe_subscription_id = (SELECT id FROM current),
              updated_at = now()
        WHERE id = $1`,
      [organizationId, ENTITLED_SUBSCRIPTION_STATUSES],
    );
    return { organizationId, product };
  }

  /** The current state of the event's subscription, read from Stripe before the transaction opens. */
  private async readSubscription(event: Stripe.Event): Promise<SubscriptionSnapshot | null> {
    let subscriptionId: string | null = null;
    let fromEvent: Stripe.Subscription | null = null;
    if (event.type.startsWith('checkout.session.')) {
      const session = event.data.object as Stripe.Checkout.Session;
      subscriptionId = session.mode === 'subscription' ? idOf(session.subscription) : null;
    } else if (event.type === 'invoice.paid') {
      const invoice = event.data.object as Stripe.Invoice & { subscription?: string | { id: string } | null };
      subscriptionId = idOf(invoice.parent?.subscription_details?.subscription) ?? idOf(invoice.subscription);
    } else if (event.type.startsWith('customer.subscription.')) {
      fromEvent = event.data.object as Stripe.Subscription;
      subscriptionId = fromEvent.id;
    }
    if (!subscriptionId) return null;
    try {
      const subscription = await this.stripe.call((s) => s.subscriptions.retrieve(subscriptionId));
      return { subscription, syncedAt: new Date() };
    } catch (error) {
      // Gone from Stripe: it entitles to nothing any more; the event's copy supplies the rest.
      if (isStripeNotFound(error) && fromEvent) return { subscription: { ...fromEvent, status: 'canceled' }, syncedAt: new Date() };
      if (isStripeNotFound(error)) return null;
      throw error;
    }
  }

  private async alreadyProcessed(eventId: string): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(`SELECT 1 FROM stripe_events WHERE id = $1`, [eventId]);
    return rows.length > 0;
  }

  private async organizationOfCustomer(m: EntityManager, customerId: string | null): Promise<string | null> {
    if (!customerId) return null;
    const rows: Array<{ id: string }> = await m.query(`SELECT id FROM organizations WHERE stripe_customer_id = $1`, [customerId]);
    return rows[0]?.id ?? null;
  }

  private async organizationExists(m: EntityManager, organizationId: string): Promise<boolean> {
    const rows: unknown[] = await m.query(`SELECT 1 FROM organizations WHERE id = $1`, [organizationId]);
    return rows.length > 0;
  }
}

/** Subscription periods before Stripe moved them onto subscription items. */
interface LegacyPeriod {
  current_period_start?: number;
  current_period_end?: number;
}

const idOf = (value: string | { id: string } | null | undefined): string | null => (typeof value === 'string' ? value : (value?.id ?? null));

const asUuid = (value: string | null | undefined): string | null => (value && isUuid(value) ? value : null);

function invoicePriceId(invoice: Stripe.Invoice): string | null {
  for (const line of invoice.lines?.data ?? []) {
    const legacy = line as Stripe.InvoiceLineItem & { price?: { id: string } | null };
    const price = idOf(line.pricing?.price_details?.price) ?? legacy.price?.id ?? null;
    if (price) return price;
  }
  return null;
}

function planDescription(product: Product, renewal: boolean): string {
  return `${product.name} plan${renewal ? ' renewal' : ''} (${product.billing_period}): ${product.credits} credits`;
}
