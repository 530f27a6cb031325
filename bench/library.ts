// npm run bench:library: the asset library at scale. Seeds 100,000 assets in one organization (plus
// 20 other organizations with 5,000 each) with INSERT ... SELECT generate_series, then measures p50
// and p95 of GET /api/assets through HTTP (a real API instance: session, guard, validation, query,
// JSON) for the first page and a deep page (after 50 pages, through the cursor) of every sort, and
// of searches, next to the bare SQL of the same queries (same text, same parameters) in the same run,
// and prints the ratios and the plans of the bare queries.
// DATABASE_URL's server when set (a scratch database, dropped afterwards), else an embedded PostgreSQL.
//
// Profile notes: the authenticated floor was four statements per request (session, user,
// membership, and the session's expiry written back on every response, which the response
// waited for) around 0.3 ms of SQL each, plus Nest/Express. The session store now reads the
// session joined with its user and first membership in one statement and writes the sliding
// expiry at most once a minute; the CPU profile of the floor below shows what is left.
// BENCH_ASSETS (default 100000), BENCH_ITERATIONS (default 200) change the sizes.
import 'reflect-metadata';
// First: the config module validates the environment as soon as it is loaded.
import './support/bench-env';
import { Logger } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Pool } from 'pg';
import type { DataSource } from 'typeorm';
import { decodeAssetCursor } from '../libs/core/src/assets/asset-cursor';
import { assetListSql, type SqlQuery } from '../libs/core/src/assets/assets.repository';
import { ASSET_SORTS, type AssetSort } from '@brandloom/contracts';
import { createOrganization } from '../libs/core/src/testing/factories';
import { httpGet, loadAverage, printResult, printTable, quantile, registerBenchClient, round, runBenchmark } from './support/bench-helpers';
import { benchEnvironment, startApi } from './support/bench-app';
import { cpuProfile, printCpuProfile } from './support/cpu-profile';
import { printStatements, resetStatementStats, scratchDatabase, topStatements } from './support/scratch-database';

const ASSETS = Number(process.env.BENCH_ASSETS ?? 100_000);
const OTHER_ORGANIZATIONS = 20;
const ASSETS_PER_OTHER = Number(process.env.BENCH_OTHER_ASSETS ?? 5_000);
const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 200);
const WARMUP = 20;
const PAGE = 30;
const DEEP_PAGES = 50;
const NEXT_CURSOR = 'x-next-cursor';

interface Client {
  base: string;
  cookie: string;
  organizationId: string;
}

interface Scenario {
  label: string;
  /** Query string of GET /api/assets. */
  query: Record<string, string>;
  sql: SqlQuery;
}

async function main(): Promise<void> {
  Logger.overrideLogger(false);
  const db = await scratchDatabase();
  const { env, cleanUp } = benchEnvironment(db.url, { REDIS_URL: '' });
  let api: NestExpressApplication | undefined;
  const pool = new Pool({ connectionString: db.url, max: 2 });
  try {
    let base: string;
    ({ app: api, base } = await startApi(env));
    const client = await registerBenchClient(base);

    const [{ version }] = await db.dataSource.query(`SELECT current_setting('server_version') AS version`);
    console.log(`bench:library  PostgreSQL ${version} (${db.server}), load average ${loadAverage()}; ${ASSETS.toLocaleString('en-US')} assets in one organization, ${OTHER_ORGANIZATIONS} other organizations with ${ASSETS_PER_OTHER.toLocaleString('en-US')} each`);
    const seeded = await seed(db.dataSource, client.organizationId);
    console.log(`seeded ${seeded.rows.toLocaleString('en-US')} assets in ${(seeded.ms / 1000).toFixed(1)} s (then VACUUM ANALYZE)`);
    console.log(`each figure: ${ITERATIONS} sequential requests after ${WARMUP} warm-up ones; API = HTTP GET /api/assets on a real app instance (session cookie), SQL = the same statement on a bare pg connection\n`);

    const scenarios: Scenario[] = [];
    for (const sort of ASSET_SORTS) {
      scenarios.push({ label: `${sort}, first page`, query: { sort, limit: String(PAGE) }, sql: sqlFor(client.organizationId, sort, null, null) });
      const cursor = await cursorAfter(client, { sort, limit: String(PAGE) }, DEEP_PAGES);
      scenarios.push({
        label: `${sort}, page ${DEEP_PAGES + 1}`,
        query: { sort, limit: String(PAGE), cursor },
        sql: sqlFor(client.organizationId, sort, null, cursor),
      });
    }
    for (const [term, note] of [
      ['lighthouse', '0.1% of rows'],
      ['neon', '~6% of rows'],
    ] as const) {
      scenarios.push({ label: `search "${term}" (${note})`, query: { search: term, limit: String(PAGE) }, sql: sqlFor(client.organizationId, 'newest', term, null) });
    }
    scenarios.push({
      label: 'search "lighthouse", name-asc',
      query: { search: 'lighthouse', sort: 'name-asc', limit: String(PAGE) },
      sql: sqlFor(client.organizationId, 'name-asc', 'lighthouse', null),
    });
    const folder = seeded.folderId;
    scenarios.push({ label: 'one folder, newest', query: { folderId: folder, limit: String(PAGE) }, sql: { ...assetListSql(client.organizationId, { folderId: folder, search: null, sort: 'newest', cursor: null, limit: PAGE }) } });

    const rows = [['GET /api/assets', 'SQL p50', 'SQL p95', 'API p50', 'API p95', 'API/SQL p50', 'API/SQL p95', 'rows']];
    // The fixed cost of an authenticated request (session, user and organization lookups), for reference.
    const profiled = await resetStatementStats(db);
    const { result: floor, profile: floorProfile } = await cpuProfile(() => measure(() => get(client, '/api/auth/user')));
    const floorStatements = profiled ? await topStatements(db, 5) : null;
    let firstPage: number[] = [];
    for (const scenario of scenarios) {
      const bare = await measure(async () => (await pool.query(scenario.sql.text, scenario.sql.values)).rowCount);
      const http = await measure(() => get(client, `/api/assets?${new URLSearchParams(scenario.query)}`));
      if (scenario.label === 'newest, first page') firstPage = http;
      const count = (await pool.query(scenario.sql.text, scenario.sql.values)).rowCount ?? 0;
      rows.push([
        scenario.label,
        ms(quantile(bare, 0.5)),
        ms(quantile(bare, 0.95)),
        ms(quantile(http, 0.5)),
        ms(quantile(http, 0.95)),
        `${(quantile(http, 0.5) / quantile(bare, 0.5)).toFixed(1)}x`,
        `${(quantile(http, 0.95) / quantile(bare, 0.95)).toFixed(1)}x`,
        String(Math.min(count, PAGE)),
      ]);
    }
    printTable(rows);
    console.log(`\nthe authenticated floor, GET /api/auth/user (session + user + organization, no library query): p50 ${ms(quantile(floor, 0.5))}, p95 ${ms(quantile(floor, 0.95))}`);
    printCpuProfile(`  profile of ${WARMUP + ITERATIONS} requests (client and server share this process)`, floorProfile);
    console.log('  statements per request (pg_stat_statements):');
    printStatements(floorStatements);
    const count = await measure(() => get(client, '/api/assets/count'));
    const countSql = await measure(() => pool.query(`SELECT count(*)::int FROM assets a WHERE a.organization_id = $1`, [client.organizationId]));
    console.log(`GET /api/assets/count (${ASSETS.toLocaleString('en-US')}): API p50 ${ms(quantile(count, 0.5))}, p95 ${ms(quantile(count, 0.95))}; SQL p50 ${ms(quantile(countSql, 0.5))}, p95 ${ms(quantile(countSql, 0.95))}`);

    console.log('\nplans (EXPLAIN ANALYZE of the bare statements):');
    scenarios.push({ label: 'count', query: {}, sql: { text: `SELECT count(*)::int FROM assets a WHERE a.organization_id = $1`, values: [client.organizationId] } });
    for (const scenario of scenarios.filter((s) => /page 51|search|folder|count/.test(s.label) || s.label === 'newest, first page')) {
      const plan: Array<{ 'QUERY PLAN': string }> = await pool.query(`EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF) ${scenario.sql.text}`, scenario.sql.values).then((r) => r.rows);
      console.log(`  ${scenario.label}:`);
      for (const { 'QUERY PLAN': line } of plan) {
        if (/Scan|Bitmap|Sort|Limit|Aggregate|Index Cond|Recheck|Heap Fetches/.test(line)) console.log(`    ${line.trim()}`);
      }
    }
    console.log('');
    printResult('library', {
      assets: ASSETS,
      auth_floor_p50_ms: round(quantile(floor, 0.5), 2),
      auth_floor_p95_ms: round(quantile(floor, 0.95), 2),
      first_page_p50_ms: round(quantile(firstPage, 0.5), 2),
      first_page_p95_ms: round(quantile(firstPage, 0.95), 2),
      floor_profile_areas: Object.fromEntries(floorProfile.byArea.slice(0, 6).map((a) => [a.area, a.share])),
    });
  } finally {
    await pool.end();
    await api?.close();
    await db.drop();
    cleanUp();
  }
}

function sqlFor(organizationId: string, sort: AssetSort, search: string | null, cursor: string | null): SqlQuery {
  return assetListSql(organizationId, { folderId: null, search, sort, cursor: cursor ? decodeAssetCursor(cursor, sort) : null, limit: PAGE });
}

/**
 * Assets as a generated library looks: prompts from a vocabulary (one in a thousand mentions a
 * lighthouse, about one in sixteen "neon"), names derived from them, created over a year with
 * several variations per second, a tenth of them in ten folders.
 */
async function seed(dataSource: DataSource, organizationId: string): Promise<{ rows: number; ms: number; folderId: string }> {
  const started = performance.now();
  const query = (sql: string, values?: unknown[]) => dataSource.query(sql, values);
  const folderRows: Array<{ id: string }> = await query(
    `INSERT INTO folders (organization_id, name) SELECT $1, 'Campaign ' || g FROM generate_series(1, 10) g RETURNING id`,
    [organizationId],
  );
  const folders = folderRows.map((f) => f.id);
  const others: string[] = [];
  for (let i = 0; i < OTHER_ORGANIZATIONS; i += 1) others.push((await createOrganization(dataSource, { name: `Other ${i + 1}` })).id);

  const insert = `
    WITH vocab AS (
      SELECT ARRAY['Bright','Minimal','Bold','Vintage','Playful','Elegant','Moody','Sunny','Retro','Clean','Vivid','Soft','Dramatic','Calm','Urban','Rustic'] AS adj,
             ARRAY['poster','banner','product shot','social post','flyer','hero image','billboard','story','thumbnail','ad creative','cover','postcard'] AS kind,
             ARRAY['coffee cup','running shoes','water bottle','headphones','sneaker drop','summer sale','city skyline','mountain lake','bakery','bicycle','perfume','smartwatch','yoga mat','pizza','guitar','sofa','backpack'] AS subject,
             ARRAY['pastel background','studio lighting','golden hour','flat illustration','watercolor style','3D render','film grain','bokeh','high contrast','soft shadows','neon glow','paper texture','isometric view','duotone','night scene','marble table'] AS style
    ), rows AS (
      SELECT g, $1::uuid AS org, vocab.adj[1 + g % 16] || ' ' || vocab.kind[1 + (g / 3) % 12] || ' of a ' ||
             CASE WHEN g % 1000 = 7 THEN 'lighthouse' ELSE vocab.subject[1 + (g / 5) % 17] END ||
             ', ' || vocab.style[1 + (g / 11) % 16] || ', brand colours, variation ' || (g % 7) AS prompt
        FROM generate_series(1, $2::int) g, vocab
    )
    INSERT INTO assets (organization_id, name, prompt, s3_key, thumbnail_key, width, height, file_size, folder_id, created_at, updated_at)
    SELECT org, initcap(left(prompt, 60)) || ' (' || (g % 4 + 1) || ' of 4)', prompt,
           'org/' || org || '/generated/' || md5(org::text || g) || '.png', 'org/' || org || '/generated/' || md5(org::text || g) || '.thumb.webp',
           1024, 1024, 900000 + g % 300000,
           CASE WHEN g % 10 = 0 THEN ($3::uuid[])[1 + (g / 10) % 10] END,
           timestamptz '2026-01-01' + (g / 4) * interval '1 second' * (365 * 86400.0 / $2::int * 4) + (g % 4) * interval '1 microsecond',
           now()
      FROM rows`;
  // Loading into a table without its indexes and building them afterwards is several times faster
  // than maintaining them row by row (GIN above all); the definitions are read back from the
  // database, so the rebuilt indexes are exactly the migrations' ones.
  const indexes: Array<{ indexname: string; indexdef: string }> = await query(
    `SELECT i.indexname, i.indexdef FROM pg_indexes i
      WHERE i.schemaname = current_schema() AND i.tablename = 'assets'
        AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname AND c.conrelid = 'assets'::regclass)`,
  );
  for (const index of indexes) await query(`DROP INDEX ${index.indexname}`);
  const phase = (label: string, since: number) => console.log(`  ${label}: ${((performance.now() - since) / 1000).toFixed(1)} s`);
  let mark = performance.now();
  await query(insert, [organizationId, ASSETS, folders]);
  // Their rows sit in no folder (an empty folder list gives NULL).
  for (const other of others) await query(insert, [other, ASSETS_PER_OTHER, []]);
  phase('rows inserted', mark);
  mark = performance.now();
  for (const index of indexes) await query(`SET maintenance_work_mem = '256MB'; ${index.indexdef}`);
  phase(`${indexes.length} indexes rebuilt (${indexes.map((i) => i.indexname).join(', ')})`, mark);
  mark = performance.now();
  await query(`VACUUM ANALYZE assets`);
  await query(`VACUUM ANALYZE folders`);
  phase('VACUUM ANALYZE', mark);
  return { rows: ASSETS + OTHER_ORGANIZATIONS * ASSETS_PER_OTHER, ms: performance.now() - started, folderId: folders[0] };
}

/** Walks `pages` pages through the API and returns the cursor of the next one. */
async function cursorAfter(client: Client, query: Record<string, string>, pages: number): Promise<string> {
  let cursor: string | undefined;
  for (let i = 0; i < pages; i += 1) {
    const res = await fetch(`${client.base}/api/assets?${new URLSearchParams({ ...query, ...(cursor ? { cursor } : {}) })}`, { headers: { cookie: client.cookie } });
    if (!res.ok) throw new Error(`GET /api/assets: ${res.status} ${await res.text()}`);
    await res.arrayBuffer();
    cursor = res.headers.get(NEXT_CURSOR) ?? undefined;
    if (!cursor) throw new Error(`only ${i + 1} pages`);
  }
  return cursor!;
}

async function get(client: Client, path: string): Promise<void> {
  const status = await httpGet(`${client.base}${path}`, client.cookie);
  if (status !== 200) throw new Error(`GET ${path}: ${status}`);
}


async function measure(work: () => Promise<unknown>): Promise<number[]> {
  for (let i = 0; i < WARMUP; i += 1) await work();
  const times: number[] = [];
  for (let i = 0; i < ITERATIONS; i += 1) {
    const started = performance.now();
    await work();
    times.push(performance.now() - started);
  }
  return times;
}



const ms = (n: number) => `${n.toFixed(2)} ms`;


runBenchmark(main);
