import { CATALOGUE, isPurchasablePriceId, MONTHLY_PRICING_PLANS, PRICING_BUNDLES } from '@brandloom/contracts';
import { InvalidConfigError, loadConfig } from '../infra/config/app-config';

const base = { DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/x', SESSION_SECRET: 'x'.repeat(32) };

describe('Stripe configuration', () => {
  it('is optional: without a key payments are off', () => {
    const config = loadConfig(base);
    expect(config.stripeConfigured).toBe(false);
    expect(config.stripePriceIds).toEqual({});
    expect(config.STRIPE_API_BASE).toBe('https://api.stripe.com');
  });

  it('requires the webhook secret with the secret key', () => {
    expect(() => loadConfig({ ...base, STRIPE_SECRET_KEY: 'sk_test_1' })).toThrow('STRIPE_WEBHOOK_SECRET must be set when STRIPE_SECRET_KEY is set');
    expect(loadConfig({ ...base, STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_WEBHOOK_SECRET: 'whsec_1' }).stripeConfigured).toBe(true);
  });

  it.each([
    ['not json', 'is not valid JSON'],
    ['["price_1"]', 'must be a JSON object'],
    ['{"gold_monthly":"price_1Gold"}', "names an unknown product 'gold_monthly'"],
    ['{"small":""}', "gives 'small' no price id"],
    ['{"small":"price_1Same","medium":"price_1Same"}', 'gives two products the same price id'],
  ])('names the problem with STRIPE_PRICE_IDS=%s', (value, problem) => {
    expect(() => loadConfig({ ...base, STRIPE_PRICE_IDS: value })).toThrow(InvalidConfigError);
    expect(() => loadConfig({ ...base, STRIPE_PRICE_IDS: value })).toThrow(problem);
  });

  it('reads STRIPE_PRICE_IDS as a map from product id to price id', () => {
    expect(loadConfig({ ...base, STRIPE_PRICE_IDS: '{"small":"price_1SmallPack"}' }).stripePriceIds).toEqual({ small: 'price_1SmallPack' });
  });
});

describe('catalogue and the price-id rule', () => {
  it('only buys ids that start with price_ and are longer than 15 characters', () => {
    expect(isPurchasablePriceId('price_pro_annual')).toBe(true); // 16
    expect(isPurchasablePriceId('price_beta_pass')).toBe(false); // 15
    expect(isPurchasablePriceId('prod_1234567890abcdef')).toBe(false);
    expect(isPurchasablePriceId('')).toBe(false);
    expect(isPurchasablePriceId(null)).toBe(false);
  });

  it('holds the product’s plans and bundles', () => {
    expect(MONTHLY_PRICING_PLANS.map((p) => [p.name, p.price, p.credits, p.priceId])).toEqual([
      ['Starter', 58, 30, 'price_starter_monthly'],
      ['Pro', 98, 75, 'price_pro_monthly'],
      ['Agency', 198, 225, 'price_agency_monthly'],
      ['Team+', 548, 750, 'price_teamplus_monthly'],
    ]);
    expect(PRICING_BUNDLES.map((b) => [b.name, b.price, b.credits, b.priceId, b.limited])).toEqual([
      ['Small', 55, 20, 'price_small', false],
      ['Medium', 110, 60, 'price_medium', false],
      ['Large', 330, 400, 'price_large', false],
      ['Beta Pass', 349, 1000, 'price_beta_pass', true],
      ['Beta Pass Plus', 599, 2500, 'price_beta_pass_plus', true],
    ]);
    const annual = CATALOGUE.filter((p) => p.billing_period === 'annual').map((p) => [p.name, p.price, p.metadata.monthly_equivalent, p.credits]);
    expect(annual).toEqual([
      ['Starter', 499, 42, 360],
      ['Pro', 799, 67, 900],
      ['Agency', 1599, 133, 2700],
      ['Team+', 3999, 333, 9000],
    ]);
  });
});
