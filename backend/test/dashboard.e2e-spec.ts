// GET /api/dashboard/summary: everything the dashboard shows in one answer, from real data and
// scoped to the caller's organization; trends only where there is something to compare.
import { DASHBOARD_USAGE_DAYS, DEFAULT_PLAN_TIER, WELCOME_BONUS_CREDITS } from '@brandloom/contracts';
import { CreditsService, startOfIsoWeek } from '@brandloom/core';
import { createAsset, createAssets } from '@brandloom/core/testing';
import { documentedAnswers, type MatchesDocument } from './openapi-answers';
import { agentFor, createTestApp, signUp, TestApp } from './test-app';

const DAY = 24 * 3600 * 1000;

describe('dashboard summary', () => {
  let t: TestApp;
  let matchesDocument: MatchesDocument;
  beforeAll(async () => {
    t = await createTestApp({ REDIS_URL: undefined, OUTBOX_POLL_MS: '600000' });
    ({ matchesDocument } = await documentedAnswers(t));
  });
  afterAll(() => t?.close());

  const query = (sql: string, params: unknown[] = []) => t.db.dataSource.query(sql, params);

  it('a new organization: zero counts, Starter, the welcome bonus as its one transaction, no trends, 30 zero days', async () => {
    const { agent } = await signUp(t);
    const res = await agent.get('/api/dashboard/summary').expect(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body.stats).toEqual({ generated_assets: 0, credits_remaining: WELCOME_BONUS_CREDITS, brand_profiles: 0, plan_tier: DEFAULT_PLAN_TIER, subscribed: false });
    expect(res.body.trends).toEqual({
      generated_assets: { current_period: 0, previous_period: 0, change_percent: null },
      credits_used_this_week: 0,
      last_brand_profile_added_at: null,
      renews_at: null,
      cancels_at_period_end: false,
    });
    expect(res.body.recent_generations).toEqual([]);
    expect(res.body.brand_profiles).toEqual([]);
    expect(res.body.recent_transactions).toHaveLength(1);
    expect(res.body.recent_transactions[0]).toMatchObject({ type: 'bonus', amount: WELCOME_BONUS_CREDITS, description: 'Welcome bonus' });
    expect(res.body.credits_per_day).toHaveLength(DASHBOARD_USAGE_DAYS);
    expect(res.body.credits_per_day.every((d: { credits_used: number }) => d.credits_used === 0)).toBe(true);
    expect(res.body.credits_per_day[DASHBOARD_USAGE_DAYS - 1].date).toBe(new Date().toISOString().slice(0, 10));
  });

  it('counts, recent items, real trends and daily usage from the organization’s own data only', async () => {
    const { agent } = await signUp(t);
    const orgId = (await agent.get('/api/organization').expect(200)).body.organization.id;
    const now = Date.now();
    // 4 assets in the last 30 days (after two deletions), 2 in the 30 before: +100%.
    await createAssets(t.db.dataSource, [
      { organizationId: orgId, name: 'old 1', createdAt: new Date(now - 40 * DAY) },
      { organizationId: orgId, name: 'old 2', createdAt: new Date(now - 45 * DAY) },
      ...Array.from({ length: 5 }, (_, i) => ({ organizationId: orgId, name: `new ${i}`, createdAt: new Date(now - (i + 1) * 60_000) })),
    ]);
    await query(`DELETE FROM assets WHERE organization_id = $1 AND name IN ('new 3', 'new 4')`, [orgId]);
    await createAsset(t.db.dataSource, { organizationId: orgId, name: 'newest' });
    for (let i = 0; i < 5; i++) await query(`INSERT INTO brand_profiles (organization_id, name, created_at) VALUES ($1, $2, now() - make_interval(days => $3))`, [orgId, `Brand ${i}`, i]);
    // Spending: 6 today, 4 refunded today, 10 three days ago (outside this week only when it is Monday to Wednesday).
    const credits = t.app.get(CreditsService);
    await credits.grant({ organizationId: orgId, amount: 100, type: 'purchase', description: 'Pack', idempotencyKey: 'pack-1' });
    await credits.debit({ organizationId: orgId, amount: 6, description: 'Generation', idempotencyKey: 'gen-1' });
    await query(`INSERT INTO credit_ledger (organization_id, amount, type, description, status, created_at) VALUES ($1, 4, 'refund', 'Refund', 'completed', now()), ($1, -10, 'usage', 'Old generation', 'completed', now() - interval '3 days')`, [orgId]);
    const subscriptionEnd = new Date(now + 17 * DAY);
    await query(`INSERT INTO subscriptions (id, organization_id, status, current_period_end, stripe_created, synced_at) VALUES ('sub_dash', $1, 'active', $2, now(), now())`, [orgId, subscriptionEnd]);
    // Another organization's data never shows.
    const other = await signUp(t);
    const otherOrg = (await other.agent.get('/api/organization').expect(200)).body.organization.id;
    await createAssets(t.db.dataSource, Array.from({ length: 4 }, () => ({ organizationId: otherOrg })));

    const res = await agent.get('/api/dashboard/summary').expect(200);
    matchesDocument('get', '/api/dashboard/summary', res);
    const body = res.body;
    expect(body.stats).toMatchObject({ generated_assets: 6, brand_profiles: 5, credits_remaining: WELCOME_BONUS_CREDITS + 100 - 6, subscribed: true });
    expect(body.trends.generated_assets).toEqual({ current_period: 4, previous_period: 2, change_percent: 100 });
    const threeDaysAgoInWeek = now - 3 * DAY >= startOfIsoWeek(new Date(now)).getTime();
    expect(body.trends.credits_used_this_week).toBe(2 + (threeDaysAgoInWeek ? 10 : 0));
    expect(new Date(body.trends.last_brand_profile_added_at).getTime()).toBeGreaterThan(now - 60_000);
    expect(body.trends.renews_at).toBe(subscriptionEnd.toISOString());
    expect(body.recent_generations.map((a: { name: string }) => a.name)).toEqual(['newest', 'new 0', 'new 1', 'new 2', 'old 1', 'old 2']);
    expect(body.recent_generations[0].thumbnailUrl).toMatch(/^\/api\/assets\/file\//);
    expect(body.brand_profiles.map((p: { name: string }) => p.name)).toEqual(['Brand 0', 'Brand 1', 'Brand 2', 'Brand 3']);
    expect(body.recent_transactions).toHaveLength(5);
    expect(body.recent_transactions.map((x: { amount: number }) => x.amount)).toEqual(expect.arrayContaining([-6, 4]));
    const days = new Map(body.credits_per_day.map((d: { date: string; credits_used: number }) => [d.date, d.credits_used]));
    expect(days.get(new Date(now).toISOString().slice(0, 10))).toBe(2);
    expect(days.get(new Date(now - 3 * DAY).toISOString().slice(0, 10))).toBe(10);

    const theirs = (await other.agent.get('/api/dashboard/summary').expect(200)).body;
    expect(theirs.stats.generated_assets).toBe(4);
    expect(theirs.brand_profiles).toEqual([]);
  });

  it('needs a signed-in user', async () => {
    await agentFor(t).get('/api/dashboard/summary').expect(401);
  });
});
