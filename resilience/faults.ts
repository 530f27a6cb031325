// npm run test:faults: an API and a worker (the built ones) on a PostgreSQL cluster and a Redis
// server of this suite's own (temporary directories, spare ports; the machine's services are never
// touched) and an S3 fake, while generations, debits and library reads run:
//   postgres-restart  immediate stop, start after 5 s: 503 with a clear message meanwhile (never a 500,
//                     never a hang), /api/health says the database is down, recovery by itself within 10 s
//   redis-restart     SIGKILL, start after 4 s: every accepted job finishes, progress streams end with the
//                     final state, the worker reconnects by itself
//   storage-failing   S3 answers 500 for 8 s: jobs retry, then fail and refund exactly once; no orphan rows
// After each: no generation lost, none debited twice, every balance equal to its ledger sum.
import 'reflect-metadata';
// First: the config module validates the environment as soon as it is loaded.
import './support/suite-env';
import { assetThumbnailUrl, SERVICE_MESSAGES } from '@brandloom/contracts';
import { createTestDatabase, type TestDatabase } from '@brandloom/core/testing';
import { startS3Server, type LocalS3Server } from '../libs/core/src/testing/s3-server';
import { createStorageDriver } from '../libs/core/src/storage/storage.factory';
import { ApiClient, StatusTally, type Answer } from './support/client';
import { AppProcess, freePort, jobLines, sleep, startApi, startWorker, waitFor } from './support/processes';
import { auditLedger, grantCredits, SuiteReport } from './support/report';
import { PostgresCluster, RedisServer } from './support/services';

/** A request that has no answer after this counts as hanging. */
const REQUEST_TIMEOUT_MS = 10_000;
const POSTGRES_OUTAGE_MS = 5000;
const REDIS_OUTAGE_MS = 4000;
const STORAGE_OUTAGE_MS = 8000;
const RECOVERY_LIMIT_S = 10;

const report = new SuiteReport('faults');
const tally = new StatusTally();

interface Sample {
  at: number;
  path: string;
  status: number;
  ms: number;
  message: string;
}

/** Generations and library reads, one request at a time per loop, until stopped. */
class Load {
  readonly samples: Sample[] = [];
  readonly accepted: string[] = [];
  private running = false;
  private loops: Promise<void>[] = [];

  constructor(private readonly client: ApiClient) {}

  start(): void {
    this.running = true;
    this.loops = [
      this.loop(async () => {
        const answer = await this.request('POST', '/api/generate', { prompt: `A teapot under studio light #${this.accepted.length}`, quality: 'low', size: '1024x1024', variationCount: 1 });
        if (answer.status === 201) this.accepted.push(answer.body.generationId);
      }, 250),
      this.loop(async () => {
        await this.request('GET', '/api/assets');
        await this.request('GET', '/api/credits/balance');
      }, 150),
    ];
  }

  async stop(): Promise<void> {
    this.running = false;
    await Promise.all(this.loops);
  }

  between(from: number, to: number): Sample[] {
    return this.samples.filter((s) => s.at >= from && s.at <= to);
  }

  private async loop(step: () => Promise<void>, pauseMs: number): Promise<void> {
    while (this.running) {
      await step();
      await sleep(pauseMs);
    }
  }

  private async request(method: string, path: string, body?: unknown): Promise<Answer> {
    const at = Date.now();
    const answer = await this.client.call(method, path, body, { timeoutMs: REQUEST_TIMEOUT_MS }).catch(
      (error: Error): Answer => ({ status: 0, body: undefined, text: error.message, ms: Date.now() - at }),
    );
    this.samples.push({ at, path: `${method} ${path.split('?')[0]}`, status: answer.status, ms: answer.ms, message: answer.body?.message ?? answer.text.slice(0, 120) });
    return answer;
  }
}

type Figures = Parameters<SuiteReport['finish']>[0];

async function main(): Promise<Figures> {
  const cluster = new PostgresCluster(await freePort());
  const redis = new RedisServer(await freePort());
  let s3: LocalS3Server | undefined;
  let db: TestDatabase | undefined;
  const processes: AppProcess[] = [];
  try {
    await cluster.init();
    await redis.start();
    s3 = await startS3Server({ faultInjection: true });
    process.env.DATABASE_URL = cluster.url;
    db = await createTestDatabase();
    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    const common: Record<string, string> = {
      NODE_ENV: 'production',
      DATABASE_URL: db.url,
      REDIS_URL: redis.url,
      SESSION_SECRET: 'faults-session-secret-that-is-long-enough-000000',
      APP_URL: origin,
      ...s3.env(),
      LOCAL_RENDERER_DELAY_MS: '200',
      WORKER_CONCURRENCY: '3',
      OUTBOX_POLL_MS: '100',
      DATABASE_CONNECT_TIMEOUT_MS: '2000',
      QUEUE_ENQUEUE_TIMEOUT_MS: '1000',
      QUEUE_LOCK_DURATION_MS: '3000',
      QUEUE_STALLED_INTERVAL_MS: '1000',
      GENERATION_SWEEP_EVERY_MS: '1000',
      GENERATION_REQUEUE_AFTER_SECONDS: '3',
      GENERATION_STALE_AFTER_SECONDS: '30',
      REGISTRATION_MAX_PER_IP: '1000',
    };
    const api = await startApi('api', port, { ...common, LOG_LEVEL: 'warn' });
    const worker = await startWorker('worker', { ...common, LOG_LEVEL: 'info' });
    processes.push(api, worker);
    console.log(`PostgreSQL :${cluster.port}, Redis :${redis.port}, S3 ${s3.endpoint}; API pid ${api.pid}, worker pid ${worker.pid}`);

    const client = await new ApiClient(api.base!, origin, tally).register();
    await grantCredits(db.dataSource, await client.organizationId(), 5000);

    await scenario('postgres-restart', () => postgresRestart(client, cluster, db!));
    await scenario('redis-restart', () => redisRestart(client, redis, worker, db!));
    await scenario('storage-failing', () => storageFailing(client, s3!, db!));

    report.check('totals', 'the API and the worker are still the processes started at the beginning', api.alive() && worker.alive(), `API ${api.alive() ? 'up' : 'died'}, worker ${worker.alive() ? 'up' : 'died'}`);
    const audit = await auditLedger(db.dataSource);
    const errors5xx = tally.count((s) => s >= 500 && s !== 503);
    report.check('totals', 'no 5xx other than the outage 503', errors5xx === 0, tally.fiveHundreds.slice(0, 3).join(' | '));
    return {
      jobs_lost: audit.unsettled,
      double_debits: audit.doubleDebits,
      errors_5xx: errors5xx,
      answers_503: tally.count((s) => s === 503),
      generations: audit.completed + audit.failed + audit.unsettled,
      failed_and_refunded: audit.failed,
    };
  } finally {
    await Promise.all(processes.map((p) => p.kill('SIGKILL')));
    await db?.dataSource.destroy().catch(() => undefined);
    await s3?.stop().catch(() => undefined);
    await redis.destroy();
    cluster.destroy();
  }
}

async function scenario(name: string, run: () => Promise<void>): Promise<void> {
  report.scenario(name);
  try {
    await run();
  } catch (error) {
    report.crashed(name, error);
  }
}

async function postgresRestart(client: ApiClient, cluster: PostgresCluster, db: TestDatabase): Promise<void> {
  const load = new Load(client);
  load.start();
  await sleep(2000);
  cluster.stopImmediate();
  const stoppedAt = Date.now();
  console.log('PostgreSQL stopped (immediate)');
  const health: Array<{ status: number; database?: string }> = [];
  while (Date.now() - stoppedAt < POSTGRES_OUTAGE_MS) {
    const answer = await client.call('GET', '/api/health', undefined, { timeoutMs: REQUEST_TIMEOUT_MS }).catch(() => undefined);
    if (answer) health.push({ status: answer.status, database: answer.body?.error?.database?.status ?? answer.body?.info?.database?.status });
    await sleep(500);
  }
  await cluster.start();
  const restartedAt = Date.now();
  console.log('PostgreSQL started again');
  const recovered = await waitFor('the API to serve again', async () => {
    const answer = await client.call('GET', '/api/credits/balance', undefined, { timeoutMs: REQUEST_TIMEOUT_MS }).catch(() => undefined);
    return answer?.status === 200 ? Date.now() : undefined;
  }, 60_000, 200);
  const recoveryS = (recovered - restartedAt) / 1000;
  report.recovery('postgres-restart', recoveryS);
  await sleep(2000);
  await load.stop();

  // Requests that started after the first second of the outage (so not already running before it).
  const during = load.between(stoppedAt + 1000, restartedAt);
  const unavailable = during.filter((s) => s.status === 503);
  report.check(
    'postgres-restart',
    'during the outage the API answers 503 with a clear message',
    unavailable.length > 0 && unavailable.every((s) => s.message === SERVICE_MESSAGES.databaseUnavailable),
    `${unavailable.length}/${during.length} answers 503: "${unavailable[0]?.message ?? ''}"`,
  );
  const bad = load.samples.filter((s) => s.status === 0 || (s.status >= 500 && s.status !== 503));
  const slowest = Math.max(...load.samples.map((s) => s.ms));
  report.check('postgres-restart', 'no request hung or failed with a 500', bad.length === 0 && slowest < REQUEST_TIMEOUT_MS, `${bad.length} bad of ${load.samples.length}, slowest ${slowest} ms ${bad.slice(0, 2).map((s) => `${s.status} ${s.path} ${s.message}`).join(' | ')}`);
  report.check('postgres-restart', '/api/health reports the database down meanwhile', health.length > 0 && health.every((h) => h.status === 503 && h.database === 'down'), health.map((h) => `${h.status}/${h.database}`).slice(0, 4).join(','));
  report.check('postgres-restart', `the API recovers by itself within ${RECOVERY_LIMIT_S} s`, recoveryS <= RECOVERY_LIMIT_S, `${recoveryS.toFixed(1)} s after the start`);
  await settledInvariants('postgres-restart', db, load.accepted);
}

async function redisRestart(client: ApiClient, redis: RedisServer, worker: AppProcess, db: TestDatabase): Promise<void> {
  // Streams opened before the outage, on generations that are still running when Redis goes.
  const watched: string[] = [];
  for (let i = 0; i < 4; i++) watched.push(await client.generate(`A hot-air balloon over fields, stream ${i + 1}`));
  const streams = Promise.all(watched.map((id) => client.follow(`/api/generate/progress/${id}`, { maxMs: 90_000 })));
  const load = new Load(client);
  load.start();
  await sleep(1500);
  await redis.kill();
  const killedAt = Date.now();
  console.log('Redis killed');
  const health: string[] = [];
  while (Date.now() - killedAt < REDIS_OUTAGE_MS) {
    const answer = await client.call('GET', '/api/health/ready', undefined, { timeoutMs: REQUEST_TIMEOUT_MS }).catch(() => undefined);
    health.push(`${answer?.status ?? 'none'}/${answer?.body?.error?.redis?.status ?? answer?.body?.info?.redis?.status}`);
    await sleep(500);
  }
  // The first probe may still find the connection up; from the second on Redis must read as down.
  const healthSaysDown = health.length > 1 && health.slice(1).every((h) => h === '503/down');
  const acceptedDuringOutage = load.accepted.length;
  await redis.start();
  const restartedAt = Date.now();
  console.log('Redis started again');
  const first = await client.generate('A lantern on a jetty, after the restart');
  const after = await client.follow(`/api/generate/progress/${first}`, { maxMs: 60_000 });
  report.recovery('redis-restart', (Date.now() - restartedAt) / 1000);
  await sleep(1500);
  await load.stop();

  const outageAnswers = load.between(killedAt, restartedAt);
  const accepted = outageAnswers.filter((s) => s.path === 'POST /api/generate' && s.status === 201).length;
  report.check('redis-restart', 'generations requested during the outage were accepted', accepted > 0, `${accepted} accepted while Redis was down (${acceptedDuringOutage} in all so far)`);
  const bad = load.samples.filter((s) => s.status === 0 || s.status >= 500);
  report.check('redis-restart', 'no request hung or answered 5xx', bad.length === 0, `${bad.length} bad of ${load.samples.length} ${bad.slice(0, 2).map((s) => `${s.status} ${s.path} ${s.message}`).join(' | ')}`);
  report.check('redis-restart', '/api/health/ready reported Redis down meanwhile', healthSaysDown, health.join(','));
  const opened = await streams;
  report.check('redis-restart', 'progress streams opened before the outage ended with the final state', opened.every((s) => s.final?.event === 'completed'), opened.map((s) => `${s.final?.event ?? 'none'}${s.reconnects ? ` after ${s.reconnects} reconnects` : ''}`).join(','));
  const workedAfter = jobLines(worker.output()).some((l) => l.event === 'ended' && l.id === first && l.outcome === 'completed');
  report.check('redis-restart', 'the worker reconnected by itself and ran new jobs', after.final?.event === 'completed' && workedAfter && worker.alive(), `job after the restart: ${after.final?.event ?? 'none'}`);
  const ids = [...watched, ...load.accepted, first];
  await settledInvariants('redis-restart', db, ids, { allCompleted: true });
}

async function storageFailing(client: ApiClient, s3: LocalS3Server, db: TestDatabase): Promise<void> {
  const load = new Load(client);
  load.start();
  await sleep(1000);
  s3.failWith(500);
  const failingFrom = Date.now();
  console.log('S3 answers 500 from now');
  await sleep(STORAGE_OUTAGE_MS);
  s3.heal();
  const healedAt = Date.now();
  console.log(`S3 healed (${s3.failedRequests} requests failed)`);
  const first = await client.generate('A kite over a beach, after storage came back');
  const after = await client.follow(`/api/generate/progress/${first}`, { maxMs: 60_000 });
  report.recovery('storage-failing', (Date.now() - healedAt) / 1000);
  await load.stop();
  report.check('storage-failing', 'generations complete again once storage answers', after.final?.event === 'completed', after.final?.event ?? 'none');

  const ids = [...load.accepted, first];
  await settledInvariants('storage-failing', db, ids);
  const failed: Array<{ id: string; attempts: number; refunds: number; refunded: number; expected: number; assets: number }> = await db.dataSource.query(
    `SELECT g.id, g.attempts,
            (SELECT count(*) FROM credit_ledger l WHERE l.reference_type = 'generation' AND l.reference_id = g.id::text AND l.type = 'refund')::int AS refunds,
            (SELECT COALESCE(sum(amount), 0) FROM credit_ledger l WHERE l.reference_type = 'generation' AND l.reference_id = g.id::text AND l.type = 'refund')::int AS refunded,
            (g.credits_charged - g.cost_per_image * (SELECT count(*) FROM assets a WHERE a.generation_id = g.id))::int AS expected,
            (SELECT count(*) FROM assets a WHERE a.generation_id = g.id)::int AS assets
       FROM generations g WHERE g.id = ANY($1) AND g.status = 'failed'`,
    [ids],
  );
  report.check('storage-failing', 'generations caught by the outage failed after retrying', failed.length > 0 && failed.every((g) => g.attempts >= 3), `${failed.length} failed, attempts ${[...new Set(failed.map((g) => g.attempts))].join('/')}`);
  report.check('storage-failing', 'each failed generation refunded exactly once, what it did not deliver', failed.every((g) => g.refunds === 1 && g.refunded === g.expected), failed.filter((g) => g.refunds !== 1 || g.refunded !== g.expected).map((g) => `${g.id}: ${g.refunds} refunds of ${g.refunded}`).join(', ') || `${failed.length} refunds`);
  // No orphans: every asset row has its stored original. A thumbnail is written just after its
  // generation completes; one whose writing met the outage is made when first asked for, so each
  // missing one must be served through the API now and be stored afterwards.
  const storage = createStorageDriver({ STORAGE_DIR: '', S3_BUCKET: s3.bucket, S3_ENDPOINT: s3.endpoint, S3_REGION: s3.region, S3_ACCESS_KEY_ID: s3.accessKeyId, S3_SECRET_ACCESS_KEY: s3.secretAccessKey, S3_FORCE_PATH_STYLE: true });
  const assets: Array<{ s3_key: string; thumbnail_key: string | null }> = await db.dataSource.query(`SELECT s3_key, thumbnail_key FROM assets WHERE generation_id = ANY($1)`, [ids]);
  let missingOriginals = 0;
  let thumbnailsMadeOnRequest = 0;
  let thumbnailsLost = 0;
  for (const asset of assets) {
    if (!(await storage.exists(asset.s3_key))) missingOriginals += 1;
    if (!asset.thumbnail_key || (await storage.exists(asset.thumbnail_key))) continue;
    const served = await client.call('GET', assetThumbnailUrl(asset.s3_key));
    if (served.status === 200 && (await storage.exists(asset.thumbnail_key))) thumbnailsMadeOnRequest += 1;
    else thumbnailsLost += 1;
  }
  report.check('storage-failing', 'no orphan rows: every image row has its stored original', missingOriginals === 0, `${assets.length} images, ${missingOriginals} originals missing`);
  report.check('storage-failing', 'every thumbnail is stored or made when first asked for', thumbnailsLost === 0, `${thumbnailsMadeOnRequest} made on request, ${thumbnailsLost} not served`);
  const during = load.between(failingFrom, healedAt).filter((s) => s.status >= 500 || s.status === 0);
  report.check('storage-failing', 'the API kept answering while storage failed', during.length === 0, `${during.length} failed answers`);
}

/** Every listed generation settles (none lost); no double debit; balances equal ledger sums; charged = delivered. */
async function settledInvariants(name: string, db: TestDatabase, ids: string[], options: { allCompleted?: boolean } = {}): Promise<void> {
  const rows = await waitFor(`${ids.length} generations to settle`, async () => {
    const found: Array<{ status: string }> = await db.dataSource.query(`SELECT status FROM generations WHERE id = ANY($1)`, [ids]);
    return found.length === ids.length && found.every((r) => r.status === 'completed' || r.status === 'failed') ? found : undefined;
  }, 90_000, 250).catch(async () => db.dataSource.query(`SELECT status FROM generations WHERE id = ANY($1)`, [ids]) as Promise<Array<{ status: string }>>);
  const settled = rows.filter((r) => r.status === 'completed' || r.status === 'failed').length;
  const completed = rows.filter((r) => r.status === 'completed').length;
  report.check(name, options.allCompleted ? 'every accepted generation completed' : 'every accepted generation settled (no job lost)', (options.allCompleted ? completed : settled) === ids.length && rows.length === ids.length, `${completed} completed, ${settled - completed} failed, ${ids.length - settled} unsettled of ${ids.length}`);
  const audit = await auditLedger(db.dataSource);
  report.check(name, 'no double debit or refund, balances equal ledger sums, charged = delivered', audit.doubleDebits === 0 && audit.balanceMismatches === 0 && audit.chargedMinusDelivered === 0 && audit.settledTwice === 0, `double ${audit.doubleDebits}, mismatched balances ${audit.balanceMismatches}, charged − delivered ${audit.chargedMinusDelivered}, settled twice ${audit.settledTwice}`);
}

main().then(
  (figures) => report.finish(figures),
  (error) => {
    report.crashed('setup', error);
    report.finish({ jobs_lost: -1, double_debits: -1, errors_5xx: tally.count((s) => s >= 500 && s !== 503) });
  },
);
