import { OutboxRelay } from '@brandloom/core';
import { BILLING_MESSAGES } from '@brandloom/contracts';
import request from 'supertest';
import { FakeStripe } from '../../libs/core/src/testing/fake-stripe';
import { documentedAnswers, type MatchesDocument } from './openapi-answers';
import { createTestApp, signUp, TestApp } from './test-app';

type Agent = ReturnType<typeof request.agent>;

const APP_URL = 'http://localhost:3000';
const organizationIdOf = async (agent: Agent): Promise<string> => (await agent.get('/api/organization').expect(200)).body.organization.id;

describe('billing API with Stripe (local fake Stripe, real SDK)', () => {
  let t: TestApp;
  let stripe: FakeStripe;
  let matchesDocument: MatchesDocument;

  beforeAll(async () => {
    stripe = await FakeStripe.start();
    t = await createTestApp({ REDIS_URL: undefined, APP_URL, ...stripe.env });
    ({ matchesDocument } = await documentedAnswers(t));
  });
  // The relay is stopped before close: app.close() can destroy the DataSource while a relay batch is still publishing.
  afterAll(async () => {
    await t?.app.get(OutboxRelay).stop();
    await t?.close();
    await stripe?.close();
  });

  describe('catalogue', () => {
    it('lists every plan and credit pack of the catalogue with its default price id', async () => {
      const { products } = (await t.http().get('/api/stripe/products').expect(200)).body;
      expect(products).toHaveLength(13);
      const byId = Object.fromEntries(products.map((p: { id: string }) => [p.id, p]));
      expect(byId.pro_monthly).toMatchObject({
        name: 'Pro',
        price: 98,
        credits: 75,
        product_type: 'subscription',
        billing_period: 'monthly',
        plan_tier: 'Pro',
        stripe_price_id: 'price_pro_monthly',
        purchasable: true,
        popular: true,
        metadata: { seats: 'Unlimited' },
      });
      expect(byId.teamplus_annual).toMatchObject({ name: 'Team+', price: 3999, credits: 9000, stripe_price_id: 'price_teamplus_annual', metadata: { monthly_equivalent: 333 } });
      expect(byId.starter_annual).toMatchObject({ price: 499, credits: 360, metadata: { monthly_equivalent: 42 } });
      expect(byId.agency_monthly.features).toEqual(expect.arrayContaining(['Brand Brain extraction', 'Priority generation', 'Team collaboration']));
      expect(byId.beta_pass).toMatchObject({ price: 349, credits: 1000, limited: true, product_type: 'onetime', billing_period: null, stripe_price_id: 'price_beta_pass' });
      // price_small (11 characters) and price_beta_pass (15) cannot be bought until configured.
      expect(byId.small.purchasable).toBe(false);
      expect(byId.beta_pass.purchasable).toBe(false);
      expect(byId.beta_pass_plus.purchasable).toBe(true);
    });

    it('groups the plans by key with their monthly and annual products', async () => {
      const { subscriptions } = (await t.http().get('/api/stripe/subscriptions').expect(200)).body;
      expect(Object.keys(subscriptions)).toEqual(['starter', 'pro', 'agency', 'teamplus']);
      expect(subscriptions.agency.monthly).toMatchObject({ price: 198, credits: 225 });
      expect(subscriptions.agency.annual).toMatchObject({ price: 1599, credits: 2700 });
    });
  });

  describe('checkout', () => {
    it('creates a subscription Checkout Session with the organization, return URLs and idempotency keys', async () => {
      const { agent, user } = await signUp(t);
      const organizationId = await organizationIdOf(agent);
      const res = await agent.post('/api/stripe/create-subscription-session').send({ priceId: 'price_pro_monthly' }).expect(200);
      matchesDocument('post', '/api/stripe/create-subscription-session', res);
      expect(res.body).toEqual({ url: expect.stringMatching(new RegExp(`^${stripe.url}/c/pay/cs_test_`)) });

      const customerCalls = stripe.requestsTo('POST', '/v1/customers').filter((r) => r.body.metadata?.organization_id === organizationId);
      expect(customerCalls).toHaveLength(1);
      expect(customerCalls[0]).toMatchObject({ idempotencyKey: `customer:${organizationId}`, authorization: `Bearer ${stripe.secretKey}`, body: { email: user.email } });
      const customerId = [...stripe.customers.values()].find((c) => c.metadata.organization_id === organizationId)!.id;

      const sessionCall = stripe.requestsTo('POST', '/v1/checkout/sessions').at(-1)!;
      expect(sessionCall.idempotencyKey).toMatch(new RegExp(`^checkout:${organizationId}:`));
      expect(sessionCall.body).toEqual({
        mode: 'subscription',
        customer: customerId,
        client_reference_id: organizationId,
        line_items: [{ price: 'price_pro_monthly', quantity: '1' }],
        success_url: `${APP_URL}/billing?success=true&session_id={CHECKOUT_SESSION_ID}`,
        cancel_url: `${APP_URL}/billing?canceled=true`,
        metadata: { organization_id: organizationId, product_id: 'pro_monthly' },
        subscription_data: { metadata: { organization_id: organizationId, product_id: 'pro_monthly' } },
      });
      const [{ stripe_customer_id }] = await t.db.dataSource.query(`SELECT stripe_customer_id FROM organizations WHERE id = $1`, [organizationId]);
      expect(stripe_customer_id).toBe(customerId);
    });

    it('creates a one-time Checkout Session for a credit pack, reusing the customer', async () => {
      const { agent } = await signUp(t);
      const organizationId = await organizationIdOf(agent);
      matchesDocument('post', '/api/stripe/create-checkout-session', await agent.post('/api/stripe/create-checkout-session').send({ priceId: 'price_beta_pass_plus' }).expect(200));
      await agent.post('/api/stripe/create-checkout-session').send({ priceId: 'price_beta_pass_plus' }).expect(200);
      const sessions = stripe.requestsTo('POST', '/v1/checkout/sessions').filter((r) => r.body.client_reference_id === organizationId);
      expect(sessions).toHaveLength(2);
      expect(sessions[0].body).toMatchObject({ mode: 'payment', payment_intent_data: { metadata: { product_id: 'beta_pass_plus' } } });
      expect(sessions[0].idempotencyKey).not.toBe(sessions[1].idempotencyKey);
      expect(stripe.requestsTo('POST', '/v1/customers').filter((r) => r.body.metadata?.organization_id === organizationId)).toHaveLength(1);
    });

    it('creates one Stripe customer per organization under concurrent checkouts', async () => {
      const { agent } = await signUp(t);
      const organizationId = await organizationIdOf(agent);
      await Promise.all(Array.from({ length: 8 }, () => agent.post('/api/stripe/create-checkout-session').send({ priceId: 'price_beta_pass_plus' }).expect(200)));
      const customers = [...stripe.customers.values()].filter((c) => c.metadata.organization_id === organizationId);
      expect(customers).toHaveLength(1);
    });

    it.each([
      ['/api/stripe/create-checkout-session', 'price_small', 400, BILLING_MESSAGES.packageNeedsSetup],
      ['/api/stripe/create-checkout-session', 'price_beta_pass', 400, BILLING_MESSAGES.packageNeedsSetup],
      ['/api/stripe/create-checkout-session', 'prod_medium_long_enough', 400, BILLING_MESSAGES.packageNeedsSetup],
      ['/api/stripe/create-subscription-session', 'price_pro', 400, BILLING_MESSAGES.planNeedsSetup],
      ['/api/stripe/create-subscription-session', 'plan_pro_monthly_x', 400, BILLING_MESSAGES.planNeedsSetup],
      ['/api/stripe/create-subscription-session', 'price_unknown_monthly', 404, BILLING_MESSAGES.planNotFound],
      ['/api/stripe/create-checkout-session', 'price_unknown_bundle', 404, BILLING_MESSAGES.packageNotFound],
      ['/api/stripe/create-checkout-session', 'price_pro_monthly', 400, BILLING_MESSAGES.notAPackage],
      ['/api/stripe/create-subscription-session', 'price_beta_pass_plus', 400, BILLING_MESSAGES.notAPlan],
    ])('%s with %s answers %i and calls Stripe for nothing', async (path, priceId, status, message) => {
      const { agent } = await signUp(t);
      const before = stripe.requests.length;
      const res = await agent.post(path).send({ priceId }).expect(status);
      expect(res.body.message).toBe(message);
      expect(stripe.requests.length).toBe(before);
    });

    it('validates the body', async () => {
      const { agent } = await signUp(t);
      expect((await agent.post('/api/stripe/create-checkout-session').send({}).expect(400)).body.message).toContain('priceId is required');
      await agent.post('/api/stripe/create-checkout-session').send({ priceId: 42 }).expect(400);
    });

    it('requires a session', async () => {
      await t.http().post('/api/stripe/create-checkout-session').send({ priceId: 'price_beta_pass_plus' }).expect(401);
      await t.http().get('/api/stripe/customer-portal').expect(401);
      await t.http().get('/api/stripe/billing-details').expect(401);
    });

    it('answers 502 with a message when Stripe fails', async () => {
      const { agent } = await signUp(t);
      stripe.failWith = { status: 500, type: 'api_error', message: 'Stripe is down' };
      try {
        const res = await agent.post('/api/stripe/create-checkout-session').send({ priceId: 'price_beta_pass_plus' }).expect(502);
        expect(res.body.message).toBe(BILLING_MESSAGES.providerError);
      } finally {
        stripe.failWith = null;
      }
      const organizationId = await organizationIdOf(agent);
      const [{ stripe_customer_id }] = await t.db.dataSource.query(`SELECT stripe_customer_id FROM organizations WHERE id = $1`, [organizationId]);
      expect(stripe_customer_id).toBeNull();
    });
  });

  describe('customer portal', () => {
    it('opens a portal session for the organization’s customer that returns to /billing', async () => {
      const { agent } = await signUp(t);
      const organizationId = await organizationIdOf(agent);
      const res = await agent.get('/api/stripe/customer-portal').expect(200);
      matchesDocument('get', '/api/stripe/customer-portal', res);
      expect(res.body).toEqual({ url: expect.stringMatching(new RegExp(`^${stripe.url}/p/session/bps_`)) });
      const call = stripe.requestsTo('POST', '/v1/billing_portal/sessions').at(-1)!;
      expect(call.idempotencyKey).toMatch(new RegExp(`^portal:${organizationId}:`));
      expect(call.body.return_url).toBe(`${APP_URL}/billing`);
      const [{ stripe_customer_id }] = await t.db.dataSource.query(`SELECT stripe_customer_id FROM organizations WHERE id = $1`, [organizationId]);
      expect(call.body.customer).toBe(stripe_customer_id);
    });
  });

  describe('billing details', () => {
    it('has no subscription and no purchases for a new organization', async () => {
      const { agent } = await signUp(t);
      expect((await agent.get('/api/stripe/billing-details').expect(200)).body).toEqual({ subscription: null, purchases: [], payment_method: null, payments_configured: true });
    });

    it("shows the Stripe customer's default card, and null when Stripe cannot be asked", async () => {
      const { agent } = await signUp(t);
      const organizationId = (await agent.get('/api/organization').expect(200)).body.organization.id;
      const customerId = `cus_card_${organizationId.slice(0, 8)}`;
      await t.db.dataSource.query(`UPDATE organizations SET stripe_customer_id = $2 WHERE id = $1`, [organizationId, customerId]);
      expect((await agent.get('/api/stripe/billing-details').expect(200)).body.payment_method).toBeNull();
      stripe.setDefaultCard(customerId, { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2030 });
      const withCard = await agent.get('/api/stripe/billing-details').expect(200);
      expect(withCard.body.payment_method).toEqual({ brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2030 });
      matchesDocument('get', '/api/stripe/billing-details', withCard);
      stripe.failWith = { status: 500, type: 'api_error', message: 'Stripe is down' };
      try {
        const res = await agent.get('/api/stripe/billing-details').expect(200);
        expect(res.body.payment_method).toBeNull();
      } finally {
        stripe.failWith = null;
      }
    });
  });
});
