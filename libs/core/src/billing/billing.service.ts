import {
  BILLING_PATH,
  BillingDetailsResponse,
  BillingSubscriptionDto,
  CHECKOUT_CANCEL_PATH,
  CHECKOUT_SUCCESS_PATH,
  CheckoutSessionResponse,
  isPurchasablePriceId,
  PaymentMethodDto,
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
import { OrganizationsRepository } from '../organizations/organizations.repository';
import { ProductCatalogue } from './product-catalogue.service';
import { PurchasesRepository, type PurchaseWithProductName } from './purchases.repository';
import { isStripeNotFound, StripeGateway } from './stripe.gateway';
import { SubscriptionsRepository, type SubscriptionWithProduct } from './subscriptions.repository';

/** Stripe statuses that keep a plan's features. */
export const ENTITLED_SUBSCRIPTION_STATUSES = ['active', 'trialing', 'past_due'];

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
    private readonly organizations: OrganizationsRepository,
    private readonly subscriptions: SubscriptionsRepository,
    private readonly purchases: PurchasesRepository,
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
    const [subscription, purchases] = await Promise.all([
      this.subscriptions.findNewestWithStatus(organizationId, ENTITLED_SUBSCRIPTION_STATUSES),
      this.purchases.findLatestForOrganization(organizationId, PURCHASES_SHOWN),
    ]);
    return {
      subscription: subscription ? toSubscriptionDto(subscription) : null,
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
    const ids = await this.subscriptions.findLiveIds(organizationId);
    for (const id of ids) {
      try {
        await this.stripe.call((s) => s.subscriptions.cancel(id, {}, { idempotencyKey: `cancel:${id}` }));
      } catch (error) {
        if (!isStripeNotFound(error)) throw error;
      }
      await this.subscriptions.markCanceled(id);
    }
    return ids;
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
      await this.organizations.lockStripeCustomerCreation(caller.organizationId, m);
      const organization = (await this.organizations.findBillingIdentity(caller.organizationId, m))!;
      if (organization.stripe_customer_id) return organization.stripe_customer_id;
      // The key makes a retry after a crash between Stripe's answer and our commit return the same customer.
      const customer = await this.stripe.call((s) =>
        s.customers.create(
          { name: organization.name, email: caller.email, metadata: { organization_id: caller.organizationId } },
          { idempotencyKey: `customer:${caller.organizationId}` },
        ),
      );
      await this.organizations.setStripeCustomer(caller.organizationId, customer.id, m);
      return customer.id;
    });
  }

  private async customerIdOf(organizationId: string): Promise<string | null> {
    return (await this.organizations.findBillingIdentity(organizationId))?.stripe_customer_id ?? null;
  }

  private hasEntitledSubscription(organizationId: string): Promise<boolean> {
    return this.subscriptions.existsWithStatus(organizationId, ENTITLED_SUBSCRIPTION_STATUSES);
  }
}

const toSubscriptionDto = (row: SubscriptionWithProduct): BillingSubscriptionDto => ({
  productName: row.name ?? 'Subscription',
  productId: row.product_id,
  plan_tier: row.plan_tier,
  price: row.price,
  interval: row.billing_period === 'annual' ? 'year' : row.billing_period === 'monthly' ? 'month' : null,
  status: row.status,
  cancel_at_period_end: row.cancel_at_period_end,
  current_period_end: row.current_period_end ? new Date(row.current_period_end).toISOString() : null,
});

const toPurchaseDto = (row: PurchaseWithProductName): PurchaseDto => ({
  id: row.id,
  product_id: row.product_id,
  product_name: row.name,
  credits: row.credits,
  amount: row.amount_total === null ? null : row.amount_total / 100,
  currency: row.currency,
  status: row.status,
  created_at: new Date(row.created_at).toISOString(),
});
