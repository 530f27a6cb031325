import type { PlanTier } from './organizations';

/** The subscription plans. Keys appear in price ids (price_{key}_{monthly|annual}) and product ids. */
export const PLAN_KEYS = ['starter', 'pro', 'agency', 'teamplus'] as const;
export type PlanKey = (typeof PLAN_KEYS)[number];

export const BILLING_PERIODS = ['monthly', 'annual'] as const;
export type BillingPeriod = (typeof BILLING_PERIODS)[number];

export const PRODUCT_TYPES = ['subscription', 'onetime'] as const;
export type ProductType = (typeof PRODUCT_TYPES)[number];

/** Seats are shown from plan metadata and never enforced (docs/decisions.md: unlimited users on every plan). */
export const PLAN_SEATS = 'Unlimited';

export interface PlanDefinition {
  key: PlanKey;
  tier: PlanTier;
  name: string;
  popular: boolean;
  features: string[];
  /** USD per month, credits per month. */
  monthly: { price: number; credits: number };
  /** USD per year, about USD per month, credits per year. */
  annual: { price: number; monthlyEquivalent: number; credits: number };
}

const STARTER_FEATURES = ['Brand Brain extraction', 'AI image generation', 'Asset library management', 'Basic analytics'];
const PRO_FEATURES = [...STARTER_FEATURES, 'Advanced brand control', 'Export to multiple formats', 'Priority generation'];
const AGENCY_FEATURES = [...PRO_FEATURES, 'Multiple brand profiles', 'Team collaboration', 'Advanced analytics'];
const TEAM_PLUS_FEATURES = [...AGENCY_FEATURES, 'Unlimited brand profiles', 'Ad platform integration', 'Priority support'];

export const PLANS: readonly PlanDefinition[] = [
  {
    key: 'starter',
    tier: 'Starter',
    name: 'Starter',
    popular: false,
    features: STARTER_FEATURES,
    monthly: { price: 58, credits: 30 },
    annual: { price: 499, monthlyEquivalent: 42, credits: 360 },
  },
  {
    key: 'pro',
    tier: 'Pro',
    name: 'Pro',
    popular: true,
    features: PRO_FEATURES,
    monthly: { price: 98, credits: 75 },
    annual: { price: 799, monthlyEquivalent: 67, credits: 900 },
  },
  {
    key: 'agency',
    tier: 'Agency',
    name: 'Agency',
    popular: false,
    features: AGENCY_FEATURES,
    monthly: { price: 198, credits: 225 },
    annual: { price: 1599, monthlyEquivalent: 133, credits: 2700 },
  },
  {
    key: 'teamplus',
    tier: 'Team+',
    name: 'Team+',
    popular: false,
    features: TEAM_PLUS_FEATURES,
    monthly: { price: 548, credits: 750 },
    annual: { price: 3999, monthlyEquivalent: 333, credits: 9000 },
  },
];

export const BUNDLE_KEYS = ['small', 'medium', 'large', 'beta_pass', 'beta_pass_plus'] as const;
export type BundleKey = (typeof BUNDLE_KEYS)[number];

export interface BundleDefinition {
  key: BundleKey;
  name: string;
  /** USD, once. */
  price: number;
  credits: number;
  /** Limited-time offer. */
  limited: boolean;
}

/** One-off credit packs; their credits never expire. */
export const CREDIT_BUNDLES: readonly BundleDefinition[] = [
  { key: 'small', name: 'Small', price: 55, credits: 20, limited: false },
  { key: 'medium', name: 'Medium', price: 110, credits: 60, limited: false },
  { key: 'large', name: 'Large', price: 330, credits: 400, limited: false },
  { key: 'beta_pass', name: 'Beta Pass', price: 349, credits: 1000, limited: true },
  { key: 'beta_pass_plus', name: 'Beta Pass Plus', price: 599, credits: 2500, limited: true },
];

export const planProductId = (key: PlanKey, period: BillingPeriod): string => `${key}_${period}`;
export const defaultStripePriceId = (productId: string): string => `price_${productId}`;

export interface ProductMetadata {
  seats: string;
  /** Annual plans: about USD per month. */
  monthly_equivalent?: number;
  features?: string[];
  popular?: boolean;
  limited?: boolean;
}

/** A row of the products table before its Stripe price id is configured. */
export interface CatalogueEntry {
  id: string;
  key: PlanKey | BundleKey;
  name: string;
  description: string;
  product_type: ProductType;
  billing_period: BillingPeriod | null;
  plan_tier: PlanTier | null;
  price: number;
  credits: number;
  metadata: ProductMetadata;
}

/** Every product: monthly plans, annual plans, then bundles, in display order. */
export const CATALOGUE: readonly CatalogueEntry[] = [
  ...BILLING_PERIODS.flatMap((period) =>
    PLANS.map(
      (plan): CatalogueEntry => ({
        id: planProductId(plan.key, period),
        key: plan.key,
        name: plan.name,
        description: period === 'monthly' ? `${plan.monthly.credits} credits per month` : `${plan.annual.credits} credits per year`,
        product_type: 'subscription',
        billing_period: period,
        plan_tier: plan.tier,
        price: period === 'monthly' ? plan.monthly.price : plan.annual.price,
        credits: period === 'monthly' ? plan.monthly.credits : plan.annual.credits,
        metadata: {
          seats: PLAN_SEATS,
          ...(period === 'annual' ? { monthly_equivalent: plan.annual.monthlyEquivalent } : {}),
          features: plan.features,
          popular: plan.popular,
        },
      }),
    ),
  ),
  ...CREDIT_BUNDLES.map(
    (bundle): CatalogueEntry => ({
      id: bundle.key,
      key: bundle.key,
      name: bundle.name,
      description: `${bundle.credits} credits that never expire`,
      product_type: 'onetime',
      billing_period: null,
      plan_tier: null,
      price: bundle.price,
      credits: bundle.credits,
      metadata: { seats: PLAN_SEATS, limited: bundle.limited },
    }),
  ),
];

/** Landing-page pricing card, with the default price ids. */
export interface PricingPlan {
  name: string;
  price: number;
  credits: number;
  features: string[];
  popular: boolean;
  priceId: string;
  monthlyEquivalent?: number;
}

export const MONTHLY_PRICING_PLANS: readonly PricingPlan[] = PLANS.map((p) => ({
  name: p.name,
  price: p.monthly.price,
  credits: p.monthly.credits,
  features: p.features,
  popular: p.popular,
  priceId: defaultStripePriceId(planProductId(p.key, 'monthly')),
}));

export const ANNUAL_PRICING_PLANS: readonly PricingPlan[] = PLANS.map((p) => ({
  name: p.name,
  price: p.annual.price,
  credits: p.annual.credits,
  features: p.features,
  popular: p.popular,
  priceId: defaultStripePriceId(planProductId(p.key, 'annual')),
  monthlyEquivalent: p.annual.monthlyEquivalent,
}));

/** Landing-page credit bundle. */
export interface PricingBundle {
  name: string;
  price: number;
  credits: number;
  priceId: string;
  limited: boolean;
}

export const PRICING_BUNDLES: readonly PricingBundle[] = CREDIT_BUNDLES.map((b) => ({
  name: b.name,
  price: b.price,
  credits: b.credits,
  priceId: defaultStripePriceId(b.key),
  limited: b.limited,
}));

/** Only an id that starts with 'price_' and is longer than 15 characters can be bought. */
export const isPurchasablePriceId = (priceId: string | null | undefined): priceId is string =>
  typeof priceId === 'string' && priceId.startsWith('price_') && priceId.length > 15;

export const BILLING_MESSAGES = {
  planNeedsSetup: 'This plan requires setup in Stripe before it can be purchased.',
  packageNeedsSetup: 'This credit package requires setup in Stripe before it can be purchased.',
  paymentsNotConfigured: 'Payments are not configured',
  // What a member reads when buying cannot work, and what an administrator reads to make it work.
  purchasesUnavailable: 'Buying plans and credits is not available yet. Your welcome credits work meanwhile; please check back later.',
  purchasesUnavailableAdmin: 'To sell plans and credits, set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET (in .env or the environment) and restart Brandloom.',
  priceUnavailable: 'This option cannot be bought yet. Please choose another one or check back later.',
  priceNeedsSetupAdmin: "This option has no Stripe price yet: add its price id to STRIPE_PRICE_IDS (in .env or the environment) and restart Brandloom.",
  planNotFound: 'Plan not found',
  packageNotFound: 'Credit package not found',
  notAPlan: 'This price is a one-time credit package, not a subscription plan.',
  notAPackage: 'This price is a subscription plan, not a one-time credit package.',
  subscriptionExists: 'Your organization already has an active subscription. Use Manage Subscription to change plans.',
  invalidWebhook: 'Invalid webhook signature',
  providerError: 'The payment provider could not complete the request. Please try again.',
  // Client-side messages, shared with the page.
  loadError: 'Error loading billing information',
  noCheckoutUrl: 'No checkout URL returned from server.',
  subscriptionFailed: 'Failed to create subscription.',
  paymentFailed: 'Failed to process payment.',
  portalFailed: 'Failed to access customer portal.',
  paymentSuccessTitle: 'Payment successful!',
  paymentSuccess: 'Your payment was processed successfully.',
  paymentCanceledTitle: 'Payment canceled',
  paymentCanceled: 'Your payment was canceled. No charges were made.',
} as const;

/** Product or plan, as GET /api/stripe/products lists it. */
export interface ProductDto {
  id: string;
  key: string;
  name: string;
  description: string;
  /** USD. */
  price: number;
  currency: 'usd';
  credits: number;
  product_type: ProductType;
  billing_period: BillingPeriod | null;
  plan_tier: PlanTier | null;
  stripe_price_id: string;
  /** Whether stripe_price_id passes the product's rule (otherwise buying answers 400). */
  purchasable: boolean;
  features: string[];
  popular: boolean;
  limited: boolean;
  metadata: ProductMetadata;
}

export interface ProductsResponse {
  products: ProductDto[];
}

/** Plans grouped by plan key, each with its monthly and annual product. */
export interface SubscriptionsResponse {
  subscriptions: Record<string, Partial<Record<BillingPeriod, ProductDto>>>;
}

export interface BillingSubscriptionDto {
  productName: string;
  productId: string | null;
  plan_tier: PlanTier | null;
  /** USD per interval. */
  price: number | null;
  interval: 'month' | 'year' | null;
  status: string;
  cancel_at_period_end: boolean;
  current_period_end: string | null;
}

export interface PurchaseDto {
  id: string;
  product_id: string | null;
  product_name: string | null;
  credits: number;
  /** USD paid, when Stripe reported it. */
  amount: number | null;
  currency: string | null;
  status: 'pending' | 'completed' | 'failed';
  created_at: string;
}

/** The customer's default card as Stripe reports it (Settings' Billing tab). */
export interface PaymentMethodDto {
  brand: string;
  last4: string;
  exp_month: number | null;
  exp_year: number | null;
}

export interface BillingDetailsResponse {
  subscription: BillingSubscriptionDto | null;
  purchases: PurchaseDto[];
  /** The default card of the organization's Stripe customer; null without one (or when Stripe cannot be asked). */
  payment_method?: PaymentMethodDto | null;
  /** Whether Stripe is configured: without it nothing can be bought, and the screens do not offer it. */
  payments_configured?: boolean;
}

export interface CheckoutSessionResponse {
  url: string;
}

export interface CheckoutRequest {
  priceId: string;
}

/** Where Stripe Checkout returns to (relative to the app's origin). */
export const CHECKOUT_SUCCESS_PATH = '/billing?success=true&session_id={CHECKOUT_SESSION_ID}';
export const CHECKOUT_CANCEL_PATH = '/billing?canceled=true';
export const BILLING_PATH = '/billing';
