// Results of pushed ads against the local fake Graph API: the worker's scheduled read (every 5 s
// here) and 'Refresh results' read ad-level daily rows of the account's insights (time_increment=1,
// every page followed, the ad's whole life first and the last days after that), store one row per
// ad and day (a changed day is replaced), answer the figures per asset in the account's currency,
// sort the library by CTR and spend (assets without results last), and stop at an expired token.
import { AD_RESULTS_MESSAGES, LIBRARY_MESSAGES } from '@brandloom/contracts';
import { MetaResultsSync } from '@brandloom/core';
import request from 'supertest';
import { waitFor } from '@brandloom/core/testing';
import { type Agent } from './generation-helpers';
import { appWithFakeMeta, connectedTeamPlusOrganization } from './meta-helpers';
import type { MatchesDocument } from './openapi-answers';
import { signUp, type TestApp } from './test-app';

const DAY_MS = 86_400_000;
const day = (daysAgo: number) => new Date(Date.now() - daysAgo * DAY_MS).toISOString().slice(0, 10);

describe('ad results (against a local fake Graph API)', () => {
  const suite = appWithFakeMeta({ META_PUSH_WAIT_MS: '15000', META_INSIGHTS_SYNC_INTERVAL_SECONDS: '5' });
  const { meta } = suite;
  let t: TestApp;
  let matchesDocument: MatchesDocument;
  beforeAll(() => {
    ({ t, matchesDocument } = suite);
  });

  /** A connected Team+ organization with `count` generated images, the first `pushed` of them pushed as paused ads. */
  async function organizationWithPushedAds(count: number, pushed: number): Promise<{ agent: Agent; organizationId: string; assetIds: string[]; adIds: string[] }> {
    const { agent, organizationId, assetIds } = await connectedTeamPlusOrganization(t, count);
    const adIds: string[] = [];
    for (const assetId of assetIds.slice(0, pushed)) {
      const res = await agent
        .post('/api/meta/push-asset')
        .send({ assetId, adAccountId: 'act_111', adSetId: '7001', pageId: '501', campaignId: '9001', creativeName: `Lighthouse ${adIds.length}` })
        .expect(201);
      adIds.push(res.body.adResult.id);
    }
    // Pushed a month ago, so the ads have a month of life to read.
    await t.db.dataSource.query(`UPDATE meta_pushes SET created_at = now() - interval '30 days' WHERE organization_id = $1`, [organizationId]);
    return { agent, organizationId, assetIds, adIds };
  }

  const insightsReadsOf = (adId: string) =>
    meta.callsTo('GET', /\/act_111\/insights$/).filter((c) => (JSON.parse(c.query.filtering ?? '[]') as Array<{ value: string[] }>).some((f) => f.value.includes(adId)));

  it('the worker reads pushed ads on its interval: ad-level daily rows over the whole life, one stored row per ad and day', async () => {
    const { organizationId, adIds } = await organizationWithPushedAds(1, 1);
    meta.dailyInsights.set(adIds[0], [
      { date: day(2), impressions: 1000, clicks: 20, spend: 3.5 },
      { date: day(1), impressions: 2000, clicks: 30, spend: 3.81 },
    ]);
    const rows = await waitFor(
      'the scheduled read',
      async () => {
        const found: Array<{ date: string; impressions: string; spend: string; currency: string }> = await t.db.dataSource.query(
          `SELECT to_char(date, 'YYYY-MM-DD') AS date, impressions, spend, currency FROM ad_results WHERE ad_id = $1 ORDER BY date`,
          [adIds[0]],
        );
        return found.length === 2 ? found : undefined;
      },
      20_000,
    );
    expect(rows).toEqual([
      { date: day(2), impressions: '1000', spend: '3.50', currency: 'EUR' },
      { date: day(1), impressions: '2000', spend: '3.81', currency: 'EUR' },
    ]);
    const [first] = insightsReadsOf(adIds[0]);
    expect(first.query).toMatchObject({ level: 'ad', time_increment: '1' });
    const range = JSON.parse(first.query.time_range) as { since: string; until: string };
    // The first read covers the ad's whole life: from before its push to today.
    expect(range.since <= day(30)).toBe(true);
    expect(range.until).toBe(day(0));
    expect(organizationId).toBeDefined();
  });

  it("'Refresh results' follows every page, replaces a changed day and never adds a row twice; later reads cover the last days", async () => {
    const { agent, adIds } = await organizationWithPushedAds(2, 2);
    const days = Array.from({ length: 12 }, (_, i) => ({ date: day(12 - i), impressions: 100 * (i + 1), clicks: i + 1, spend: 0.5 * (i + 1) }));
    meta.dailyInsights.set(adIds[0], days);
    meta.dailyInsights.set(adIds[1], days.slice(-3).map((d) => ({ ...d, clicks: 0 })));
    meta.insightsPageCap = 5;
    try {
      const before = insightsReadsOf(adIds[0]).length;
      const refresh = await agent.post('/api/ad-results/refresh').expect(200);
      matchesDocument('post', '/api/ad-results/refresh', refresh);
      const refreshed = refresh.body;
      expect(refreshed).toMatchObject({ message: AD_RESULTS_MESSAGES.refreshed, ads: 2 });
      const reads = insightsReadsOf(adIds[0]).slice(before);
      // 15 rows at 5 a page: three requests, each next page asked through paging.next.
      expect(reads.map((c) => c.query.after)).toEqual(expect.arrayContaining([undefined, '5', '10']));
      const count = async () => (await t.db.dataSource.query(`SELECT count(*)::int AS n FROM ad_results WHERE ad_id = ANY($1)`, [adIds]))[0].n;
      expect(await count()).toBe(15);

      days[11] = { ...days[11], clicks: 99, spend: 7.31 };
      await agent.post('/api/ad-results/refresh').expect(200);
      expect(await count()).toBe(15);
      const [changed] = await t.db.dataSource.query(`SELECT clicks, spend FROM ad_results WHERE ad_id = $1 AND date = $2`, [adIds[0], day(1)]);
      expect(changed).toEqual({ clicks: '99', spend: '7.31' });
      const last = insightsReadsOf(adIds[0]).at(-1)!;
      const range = JSON.parse(last.query.time_range) as { since: string; until: string };
      expect(range.since <= day(2)).toBe(true);
      expect(range.since >= day(4)).toBe(true);
    } finally {
      meta.insightsPageCap = 500;
    }
  });

  it('answers the figures per asset in the account currency over 7, 14 or 28 days, and sorts the library by CTR and spend', async () => {
    const { agent, assetIds, adIds } = await organizationWithPushedAds(3, 2);
    meta.dailyInsights.set(adIds[0], [
      { date: day(20), impressions: 1000, clicks: 100, spend: 10 },
      { date: day(1), impressions: 1000, clicks: 10, spend: 2.31 },
    ]);
    meta.dailyInsights.set(adIds[1], [{ date: day(3), impressions: 1000, clicks: 50, spend: 5 }]);
    await agent.post('/api/ad-results/refresh').expect(200);

    const figures = await agent.get('/api/ad-results?range=28').expect(200);
    matchesDocument('get', '/api/ad-results', figures);
    const month = figures.body;
    expect(month.currency).toBe('EUR');
    expect(month.results.map((r: { assetId: string }) => r.assetId)).toEqual([assetIds[0], assetIds[1]]);
    expect(month.results[0]).toMatchObject({ assetId: assetIds[0], impressions: 2000, clicks: 110, spend: 12.31, currency: 'EUR', ctr: 0.055, adIds: [adIds[0]] });
    const week = (await agent.get('/api/ad-results?range=7').expect(200)).body;
    expect(week.results.map((r: { assetId: string; ctr: number }) => [r.assetId, r.ctr])).toEqual([[assetIds[1], 0.05], [assetIds[0], 0.01]]);
    expect((await agent.get('/api/ad-results?range=5').expect(400)).body.message).toEqual(expect.arrayContaining([AD_RESULTS_MESSAGES.invalidRange]));

    // Over 28 days: asset 0 has 5.5 % and spent 12.31, asset 1 has 5 % and 5; asset 2 has no results.
    const byCtr = (await agent.get('/api/assets?sort=ctr').expect(200)).body.map((a: { id: string }) => a.id);
    expect(byCtr).toEqual([assetIds[0], assetIds[1], assetIds[2]]);
    const bySpend = (await agent.get('/api/assets?sort=spend&limit=1').expect(200));
    expect(bySpend.body.map((a: { id: string }) => a.id)).toEqual([assetIds[0]]);
    const second = await agent.get(`/api/assets?sort=spend&limit=1&cursor=${bySpend.headers['x-next-cursor']}`).expect(200);
    expect(second.body.map((a: { id: string }) => a.id)).toEqual([assetIds[1]]);

    const pushes = (await agent.get('/api/meta/pushes').expect(200)).body.pushes;
    expect(pushes.map((p: { assetId: string; adId: string }) => [p.assetId, p.adId]).sort()).toEqual([[assetIds[0], adIds[0]], [assetIds[1], adIds[1]]].sort());

    const moreLikeThis = await agent.get(`/api/ad-results/${assetIds[0]}/more-like-this`).expect(200);
    matchesDocument('get', '/api/ad-results/{assetId}/more-like-this', moreLikeThis);
    const prefill = moreLikeThis.body;
    expect(prefill).toMatchObject({ assetId: assetIds[0], prompt: 'A lighthouse at dawn' });
    expect(prefill.s3Key).toEqual(expect.any(String));
    // Another organization's asset is not found.
    const other = await signUp(t);
    await other.agent.get(`/api/ad-results/${assetIds[0]}/more-like-this`).expect(404);
    expect((await other.agent.get('/api/ad-results').expect(200)).body.results).toEqual([]);
  });

  it("counts each ad's results by its ad set's goal, with cost per result, CPM and ROAS from the purchases' value", async () => {
    const { agent, assetIds, adIds } = await organizationWithPushedAds(3, 3);
    meta.dailyInsights.set(adIds[0], [
      { date: day(2), impressions: 2000, clicks: 40, spend: 20, optimizationGoal: 'OFFSITE_CONVERSIONS', actions: { link_click: 30, omni_purchase: 4, purchase: 4 }, actionValues: { omni_purchase: 90 } },
      { date: day(1), impressions: 2000, clicks: 20, spend: 20, optimizationGoal: 'OFFSITE_CONVERSIONS', actions: { link_click: 15, omni_purchase: 1 }, actionValues: { omni_purchase: 30 } },
    ]);
    meta.dailyInsights.set(adIds[1], [{ date: day(1), impressions: 500, clicks: 25, spend: 5, actions: { link_click: 20, post_engagement: 40 } }]);
    meta.dailyInsights.set(adIds[2], [{ date: day(1), impressions: 800, reach: 600, clicks: 0, spend: 3, optimizationGoal: 'REACH' }]);
    await agent.post('/api/ad-results/refresh').expect(200);

    const read = meta.callsTo('GET', /\/act_111\/insights$/).at(-1)!;
    expect(read.query.fields.split(',')).toEqual(expect.arrayContaining(['optimization_goal', 'actions', 'action_values']));
    const results = (await agent.get('/api/ad-results?range=7').expect(200)).body.results as Array<Record<string, unknown>>;
    const of = (assetId: string) => results.find((r) => r.assetId === assetId);
    // Purchases: 5 results for 40 spent, 120 of purchases: ROAS 3.
    expect(of(assetIds[0])).toMatchObject({ results: 5, resultType: 'purchase', costPerResult: 8, roas: 3, cpm: 10 });
    // Link clicks (the goal unless Graph says otherwise): 20 results for 5 spent, no purchases.
    expect(of(assetIds[1])).toMatchObject({ results: 20, resultType: 'link_click', costPerResult: 0.25, roas: null, cpm: 10 });
    // Reach: the people reached are the results.
    expect(of(assetIds[2])).toMatchObject({ results: 600, resultType: 'reach', costPerResult: 0.01, roas: null });
  });

  it('declares the routes in OpenAPI: the range enum, the library sorts by ctr and spend, the refresh route', async () => {
    const docs = (await request(t.app.getHttpServer()).get('/api/docs-json').expect(200)).body;
    const rangeParam = docs.paths['/api/ad-results'].get.parameters.find((p: { name: string }) => p.name === 'range');
    expect(rangeParam.schema.enum).toEqual([7, 14, 28]);
    const sortParam = docs.paths['/api/assets'].get.parameters.find((p: { name: string }) => p.name === 'sort');
    expect(sortParam.schema.enum).toEqual(expect.arrayContaining(['ctr', 'spend']));
    expect(docs.paths['/api/ad-results/refresh'].post).toBeDefined();
  });

  const statusReads = () => meta.callsTo('GET', /^\/v\d+\.\d+\/$/);
  const adOf = (adId: string) => meta.ads.find((ad) => ad.id === adId)!;

  it("reads each ad's status back from Meta (50 ads a request, deleted ads included) and shows it in the push history", async () => {
    const { agent, adIds } = await organizationWithPushedAds(4, 4);
    adOf(adIds[1]).status = 'ACTIVE';
    adOf(adIds[2]).status = 'DELETED';
    adOf(adIds[3]).status = 'ACTIVE';
    adOf(adIds[3]).effectiveStatus = 'DISAPPROVED';
    // A deleted ad delivered before it was deleted: the account's insights no longer list it.
    meta.dailyInsights.set(adIds[2], [{ date: day(1), impressions: 100, clicks: 5, spend: 1 }]);
    const before = statusReads().length;
    await agent.post('/api/ad-results/refresh').expect(200);

    // One request for the four ads. The scheduled read (every 5 s here) may have read them meanwhile, the same way.
    const reads = statusReads().slice(before).filter((c) => adIds.some((id) => c.query.ids?.split(',').includes(id)));
    expect(reads.length).toBeGreaterThanOrEqual(1);
    for (const read of reads) {
      expect(read.query.ids.split(',').sort()).toEqual([...adIds].sort());
      expect(read.query.fields).toBe('id,effective_status');
    }
    const history = (await agent.get('/api/meta/pushes').expect(200)).body.pushes as Array<{ adId: string; adStatus: string; adStatusReadAt: string | null }>;
    const statusOf = (adId: string) => history.find((p) => p.adId === adId)!;
    expect(adIds.map((id) => statusOf(id).adStatus)).toEqual(['PAUSED', 'ACTIVE', 'DELETED', 'DISAPPROVED']);
    expect(statusOf(adIds[0]).adStatusReadAt).toEqual(expect.any(String));

    // An ad Graph no longer knows fails the read by ids (#803): the others are read one by one, its last status stays.
    const [gone] = meta.ads.splice(meta.ads.indexOf(adOf(adIds[0])), 1);
    adOf(adIds[1]).status = 'PAUSED';
    try {
      await agent.post('/api/ad-results/refresh').expect(200);
    } finally {
      meta.ads.push(gone);
    }
    const after = (await agent.get('/api/meta/pushes').expect(200)).body.pushes as Array<{ adId: string; adStatus: string }>;
    expect(adIds.map((id) => after.find((p) => p.adId === id)!.adStatus)).toEqual(['PAUSED', 'PAUSED', 'DELETED', 'DISAPPROVED']);
  });

  it('the fake Graph reads ads by ids strictly: unknown fields, more than 50 ids and unknown ids are refused', async () => {
    const { adIds } = await organizationWithPushedAds(1, 1);
    const token = [...(meta as unknown as { tokens: Set<string> }).tokens][0];
    const { createHmac } = await import('node:crypto');
    const read = async (params: Record<string, string>) => {
      const url = new URL(`${meta.url}/v25.0/`);
      for (const [key, value] of Object.entries({ ...params, appsecret_proof: createHmac('sha256', meta.appSecret).update(token).digest('hex') })) url.searchParams.set(key, value);
      const response = await fetch(url, { headers: { Authorization: `Bearer ${token}` } });
      return { status: response.status, body: (await response.json()) as Record<string, { code?: number; effective_status?: string }> };
    };
    expect((await read({ ids: adIds[0], fields: 'id,effective_status' })).body[adIds[0]]).toEqual({ id: adIds[0], effective_status: 'PAUSED' });
    expect((await read({ ids: adIds[0], fields: 'id,delivery_status' })).body.error).toMatchObject({ code: 100 });
    expect((await read({ ids: Array.from({ length: 51 }, () => adIds[0]).join(','), fields: 'id' })).body.error).toMatchObject({ code: 100 });
    expect((await read({ ids: `${adIds[0]},99999`, fields: 'id' })).body.error).toMatchObject({ code: 803 });
  });

  it('filters the library by pushed, running and no results yet, and sorts by CTR, cost per result, spend and results (ties in id order, no data last)', async () => {
    const { agent, assetIds, adIds } = await organizationWithPushedAds(5, 4);
    // Assets 0 and 1 tie on CTR (5 %) and spend (10); asset 1 has 4 results (2.50 each), asset 0 two (5.00 each).
    meta.dailyInsights.set(adIds[0], [{ date: day(2), impressions: 1000, clicks: 50, spend: 10, actions: { link_click: 2 } }]);
    meta.dailyInsights.set(adIds[1], [{ date: day(2), impressions: 1000, clicks: 50, spend: 10, actions: { link_click: 4 } }]);
    // Asset 2 delivered but got no result; asset 3 is pushed and has not delivered; asset 4 was never pushed.
    meta.dailyInsights.set(adIds[2], [{ date: day(1), impressions: 10, clicks: 0, spend: 0.5 }]);
    adOf(adIds[1]).status = 'ACTIVE';
    adOf(adIds[2]).status = 'ACTIVE';
    await agent.post('/api/ad-results/refresh').expect(200);

    const ids = async (query: string) => ((await agent.get(`/api/assets?${query}`).expect(200)).body as Array<{ id: string }>).map((a) => a.id);
    const desc = (...list: string[]) => [...list].sort().reverse();
    const [tieHigh, tieLow] = desc(assetIds[0], assetIds[1]);
    expect(await ids('sort=ctr')).toEqual([tieHigh, tieLow, assetIds[2], ...desc(assetIds[3], assetIds[4])]);
    expect(await ids('sort=spend')).toEqual([tieHigh, tieLow, assetIds[2], ...desc(assetIds[3], assetIds[4])]);
    expect(await ids('sort=results')).toEqual([assetIds[1], assetIds[0], assetIds[2], ...desc(assetIds[3], assetIds[4])]);
    // Cheapest result first; without any result (asset 2) or without figures, after, in id order.
    expect(await ids('sort=cost-per-result')).toEqual([assetIds[1], assetIds[0], ...[assetIds[2], assetIds[3], assetIds[4]].sort()]);

    // Keyset pages of one asset walk the same order, with no asset twice or left out.
    for (const sort of ['ctr', 'spend', 'results', 'cost-per-result']) {
      const walked: string[] = [];
      let cursor: string | undefined;
      do {
        const page = await agent.get(`/api/assets?sort=${sort}&limit=2${cursor ? `&cursor=${cursor}` : ''}`).expect(200);
        walked.push(...page.body.map((a: { id: string }) => a.id));
        cursor = page.headers['x-next-cursor'];
      } while (cursor);
      expect(walked).toEqual(await ids(`sort=${sort}`));
    }
    const forged = Buffer.from(JSON.stringify({ s: 'cost-per-result', k: 'cheap', i: assetIds[0] })).toString('base64url');
    expect((await agent.get(`/api/assets?sort=cost-per-result&cursor=${forged}`).expect(400)).body.message).toBe(LIBRARY_MESSAGES.invalidCursor);

    expect((await ids('delivery=pushed')).sort()).toEqual(assetIds.slice(0, 4).sort());
    expect((await ids('delivery=running&sort=ctr'))).toEqual([assetIds[1], assetIds[2]]);
    expect(await ids('delivery=no-results')).toEqual([assetIds[3]]);
    expect((await agent.get('/api/assets/count?delivery=pushed').expect(200)).body).toEqual({ count: 4 });
    expect((await agent.get('/api/assets/count?delivery=running').expect(200)).body).toEqual({ count: 2 });
    const bad = await agent.get('/api/assets?delivery=live').expect(400);
    expect([bad.body.message].flat()).toEqual(expect.arrayContaining([LIBRARY_MESSAGES.invalidDelivery]));

    // Deleted in Meta: no longer running.
    adOf(adIds[2]).status = 'DELETED';
    await agent.post('/api/ad-results/refresh').expect(200);
    expect(await ids('delivery=running')).toEqual([assetIds[1]]);
    // Another organization sees none of it.
    const other = await signUp(t);
    expect((await other.agent.get('/api/assets?delivery=pushed').expect(200)).body).toEqual([]);
  });

  it("answers a creative's daily series (every day of the range, zeros on quiet days) and each push's figures over the range; another organization's asset is not found", async () => {
    const { agent, assetIds, adIds } = await organizationWithPushedAds(2, 2);
    meta.dailyInsights.set(adIds[0], [
      { date: day(20), impressions: 4000, clicks: 40, spend: 8 },
      { date: day(3), impressions: 1000, clicks: 20, spend: 2.5, actions: { link_click: 10 } },
      { date: day(1), impressions: 500, clicks: 5, spend: 1.25, actions: { link_click: 4 } },
    ]);
    await agent.post('/api/ad-results/refresh').expect(200);

    const daily = await agent.get(`/api/ad-results/${assetIds[0]}/daily?range=7`).expect(200);
    matchesDocument('get', '/api/ad-results/{assetId}/daily', daily);
    const week = daily.body;
    expect(week).toMatchObject({ assetId: assetIds[0], range: 7, currency: 'EUR' });
    expect(week.days.map((d: { date: string }) => d.date)).toEqual([6, 5, 4, 3, 2, 1, 0].map(day));
    expect(week.days[3]).toEqual({ date: day(3), impressions: 1000, clicks: 20, spend: 2.5, ctr: 0.02, results: 10 });
    expect(week.days[4]).toEqual({ date: day(2), impressions: 0, clicks: 0, spend: 0, ctr: null, results: 0 });
    expect(week.totals).toEqual({ impressions: 1500, clicks: 25, spend: 3.75, ctr: 25 / 1500, results: 14 });
    const month = (await agent.get(`/api/ad-results/${assetIds[0]}/daily?range=28`).expect(200)).body;
    expect(month.days).toHaveLength(28);
    expect(month.totals).toMatchObject({ impressions: 5500, spend: 11.75 });
    // A pushed asset without figures: every day at zero, no currency yet.
    const quiet = (await agent.get(`/api/ad-results/${assetIds[1]}/daily?range=14`).expect(200)).body;
    expect(quiet).toMatchObject({ currency: null, totals: { impressions: 0, spend: 0, ctr: null } });
    expect(quiet.days).toHaveLength(14);
    expect((await agent.get(`/api/ad-results/${assetIds[0]}/daily?range=30`).expect(400)).body.message).toEqual(expect.arrayContaining([AD_RESULTS_MESSAGES.invalidRange]));

    const other = await signUp(t);
    const hidden = await other.agent.get(`/api/ad-results/${assetIds[0]}/daily?range=7`).expect(404);
    expect(hidden.body.message).toBe(LIBRARY_MESSAGES.assetNotFound);
    await agent.get(`/api/ad-results/00000000-0000-4000-8000-000000000000/daily`).expect(404);

    // Each push's figures over the same ranges.
    const pushesOver = async (range: number) =>
      (await agent.get(`/api/meta/pushes?range=${range}`).expect(200)).body as { range: number; pushes: Array<{ adId: string; figures: Record<string, unknown> | null }> };
    const pushWeek = await pushesOver(7);
    expect(pushWeek.range).toBe(7);
    expect(pushWeek.pushes.find((p) => p.adId === adIds[0])!.figures).toEqual({ impressions: 1500, clicks: 25, spend: 3.75, currency: 'EUR', ctr: 25 / 1500, results: 14, costPerResult: 0.27 });
    expect(pushWeek.pushes.find((p) => p.adId === adIds[1])!.figures).toBeNull();
    expect((await pushesOver(28)).pushes.find((p) => p.adId === adIds[0])!.figures).toMatchObject({ impressions: 5500, spend: 11.75 });
    expect((await agent.get('/api/meta/pushes').expect(200)).body.range).toBe(28);
    await agent.get('/api/meta/pushes?range=3').expect(400);
    expect((await other.agent.get('/api/meta/pushes?range=7').expect(200)).body.pushes).toEqual([]);
  });

  it('an expired token marks the connection expired and stops the read', async () => {
    const { agent, organizationId, adIds } = await organizationWithPushedAds(1, 1);
    meta.dailyInsights.set(adIds[0], [{ date: day(1), impressions: 10, clicks: 1, spend: 1 }]);
    meta.revoked = true;
    try {
      await t.app.get(MetaResultsSync).syncAll();
      const [connection] = await t.db.dataSource.query(`SELECT status FROM meta_connections WHERE organization_id = $1`, [organizationId]);
      expect(connection.status).toBe('expired');
      expect((await agent.get('/api/meta/status').expect(200)).body).toMatchObject({ expired: true });
      const reads = insightsReadsOf(adIds[0]).length;
      await t.app.get(MetaResultsSync).syncAll();
      expect(insightsReadsOf(adIds[0]).length).toBe(reads);
    } finally {
      meta.revoked = false;
    }
  });
});
