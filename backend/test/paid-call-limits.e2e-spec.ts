// Every route that calls a paid or rate-limited third party (Stripe, Meta Graph, OpenAI vision and text) is
// bounded per user and per organization: past the allowance it answers 429 with Retry-After and the
// third party hears nothing. The fakes record every call they get.
import { PAID_CALL_MESSAGES, type PaidCallFamily } from '@brandloom/contracts';
import { atLeastThree, colorBlocks, createAsset, dataUrl, setPlan, tempStorage, waitForSettled } from '@brandloom/core/testing';
import type request from 'supertest';
import { FakeMeta } from '../../libs/core/src/testing/fake-meta';
import { FakeOpenAI } from '../../libs/core/src/testing/fake-openai';
import { FakeStripe } from '../../libs/core/src/testing/fake-stripe';
import { organizationIdOf, type Agent } from './generation-helpers';
import { agentFor, createTestApp, signUp, TestApp } from './test-app';

const PER_USER = 3;
const PER_ORGANIZATION = 5;
const WINDOW_SECONDS = 60;

describe('paid third-party calls are bounded per user and per organization', () => {
  const meta = new FakeMeta();
  const openai = new FakeOpenAI();
  const storage = tempStorage();
  let stripe: FakeStripe;
  let t: TestApp;

  beforeAll(async () => {
    await Promise.all([meta.start(), openai.start()]);
    stripe = await FakeStripe.start();
    const limits: Record<string, string> = { PAID_CALL_WINDOW_SECONDS: String(WINDOW_SECONDS) };
    for (const family of ['STRIPE_CALLS', 'META_CALLS', 'BRAND_EXTRACTIONS', 'AD_COPY_CALLS']) {
      limits[`${family}_PER_USER`] = String(PER_USER);
      limits[`${family}_PER_ORGANIZATION`] = String(PER_ORGANIZATION);
    }
    t = await createTestApp({
      REDIS_URL: undefined,
      STORAGE_DIR: storage.dir,
      ...stripe.env,
      ...meta.env(),
      ...openai.env(),
      OPENAI_MAX_RETRIES: '0',
      META_PUSH_WAIT_MS: '15000',
      ...limits,
    });
  });
  afterAll(async () => {
    await t?.close();
    await stripe?.close();
    await Promise.all([meta.stop(), openai.stop()]);
    storage.cleanup();
  });

  /** A second member of `organizationId` (signed up, then moved there as setup). */
  async function colleagueIn(organizationId: string): Promise<Agent> {
    const { agent, user } = await signUp(t);
    await t.db.dataSource.query(`UPDATE memberships SET organization_id = $2, role = 'member' WHERE user_id = $1`, [user.id, organizationId]);
    return agent;
  }

  /** A Team+ organization connected to Meta by a colleague, with one generated image; the member has used no Meta call. */
  async function metaReady(): Promise<{ agent: Agent; organizationId: string; assetId: string }> {
    const { agent } = await signUp(t);
    const organizationId = await organizationIdOf(agent);
    await setPlan(t.db.dataSource, organizationId, 'Team+');
    const colleague = await colleagueIn(organizationId);
    const { loginUrl } = (await colleague.get('/api/meta/auth-url').expect(200)).body;
    const back = new URL((await fetch(loginUrl, { redirect: 'manual' })).headers.get('location')!);
    await colleague.get(back.pathname + back.search).expect(302);
    const started = await agent.post('/api/generate').send({ prompt: 'A lighthouse at dawn', quality: 'low', size: '1024x1024', variationCount: 1 }).expect(201);
    await waitForSettled(t.db.dataSource, [started.body.job.id]);
    const [asset] = await t.db.dataSource.query(`SELECT id FROM assets WHERE organization_id = $1`, [organizationId]);
    return { agent, organizationId, assetId: asset.id };
  }

  const brandImages = async () => atLeastThree([dataUrl(await colorBlocks(['#7C3AED', '#0EA5E9', '#F43F5E']))]);

  /** What the third party of a family has heard so far. */
  const heard = (family: PaidCallFamily): number =>
    family === 'stripe' ? stripe.requests.length : family === 'meta' ? meta.calls.length : family === 'ad-copy' ? openai.responsesRequests.length : openai.chatRequests.length;

  const routes: Array<{ family: PaidCallFamily; route: string; setup: () => Promise<{ agent: Agent; call: (agent: Agent) => request.Test }> }> = [
    ...(['create-checkout-session', 'create-subscription-session'] as const).map((path) => ({
      family: 'stripe' as const,
      route: `POST /api/stripe/${path}`,
      setup: async () => ({
        agent: (await signUp(t)).agent,
        call: (agent: Agent) => agent.post(`/api/stripe/${path}`).send({ priceId: path === 'create-checkout-session' ? 'price_beta_pass_plus' : 'price_pro_monthly' }),
      }),
    })),
    ...(['customer-portal', 'billing-details'] as const).map((path) => ({
      family: 'stripe' as const,
      route: `GET /api/stripe/${path}`,
      setup: async () => {
        // A Stripe customer first (by a colleague), so that both routes ask Stripe.
        const { agent } = await signUp(t);
        const colleague = await colleagueIn(await organizationIdOf(agent));
        await colleague.get('/api/stripe/customer-portal').expect(200);
        return { agent, call: (caller: Agent) => caller.get(`/api/stripe/${path}`) };
      },
    })),
    {
      family: 'meta',
      route: 'GET /api/meta/auth-url',
      setup: async () => {
        const { agent } = await metaReady();
        return { agent, call: (caller: Agent) => caller.get('/api/meta/auth-url') };
      },
    },
    {
      family: 'meta',
      route: 'POST /api/meta/refresh',
      setup: async () => {
        const { agent } = await metaReady();
        return { agent, call: (caller: Agent) => caller.post('/api/meta/refresh') };
      },
    },
    {
      family: 'meta',
      route: 'GET /api/meta/campaigns',
      setup: async () => {
        const { agent } = await metaReady();
        return { agent, call: (caller: Agent) => caller.get('/api/meta/campaigns?adAccountId=act_111') };
      },
    },
    {
      family: 'meta',
      route: 'POST /api/meta/push-asset',
      setup: async () => {
        const { agent, assetId } = await metaReady();
        const push = { assetId, adAccountId: 'act_111', adSetId: '7001', pageId: '501', campaignId: '9001', creativeName: 'Lighthouse - Meta Ad' };
        return { agent, call: (caller: Agent) => caller.post('/api/meta/push-asset').send(push) };
      },
    },
    {
      family: 'brand-extraction',
      route: 'POST /api/brand-profiles/extract',
      setup: async () => {
        const imageUrls = await brandImages();
        return { agent: (await signUp(t)).agent, call: (caller: Agent) => caller.post('/api/brand-profiles/extract').send({ imageUrls }) };
      },
    },
    {
      family: 'ad-copy',
      route: 'POST /api/ads/suggest-copy',
      setup: async () => {
        const { agent } = await signUp(t);
        const picture = await createAsset(t.db.dataSource, { organizationId: await organizationIdOf(agent), prompt: 'A lighthouse at dawn' });
        return { agent, call: (caller: Agent) => caller.post('/api/ads/suggest-copy').send({ assetId: picture.id, placement: '1:1' }) };
      },
    },
  ];

  it.each(routes.map((r) => [r.route, r] as const))('%s: past the per-user allowance, 429 with Retry-After and no call to the third party', async (route, { family, setup }) => {
    const { agent, call } = await setup();
    const start = heard(family);
    for (let i = 0; i < PER_USER; i++) expect((await call(agent)).status).toBeLessThan(300);
    const before = heard(family);
    // Each allowed call reached the third party (the OAuth dialog's URL is made locally; its callback is bounded by it).
    if (route !== 'GET /api/meta/auth-url') expect(before).toBeGreaterThanOrEqual(start + PER_USER);
    const refused = await call(agent).expect(429);
    expect(refused.body).toEqual({ statusCode: 429, message: expect.stringMatching(/^Too many .* Please try again in \d+ seconds?\.$/), error: 'Too Many Requests', code: 'paid_call_limit', params: { family: expect.any(String), retryAfterSeconds: expect.any(Number) } });
    expect(refused.body.message).toBe(PAID_CALL_MESSAGES[family](`${refused.headers['retry-after']} second${refused.headers['retry-after'] === '1' ? '' : 's'}`));
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(WINDOW_SECONDS);
    expect(heard(family)).toBe(before);
  });

  it('counts across API processes', async () => {
    const apiB = await createTestApp({ DATABASE_URL: t.db.url, REDIS_URL: undefined, ...stripe.env, STRIPE_CALLS_PER_USER: String(PER_USER), STRIPE_CALLS_PER_ORGANIZATION: String(PER_ORGANIZATION) });
    try {
      const { agent, user, password } = await signUp(t);
      const onB = agentFor(apiB);
      await onB.post('/api/auth/login').send({ email: user.email, password }).expect(200);
      const checkout = (a: Agent) => a.post('/api/stripe/create-checkout-session').send({ priceId: 'price_beta_pass_plus' });
      for (const a of [agent, onB, agent]) await checkout(a).expect(200);
      await checkout(onB).expect(429);
      await checkout(agent).expect(429);
    } finally {
      await apiB.close();
    }
  });

  it.each([
    ['stripe', async () => ({ agent: (await signUp(t)).agent, call: (a: Agent) => a.post('/api/stripe/create-checkout-session').send({ priceId: 'price_beta_pass_plus' }) })],
    ['meta', async () => ({ agent: (await metaReady()).agent, call: (a: Agent) => a.get('/api/meta/campaigns?adAccountId=act_111') })],
    ['brand-extraction', async () => {
      const imageUrls = await brandImages();
      return { agent: (await signUp(t)).agent, call: (a: Agent) => a.post('/api/brand-profiles/extract').send({ imageUrls }) };
    }],
    ['ad-copy', async () => {
      const { agent } = await signUp(t);
      const picture = await createAsset(t.db.dataSource, { organizationId: await organizationIdOf(agent), prompt: 'A lighthouse at dawn' });
      return { agent, call: (a: Agent) => a.post('/api/ads/suggest-copy').send({ assetId: picture.id, placement: '1:1' }) };
    }],
  ] as const)('%s: the organization has its own allowance, shared by its members', async (family, setup) => {
    const { agent, call } = await setup();
    const organizationId = await organizationIdOf(agent);
    const members = [agent, await colleagueIn(organizationId), await colleagueIn(organizationId)];
    // Meta's setup connected through one colleague already (one of the organization's calls).
    const used = family === 'meta' ? 1 : 0;
    for (let i = used; i < PER_ORGANIZATION; i++) expect((await call(members[i % 2])).status).toBeLessThan(300);
    const before = heard(family);
    // The third member has used nothing of their own: the organization's allowance refuses them.
    const refused = await call(members[2]).expect(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(heard(family)).toBe(before);
    // Another organization is untouched.
    const other = await setup();
    expect((await other.call(other.agent)).status).toBeLessThan(300);
  });
});
