// npm run test:topology: two API processes and two worker processes (the built ones, as
// `npm run start:api` / `start:worker` run them) on one PostgreSQL and one Redis, behind a
// round-robin proxy, act as one application:
//   sessions      a session made on API A works on API B; the login throttle counts across both
//   sse           a generation requested through A is watched to completion over SSE through B
//   bulk          a 100-row batch is shared by both workers and every row settles once
//   outbox        two relays (one per worker) publish each event once; each consumer applies it once
//   worker-kill   SIGKILL of worker 1 mid-batch: worker 2 finishes it, charged = delivered; the restarted worker 1 takes jobs again
//   api-restart   SIGTERM of API A with progress streams open: it tells them to reconnect and exits within
//                 SHUTDOWN_GRACE_MS; they reconnect (to B or the restarted A) and end with the final state
//   api-kill      SIGKILL of API A: requests through the proxy keep succeeding on B, SSE clients reconnect
// Needs DATABASE_URL and REDIS_URL (a scratch database and queue prefix, removed at the end).
import 'reflect-metadata';
// First: the config module validates the environment as soon as it is loaded.
import { GIVEN_DATABASE_URL } from './support/suite-env';
import { createTestDatabase, type TestDatabase } from '@brandloom/core/testing';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DOMAIN_EVENTS } from '../libs/core/src/event-names';
import { removeRedisKeys } from '../libs/core/src/testing/redis';
import { ApiClient, PASSWORD, StatusTally } from './support/client';
import { AppProcess, freePort, jobLines, sleep, startApi, startWorker, waitFor } from './support/processes';
import { RoundRobinProxy } from './support/proxy';
import { auditLedger, grantCredits, SuiteReport } from './support/report';

const BULK_ROWS = 100;
const KILL_BATCH_ROWS = 80;
const AFTER_RESTART_ROWS = 40;
const API_KILL_BATCH_ROWS = 60;
const API_RESTART_BATCH_ROWS = 40;
const SHUTDOWN_GRACE_MS = 4000;
const LOGIN_MAX_ATTEMPTS = 5;

const report = new SuiteReport('topology');
const tally = new StatusTally();

type Figures = Parameters<SuiteReport['finish']>[0];

async function main(): Promise<Figures> {
  if (!GIVEN_DATABASE_URL || !process.env.REDIS_URL) {
    console.error('test:topology needs DATABASE_URL and REDIS_URL, e.g.');
    console.error('  DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres REDIS_URL=redis://127.0.0.1:6379 npm run test:topology');
    process.exit(2);
  }
  const db = await createTestDatabase();
  const storageDir = mkdtempSync(join(tmpdir(), 'brandloom-topology-'));
  const prefix = `bl-topology-${randomBytes(4).toString('hex')}`;
  const [portA, portB] = [await freePort(), await freePort()];
  const proxy = new RoundRobinProxy([portA, portB]);
  await proxy.start();
  const origin = proxy.base;
  const common: Record<string, string> = {
    NODE_ENV: 'production',
    DATABASE_URL: db.url,
    REDIS_URL: process.env.REDIS_URL,
    QUEUE_PREFIX: prefix,
    SESSION_SECRET: 'topology-session-secret-that-is-long-enough-0000',
    APP_URL: origin,
    STORAGE_DIR: storageDir,
    LOCAL_RENDERER_DELAY_MS: '250',
    WORKER_CONCURRENCY: '3',
    OUTBOX_POLL_MS: '100',
    // A SIGKILLed worker's jobs count as stalled after 3 s and go back to the queue within a second.
    QUEUE_LOCK_DURATION_MS: '3000',
    QUEUE_STALLED_INTERVAL_MS: '1000',
    GENERATION_SWEEP_EVERY_MS: '2000',
    GENERATION_REQUEUE_AFTER_SECONDS: '5',
    GENERATION_STALE_AFTER_SECONDS: '30',
    LOGIN_MAX_ATTEMPTS_PER_ACCOUNT: String(LOGIN_MAX_ATTEMPTS),
    LOGIN_MAX_ATTEMPTS_PER_IP: '1000',
    REGISTRATION_MAX_PER_IP: '1000',
  };
  const apiEnv = { ...common, LOG_LEVEL: 'warn', SHUTDOWN_GRACE_MS: String(SHUTDOWN_GRACE_MS) };
  const workerEnv = { ...common, LOG_LEVEL: 'info' };
  const processes: AppProcess[] = [];
  try {
    // A first: it migrates the fresh database (the others would wait on the migration lock anyway).
    const apiA = await startApi('api-a', portA, apiEnv);
    const [apiB, worker1, worker2] = await Promise.all([startApi('api-b', portB, apiEnv), startWorker('worker-1', workerEnv), startWorker('worker-2', workerEnv)]);
    processes.push(apiA, apiB, worker1, worker2);
    console.log(`proxy ${proxy.base} → api-a :${portA} (pid ${apiA.pid}), api-b :${portB} (pid ${apiB.pid}); workers pid ${worker1.pid} and ${worker2.pid}`);

    const onA = await new ApiClient(apiA.base!, origin, tally).register();
    const onB = onA.via(apiB.base!);
    const organizationId = await onA.organizationId();
    await grantCredits(db.dataSource, organizationId, 1000);

    await scenario('sessions', () => sessions(onA, onB));
    await scenario('sse', () => sseAcrossApis(onA, onB));
    const workers = { worker1, worker2 };
    await scenario('bulk', () => bulkShared(onA.via(proxy.base), db, workers));
    await scenario('outbox', () => outboxOnce(db, [worker1, worker2]));
    await scenario('worker-kill', async () => {
      const restarted = await workerKill(onA.via(proxy.base), db, worker1, worker2, () => startWorker('worker-1 (restarted)', workerEnv));
      processes.push(restarted);
    });
    let servingA = apiA;
    await scenario('api-restart', async () => {
      servingA = await apiRestart(onA.via(proxy.base), apiA, proxy, portA, () => startApi('api-a (restarted)', portA, apiEnv));
      processes.push(servingA);
    });
    await scenario('api-kill', () => apiKill(onA.via(proxy.base), servingA, proxy, portA, portB));

    const audit = await auditLedger(db.dataSource);
    report.check('totals', 'every generation settled (none lost)', audit.unsettled === 0, `${audit.completed} completed, ${audit.failed} failed, ${audit.unsettled} unsettled`);
    report.check('totals', 'no generation debited or refunded twice', audit.doubleDebits === 0, `${audit.doubleDebits}`);
    report.check('totals', 'every balance equals its ledger sum', audit.balanceMismatches === 0, `${audit.balanceMismatches} mismatches`);
    report.check('totals', 'no 5xx answer (503 included)', tally.count((s) => s >= 500) === 0, tally.fiveHundreds.slice(0, 3).join(' | '));
    const served = [...proxy.served].map(([port, n]) => `:${port} ${n}`).join(', ');
    return {
      jobs_lost: audit.unsettled,
      double_debits: audit.doubleDebits,
      errors_5xx: tally.count((s) => s >= 500),
      generations: audit.completed + audit.failed + audit.unsettled,
      requests_by_upstream: served,
    };
  } finally {
    await Promise.all(processes.map((p) => p.kill('SIGKILL')));
    await proxy.stop();
    await removeRedisKeys(process.env.REDIS_URL, `${prefix}:*`);
    await db.drop().catch(() => undefined);
    rmSync(storageDir, { recursive: true, force: true });
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

/** A session made on A is B's too; failed logins on either API count toward one limit. */
async function sessions(onA: ApiClient, onB: ApiClient): Promise<void> {
  const me = await onB.expect(200, 'GET', '/api/auth/user');
  report.check('sessions', 'the session made on A is signed in on B', me.body.email === onA.email || me.body.user?.email === onA.email, onA.email);

  // Another user, whose password is guessed wrong on A and B in turn.
  const victim = await onA.stranger().register();
  const statuses: number[] = [];
  for (let i = 0; i < LOGIN_MAX_ATTEMPTS; i++) {
    const browser = onA.stranger(i % 2 === 0 ? onA.base : onB.base);
    statuses.push((await browser.call('POST', '/api/auth/login', { email: victim.email, password: `wrong-${i}-password` })).status);
  }
  const onBThen = await onB.stranger().call('POST', '/api/auth/login', { email: victim.email, password: PASSWORD });
  const onAThen = await onA.stranger().call('POST', '/api/auth/login', { email: victim.email, password: PASSWORD });
  report.check(
    'sessions',
    `${LOGIN_MAX_ATTEMPTS} failed logins spread over A and B lock the account for that address on both`,
    statuses.every((s) => s === 401) && onBThen.status === 429 && onAThen.status === 429,
    `attempts ${statuses.join(',')}; then B ${onBThen.status}, A ${onAThen.status}`,
  );
  // The victim's own browser, trusted by its sign-up (device cookie), is not shut out by them on either API.
  const ownOnB = await victim.via(onB.base).call('POST', '/api/auth/login', { email: victim.email, password: PASSWORD });
  const ownOnA = await victim.call('POST', '/api/auth/login', { email: victim.email, password: PASSWORD });
  report.check('sessions', "the owner's trusted browser still signs in on both", ownOnB.status === 200 && ownOnA.status === 200, `B ${ownOnB.status}, A ${ownOnA.status}`);
}

/** Requested through A, watched through B: live progress and the final state. */
async function sseAcrossApis(onA: ApiClient, onB: ApiClient): Promise<void> {
  const id = await onA.generate('A lighthouse on a cliff at dusk, watched from another API');
  const stream = await onB.follow(`/api/generate/progress/${id}`, { maxMs: 60_000 });
  const progress = stream.events.filter((e) => e.event === 'progress').map((e) => Number(JSON.parse(e.data).progress));
  report.check('sse', 'B streams the generation that A accepted to `completed`', stream.final?.event === 'completed', `${stream.events.length} events, final ${stream.final?.event}`);
  report.check('sse', 'B relays live progress published by a worker', progress.some((p) => p > 0 && p < 100), `progress ${progress.join(',')}`);
}

/** 100 rows through the proxy: both workers take a share, each row settles once, charged = delivered. */
async function bulkShared(client: ApiClient, db: TestDatabase, workers: { worker1: AppProcess; worker2: AppProcess }): Promise<void> {
  const started = Date.now();
  const { ids } = await client.bulk(BULK_ROWS, 'Shared batch');
  const rows = await waitForSettled(db, ids, 180_000);
  const seconds = (Date.now() - started) / 1000;
  const completedBy = (worker: AppProcess) =>
    new Set(jobLines(worker.output()).filter((l) => l.name === 'generation.run' && l.event === 'ended' && l.outcome === 'completed' && ids.includes(l.id)).map((l) => l.id));
  const one = completedBy(workers.worker1);
  const two = completedBy(workers.worker2);
  report.check('bulk', `all ${BULK_ROWS} rows completed`, rows.every((r) => r.status === 'completed'), `${rows.filter((r) => r.status === 'completed').length} completed in ${seconds.toFixed(1)} s`);
  report.check('bulk', 'both workers processed a share', one.size > 0 && two.size > 0 && one.size + two.size >= BULK_ROWS, `worker-1 ${one.size}, worker-2 ${two.size}`);
  const [{ assets, usage, settled }] = await db.dataSource.query(
    `SELECT (SELECT count(*) FROM assets WHERE generation_id = ANY($1))::int AS assets,
            (SELECT count(*) FROM credit_ledger WHERE reference_type = 'generation' AND type = 'usage' AND reference_id = ANY($2))::int AS usage,
            (SELECT count(*) FROM outbox WHERE type IN ('generation.completed', 'generation.failed') AND payload->>'generationId' = ANY($2))::int AS settled`,
    [ids, ids],
  );
  report.check('bulk', 'every row settled once: one image, one debit, one settlement event each', assets === BULK_ROWS && usage === BULK_ROWS && settled === BULK_ROWS, `${assets} images, ${usage} debits, ${settled} settlements`);
}

/** Both workers relay the outbox: every event published once, and each consumer applied it once. */
async function outboxOnce(db: TestDatabase, workers: AppProcess[]): Promise<void> {
  report.check('outbox', 'both workers run an outbox relay', workers.every((w) => w.output().includes('relaying the outbox')), workers.map((w) => `pid ${w.pid}`).join(', '));
  const counts = await waitFor('the outbox to drain', async () => {
    const [row] = await db.dataSource.query(
      `SELECT count(*)::int AS events, count(*) FILTER (WHERE published_at IS NULL)::int AS pending,
              count(*) FILTER (WHERE attempts <> 1)::int AS not_once,
              count(*) FILTER (WHERE type = ANY($1))::int AS audited_types,
              (SELECT count(*) FROM audit_log)::int AS audited,
              (SELECT count(*) FROM (SELECT event_id FROM audit_log GROUP BY event_id HAVING count(*) > 1) d)::int AS audited_twice
         FROM outbox`,
      [Object.values(DOMAIN_EVENTS)],
    );
    return row.pending === 0 ? row : undefined;
  }, 30_000);
  report.check('outbox', 'every event published exactly once', counts.not_once === 0 && counts.pending === 0, `${counts.events} events, ${counts.not_once} published other than once`);
  report.check(
    'outbox',
    'the audit consumer applied each of its events once',
    counts.audited === counts.audited_types && counts.audited_twice === 0,
    `${counts.audited_types} events of its types, ${counts.audited} audit rows, ${counts.audited_twice} duplicated`,
  );
}

/** SIGKILL worker 1 while it runs jobs of a batch; worker 2 and a restarted worker 1 finish it. */
async function workerKill(client: ApiClient, db: TestDatabase, worker1: AppProcess, worker2: AppProcess, restart: () => Promise<AppProcess>): Promise<AppProcess> {
  const { ids } = await client.bulk(KILL_BATCH_ROWS, 'Kill batch');
  await waitFor('worker 1 to be running jobs of the batch', () => {
    const started = jobLines(worker1.output()).filter((l) => l.event === 'started' && ids.includes(l.id));
    return started.length >= 4 ? true : undefined;
  }, 60_000, 20);
  const inFlight = runningJobs(worker1, ids);
  await worker1.kill('SIGKILL');
  const killedAt = Date.now();
  console.log(`killed worker 1 (pid ${worker1.pid}) with ${inFlight.length} job(s) of the batch in flight`);
  const restarted = await restart();
  const rows = await waitForSettled(db, ids, 180_000);
  const finishers = new Map<number, number>();
  for (const worker of [worker2, restarted]) {
    for (const line of jobLines(worker.output())) {
      if (line.event === 'ended' && line.name === 'generation.run' && ids.includes(line.id)) finishers.set(line.pid, (finishers.get(line.pid) ?? 0) + 1);
    }
  }
  // Started on worker 1 and not finished when it died (its last log lines may still have been in the pipe).
  const interrupted: Array<{ id: string; completed_ms: number }> = await db.dataSource.query(
    `SELECT id, extract(epoch FROM completed_at) * 1000 AS completed_ms FROM generations WHERE id = ANY($1) AND completed_at > to_timestamp($2 / 1000.0)`,
    [inFlight, killedAt],
  );
  // Recovery: from the kill until the last job it interrupted completed elsewhere.
  report.recovery('worker-kill', Math.max(0, ...interrupted.map((g) => Number(g.completed_ms) - killedAt)) / 1000);
  const retaken = interrupted.filter(({ id }) => [worker2, restarted].some((w) => jobLines(w.output()).some((l) => l.event === 'ended' && l.id === id)));
  report.check('worker-kill', 'the batch finished: every row completed', rows.every((r) => r.status === 'completed'), `${rows.filter((r) => r.status === 'completed').length}/${KILL_BATCH_ROWS} completed`);
  report.check('worker-kill', "the killed worker's interrupted jobs were taken over", interrupted.length > 0 && retaken.length === interrupted.length, `${retaken.length}/${interrupted.length} (${inFlight.length} running at the kill)`);
  report.check('worker-kill', 'worker 2 finished jobs of the batch', (finishers.get(worker2.pid) ?? 0) > 0, [...finishers].map(([pid, n]) => `pid ${pid}: ${n}`).join(', '));
  // On a loaded machine worker 2 may finish the whole batch before the restarted worker has booted,
  // so whether the restarted worker takes work again is asked of a batch sent once it is up.
  const { ids: after } = await client.bulk(AFTER_RESTART_ROWS, 'After the restart');
  await waitForSettled(db, after, 120_000);
  const takenByRestarted = jobLines(restarted.output()).filter((l) => l.event === 'ended' && l.name === 'generation.run' && after.includes(l.id)).length;
  report.check('worker-kill', 'the restarted worker 1 takes jobs again', takenByRestarted > 0, `${takenByRestarted}/${AFTER_RESTART_ROWS} of a batch sent after the restart`);
  const [{ charged, delivered, assets }] = await db.dataSource.query(
    `SELECT (SELECT COALESCE(-sum(amount) FILTER (WHERE type = 'usage'), 0) - COALESCE(sum(amount) FILTER (WHERE type = 'refund'), 0)
               FROM credit_ledger WHERE reference_type = 'generation' AND reference_id = ANY($2))::int AS charged,
            (SELECT COALESCE(sum(g.cost_per_image), 0) FROM assets a JOIN generations g ON g.id = a.generation_id WHERE g.id = ANY($1))::int AS delivered,
            (SELECT count(*) FROM assets WHERE generation_id = ANY($1))::int AS assets`,
    [ids, ids],
  );
  report.check('worker-kill', 'charged = delivered, one image per row', charged === delivered && assets === KILL_BATCH_ROWS, `charged ${charged}, delivered ${delivered}, ${assets} images`);
  return restarted;
}

/** Jobs of `ids` that `worker` started and did not end. */
function runningJobs(worker: AppProcess, ids: string[]): string[] {
  const lines = jobLines(worker.output()).filter((l) => ids.includes(l.id));
  const ended = new Set(lines.filter((l) => l.event === 'ended').map((l) => `${l.id}:${l.attempt}`));
  return [...new Set(lines.filter((l) => l.event === 'started' && !ended.has(`${l.id}:${l.attempt}`)).map((l) => l.id))];
}

/**
 * SIGTERM API A while progress streams are open on it, as a deploy does: A tells them to reconnect
 * and exits within SHUTDOWN_GRACE_MS; A starts again; every stream ends with its job's final state.
 */
async function apiRestart(client: ApiClient, apiA: AppProcess, proxy: RoundRobinProxy, portA: number, restart: () => Promise<AppProcess>): Promise<AppProcess> {
  const { ids: batch } = await client.bulk(API_RESTART_BATCH_ROWS, 'Restart batch');
  const ids = batch.slice(-6);
  const watchers = ids.map((id) => client.follow(`/api/generate/progress/${id}`, { maxMs: 90_000 }));
  await waitFor('progress streams open on A', () => ((proxy.openStreams.get(portA) ?? 0) > 0 ? true : undefined), 10_000, 10);
  const onA = proxy.openStreams.get(portA) ?? 0;
  const sentAt = Date.now();
  await apiA.kill('SIGTERM');
  const stopMs = Date.now() - sentAt;
  console.log(`SIGTERM to API A (pid ${apiA.pid}) with ${onA} progress streams open on it: exited after ${stopMs} ms`);
  const restarted = await restart();
  const streams = await Promise.all(watchers);
  const toldToReconnect = streams.filter((s) => s.events.some((e) => e.event === 'reconnect')).length;
  report.check('api-restart', `A exited within SHUTDOWN_GRACE_MS (${SHUTDOWN_GRACE_MS} ms) with streams open`, stopMs < SHUTDOWN_GRACE_MS, `${stopMs} ms`);
  report.check('api-restart', 'the streams open on A were told to reconnect', toldToReconnect >= onA, `${onA} open on A, ${toldToReconnect} got reconnect`);
  report.check('api-restart', 'every progress stream ended with the final state', streams.every((s) => s.final?.event === 'completed'), streams.map((s) => s.final?.event ?? 'none').join(','));
  return restarted;
}

/** SIGKILL API A: requests through the proxy keep succeeding on B; SSE clients reconnect and see the end. */
async function apiKill(client: ApiClient, apiA: AppProcess, proxy: RoundRobinProxy, portA: number, portB: number): Promise<void> {
  // The last rows of a batch: still queued or running when A goes, so their streams are open then.
  const { ids: batch } = await client.bulk(API_KILL_BATCH_ROWS, 'Watched batch');
  const ids = batch.slice(-6);
  const servedByB = proxy.served.get(portB) ?? 0;
  const watchers = ids.map((id) => client.follow(`/api/generate/progress/${id}`, { maxMs: 90_000 }));
  await sleep(300);
  let stop = false;
  let requests = 0;
  let failures = 0;
  const failuresSeen: string[] = [];
  const load = (async () => {
    while (!stop) {
      for (const path of ['/api/credits/balance', '/api/auth/user', '/api/organization']) {
        requests += 1;
        const answer = await client.call('GET', path).catch((error: Error) => ({ status: 0, text: error.message }));
        if (answer.status !== 200) {
          failures += 1;
          failuresSeen.push(`${answer.status} ${path} ${answer.text.slice(0, 80)}`);
        }
      }
    }
  })();
  await waitFor('progress streams open on A', () => ((proxy.openStreams.get(portA) ?? 0) > 0 ? true : undefined), 10_000, 10);
  const onA = proxy.openStreams.get(portA) ?? 0;
  await apiA.kill('SIGKILL');
  const killedAt = Date.now();
  console.log(`killed API A (pid ${apiA.pid}) with ${onA} of the ${ids.length} progress streams open on it`);
  const streams = await Promise.all(watchers);
  // Recovery: from the kill until every stream cut by it streamed again (through B).
  report.recovery('api-kill', Math.max(0, ...streams.map((st) => (st.resumedAt ?? killedAt) - killedAt)) / 1000);
  await sleep(1000);
  stop = true;
  await load;
  const reconnected = streams.filter((s) => s.reconnects > 0).length;
  report.check('api-kill', 'requests through the proxy kept succeeding', failures === 0 && requests > 0, `${requests} requests, ${failures} failed ${failuresSeen.slice(0, 2).join(' | ')}`);
  report.check('api-kill', 'every progress stream ended with the final state', streams.every((s) => s.final?.event === 'completed'), streams.map((s) => s.final?.event ?? 'none').join(','));
  report.check('api-kill', 'the streams that were on A reconnected (EventSource retry) to B', reconnected >= onA, `${onA} open on A at the kill, ${reconnected} reconnected`);
  report.check('api-kill', 'B served the requests after the kill', (proxy.served.get(portB) ?? 0) > servedByB, `${(proxy.served.get(portB) ?? 0) - servedByB} answers from B`);
}

async function waitForSettled(db: TestDatabase, ids: string[], ms: number): Promise<Array<{ id: string; status: string }>> {
  return waitFor(`${ids.length} generations to settle`, async () => {
    const rows: Array<{ id: string; status: string }> = await db.dataSource.query(`SELECT id, status FROM generations WHERE id = ANY($1)`, [ids]);
    return rows.length === ids.length && rows.every((r) => r.status === 'completed' || r.status === 'failed') ? rows : undefined;
  }, ms, 250);
}

main().then(
  (figures) => report.finish(figures),
  (error) => {
    report.crashed('setup', error);
    report.finish({ jobs_lost: -1, double_debits: -1, errors_5xx: tally.count((s) => s >= 500) });
  },
);
