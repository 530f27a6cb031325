// npm run bench:insights: reading the daily results of N pushed ads (BENCH_ADS, 1,000 by default)
// over BENCH_DAYS days (28) from the local fake Graph API and storing them, as the results sync
// does it (the ad account's insights edge, level=ad and time_increment=1, a hundred ads a filter,
// 500 rows a page), against the baseline measured in the same run: each ad's own insights edge,
// one read per ad at Graph's default page size, stored the same way. Prints the Graph calls and
// the time of each, and ends with one JSON line.
import 'reflect-metadata';
import { AdResultsRepository } from '../libs/core/src/ad-network/ad-results.repository';
import type { MetaConnectionService } from '../libs/core/src/ad-network/meta/meta-connection.service';
import { MetaGraphClient } from '../libs/core/src/ad-network/meta/meta-graph.client';
import { MetaGraphWarnings } from '../libs/core/src/ad-network/meta/meta-graph-warnings';
import { MetaGraphWarningsRepository } from '../libs/core/src/ad-network/meta/meta-graph-warnings.repository';
import { MetaPushesRepository } from '../libs/core/src/ad-network/meta/meta-pushes.repository';
import { MetaResultsSync, outcomesOf } from '../libs/core/src/ad-network/meta/meta-results.sync';
import { loadConfig } from '../libs/core/src/infra/config/app-config';
import type { QueuePort } from '../libs/core/src/infra/queue/queue.port';
import { FakeMeta } from '../libs/core/src/testing/fake-meta';
import { createOrganization } from '../libs/core/src/testing/factories';
import { loadAverage, printResult, printTable, round, runBenchmark } from './support/bench-helpers';
import { scratchDatabase } from './support/scratch-database';

const ADS = Number(process.env.BENCH_ADS ?? 1000);
const DAYS = Number(process.env.BENCH_DAYS ?? 28);
const DAY_MS = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

async function main(): Promise<void> {
  const meta = await new FakeMeta().start();
  const db = await scratchDatabase();
  try {
    const config = loadConfig({ ...process.env, ...meta.env(), DATABASE_URL: db.url, SESSION_SECRET: 'bench-session-secret-that-is-long-enough-0000', REDIS_URL: '' });
    const graph = new MetaGraphClient(config, new MetaGraphWarnings(config, new MetaGraphWarningsRepository(db.dataSource)));
    const token = await tokenFrom(meta);
    const organization = await createOrganization(db.dataSource, { planTier: 'Team+' });
    const adIds = await seedPushedAds(db.dataSource, meta, organization.id);
    const results = new AdResultsRepository(db.dataSource);
    const connections = { withToken: (_: string, call: (t: string, u: string) => Promise<unknown>) => call(token, meta.user.id), adAccountOf: async () => ({ currency: 'EUR' }) } as unknown as MetaConnectionService;
    const queue = { schedule: async () => undefined } as unknown as QueuePort;
    const sync = new MetaResultsSync(config, graph, connections, new MetaPushesRepository(db.dataSource), results, queue, 'api');
    console.log(`bench:insights  ${ADS} ads x ${DAYS} days = ${ADS * DAYS} daily rows, fake Graph API on ${meta.url}, load average ${loadAverage()}\n`);

    // Baseline: each ad's own insights edge, every page, the rows stored the same way.
    const since = isoDay(Date.now() - (DAYS + 2) * DAY_MS);
    const until = isoDay(Date.now());
    let started = performance.now();
    let baselineCalls = 0;
    for (const adId of adIds) {
      const read = await graph.dailyInsightsOfAd(token, adId, since, until);
      baselineCalls += read.calls;
      await results.upsert(
        read.rows.map((row) => ({
          network: 'meta', adId, date: row.date_start!, organizationId: organization.id, assetId: null,
          impressions: Number(row.impressions), reach: Number(row.reach), clicks: Number(row.clicks), spend: Number(row.spend), currency: row.account_currency ?? 'EUR',
          ...outcomesOf(row),
        })),
      );
    }
    const baselineMs = performance.now() - started;
    const baselineRows = (await db.dataSource.query(`SELECT count(*)::int AS n FROM ad_results`))[0].n as number;
    await db.dataSource.query(`DELETE FROM ad_results`);

    // The sync: account-level, daily, ad-level rows, a hundred ads a filter.
    started = performance.now();
    const outcome = await sync.syncOrganization(organization.id);
    const syncMs = performance.now() - started;
    const syncRows = (await db.dataSource.query(`SELECT count(*)::int AS n FROM ad_results`))[0].n as number;
    if (syncRows !== ADS * DAYS || baselineRows !== ADS * DAYS) throw new Error(`stored ${syncRows} (baseline ${baselineRows}) rows, expected ${ADS * DAYS}`);

    printTable([
      ['read', 'Graph calls', 'rows stored', 'ms', 'ms per ad'],
      ['per ad (baseline)', String(baselineCalls), String(baselineRows), String(round(baselineMs, 0)), String(round(baselineMs / ADS))],
      ['account, level=ad (sync)', String(outcome.calls), String(syncRows), String(round(syncMs, 0)), String(round(syncMs / ADS))],
    ]);
    console.log(`\nsync / baseline: ${round(syncMs / baselineMs)}x the time, ${round(outcome.calls / baselineCalls, 3)}x the calls`);
    printResult('insights', {
      ads: ADS,
      days: DAYS,
      rows: syncRows,
      calls: outcome.calls,
      baseline_calls: baselineCalls,
      sync_ms: round(syncMs, 0),
      baseline_ms: round(baselineMs, 0),
      time_ratio: round(syncMs / baselineMs, 3),
      calls_ratio: round(outcome.calls / baselineCalls, 3),
    });
  } finally {
    await db.drop();
    await meta.stop();
  }
}

/** A user token from the fake, through its dialog and code exchange. */
async function tokenFrom(meta: FakeMeta): Promise<string> {
  const env = meta.env();
  const dialog = await fetch(`${env.META_OAUTH_DIALOG_URL}?redirect_uri=${encodeURIComponent('http://127.0.0.1/callback')}&state=bench`, { redirect: 'manual' });
  const code = new URL(dialog.headers.get('location')!).searchParams.get('code')!;
  const exchange = new URL(`${env.META_GRAPH_URL}/oauth/access_token`);
  for (const [key, value] of Object.entries({ client_id: meta.appId, client_secret: meta.appSecret, redirect_uri: 'http://127.0.0.1/callback', code })) exchange.searchParams.set(key, value);
  return ((await (await fetch(exchange)).json()) as { access_token: string }).access_token;
}

/** ADS completed pushes of the organization, pushed DAYS + 1 days ago, each an ad in the fake with DAYS days of figures. */
async function seedPushedAds(dataSource: { query: (text: string, params?: unknown[]) => Promise<unknown> }, meta: FakeMeta, organizationId: string): Promise<string[]> {
  const adIds: string[] = [];
  for (let i = 0; i < ADS; i++) {
    const id = `23860${String(90_000_000 + i)}`;
    adIds.push(id);
    meta.ads.push({ id, name: `Bench ad ${i}`, adset_id: '7001', creative_id: '1', status: 'PAUSED', account: 'act_111' });
    meta.dailyInsights.set(
      id,
      Array.from({ length: DAYS }, (_, d) => ({ date: isoDay(Date.now() - (DAYS - d) * DAY_MS), impressions: 1000 + ((i * 7 + d * 13) % 500), clicks: (i + d) % 40, spend: ((i + d) % 900) / 100 })),
    );
  }
  await dataSource.query(
    `INSERT INTO meta_pushes (organization_id, meta_user_id, asset_id, asset_name, ad_account_id, campaign_id, ad_set_id, page_id, creative_name, ad_id, status, created_at, completed_at)
     SELECT $1, $2, NULL, 'Bench asset', 'act_111', '9001', '7001', '501', 'Bench ad', ad_id, 'completed', now() - interval '${DAYS + 1} days', now()
       FROM unnest($3::text[]) AS ad_id`,
    [organizationId, meta.user.id, adIds],
  );
  return adIds;
}

runBenchmark(main);
