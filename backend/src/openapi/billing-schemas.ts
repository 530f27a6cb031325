import {
  BILLING_PERIODS,
  type BillingDetailsResponse,
  type BillingSubscriptionDto,
  type CheckoutSessionResponse,
  PLAN_KEYS,
  PLAN_TIERS,
  type PaymentMethodDto,
  type ProductDto,
  type ProductMetadata,
  type ProductsResponse,
  PRODUCT_TYPES,
  type PurchaseDto,
} from '@brandloom/contracts';
import type { SchemaObject } from '@nestjs/swagger';
import { boolean, componentRef, integer, listOf, nullableText, objectOf, text } from './v1-schemas';

const usd = (extra: SchemaObject = {}): SchemaObject => ({ type: 'number', description: 'USD', ...extra });
const planTier = text({ enum: [...PLAN_TIERS, null], nullable: true });

/** What the product's plans and credit packages are, and what the organization bought. */
export const BILLING_SCHEMAS = {
  Product: objectOf<ProductDto>({
    id: text(),
    key: text({ description: 'The plan or credit package key' }),
    name: text(),
    description: text(),
    price: usd(),
    currency: text({ enum: ['usd'] }),
    credits: integer(),
    product_type: text({ enum: [...PRODUCT_TYPES] }),
    billing_period: text({ enum: [...BILLING_PERIODS, null], nullable: true }),
    plan_tier: planTier,
    stripe_price_id: text(),
    purchasable: boolean({ description: 'Whether its Stripe price is set up (otherwise buying it answers 400)' }),
    features: listOf(text()),
    popular: boolean(),
    limited: boolean(),
    metadata: objectOf<ProductMetadata>(
      { seats: text(), monthly_equivalent: usd({ description: 'Annual plans: about USD per month' }), features: listOf(text()), popular: boolean(), limited: boolean() },
      ['monthly_equivalent', 'features', 'popular', 'limited'],
    ),
  }),
  Products: objectOf<ProductsResponse>({ products: listOf(componentRef('Product')) }),
  SubscriptionPlans: {
    type: 'object',
    required: ['subscriptions'],
    properties: {
      subscriptions: {
        type: 'object',
        description: 'The subscription plans by plan key, each with its monthly and annual product',
        properties: Object.fromEntries(PLAN_KEYS.map((key) => [key, { type: 'object', properties: Object.fromEntries(BILLING_PERIODS.map((period) => [period, componentRef('Product')])) }])),
      },
    },
  },
  BillingDetails: objectOf<BillingDetailsResponse>(
    {
      subscription: {
        ...objectOf<BillingSubscriptionDto>({
          productName: text(),
          productId: nullableText(),
          plan_tier: planTier,
          price: usd({ nullable: true, description: 'USD per interval' }),
          interval: text({ enum: ['month', 'year', null], nullable: true }),
          status: text(),
          cancel_at_period_end: boolean(),
          current_period_end: nullableText({ format: 'date-time' }),
        }),
        nullable: true,
      },
      purchases: listOf(
        objectOf<PurchaseDto>({
          id: text({ description: 'The Stripe Checkout session id' }),
          product_id: nullableText(),
          product_name: nullableText(),
          credits: integer(),
          amount: usd({ nullable: true }),
          currency: nullableText(),
          status: text({ enum: ['pending', 'completed', 'failed'] }),
          created_at: text({ format: 'date-time' }),
        }),
      ),
      payment_method: {
        ...objectOf<PaymentMethodDto>({ brand: text(), last4: text(), exp_month: integer({ nullable: true }), exp_year: integer({ nullable: true }) }),
        nullable: true,
        description: 'The default card of the organization’s Stripe customer; null without one',
      },
      payments_configured: boolean(),
    },
    ['payment_method', 'payments_configured'],
  ),
  CheckoutSession: objectOf<CheckoutSessionResponse>({ url: text({ description: 'Where to send the browser (Stripe Checkout or the customer portal)' }) }),
} satisfies Record<string, SchemaObject>;
