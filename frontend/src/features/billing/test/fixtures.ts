import {
  CATALOGUE,
  defaultStripePriceId,
  type BillingDetailsResponse,
  type CreditTransactionDto,
  type PlanTier,
  type ProductDto,
} from '@brandloom/contracts';
import { makeOrganization, makeUser, type Reply } from '../../../test/utils';

/**
 * Price ids as an operator configures them for the credit packs. The catalogue defaults
 * (price_small, price_large, price_beta_pass, ...) are 15 characters or fewer, so the price-id rule's
 * rule refuses them until real Stripe price ids are set.
 */
export const CONFIGURED_BUNDLE_PRICE_IDS: Record<string, string> = {
  small: 'price_1SmallPack000001',
  medium: 'price_1MediumPack00001',
  large: 'price_1LargePack000001',
  beta_pass: 'price_1BetaPass0000001',
  beta_pass_plus: 'price_1BetaPassPlus001',
};

/** The products GET /api/stripe/products lists: the catalogue with its default price ids, or the given ones. */
export function makeProducts(priceIds: Record<string, string> = {}): ProductDto[] {
  return CATALOGUE.map((entry) => {
    const stripePriceId = priceIds[entry.id] ?? defaultStripePriceId(entry.id);
    return {
      ...entry,
      currency: 'usd',
      stripe_price_id: stripePriceId,
      purchasable: stripePriceId.startsWith('price_') && stripePriceId.length > 15,
      features: entry.metadata.features ?? [],
      popular: entry.metadata.popular ?? false,
      limited: entry.metadata.limited ?? false,
    };
  });
}

let nextId = 0;
export function makeTransaction(overrides: Partial<CreditTransactionDto> = {}): CreditTransactionDto {
  const type = overrides.type ?? overrides.transaction_type ?? 'usage';
  return {
    id: `tx-${++nextId}`,
    created_at: '2026-03-05T12:00:00.000Z',
    type,
    transaction_type: type,
    description: 'Image generation',
    brand_name: null,
    amount: -2,
    status: 'completed',
    ...overrides,
  };
}

export const noSubscription: BillingDetailsResponse = { subscription: null, purchases: [] };

export function organizationWithTier(planTier: PlanTier) {
  const response = makeOrganization();
  return { ...response, organization: { ...response.organization, plan_tier: planTier } };
}

export interface BillingReply extends Reply {
  headers?: Record<string, string>;
  /** A raw (non-JSON) body, such as a CSV file. */
  text?: string;
}

export type BillingHandler = BillingReply | ((init: RequestInit | undefined) => BillingReply | Promise<BillingReply>);

export const transactionsPath = (type: string, cursor?: string) =>
  `GET /api/credits/transactions?limit=20&type=${type}${cursor ? `&cursor=${cursor}` : ''}`;

/** Every call the billing page makes for a signed-in member on the Starter plan with no purchases. */
export function billingHandlers(overrides: Record<string, BillingHandler> = {}): Record<string, BillingHandler> {
  return {
    'GET /api/auth/user': { body: makeUser() },
    'GET /api/organization': { body: makeOrganization() },
    'GET /api/credits/balance': { body: { credits: 25 } },
    'GET /api/stripe/products': { body: { products: makeProducts() } },
    'GET /api/stripe/billing-details': { body: noSubscription },
    [transactionsPath('all')]: { body: [] },
    ...overrides,
  };
}

/**
 * Stubs `fetch` like `mockApi` (replies keyed by `METHOD /path?query`, 599 for anything else),
 * with response headers and raw text bodies as well.
 */
export function mockBillingApi(handlers: Record<string, BillingHandler>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const key = `${init?.method ?? 'GET'} ${String(input)}`;
    const handler = handlers[key];
    const reply: BillingReply = handler
      ? await (typeof handler === 'function' ? handler(init) : handler)
      : { status: 599, body: { message: `Unexpected request ${key}` } };
    const { status = 200, body, headers = {}, text } = reply;
    const payload = text ?? (body === undefined ? null : JSON.stringify(body));
    return new Response(payload, { status, headers: { 'Content-Type': 'application/json', ...headers } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** How many times `fetch` was called for `url`. */
export function callsTo(fetchMock: ReturnType<typeof mockBillingApi>, url: string, method = 'GET'): number {
  return fetchMock.mock.calls.filter(([input, init]) => String(input) === url && (init?.method ?? 'GET') === method).length;
}
