import { AuthService, CreditsService, OutboxRelay } from '@brandloom/core';
import request from 'supertest';
import { createTestApp, signUp, TestApp } from './test-app';

type Agent = ReturnType<typeof request.agent>;

describe('credits API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ REDIS_URL: undefined });
  });
  // The relay is stopped before close: app.close() can destroy the DataSource while a relay batch is still publishing.
  afterAll(async () => {
    await t.app.get(OutboxRelay).stop();
    await t.close();
  });

  const organizationIdOf = async (agent: Agent): Promise<string> => (await agent.get('/api/organization').expect(200)).body.organization.id;

  async function admin(): Promise<{ agent: Agent; organizationId: string }> {
    const { agent, user } = await signUp(t);
    await t.app.get(AuthService).setAdmin(user.email);
    return { agent, organizationId: await organizationIdOf(agent) };
  }

  describe('POST /api/credits/add', () => {
    it('refuses members with 403 and changes nothing', async () => {
      const { agent } = await signUp(t);
      const res = await agent.post('/api/credits/add').send({ amount: 50 }).expect(403);
      expect(res.body).toEqual({ statusCode: 403, message: 'Administrator access required', error: 'Forbidden', code: 'admin_required' });
      expect((await agent.get('/api/credits/balance').expect(200)).body).toEqual({ credits: 25 });
    });

    it('grants bonus credits to an administrator’s organization and answers with the transaction', async () => {
      const { agent } = await admin();
      const res = await agent.post('/api/credits/add').send({ amount: 40, reason: 'Launch promo' }).expect(201);
      expect(res.body).toEqual({
        id: expect.any(String),
        created_at: expect.any(String),
        type: 'bonus',
        transaction_type: 'bonus',
        description: 'Bonus credits: Launch promo',
        brand_name: null,
        amount: 40,
        status: 'completed',
        balance: 65,
      });
      expect((await agent.get('/api/credits/balance').expect(200)).body).toEqual({ credits: 65 });
    });

    it.each([
      [{ amount: 0 }, 'amount must be a positive whole number'],
      [{ amount: -5 }, 'amount must be a positive whole number'],
      [{ amount: 2.5 }, 'amount must be a positive whole number'],
      [{ amount: '10' }, 'amount must be a positive whole number'],
      [{}, 'amount must be a positive whole number'],
      [{ amount: 1_000_001 }, 'amount must be at most 1000000'],
      [{ amount: 5, credits: 5 }, 'property credits should not exist'],
    ])('answers %j with 400 and grants nothing', async (body, message) => {
      const { agent } = await admin();
      const res = await agent.post('/api/credits/add').send(body).expect(400);
      expect(res.body.message).toContain(message);
      expect((await agent.get('/api/credits/balance').expect(200)).body).toEqual({ credits: 25 });
    });

    it('requires a session', async () => {
      await t.http().post('/api/credits/add').send({ amount: 5 }).expect(401);
    });
  });

  describe('GET /api/credits/transactions', () => {
    let agent: Agent;
    let organizationId: string;

    beforeAll(async () => {
      ({ agent } = await signUp(t));
      organizationId = await organizationIdOf(agent);
      const credits = t.app.get(CreditsService);
      await credits.grant({ organizationId, amount: 60, type: 'purchase', description: 'Medium credit pack: 60 credits', idempotencyKey: 'p1' });
      for (let i = 1; i <= 5; i++) {
        await credits.debit({ organizationId, amount: 2, idempotencyKey: `gen-${i}`, description: `Generation ${i}`, brandName: 'Acme' });
      }
    });

    it('lists newest first with the product’s fields and signed amounts', async () => {
      const res = await agent.get('/api/credits/transactions?limit=5').expect(200);
      expect(res.body).toHaveLength(5);
      expect(res.body[0]).toEqual({
        id: expect.any(String),
        created_at: expect.any(String),
        type: 'usage',
        transaction_type: 'usage',
        description: 'Generation 5',
        brand_name: 'Acme',
        amount: -2,
        status: 'completed',
      });
      expect(res.headers['x-next-cursor']).toBe(res.body[4].id);
    });

    it('pages with the cursor until the last page, which has no next cursor', async () => {
      const ids: string[] = [];
      let cursor: string | undefined;
      let pages = 0;
      do {
        const res = await agent.get('/api/credits/transactions').query({ limit: 3, ...(cursor ? { cursor } : {}) }).expect(200);
        ids.push(...res.body.map((row: { id: string }) => row.id));
        cursor = res.headers['x-next-cursor'];
        pages++;
      } while (cursor);
      expect(pages).toBe(3);
      expect(new Set(ids).size).toBe(7); // welcome bonus, purchase, 5 generations
    });

    it('filters by type', async () => {
      const purchases = (await agent.get('/api/credits/transactions?type=purchase&limit=100').expect(200)).body;
      expect(purchases.map((r: { description: string }) => r.description)).toEqual(['Medium credit pack: 60 credits']);
      const usage = (await agent.get('/api/credits/transactions?type=usage&limit=100').expect(200)).body;
      expect(usage).toHaveLength(5);
      expect(usage.every((r: { type: string; amount: number }) => r.type === 'usage' && r.amount < 0)).toBe(true);
      expect((await agent.get('/api/credits/transactions?type=all&limit=100').expect(200)).body).toHaveLength(7);
    });

    it.each(['limit=0', 'limit=101', 'limit=abc', 'limit=2.5', 'type=refunds', 'cursor=not-a-cursor', 'page=2'])('answers ?%s with 400', async (qs) => {
      const res = await agent.get(`/api/credits/transactions?${qs}`).expect(400);
      expect(res.body).toMatchObject({ statusCode: 400, message: expect.anything(), error: 'Bad Request', code: expect.stringMatching(/^[a-z]+(_[a-z]+)*$/) });
    });

    it('never shows another organization’s transactions, nor pages from its cursor', async () => {
      const other = await signUp(t);
      const theirs = (await other.agent.get('/api/credits/transactions?limit=100').expect(200)).body;
      expect(theirs.map((r: { description: string }) => r.description)).toEqual(['Welcome bonus']);
      const mine = (await agent.get('/api/credits/transactions?limit=1').expect(200)).body;
      await other.agent.get(`/api/credits/transactions?cursor=${mine[0].id}`).expect(400);
      const csv = (await other.agent.get('/api/credits/transactions.csv').expect(200)).text;
      expect(csv).not.toContain('Generation');
    });

    it('requires a session', async () => {
      await t.http().get('/api/credits/transactions').expect(401);
      await t.http().get('/api/credits/transactions.csv').expect(401);
    });
  });

  describe('GET /api/credits/transactions.csv', () => {
    it('downloads every row as an escaped CSV attachment with a header row', async () => {
      const { agent } = await signUp(t);
      const organizationId = await organizationIdOf(agent);
      const credits = t.app.get(CreditsService);
      await credits.debit({ organizationId, amount: 1, idempotencyKey: 'csv-1', description: 'Poster, "summer"\nsecond line', brandName: 'Acme, Inc.' });
      await credits.debit({ organizationId, amount: 2, idempotencyKey: 'csv-2', description: '=HYPERLINK("http://evil")', brandName: null });

      const res = await agent.get('/api/credits/transactions.csv').expect(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toMatch(/^attachment; filename="brandloom-transactions-\d{4}-\d{2}-\d{2}\.csv"$/);
      const lines = res.text.split('\r\n');
      expect(lines[0]).toBe('id,created_at,type,description,brand_name,amount,status');
      expect(res.text).toContain(`,usage,"'=HYPERLINK(""http://evil"")",,-2,completed\r\n`);
      expect(res.text).toContain(`,usage,"Poster, ""summer""\nsecond line","Acme, Inc.",-1,completed\r\n`);
      expect(res.text).toMatch(/,bonus,Welcome bonus,,25,completed\r\n$/);

      const usageOnly = (await agent.get('/api/credits/transactions.csv?type=usage').expect(200)).text;
      expect(usageOnly).not.toContain('Welcome bonus');
      await agent.get('/api/credits/transactions.csv?type=nope').expect(400);
    });
  });
});
