// npm run bench:load: the app launched as `npm start` launches it (build included; embedded
// PostgreSQL unless DATABASE_URL) under a mixed load for BENCH_DURATION seconds (default 30), from
// many signed-in sessions in several organizations: shell reads (user, organization, balance) and
// library pages and searches driven by autocannon, and low-quality test generations followed to
// the end through their progress streams. Prints requests per second and p50/p95/p99 per kind,
// errors (must be 0), generations accepted vs completed, and checks afterwards that every
// organization's balance equals its ledger. Runs once with the in-process queue, then, when
// REDIS_URL is set, again with BullMQ and the separate worker process npm start adds.
// BENCH_ORGANIZATIONS (default 6), BENCH_SESSIONS_PER_ORG (default 4), BENCH_GENERATORS (default 4).
import 'reflect-metadata';
import { GIVEN_DATABASE_URL } from './support/bench-env';
import autocannon from 'autocannon';
import { randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import { CreditLedgerRepository } from '../libs/core/src/credits/credit-ledger.repository';
import { CreditsService } from '../libs/core/src/credits/credits.service';
import { ENTITIES } from '../libs/core/src/entities';
import { dataSourceOptions } from '../libs/core/src/infra/database/data-source-options';
import { OutboxRepository } from '../libs/core/src/infra/outbox/outbox.repository';
import { OutboxService } from '../libs/core/src/infra/outbox/outbox.service';
import { OrganizationsRepository } from '../libs/core/src/organizations/organizations.repository';
import { createTestDatabase, type TestDatabase } from '../libs/core/src/testing/test-database';
import { followProgress, httpPostJson, loadAverage, printResult, printTable, quantile, registerBenchClient, round, runBenchmark, signInAgain, type BenchClient } from './support/bench-helpers';
import { launchApp } from './support/launched-app';

const DURATION_S = Number(process.env.BENCH_DURATION ?? 30);
const ORGANIZATIONS = Number(process.env.BENCH_ORGANIZATIONS ?? 6);
const SESSIONS_PER_ORG = Number(process.env.BENCH_SESSIONS_PER_ORG ?? 4);
const GENERATORS = Number(process.env.BENCH_GENERATORS ?? 4);
const ASSETS_PER_ORG = 2_000;
const PAGE = 30;

interface Kind {
  name: string;
  connections: number;
  paths: string[];
}

const KINDS: Kind[] = [
  { name: 'shell reads', connections: 8, paths: ['/api/auth/user', '/api/organization', '/api/credits/balance'] },
  { name: 'library pages', connections: 4, paths: ['newest', 'oldest', 'name-asc', 'name-desc'].map((sort) => `/api/assets?sort=${sort}&limit=${PAGE}`) },
  { name: 'library searches', connections: 4, paths: ['neon', 'lighthouse', 'coffee cup', 'poster'].map((q) => `/api/assets?search=${encodeURIComponent(q)}&limit=${PAGE}`) },
];

interface KindResult {
  name: string;
  requests: number;
  errors: number;
  latencies: number[];
}

interface RunResult {
  label: string;
  startMs: number;
  kinds: KindResult[];
  accepted: number;
  completed: number;
  failed: number;
  ledgersBalanced: boolean;
  seconds: number;
}

async function main(): Promise<void> {
  console.log(`bench:load  ${DURATION_S} s per run, ${ORGANIZATIONS} organizations × ${SESSIONS_PER_ORG} sessions, ${GENERATORS} generation loops; load average ${loadAverage()}\n`);
  const runs: RunResult[] = [await run('in-process queue', { REDIS_URL: '' })];
  if (process.env.REDIS_URL) {
    runs.push(await run('BullMQ + separate worker process', { REDIS_URL: process.env.REDIS_URL, QUEUE_PREFIX: `bl-load-${randomBytes(4).toString('hex')}` }));
  } else {
    console.log('(REDIS_URL is not set: the BullMQ run with a separate worker process is skipped)\n');
  }

  const summary = (r: RunResult) => {
    const all = r.kinds.flatMap((k) => k.latencies);
    const requests = r.kinds.reduce((n, k) => n + k.requests, 0);
    return {
      rps: round(requests / r.seconds, 1),
      p50_ms: round(quantile(all, 0.5), 2),
      p95_ms: round(quantile(all, 0.95), 2),
      p99_ms: round(quantile(all, 0.99), 2),
      errors: r.kinds.reduce((n, k) => n + k.errors, 0) + r.failed,
      generations_accepted: r.accepted,
      generations_completed: r.completed,
      ledgers_balanced: r.ledgersBalanced,
      start_to_healthy_ms: Math.round(r.startMs),
      per_kind: Object.fromEntries(
        r.kinds.map((k) => [k.name, { rps: round(k.requests / r.seconds, 1), p50_ms: round(quantile(k.latencies, 0.5), 2), p95_ms: round(quantile(k.latencies, 0.95), 2), p99_ms: round(quantile(k.latencies, 0.99), 2), errors: k.errors }]),
      ),
    };
  };
  const [first, ...rest] = runs.map(summary);
  printResult('load', {
    ...first,
    errors: runs.map(summary).reduce((n, s) => n + s.errors, 0),
    ledgers_balanced: runs.every((r) => r.ledgersBalanced),
    duration_s: DURATION_S,
    ...(rest[0] ? { redis: rest[0] } : {}),
  });
}

async function run(label: string, env: Record<string, string>): Promise<RunResult> {
  let scratch: TestDatabase | undefined;
  if (GIVEN_DATABASE_URL) scratch = await createTestDatabase();
  const app = await launchApp({ ...env, DATABASE_URL: scratch?.url ?? '', NODE_ENV: 'production', SESSION_SECRET: process.env.SESSION_SECRET, OPENAI_API_KEY: '', LOCAL_RENDERER_DELAY_MS: '0' });
  const dataSource = new DataSource(dataSourceOptions(app.databaseUrl, ENTITIES));
  try {
    await dataSource.initialize();
    console.log(`== ${label}: npm start healthy in ${(app.startMs / 1000).toFixed(1)} s (${scratch ? 'DATABASE_URL' : 'embedded PostgreSQL'})`);
    const sessions = await signIn(app.base, dataSource);

    const deadline = Date.now() + DURATION_S * 1000;
    const started = performance.now();
    const generations = { accepted: 0, completed: 0, failed: 0, errors: [] as string[] };
    const [kinds] = await Promise.all([
      Promise.all(KINDS.map((kind) => drive(app.base, kind, sessions))),
      Promise.all(Array.from({ length: GENERATORS }, (_, i) => generationLoop(app.base, sessions[i % sessions.length], deadline, generations))),
    ]);
    const seconds = (performance.now() - started) / 1000;
    // Every accepted generation settles (the queue drains) before the ledgers are compared.
    await settled(dataSource, 120_000);
    const [{ completed }] = await dataSource.query(`SELECT count(*)::int AS completed FROM generations WHERE status = 'completed'`);
    const ledgersBalanced = await balanced(dataSource);
    if (generations.errors.length > 0) console.log(`generation errors: ${generations.errors.slice(0, 5).join('; ')}`);
    const logged = app.output().split('\n').filter((line) => /"level":(50|60)/.test(line));
    if (logged.length > 0) console.log(`the app logged ${logged.length} errors, the first ones:\n${logged.slice(0, 3).map((l) => `  ${l.slice(0, 1500)}`).join('\n')}`);

    const result: RunResult = { label, startMs: app.startMs, kinds, accepted: generations.accepted, completed, failed: generations.failed, ledgersBalanced, seconds };
    const rows = [['kind', 'requests', 'req/s', 'p50', 'p95', 'p99', 'errors']];
    for (const k of kinds) {
      rows.push([k.name, String(k.requests), (k.requests / seconds).toFixed(1), ms(quantile(k.latencies, 0.5)), ms(quantile(k.latencies, 0.95)), ms(quantile(k.latencies, 0.99)), String(k.errors)]);
    }
    printTable(rows);
    console.log(`generations: ${generations.accepted} accepted, ${completed} completed, ${generations.failed} failed; balances equal their ledgers: ${ledgersBalanced ? 'yes' : 'NO'}\n`);
    return result;
  } finally {
    if (dataSource.isInitialized) await dataSource.destroy();
    await app.stop();
    await scratch?.drop();
  }
}

/** ORGANIZATIONS users (one organization each) with SESSIONS_PER_ORG sessions each, and credits for the run. */
async function signIn(base: string, dataSource: DataSource): Promise<BenchClient[]> {
  const credits = new CreditsService(dataSource, new OutboxService(new OutboxRepository(dataSource)), new CreditLedgerRepository(dataSource), new OrganizationsRepository(dataSource));
  const sessions: BenchClient[] = [];
  for (let o = 0; o < ORGANIZATIONS; o += 1) {
    const first = await registerBenchClient(base, base);
    sessions.push(first);
    for (let s = 1; s < SESSIONS_PER_ORG; s += 1) sessions.push(await signInAgain(first, base));
    await credits.grant({ organizationId: first.organizationId, amount: 100_000, type: 'bonus', description: 'Load benchmark credits' });
    await seedLibrary(dataSource, first.organizationId);
  }
  return sessions;
}

/** A library to page and search: ASSETS_PER_ORG assets with prompts from a small vocabulary. */
async function seedLibrary(dataSource: DataSource, organizationId: string): Promise<void> {
  await dataSource.query(
    `INSERT INTO assets (organization_id, name, prompt, s3_key, thumbnail_key, width, height, file_size, created_at, updated_at)
     SELECT $1::uuid, 'Asset ' || g, p.prompt, 'org/' || $1::text || '/generated/seed-' || g || '.png', 'org/' || $1::text || '/generated/seed-' || g || '.thumb.webp',
            1024, 1024, 900000, now() - g * interval '1 minute', now()
       FROM generate_series(1, $2::int) g,
            LATERAL (SELECT (ARRAY['A neon poster of a coffee cup', 'A lighthouse at dusk', 'Summer sale banner', 'Minimal poster of running shoes'])[1 + g % 4] || ' ' || g AS prompt) p`,
    [organizationId, ASSETS_PER_ORG],
  );
  await dataSource.query(`ANALYZE assets`);
}

/** One autocannon instance per kind: its connections take the sessions in turn, each request a random path of the kind. */
async function drive(base: string, kind: Kind, sessions: BenchClient[]): Promise<KindResult> {
  let nextSession = 0;
  const latencies: number[] = [];
  let errors = 0;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: base,
        connections: kind.connections,
        duration: DURATION_S,
        requests: [
          {
            method: 'GET',
            setupRequest: (request, context: { cookie?: string }) => {
              context.cookie ??= sessions[nextSession++ % sessions.length].cookie;
              return { ...request, path: kind.paths[Math.floor(Math.random() * kind.paths.length)], headers: { ...request.headers, cookie: context.cookie } };
            },
          },
        ],
      },
      (error, finished) => (error ? reject(error) : resolve(finished)),
    );
    instance.on('response', (_client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
      latencies.push(responseTime);
      if (statusCode >= 400) errors += 1;
    });
  });
  return { name: kind.name, requests: latencies.length, errors: errors + result.errors + result.timeouts, latencies };
}

/** Test generations one after another until the deadline, each followed on its progress stream to the end. */
async function generationLoop(base: string, client: BenchClient, deadline: number, counts: { accepted: number; completed: number; failed: number; errors: string[] }): Promise<void> {
  while (Date.now() < deadline) {
    try {
      const prompt = `TEST load ${randomBytes(3).toString('hex')}: a neon poster`;
      const res = await httpPostJson<{ progressUrl: string }>(`${base}/api/generate/test`, client.cookie, base, { prompt, quality: 'low', size: '1024x1024', variationCount: 1 });
      if (res.status !== 201) throw new Error(`POST /api/generate/test: ${res.status} ${JSON.stringify(res.body)}`);
      counts.accepted += 1;
      const { progressUrl } = res.body;
      await followProgress(`${base}${progressUrl}`, client.cookie);
      counts.completed += 1;
    } catch (error) {
      counts.failed += 1;
      counts.errors.push((error as Error).message);
    }
  }
}

async function settled(dataSource: DataSource, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const [{ open }] = await dataSource.query(`SELECT count(*)::int AS open FROM generations WHERE status IN ('queued', 'processing')`);
    if (open === 0) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('generations still open two minutes after the run');
}

async function balanced(dataSource: DataSource): Promise<boolean> {
  const [{ unbalanced }] = await dataSource.query(
    `SELECT count(*)::int AS unbalanced FROM organizations o
      WHERE o.credits <> (SELECT COALESCE(SUM(amount), 0) FROM credit_ledger l WHERE l.organization_id = o.id AND l.status = 'completed')`,
  );
  return unbalanced === 0;
}

const ms = (n: number) => `${n.toFixed(1)} ms`;

runBenchmark(main);
