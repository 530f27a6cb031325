import { isUuid } from '@brandloom/contracts';
import { Injectable, Logger } from '@nestjs/common';
import type Stripe from 'stripe';
import { DataSource, EntityManager } from 'typeorm';
import { CreditBalanceLimitError, CreditGrantTooLargeError } from '../credits/credits.errors';
import { CreditsService, type CreditsResult, type GrantCredits } from '../credits/credits.service';
import { BILLING_EVENTS } from './billing.events';
import { OutboxService } from '../infra/outbox/outbox.service';
import { OrganizationsRepository } from '../organizations/organizations.repository';
import { ENTITLED_SUBSCRIPTION_STATUSES } from './billing.service';
import { Product } from './entities/product.entity';
import { ProductCatalogue } from './product-catalogue.service';
import { PurchasesRepository } from './purchases.repository';
import { StripeEventsRepository } from './stripe-events.repository';
import { isStripeNotFound, StripeGateway } from './stripe.gateway';
import { SubscriptionsRepository } from './subscriptions.repository';

const HANDLED_EVENTS = new Set([
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'invoice.paid',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
]);

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
    private readonly organizations: OrganizationsRepository,
    private readonly subscriptions: SubscriptionsRepository,
    private readonly purchases: PurchasesRepository,
    private readonly stripeEvents: StripeEventsRepository,
  ) {}

  async handle(rawBody: Buffer | undefined, signature: string | undefined): Promise<{ received: true }> {
    const event = this.stripe.constructEvent(rawBody, signature);
    if (!HANDLED_EVENTS.has(event.type) || (await this.alreadyProcessed(event.id))) return { received: true };
    const snapshot = await this.readSubscription(event);
    await this.dataSource.transaction(async (m) => {
      if (!(await this.stripeEvents.recordUnlessRecorded(event, m))) return; // a concurrent delivery of the same event won
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
      await this.purchases.recordCheckout(
        {
          id: session.id,
          organizationId,
          productId: product.id,
          credits: product.credits,
          amountTotal: session.amount_total ?? null,
          currency: session.currency ?? null,
          status: outcome,
        },
        m,
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

    await this.subscriptions.lockForOrganization(organizationId, m);
    await this.subscriptions.upsertUnlessStale(
      {
        id: subscription.id,
        organizationId,
        stripeCustomerId: customerId,
        status: subscription.status,
        stripePriceId: priceId,
        productId: product?.id ?? null,
        currentPeriodStart: periodStart,
        currentPeriodEnd: periodEnd,
        cancelAtPeriodEnd: subscription.cancel_at_period_end ?? false,
        created: subscription.created,
        syncedAt,
      },
      m,
    );
    await this.organizations.setPlanFromSubscriptions(organizationId, ENTITLED_SUBSCRIPTION_STATUSES, m);
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

  private alreadyProcessed(eventId: string): Promise<boolean> {
    return this.stripeEvents.isRecorded(eventId);
  }

  private async organizationOfCustomer(m: EntityManager, customerId: string | null): Promise<string | null> {
    return customerId ? this.organizations.findIdByStripeCustomer(customerId, m) : null;
  }

  private organizationExists(m: EntityManager, organizationId: string): Promise<boolean> {
    return this.organizations.existsWithId(organizationId, m);
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
