import {
  BILLING_PATH,
  BillingDetailsResponse,
  BillingSubscriptionDto,
  CHECKOUT_CANCEL_PATH,
  CHECKOUT_SUCCESS_PATH,
  CheckoutSessionResponse,
  isPurchasablePriceId,
  PaymentMethodDto,
  PlanTier,
  ProductType,
  PurchaseDto,
} from '@brandloom/contracts';
import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { AppConfig } from '../infra/config/app-config';
import {
  PaymentProviderError,
  ProductNotFoundError,
  ProductNotPurchasableError,
  SubscriptionExistsError,
  WrongProductTypeError,
} from './billing.errors';
import { ProductCatalogue } from './product-catalogue.service';
import { isStripeNotFound, StripeGateway } from './stripe.gateway';

/** Stripe statuses that keep a plan's features. */
export const ENTITLED_SUBSCRIPTION_STATUSES = ['active', 'trialing', 'past_due'];

/** Advisory-lock namespace: one Stripe customer creation per organization at a time. */
const CUSTOMER_LOCK = 7_117_002;

export interface BillingCaller {
  organizationId: string;
  email: string;
}

const PURCHASES_SHOWN = 50;

/** Checkout, the customer portal and what the billing page shows. */
@Injectable()
export class BillingService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly stripe: StripeGateway,
    private readonly catalogue: ProductCatalogue,
    private readonly config: AppConfig,
  ) {}

  createSubscriptionSession(caller: BillingCaller, priceId: string): Promise<CheckoutSessionResponse> {
    return this.checkout(caller, priceId, 'subscription');
  }

  createCheckoutSession(caller: BillingCaller, priceId: string): Promise<CheckoutSessionResponse> {
    return this.checkout(caller, priceId, 'onetime');
  }

  async customerPortal(caller: BillingCaller): Promise<CheckoutSessionResponse> {
    const customer = await this.ensureCustomer(caller);
    const session = await this.stripe.call((s) =>
      s.billingPortal.sessions.create(
        { customer, return_url: `${this.config.appUrl}${BILLING_PATH}` },
        { idempotencyKey: `portal:${caller.organizationId}:${randomUUID()}` },
      ),
    );
    return { url: session.url };
  }

  async billingDetails(organizationId: string): Promise<BillingDetailsResponse> {
    const [subscriptions, purchases] = await Promise.all([
      this.dataSource.query(
        `SELECT s.status, s.current_period_end, s.cancel_at_period_end, s.product_id, p.name, p.price, p.billing_period, p.plan_tier
           FROM subscriptions s LEFT JOIN products p ON p.id = s.product_id
          WHERE s.organization_id = $1 AND s.status = ANY($2)
          ORDER BY s.stripe_created DESC, s.id DESC LIMIT 1`,
        [organizationId, ENTITLED_SUBSCRIPTION_STATUSES],
      ) as Promise<SubscriptionRow[]>,
      this.dataSource.query(
        `SELECT pu.id, pu.product_id, p.name, pu.credits, pu.amount_total, pu.currency, pu.status, pu.created_at
           FROM purchases pu LEFT JOIN products p ON p.id = pu.product_id
          WHERE pu.organization_id = $1
          ORDER BY pu.created_at DESC LIMIT $2`,
        [organizationId, PURCHASES_SHOWN],
      ) as Promise<PurchaseRow[]>,
    ]);
    return {
      subscription: subscriptions[0] ? toSubscriptionDto(subscriptions[0]) : null,
      purchases: purchases.map(toPurchaseDto),
      payment_method: await this.paymentMethod(organizationId),
      payments_configured: this.stripe.configured,
    };
  }

  /** The Stripe customer's default card; null without a customer, a card or a reachable Stripe (the page still shows the rest). */
  private async paymentMethod(organizationId: string): Promise<PaymentMethodDto | null> {
    if (!this.stripe.configured) return null;
    const customerId = await this.customerIdOf(organizationId);
    if (!customerId) return null;
    try {
      const customer = await this.stripe.call((s) => s.customers.retrieve(customerId, { expand: ['invoice_settings.default_payment_method'] }));
      if (customer.deleted) return null;
      const method = customer.invoice_settings?.default_payment_method;
      const card = method && typeof method === 'object' ? method.card : null;
      return card ? { brand: card.brand, last4: card.last4, exp_month: card.exp_month ?? null, exp_year: card.exp_year ?? null } : null;
    } catch (error) {
      if (error instanceof PaymentProviderError) return null;
      throw error;
    }
  }

  /**
   * Cancels the organization's live Stripe subscriptions at once (the organization is being
   * deleted). A subscription Stripe no longer knows counts as cancelled.
   */
  async cancelSubscriptions(organizationId: string): Promise<string[]> {
    const rows: { id: string }[] = await this.dataSource.query(
      `SELECT id FROM subscriptions WHERE organization_id = $1 AND status NOT IN ('canceled', 'incomplete_expired')`,
      [organizationId],
    );
    if (rows.length === 0) return [];
    for (const { id } of rows) {
      try {
        await this.stripe.call((s) => s.subscriptions.cancel(id, {}, { idempotencyKey: `cancel:${id}` }));
      } catch (error) {
        if (!isStripeNotFound(error)) throw error;
      }
      await this.dataSource.query(`UPDATE subscriptions SET status = 'canceled', updated_at = now() WHERE id = $1`, [id]);
    }
    return rows.map((r) => r.id);
  }

  private async checkout(caller: BillingCaller, priceId: string, kind: ProductType): Promise<CheckoutSessionResponse> {
    if (!isPurchasablePriceId(priceId)) throw new ProductNotPurchasableError(kind);
    const product = await this.catalogue.findByPriceId(priceId);
    if (!product) throw new ProductNotFoundError(kind);
    if (product.product_type !== kind) throw new WrongProductTypeError(kind);
    this.stripe.assertConfigured();
    if (kind === 'subscription' && (await this.hasEntitledSubscription(caller.organizationId))) throw new SubscriptionExistsError();

    const customer = await this.ensureCustomer(caller);
    const metadata = { organization_id: caller.organizationId, product_id: product.id };
    const session = await this.stripe.call((s) =>
      s.checkout.sessions.create(
        {
          mode: kind === 'subscription' ? 'subscription' : 'payment',
          customer,
          client_reference_id: caller.organizationId,
          line_items: [{ price: product.stripe_price_id, quantity: 1 }],
          success_url: `${this.config.appUrl}${CHECKOUT_SUCCESS_PATH}`,
          cancel_url: `${this.config.appUrl}${CHECKOUT_CANCEL_PATH}`,
          metadata,
          ...(kind === 'subscription' ? { subscription_data: { metadata } } : { payment_intent_data: { metadata } }),
        },
        // A fresh key per click: the SDK's own retries of this request reuse it.
        { idempotencyKey: `checkout:${caller.organizationId}:${randomUUID()}` },
      ),
    );
    if (!session.url) throw new PaymentProviderError(new Error('Checkout Session without url'));
    return { url: session.url };
  }

  /** The organization's Stripe customer, created once even when several requests race. */
  private async ensureCustomer(caller: BillingCaller): Promise<string> {
    const known = await this.customerIdOf(caller.organizationId);
    if (known) return known;
    return this.dataSource.transaction(async (m) => {
      await m.query(`SELECT pg_advisory_xact_lock($1, hashtext($2))`, [CUSTOMER_LOCK, caller.organizationId]);
      const [organization]: Array<{ name: string; stripe_customer_id: string | null }> = await m.query(
        `SELECT name, stripe_customer_id FROM organizations WHERE id = $1`,
        [caller.organizationId],
      );
      if (organization.stripe_customer_id) return organization.stripe_customer_id;
      // The key makes a retry after a crash between Stripe's answer and our commit return the same customer.
      const customer = await this.stripe.call((s) =>
        s.customers.create(
          { name: organization.name, email: caller.email, metadata: { organization_id: caller.organizationId } },
          { idempotencyKey: `customer:${caller.organizationId}` },
        ),
      );
      await m.query(`UPDATE organizations SET stripe_customer_id = $2, updated_at = now() WHERE id = $1`, [caller.organizationId, customer.id]);
      return customer.id;
    });
  }

  private async customerIdOf(organizationId: string): Promise<string | null> {
    const rows: Array<{ stripe_customer_id: string | null }> = await this.dataSource.query(
      `SELECT stripe_customer_id FROM organizations WHERE id = $1`,
      [organizationId],
    );
    return rows[0]?.stripe_customer_id ?? null;
  }

  private async hasEntitledSubscription(organizationId: string): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(
      `SELECT 1 FROM subscriptions WHERE organization_id = $1 AND status = ANY($2) LIMIT 1`,
      [organizationId, ENTITLED_SUBSCRIPTION_STATUSES],
    );
    return rows.length > 0;
  }
}

interface SubscriptionRow {
  status: string;
  current_period_end: Date | null;
  cancel_at_period_end: boolean;
  product_id: string | null;
  name: string | null;
  price: number | null;
  billing_period: 'monthly' | 'annual' | null;
  plan_tier: PlanTier | null;
}

interface PurchaseRow {
  id: string;
  product_id: string | null;
  name: string | null;
  credits: number;
  amount_total: number | null;
  currency: string | null;
  status: PurchaseDto['status'];
  created_at: Date;
}

const toSubscriptionDto = (row: SubscriptionRow): BillingSubscriptionDto => ({
  productName: row.name ?? 'Subscription',
  productId: row.product_id,
  plan_tier: row.plan_tier,
  price: row.price,
  interval: row.billing_period === 'annual' ? 'year' : row.billing_period === 'monthly' ? 'month' : null,
  status: row.status,
  cancel_at_period_end: row.cancel_at_period_end,
  current_period_end: row.current_period_end ? new Date(row.current_period_end).toISOString() : null,
});

const toPurchaseDto = (row: PurchaseRow): PurchaseDto => ({
  id: row.id,
  product_id: row.product_id,
  product_name: row.name,
  credits: row.credits,
  amount: row.amount_total === null ? null : row.amount_total / 100,
  currency: row.currency,
  status: row.status,
  created_at: new Date(row.created_at).toISOString(),
});
