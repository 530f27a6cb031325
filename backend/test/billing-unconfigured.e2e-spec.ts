import { OutboxRelay } from '@brandloom/core';
import { CATALOGUE } from '@brandloom/contracts';
import { createTestApp, signUp, TestApp } from './test-app';

// Its own file: one API per Jest module, since passport's session serializers are process-wide.
describe('billing API without Stripe configured', () => {
  let t: TestApp;
  const priceIds = { small: 'price_1SmallPackConfigured', pro_monthly: 'price_1ProMonthlyConfigured' };

  beforeAll(async () => {
    t = await createTestApp({
      REDIS_URL: undefined,
      STRIPE_SECRET_KEY: undefined,
      STRIPE_WEBHOOK_SECRET: undefined,
      STRIPE_PRICE_IDS: JSON.stringify(priceIds),
    });
  });
  // The relay is stopped before close: app.close() can destroy the DataSource while a relay batch is still publishing.
  afterAll(async () => {
    await t?.app.get(OutboxRelay).stop();
    await t?.close();
  });

  it('still lists the products, with the price ids STRIPE_PRICE_IDS configures', async () => {
    const { products } = (await t.http().get('/api/stripe/products').expect(200)).body;
    expect(products).toHaveLength(CATALOGUE.length);
    const byId = Object.fromEntries(products.map((p: { id: string }) => [p.id, p]));
    expect(byId.small).toMatchObject({ stripe_price_id: priceIds.small, purchasable: true });
    expect(byId.pro_monthly.stripe_price_id).toBe(priceIds.pro_monthly);
    expect(byId.medium.stripe_price_id).toBe('price_medium');
  });

  it("answers buying, the portal and webhooks with 503 'Payments are not configured'", async () => {
    const { agent } = await signUp(t);
    const expected = { statusCode: 503, message: 'Payments are not configured', error: 'Service Unavailable', code: 'payments_not_configured' };
    expect((await agent.post('/api/stripe/create-subscription-session').send({ priceId: priceIds.pro_monthly }).expect(503)).body).toEqual(expected);
    expect((await agent.post('/api/stripe/create-checkout-session').send({ priceId: priceIds.small }).expect(503)).body).toEqual(expected);
    expect((await agent.get('/api/stripe/customer-portal').expect(503)).body).toEqual(expected);
    await t.http().post('/api/stripe/webhook').set('stripe-signature', 't=1,v1=x').send({ id: 'evt_1' }).expect(503);
    expect((await agent.get('/api/stripe/billing-details').expect(200)).body).toEqual({ subscription: null, purchases: [], payment_method: null, payments_configured: false });
  });
});
