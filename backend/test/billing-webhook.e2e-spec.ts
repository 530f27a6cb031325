import { CREDITS_MAX_BALANCE } from '@brandloom/contracts';
import { OutboxRelay } from '@brandloom/core';
import request from 'supertest';
import { FakeStripe } from '../../libs/core/src/testing/fake-stripe';
import { documentedAnswers, type MatchesDocument } from './openapi-answers';
import { createTestApp, signUp, TestApp } from './test-app';

type Agent = ReturnType<typeof request.agent>;

describe('Stripe webhooks (signed with the real scheme, subscriptions read from a fake Stripe)', () => {
  let t: TestApp;
  let stripe: FakeStripe;
  let matchesDocument: MatchesDocument;

  beforeAll(async () => {
    stripe = await FakeStripe.start();
    t = await createTestApp({ REDIS_URL: undefined, ...stripe.env });
    ({ matchesDocument } = await documentedAnswers(t));
  });
  // The relay is stopped before close: app.close() can destroy the DataSource while a relay batch is still publishing.
  afterAll(async () => {
    await t?.app.get(OutboxRelay).stop();
    await t?.close();
    await stripe?.close();
  });

  const query = <T = any>(sql: string, params: unknown[] = []): Promise<T[]> => t.db.dataSource.query(sql, params);

  const postWebhook = (payload: string, signature?: string, headers: Record<string, string> = {}) => {
    const req = t.http().post('/api/stripe/webhook').set('content-type', 'application/json').set(headers);
    return (signature ? req.set('stripe-signature', signature) : req).send(payload);
  };

  /** Signs and posts one event; returns the event. */
  async function deliver(type: string, object: Record<string, any>) {
    const { event, payload, signature } = stripe.signedEvent(type, object);
    await postWebhook(payload, signature).expect(200, { received: true });
    return event;
  }

  async function customer(): Promise<{ agent: Agent; organizationId: string }> {
    const { agent } = await signUp(t);
    return { agent, organizationId: (await agent.get('/api/organization').expect(200)).body.organization.id };
  }

  /** Starts a checkout through the API and returns the fake's session id. */
  async function checkout(agent: Agent, path: 'create-checkout-session' | 'create-subscription-session', priceId: string): Promise<string> {
    const { url } = (await agent.post(`/api/stripe/${path}`).send({ priceId }).expect(200)).body;
    return url.split('/').at(-1);
  }

  /** Everything billing can change for an organization, without ids that differ between organizations. */
  async function stateOf(organizationId: string) {
    const [organization] = await query(`SELECT plan_tier, credits, stripe_subscription_id IS NOT NULL AS subscribed FROM organizations WHERE id = $1`, [
      organizationId,
    ]);
    const ledger = await query(
      `SELECT type, amount, status, description FROM credit_ledger WHERE organization_id = $1 ORDER BY description, amount`,
      [organizationId],
    );
    const subscriptions = await query(`SELECT status, product_id, stripe_price_id FROM subscriptions WHERE organization_id = $1`, [organizationId]);
    const [{ sum }] = await query(`SELECT COALESCE(SUM(amount), 0)::int AS sum FROM credit_ledger WHERE organization_id = $1 AND status = 'completed'`, [
      organizationId,
    ]);
    expect(sum).toBe(organization.credits);
    return { organization, ledger, subscriptions };
  }

  const eventCount = async () => (await query(`SELECT count(*)::int AS n FROM stripe_events`))[0].n as number;

  describe('signature', () => {
    it('rejects a wrong signature, a stale timestamp, a tampered body and a missing header with 400, changing nothing', async () => {
      const { agent, organizationId } = await customer();
      const sessionId = await checkout(agent, 'create-checkout-session', 'price_beta_pass_plus');
      const { session } = stripe.completeCheckout(sessionId);
      const { payload } = stripe.signedEvent('checkout.session.completed', session);
      const before = { state: await stateOf(organizationId), events: await eventCount() };

      const wrongSecret = stripe.sign(payload, { secret: 'whsec_not_the_right_one' });
      const stale = stripe.sign(payload, { timestamp: Math.floor(Date.now() / 1000) - 301 });
      const tampered = payload.replace('"paid"', '"paid" ');
      for (const [body, signature] of [
        [payload, wrongSecret],
        [payload, stale],
        [tampered, stripe.sign(payload)],
        [payload, undefined],
        [payload, 't=123,v1=deadbeef'],
      ] as const) {
        const res = await postWebhook(body, signature).expect(400);
        expect(res.body).toEqual({ statusCode: 400, message: expect.stringContaining('Invalid webhook signature'), error: 'Bad Request', code: 'webhook_invalid' });
      }
      expect({ state: await stateOf(organizationId), events: await eventCount() }).toEqual(before);
    });

    it('needs no session and passes the Origin check', async () => {
      const { agent, organizationId } = await customer();
      const { session } = stripe.completeCheckout(await checkout(agent, 'create-checkout-session', 'price_beta_pass_plus'));
      const { payload, signature } = stripe.signedEvent('checkout.session.completed', session);
      await postWebhook(payload, signature, { origin: 'https://hooks.example.net' }).expect(200);
      expect((await stateOf(organizationId)).organization.credits).toBe(25 + 2500);
    });
  });

  describe('credit packs', () => {
    it('grants a paid pack once, even when the same event is posted 20 times at once', async () => {
      const { agent, organizationId } = await customer();
      const sessionId = await checkout(agent, 'create-checkout-session', 'price_beta_pass_plus');
      const { session } = stripe.completeCheckout(sessionId, { amountTotal: 59_900 });
      const { event, payload, signature } = stripe.signedEvent('checkout.session.completed', session);

      const responses = await Promise.all(Array.from({ length: 20 }, () => postWebhook(payload, signature)));
      expect(responses.map((r) => r.status)).toEqual(Array(20).fill(200));

      const state = await stateOf(organizationId);
      expect(state.organization.credits).toBe(25 + 2500);
      expect(state.ledger.filter((row) => row.type === 'purchase')).toEqual([
        { type: 'purchase', amount: 2500, status: 'completed', description: 'Beta Pass Plus credit pack: 2500 credits' },
      ]);
      expect(await query(`SELECT id FROM stripe_events WHERE id = $1`, [event.id])).toHaveLength(1);
      const [{ n }] = await query(`SELECT count(*)::int AS n FROM outbox WHERE organization_id = $1 AND type = 'credits.granted'`, [organizationId]);
      expect(n).toBe(2); // welcome bonus and this purchase

      const answer = await agent.get('/api/stripe/billing-details').expect(200);
      matchesDocument('get', '/api/stripe/billing-details', answer);
      const details = answer.body;
      expect(details).toEqual({
        subscription: null,
        purchases: [
          { id: sessionId, product_id: 'beta_pass_plus', product_name: 'Beta Pass Plus', credits: 2500, amount: 599, currency: 'usd', status: 'completed', created_at: expect.any(String) },
        ],
        payment_method: null,
        payments_configured: true,
      });
    });

    it('waits for an asynchronous payment: pending, then completed', async () => {
      const { agent, organizationId } = await customer();
      const sessionId = await checkout(agent, 'create-checkout-session', 'price_beta_pass_plus');
      const { session } = stripe.completeCheckout(sessionId, { paymentStatus: 'unpaid' });
      await deliver('checkout.session.completed', session);
      let state = await stateOf(organizationId);
      expect(state.organization.credits).toBe(25);
      expect(state.ledger.find((row) => row.type === 'purchase')).toMatchObject({ status: 'pending', amount: 2500 });
      expect((await agent.get('/api/credits/transactions?type=purchase').expect(200)).body[0]).toMatchObject({ status: 'pending', amount: 2500 });

      await deliver('checkout.session.async_payment_succeeded', { ...session, payment_status: 'paid' });
      state = await stateOf(organizationId);
      expect(state.organization.credits).toBe(25 + 2500);
      expect(state.ledger.find((row) => row.type === 'purchase')).toMatchObject({ status: 'completed' });
    });

    it('never grants a failed asynchronous payment, whatever the order', async () => {
      const { agent, organizationId } = await customer();
      const sessionId = await checkout(agent, 'create-checkout-session', 'price_beta_pass_plus');
      const { session } = stripe.completeCheckout(sessionId, { paymentStatus: 'unpaid' });
      await deliver('checkout.session.async_payment_failed', session);
      await deliver('checkout.session.completed', session);
      const state = await stateOf(organizationId);
      expect(state.organization.credits).toBe(25);
      expect(state.ledger.find((row) => row.type === 'purchase')).toMatchObject({ status: 'failed' });
      expect((await agent.get('/api/stripe/billing-details').expect(200)).body.purchases[0].status).toBe('failed');
    });
  });

  describe('credits past the business maximum', () => {
    /** Takes the organization's balance to `balance` through one ledger row (the ledger keeps matching it). */
    async function fillTo(organizationId: string, balance: number) {
      await query(
        `WITH change AS (SELECT $2::int - credits AS amount FROM organizations WHERE id = $1),
              entry AS (INSERT INTO credit_ledger (organization_id, amount, type, description, status)
                        SELECT $1, amount, CASE WHEN amount > 0 THEN 'bonus' ELSE 'usage' END, 'Fixture', 'completed' FROM change)
         UPDATE organizations SET credits = $2 WHERE id = $1`,
        [organizationId, balance],
      );
    }

    it('acknowledges a paid pack that would pass the balance maximum and holds its credits as pending for an administrator, once', async () => {
      const { agent, organizationId } = await customer();
      await fillTo(organizationId, CREDITS_MAX_BALANCE - 1000);
      const { session } = stripe.completeCheckout(await checkout(agent, 'create-checkout-session', 'price_beta_pass_plus'));
      const { event, payload, signature } = stripe.signedEvent('checkout.session.completed', session);

      // Stripe gets its 200 (no retries for days); redeliveries change nothing.
      for (let i = 0; i < 3; i += 1) await postWebhook(payload, signature).expect(200, { received: true });
      const state = await stateOf(organizationId);
      expect(state.organization.credits).toBe(CREDITS_MAX_BALANCE - 1000);
      expect(state.ledger.filter((row) => row.type === 'purchase')).toEqual([
        { type: 'purchase', amount: 2500, status: 'pending', description: 'Beta Pass Plus credit pack: 2500 credits' },
      ]);
      expect(await query(`SELECT id FROM stripe_events WHERE id = $1`, [event.id])).toHaveLength(1);
      const held = await query(`SELECT payload FROM outbox WHERE organization_id = $1 AND type = 'purchase.credits_held'`, [organizationId]);
      expect(held).toEqual([{ payload: expect.objectContaining({ amount: 2500, code: 'credits_balance_limit', reference: { type: 'stripe_checkout_session', id: session.id } }) }]);
      // Administrators find it among pending ledger rows.
      const [pending] = await query(`SELECT status FROM credit_ledger WHERE organization_id = $1 AND type = 'purchase'`, [organizationId]);
      expect(pending.status).toBe('pending');
    });

    it('holds a renewal that would pass the balance maximum the same way, and grants the next one once there is room', async () => {
      const { agent, organizationId } = await customer();
      const { session, subscription } = stripe.completeCheckout(await checkout(agent, 'create-subscription-session', 'price_pro_monthly'));
      await deliver('checkout.session.completed', session);
      const granted = (await stateOf(organizationId)).organization.credits as number;
      await fillTo(organizationId, CREDITS_MAX_BALANCE - 10);
      await deliver('invoice.paid', stripe.createInvoice(subscription!, 'subscription_cycle'));
      let state = await stateOf(organizationId);
      expect(state.organization.credits).toBe(CREDITS_MAX_BALANCE - 10);
      expect(state.ledger.filter((row) => row.status === 'pending')).toEqual([expect.objectContaining({ type: 'purchase', amount: granted - 25 })]);

      await fillTo(organizationId, 1000);
      await deliver('invoice.paid', stripe.createInvoice(subscription!, 'subscription_cycle'));
      state = await stateOf(organizationId);
      expect(state.organization.credits).toBe(1000 + granted - 25);
    });
  });

  describe('subscriptions', () => {
    /** A paid Pro monthly subscription in the fake, plus its renewal invoice. */
    async function subscribe() {
      const { agent, organizationId } = await customer();
      const sessionId = await checkout(agent, 'create-subscription-session', 'price_pro_monthly');
      const { session, subscription, invoice } = stripe.completeCheckout(sessionId);
      const renewal = stripe.createInvoice(subscription!, 'subscription_cycle');
      return { agent, organizationId, session, subscription: subscription!, invoice: invoice!, renewal };
    }

    it('sets the plan and grants the first period, then each renewal, once per invoice', async () => {
      const s = await subscribe();
      await deliver('checkout.session.completed', s.session);
      let state = await stateOf(s.organizationId);
      expect(state.organization).toEqual({ plan_tier: 'Pro', credits: 25 + 75, subscribed: true });

      await deliver('customer.subscription.created', s.subscription);
      await deliver('invoice.paid', s.invoice); // the first invoice: already granted with the session
      expect((await stateOf(s.organizationId)).organization.credits).toBe(100);

      await deliver('invoice.paid', s.renewal);
      await deliver('invoice.paid', s.renewal); // a new event id for the same invoice: still once
      state = await stateOf(s.organizationId);
      expect(state.organization.credits).toBe(25 + 75 + 75);
      expect(state.ledger.map((row) => row.description)).toEqual(['Pro plan (monthly): 75 credits', 'Pro plan renewal (monthly): 75 credits', 'Welcome bonus']);
      const renewed = await query(`SELECT payload FROM outbox WHERE organization_id = $1 AND type = 'subscription.renewed'`, [s.organizationId]);
      expect(renewed).toHaveLength(1);
      expect(renewed[0].payload).toMatchObject({ invoiceId: s.renewal.id, subscriptionId: s.subscription.id, credits: 75 });

      const answer = await s.agent.get('/api/stripe/billing-details').expect(200);
      matchesDocument('get', '/api/stripe/billing-details', answer);
      const details = answer.body;
      expect(details.subscription).toEqual({
        productName: 'Pro',
        productId: 'pro_monthly',
        plan_tier: 'Pro',
        price: 98,
        interval: 'month',
        status: 'active',
        cancel_at_period_end: false,
        current_period_end: new Date(s.subscription.items.data[0].current_period_end * 1000).toISOString(),
      });
      // A second subscription would bill twice: plan changes go through the portal.
      await s.agent.post('/api/stripe/create-subscription-session').send({ priceId: 'price_agency_monthly' }).expect(409);
    });

    it('reaches the same final state when invoice.paid arrives before the subscription events', async () => {
      const inOrder = await subscribe();
      await deliver('checkout.session.completed', inOrder.session);
      await deliver('customer.subscription.created', inOrder.subscription);
      await deliver('invoice.paid', inOrder.invoice);
      await deliver('customer.subscription.updated', inOrder.subscription);
      await deliver('invoice.paid', inOrder.renewal);

      const reversed = await subscribe();
      await deliver('invoice.paid', reversed.renewal);
      await deliver('invoice.paid', reversed.invoice);
      await deliver('customer.subscription.updated', reversed.subscription);
      await deliver('customer.subscription.created', reversed.subscription);
      await deliver('checkout.session.completed', reversed.session);

      const expected = await stateOf(inOrder.organizationId);
      expect(expected.organization).toEqual({ plan_tier: 'Pro', credits: 175, subscribed: true });
      expect(await stateOf(reversed.organizationId)).toEqual(expected);
    });

    it('follows plan changes and falls back to Starter when the subscription ends', async () => {
      const s = await subscribe();
      await deliver('checkout.session.completed', s.session);

      const upgraded = stripe.setSubscription({ id: s.subscription.id, customer: s.subscription.customer, price: 'price_agency_annual' });
      await deliver('customer.subscription.updated', upgraded);
      expect((await stateOf(s.organizationId)).organization.plan_tier).toBe('Agency');
      expect((await s.agent.get('/api/stripe/billing-details').expect(200)).body.subscription).toMatchObject({ productName: 'Agency', interval: 'year', price: 1599 });

      // A stale event changes nothing: the subscription is read from Stripe, not from the event.
      await deliver('customer.subscription.updated', s.subscription);
      expect((await stateOf(s.organizationId)).organization.plan_tier).toBe('Agency');

      const canceled = stripe.setSubscription({ id: s.subscription.id, customer: s.subscription.customer, price: 'price_agency_annual', status: 'canceled' });
      await deliver('customer.subscription.deleted', canceled);
      const state = await stateOf(s.organizationId);
      expect(state.organization).toEqual({ plan_tier: 'Starter', credits: 100, subscribed: false });
      expect(state.subscriptions).toEqual([{ status: 'canceled', product_id: 'agency_annual', stripe_price_id: 'price_agency_annual' }]);
      expect((await s.agent.get('/api/stripe/billing-details').expect(200)).body.subscription).toBeNull();
      expect((await s.agent.get('/api/organization').expect(200)).body.organization).toMatchObject({ plan_tier: 'Starter', stripe_subscription_id: null });
    });

    it('uses the event’s own copy when Stripe no longer has the subscription', async () => {
      const s = await subscribe();
      await deliver('checkout.session.completed', s.session);
      stripe.subscriptions.delete(s.subscription.id);
      await deliver('customer.subscription.deleted', { ...s.subscription, status: 'canceled' });
      expect((await stateOf(s.organizationId)).organization.plan_tier).toBe('Starter');
    });

    it('answers 502 and records nothing while Stripe cannot be reached, so Stripe retries', async () => {
      const s = await subscribe();
      const { event, payload, signature } = stripe.signedEvent('checkout.session.completed', s.session);
      stripe.failWith = { status: 500, type: 'api_error', message: 'Stripe is down' };
      try {
        await postWebhook(payload, signature).expect(502);
      } finally {
        stripe.failWith = null;
      }
      expect(await query(`SELECT id FROM stripe_events WHERE id = $1`, [event.id])).toHaveLength(0);
      await postWebhook(payload, signature).expect(200);
      expect((await stateOf(s.organizationId)).organization).toEqual({ plan_tier: 'Pro', credits: 100, subscribed: true });
    });
  });

  it('answers unknown events with 200 and changes nothing', async () => {
    const before = await eventCount();
    await deliver('customer.created', { id: 'cus_x', object: 'customer' });
    await deliver('invoice.payment_failed', { id: 'in_x', object: 'invoice' });
    expect(await eventCount()).toBe(before);
  });

  it('records but ignores invoices that are not a first or renewal invoice', async () => {
    const { agent, organizationId } = await customer();
    const { subscription } = stripe.completeCheckout(await checkout(agent, 'create-subscription-session', 'price_starter_monthly'));
    await deliver('invoice.paid', stripe.createInvoice(subscription!, 'subscription_update'));
    expect((await stateOf(organizationId)).organization.credits).toBe(25);
  });
});
