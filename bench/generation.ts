// npm run bench:generation: images through the whole pipeline (HTTP API → queue → worker → local
// renderer → storage → PostgreSQL → progress bus → SSE back to the client), next to the renderer
// alone in the same run: overhead per image at p50/p95, where it goes (stage timings from the rows
// and a CPU profile of the process). Then, with a 500 ms renderer delay, throughput at worker
// concurrency 1 and 8 against the ideal, and the acceptance time of a 500-row bulk CSV.
// With REDIS_URL: BullMQ and a worker context beside the API; without it the in-process queue (the
// API runs the jobs). DATABASE_URL or an embedded PostgreSQL (a scratch database either way).
// BENCH_IMAGES (default 200), BENCH_THROUGHPUT_IMAGES (default 32), BENCH_BULK_ROWS (default 500).
//
// Profile notes (2 cores shared with other work, load average about 20): traced per image at
// concurrency 8, storing (PNG write + WebP thumbnail + its write) took 300-450 ms of the job, the
// renderer's own sharp work most of the rest; the main thread is busy a fifth of the wall time
// (sharp and file writes run on libuv's pool, and the other processes take the cores). The
// thumbnail was encoded at WebP effort 4 (3x effort 0's encoding time at 384 px) and written only
// after the PNG, progress was written to the row at start and before storing, and a generation's
// row was inserted, then updated with its debit; bulk acceptance ran five statements per row.
// Then: effort 0, the thumbnail written beside the PNG, the claim writes 'starting', the row is
// inserted with its debit, and bulk acceptance runs a fixed number of statements.
// Quiet machine, BullMQ (load average 1): 33.5 / 48.0 ms overhead, 72 % at c8. Timed inside the
// job, p50: claim 2.1 ms, drawing 12.6 ms (8.6 alone: the previous image's thumbnail and event
// consumers share the two cores), storing 1.8 ms, the settling transactions 3.3 ms, publishing
// 0.9 ms; the thumbnail (10 ms of sharp for a 1024 px PNG, 2-4 ms of it decoding) was on that path.
// Now the generation completes once its originals are stored: the assets and the completion are
// one transaction, the claim returns what an earlier attempt delivered, progress is published
// without waiting, and the thumbnails follow outside the job (its worker slot is free; a thumbnail
// asked for first is made from the original). The plan tier is read beside the create
// transaction, a debit in a transaction finds a replay by its conflict. -> 22.5 / 27.9 ms, 87 %.
// What is left (main-thread profile below): a generation crosses about twenty PostgreSQL round
// trips and a handful of Redis ones between the POST and the final SSE event (request: session,
// BEGIN, debit, row, event, COMMIT; job: claim, settling transaction of eight statements, final
// read; watcher: session, subscription, snapshot), and each costs 0.3-1 ms here: the busiest
// function of the process is the socket write that hands a query to PostgreSQL (writev, about
// 4 ms per image over loopback TCP with the database's backends on the same two cores), next to
// the outbox relay and the event consumers' statements of the previous image. At c8 the eight
// slots finish their 500 ms together and then store, settle and answer at once.
// The back-to-back figures include the previous image's background work sharing the two cores:
// its thumbnail (about 10 ms of sharp: a 1024 px PNG decoded, resized, encoded) and its events'
// consumers (the audit insert is now one statement per event; consumers with nothing to do return
// before opening a transaction). With that work finished between images ("isolated"): 17.6 / 21.3
// ms; with no thumbnails at all (an experiment, not the product) 15.1 / 21.0 ms back to back.
// The thumbnails are now encoded by a child process at the lowest CPU priority
// (storage/background-thumbnails.ts): in-process 18.9 / 27.7 ms back to back, 12.5 / 14.7 ms
// isolated; BullMQ 22.3 / 27.8 and 16.5 / 19.2 ms.
// Later, on a slower day of this machine (renderer 10.4 ms, the thumbnail alone 16 ms, both about
// 1.5x the figures above): 23.1 / 30.8 back to back, 18.3 isolated. A generation's row, an asset and
// a completion are now each written with their event in one statement (OutboxService.writeWithEvent),
// the final event is built from the rows just inserted, and the thumbnail process runs under
// SCHED_IDLE (util-linux chrt): niceness 19 alone let it finish its time slice before a waking
// request or job got the core. -> 21.2 / 31.1 back to back, 18.4 isolated, 86 % at c8.
// The "floor" line prints what the structure costs when idle: 20.4 statements per image x 0.075 ms
// per round trip plus two HTTP exchanges x 1.2 ms = 4.0 ms. The rest of the overhead is CPU: the main
// thread is busy about 15.7 ms per image (Express, Nest, validation, TypeORM, JSON for the POST and
// the progress stream; socket writes that wake PostgreSQL's backends), and sharp's threads render,
// inspect and encode on the same two cores.
// At c8 the bench prints where the wall time goes: the jobs themselves take about 506-509 ms each
// (2.03 s for 32 on 8 slots), but the 32 requests sent at once are accepted over about 300 ms (one
// main thread takes each POST and progress stream in turn), so the slots' first jobs start up to
// 230 ms apart and every slot's chain ends that much later: 85-87 % of ideal.
// Then the audit trail is written once per relay batch (one statement copying the outbox rows, in
// the relay's transaction) instead of one insert per event, and asset.created names the
// generation's formats so the formats consumer skips its lookup: 20.4 -> 15.7 statements per image,
// main-thread CPU per image down by about a sixth. Five runs: 16.9-23.8 ms p50 (median 21.6),
// 21.6-30.4 ms p95 back to back, 15.1-20.0 ms isolated, 86-88 % at c8. The spread between runs of
// the same code on this machine (the renderer alone 10.4-13.3 ms) is now larger than what is left
// to gain from round trips.
// Then the round trips themselves: a generation starts in one statement (its debit, its row, both
// events and the plan tier; no BEGIN/COMMIT: CreditsService.debitWithin) and a job's usual end is one
// statement (assets, their events, the completion and its event under the row's lock:
// GenerationSettlement.completeAtOnce); the claim, the progress stream's first read, the session
// read and the thumbnails' check are prepared statements; progress steps closer than 100 ms are
// coalesced (a fast job publishes one progress message, not four); background thumbnails skip a
// second header read. 15.7 -> 7.5 statements per image, main-thread CPU per image 15.8 -> 10-11 ms.
// Quiet runs, in-process: 14.0-14.9 ms p50 / 19.4-23.1 ms p95 back to back (10.4-12.3 isolated),
// 90.5-92 % at c8; BullMQ: 17.7-18.8 / 22.9-24.4 ms (13.8-15.7 isolated), 91 %. What is left is
// spread thin (a profile of the requests' middleware is about 0.7 ms per request); every hand-off
// between threads or processes (a query written to PostgreSQL's backend, a file operation on
// libuv's pool) wakes the other core, which on this virtual machine costs about 0.1 ms each.
import 'reflect-metadata';
// First: the config module validates the environment as soon as it is loaded.
import './support/bench-env';
import { INestApplicationContext, Logger } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { CreditLedgerRepository } from '../libs/core/src/credits/credit-ledger.repository';
import { CreditsService } from '../libs/core/src/credits/credits.service';
import { OutboxRepository } from '../libs/core/src/infra/outbox/outbox.repository';
import { OutboxService } from '../libs/core/src/infra/outbox/outbox.service';
import { OrganizationsRepository } from '../libs/core/src/organizations/organizations.repository';
import { LocalImageRenderer } from '../libs/core/src/generation/providers/local/local-image-renderer';
import { ImageVariants } from '../libs/core/src/storage/image-variants';
import { benchEnvironment, removeQueueKeys, startApi, startWorker } from './support/bench-app';
import { BENCH_APP_URL, followProgress, httpGet, httpPostJson, loadAverage, printResult, printTable, quantile, registerBenchClient, round, runBenchmark, type BenchClient } from './support/bench-helpers';
import { cpuProfile, printCpuProfile } from './support/cpu-profile';
import { printStatements, resetStatementStats, scratchDatabase, statementCalls, topStatements } from './support/scratch-database';

const IMAGES = Number(process.env.BENCH_IMAGES ?? 200);
const THROUGHPUT_IMAGES = Number(process.env.BENCH_THROUGHPUT_IMAGES ?? 32);
const BULK_ROWS = Number(process.env.BENCH_BULK_ROWS ?? 500);
const WARMUP = 5;
const ISOLATED_IMAGES = Math.min(IMAGES, 100);
const PROMPT = 'A clean product shot of a reusable water bottle on a pastel background';

/** The API, and the worker context when the queue is BullMQ. */
interface Pipeline {
  base: string;
  close(): Promise<void>;
}

async function main(): Promise<void> {
  Logger.overrideLogger(false);
  const db = await scratchDatabase();
  const { env, cleanUp } = benchEnvironment(db.url);
  const redis = Boolean(env.REDIS_URL);
  // With BullMQ one API serves every phase and each phase starts its own worker; in-process, the
  // API is the worker, so it is restarted with each phase's settings.
  let api: NestExpressApplication | undefined;
  let pipeline: Pipeline | undefined;
  const start = async (settings: Record<string, string>): Promise<Pipeline> => {
    if (redis) {
      api ??= (await startApi(env)).app;
      const worker: INestApplicationContext = await startWorker({ ...env, ...settings });
      return { base: baseOf(api), close: () => worker.close() };
    }
    const started = await startApi({ ...env, ...settings });
    return { base: started.base, close: () => started.app.close() };
  };
  try {
    const credits = new CreditsService(db.dataSource, new OutboxService(new OutboxRepository(db.dataSource)), new CreditLedgerRepository(db.dataSource), new OrganizationsRepository(db.dataSource));
    pipeline = await start({ WORKER_CONCURRENCY: '4', LOCAL_RENDERER_DELAY_MS: '0' });
    const client = await registerBenchClient(pipeline.base);
    await credits.grant({ organizationId: client.organizationId, amount: IMAGES + THROUGHPUT_IMAGES * 2 + BULK_ROWS * 3 + 100, type: 'bonus', description: 'Benchmark credits' });

    console.log(`bench:generation  ${IMAGES} images of 1024x1024 (one variation per request, one request at a time); load average ${loadAverage()}`);
    console.log(`API and worker in this process on ${redis ? 'BullMQ/Redis (a worker context beside the API)' : 'the in-process queue (the API runs the jobs)'}, ${db.server}, local-disk storage.\n`);

    // 1. The renderer alone.
    const renderer = new LocalImageRenderer({ delayMs: 0 });
    const render = () => renderer.generate({ prompt: PROMPT, quality: 'low', size: '1024x1024', n: 1 });
    for (let i = 0; i < WARMUP; i += 1) await render();
    const alone: number[] = [];
    for (let i = 0; i < IMAGES; i += 1) alone.push(await timed(render));
    // The thumbnail of one such image alone: background work of every generated image.
    const [sample] = await render();
    const variants = new ImageVariants();
    const thumbnailAlone: number[] = [];
    for (let i = 0; i < Math.min(IMAGES, 50); i += 1) thumbnailAlone.push(await timed(() => variants.thumbnail(sample)));

    // 2. The whole pipeline, zero-delay renderer, profiled.
    const c = { ...client, base: pipeline.base };
    for (let i = 0; i < WARMUP; i += 1) await generateAndWait(c, `${PROMPT} (warm-up ${i})`);
    const profiled = await resetStatementStats(db);
    const since = new Date();
    const { result: whole, profile } = await cpuProfile(async () => {
      const times: number[] = [];
      for (let i = 0; i < IMAGES; i += 1) times.push(await timed(() => generateAndWait(c, `${PROMPT} #${i}`)));
      return times;
    });
    const statementsRun = profiled ? await statementCalls(db) : null;
    const statements = profiled ? await topStatements(db, 10) : null;
    const stages = await stageTimings(db.dataSource, since);
    // The same, each image's background work (its thumbnail, its events' consumers) finished before
    // the next request: the pipeline's own overhead, without the previous image on the two cores.
    const isolated: number[] = [];
    for (let i = 0; i < ISOLATED_IMAGES; i += 1) {
      isolated.push(await timed(() => generateAndWait(c, `${PROMPT} isolated #${i}`)));
      await backgroundSettled(db.dataSource, env.STORAGE_DIR);
    }
    // The floor of this structure on this machine: what one PostgreSQL round trip and one
    // authenticated HTTP request cost here, idle, times how many of each an image needs.
    const roundTrips: number[] = [];
    for (let i = 0; i < 500; i += 1) roundTrips.push(await timed(() => db.dataSource.query('SELECT 1')));
    const requests: number[] = [];
    for (let i = 0; i < 300; i += 1) requests.push(await timed(() => httpGet(`${c.base}/api/auth/user`, c.cookie)));
    await pipeline.close();
    pipeline = undefined;
    const roundTrip = quantile(roundTrips.slice(100), 0.5);
    const request = quantile(requests.slice(50), 0.5);
    const statementsPerImage = statementsRun === null ? null : statementsRun / IMAGES;
    // Two HTTP exchanges per image (the POST, the progress stream); the statements include the
    // session reads those exchanges make, so each exchange counts without its own round trip.
    const floor = statementsPerImage === null ? null : 2 * Math.max(0, request - roundTrip) + statementsPerImage * roundTrip;

    const rows = [['per image', 'renderer alone', 'whole pipeline', 'overhead', 'pipeline / renderer']];
    for (const [label, q] of [['p50', 0.5], ['p95', 0.95]] as const) {
      const r = quantile(alone, q);
      const p = quantile(whole, q);
      rows.push([label, ms(r), ms(p), ms(p - r), `${(p / r).toFixed(2)}x`]);
    }
    rows.push(['mean', ms(mean(alone)), ms(mean(whole)), ms(mean(whole) - mean(alone)), `${(mean(whole) / mean(alone)).toFixed(2)}x`]);
    for (const [label, q] of [['p50, isolated', 0.5], ['p95, isolated', 0.95]] as const) {
      const r = quantile(alone, q);
      const p = quantile(isolated, q);
      rows.push([label, ms(r), ms(p), ms(p - r), `${(p / r).toFixed(2)}x`]);
    }
    printTable(rows);
    console.log(
      `\nback to back, the next request runs beside the previous image's background work: its WebP thumbnail ` +
        `(${ms(quantile(thumbnailAlone, 0.5))} of sharp alone, p50) and its events' consumers; "isolated" waits for them ` +
        `(${ISOLATED_IMAGES} images). The difference is what the two cores cannot do at once.`,
    );
    console.log(`\nstages (p50 from the rows): request accepted → job started ${ms(stages.queuedP50)}, job started → completed ${ms(stages.processingP50)}` +
      ` (renderer ${ms(quantile(alone, 0.5))} of it); the rest of the round trip is the HTTP request, the SSE stream and the final event`);
    if (floor !== null) {
      console.log(
        `\nfloor of the structure, measured idle in this run: ${statementsPerImage!.toFixed(1)} PostgreSQL statements per image ` +
          `(every statement of the run over ${IMAGES} images: the request, the job, the progress stream, the outbox relay and the event consumers; ` +
          `BEGIN and COMMIT included) × ${ms(roundTrip)} per round trip, plus 2 HTTP exchanges × ${ms(Math.max(0, request - roundTrip))} ` +
          `(GET /api/auth/user ${ms(request)} without its session read) = ${ms(floor)} of the ${ms(quantile(whole, 0.5) - quantile(alone, 0.5))} overhead (p50). ` +
          `The rest is the work itself (the image's PNG to storage, JSON, validation) and the two cores shared by this process, ` +
          `the PostgreSQL backends, libuv's threads and the previous image's background work.`,
      );
    }
    console.log('\nprofile of this process during the pipeline run (API + worker):');
    printCpuProfile('  CPU', profile);
    console.log('\npg_stat_statements during the pipeline run:');
    printStatements(statements);

    // 3. Throughput with a 500 ms renderer at worker concurrency 1 and 8.
    console.log(`\nthroughput: ${THROUGHPUT_IMAGES} requests of one image submitted at once, renderer delay 500 ms per image`);
    const throughputRows = [['WORKER_CONCURRENCY', 'wall time', 'images/s', 'ideal images/s', 'of ideal']];
    const ofIdeal: Record<number, number> = {};
    let c8Timeline: Awaited<ReturnType<typeof throughputTimeline>> | undefined;
    for (const concurrency of [1, 8]) {
      pipeline = await start({ WORKER_CONCURRENCY: String(concurrency), LOCAL_RENDERER_DELAY_MS: '500' });
      const target = { ...client, base: pipeline.base };
      const startedAt = new Date();
      const started = performance.now();
      await Promise.all(Array.from({ length: THROUGHPUT_IMAGES }, (_, i) => generateAndWait(target, `${PROMPT} c${concurrency} #${i}`)));
      const seconds = (performance.now() - started) / 1000;
      if (concurrency === 8) c8Timeline = await throughputTimeline(db.dataSource, startedAt, new Date(), ` c8 #`);
      await pipeline.close();
      pipeline = undefined;
      const perSecond = THROUGHPUT_IMAGES / seconds;
      const ideal = concurrency / 0.5;
      ofIdeal[concurrency] = perSecond / ideal;
      throughputRows.push([String(concurrency), `${seconds.toFixed(2)} s`, perSecond.toFixed(2), ideal.toFixed(2), `${Math.round(ofIdeal[concurrency] * 100)}%`]);
    }
    printTable(throughputRows);
    if (c8Timeline) {
      const t = c8Timeline;
      console.log(
        `where the c8 wall time goes (from the rows): the first job started ${ms(t.firstStartMs)} after the first request; ` +
          `the ${THROUGHPUT_IMAGES} requests were all accepted ${ms(t.lastAcceptedMs)} after the first (one main thread takes them in turn), ` +
          `so the eight slots' first jobs started ${ms(t.firstWaveSpreadMs)} apart and each slot's chain of jobs ends that much later; ` +
          `the jobs ran from the first start to the last completion in ${ms(t.spanMs)}; ` +
          `a job took ${ms(t.jobP50Ms)} at p50, ${ms(t.jobMaxMs)} at most (500 ms of them the renderer's delay, the rest claiming, storing and settling ` +
          `while the other slots do the same), so ${THROUGHPUT_IMAGES} jobs on 8 slots need at least ${ms(t.slotBoundMs)}; ` +
          `a slot waited ${ms(t.slotGapP50Ms)} at p50 between one job's end and its next start; the last final event reached ` +
          `its client ${ms(t.lastEventMs)} after the last completion.`,
      );
    }

    // 4. Bulk acceptance: the 201 of a BULK_ROWS-row CSV (validate, charge every row, enqueue every job).
    // In-process the API then renders the batch, so it runs once and is waited for; with BullMQ no
    // worker runs and the jobs left in the bench's queue prefix are deleted at the end.
    const bulkRuns = redis ? 3 : 1;
    if (redis) {
      api ??= (await startApi(env)).app;
      pipeline = { base: baseOf(api), close: async () => undefined };
    } else {
      pipeline = await start({ WORKER_CONCURRENCY: '8', LOCAL_RENDERER_DELAY_MS: '0' });
    }
    const bulkTarget = { ...client, base: pipeline.base };
    const bulkTimes: number[] = [];
    for (let run = 0; run < bulkRuns; run += 1) bulkTimes.push(await timed(() => uploadBulk(bulkTarget, BULK_ROWS, run)));
    if (!redis) await settled(db.dataSource);
    await pipeline.close();
    pipeline = undefined;
    const bulkMs = quantile(bulkTimes, 0.5);
    console.log(`\nbulk: ${BULK_ROWS}-row CSV accepted (201) in ${bulkTimes.map((t) => ms(t)).join(', ')}; p50 ${ms(bulkMs)}`);
    await ledgerBalancedOrThrow(db.dataSource);
    console.log('');

    printResult('generation', {
      queue: redis ? 'bullmq' : 'in-process',
      renderer_p50_ms: round(quantile(alone, 0.5), 1),
      pipeline_p50_ms: round(quantile(whole, 0.5), 1),
      overhead_p50_ms: round(quantile(whole, 0.5) - quantile(alone, 0.5), 1),
      overhead_p95_ms: round(quantile(whole, 0.95) - quantile(alone, 0.95), 1),
      overhead_isolated_p50_ms: round(quantile(isolated, 0.5) - quantile(alone, 0.5), 1),
      overhead_isolated_p95_ms: round(quantile(isolated, 0.95) - quantile(alone, 0.95), 1),
      thumbnail_p50_ms: round(quantile(thumbnailAlone, 0.5), 1),
      queued_p50_ms: round(stages.queuedP50, 1),
      processing_p50_ms: round(stages.processingP50, 1),
      pg_round_trip_ms: round(roundTrip, 3),
      http_floor_ms: round(request, 2),
      statements_per_image: statementsPerImage === null ? null : round(statementsPerImage, 1),
      structural_floor_ms: floor === null ? null : round(floor, 1),
      c1_of_ideal: round(ofIdeal[1], 3),
      c8_of_ideal: round(ofIdeal[8], 3),
      c8_job_p50_ms: c8Timeline ? round(c8Timeline.jobP50Ms, 1) : null,
      c8_first_start_ms: c8Timeline ? round(c8Timeline.firstStartMs, 1) : null,
      c8_first_wave_spread_ms: c8Timeline ? round(c8Timeline.firstWaveSpreadMs, 1) : null,
      c8_slot_gap_p50_ms: c8Timeline ? round(c8Timeline.slotGapP50Ms, 1) : null,
      bulk_accept_500_ms: Math.round(bulkMs),
      bulk_rows: BULK_ROWS,
      profile_busy_ms: profile.busyMs,
      profile_areas: Object.fromEntries(profile.byArea.slice(0, 6).map((a) => [a.area, a.share])),
    });
  } finally {
    await pipeline?.close().catch(() => undefined);
    await api?.close();
    if (redis) await removeQueueKeys(env.REDIS_URL, env.QUEUE_PREFIX).catch(() => undefined);
    await db.drop();
    cleanUp();
  }
}

function baseOf(app: NestExpressApplication): string {
  const address = app.getHttpServer().address() as { port: number };
  return `http://127.0.0.1:${address.port}`;
}

/** Waits until every generated image has its thumbnail file and the outbox has nothing left to publish. */
async function backgroundSettled(dataSource: { query(sql: string): Promise<unknown> }, storageDir: string): Promise<void> {
  for (;;) {
    const [{ pending }] = (await dataSource.query(`SELECT count(*)::int AS pending FROM outbox WHERE published_at IS NULL AND parked_at IS NULL`)) as Array<{ pending: number }>;
    const keys = (await dataSource.query(`SELECT thumbnail_key FROM assets WHERE thumbnail_key IS NOT NULL ORDER BY created_at DESC LIMIT 1`)) as Array<{ thumbnail_key: string }>;
    if (pending === 0 && keys.every((k) => existsSync(join(storageDir, k.thumbnail_key)))) return;
    await new Promise((r) => setTimeout(r, 2));
  }
}

async function stageTimings(dataSource: { query(sql: string, values: unknown[]): Promise<unknown> }, since: Date) {
  const rows = (await dataSource.query(
    `SELECT extract(epoch from started_at - created_at) * 1000 AS queued, extract(epoch from completed_at - started_at) * 1000 AS processing
       FROM generations WHERE created_at >= $1 AND status = 'completed'`,
    [since],
  )) as Array<{ queued: string; processing: string }>;
  return { queuedP50: quantile(rows.map((r) => Number(r.queued)), 0.5), processingP50: quantile(rows.map((r) => Number(r.processing)), 0.5) };
}

/**
 * The c8 run from its rows: how long before the first job started, the jobs' own duration, the
 * bound that duration sets on 8 slots, the gaps between a slot's jobs, and the tail to the client.
 */
async function throughputTimeline(dataSource: { query(sql: string, values: unknown[]): Promise<unknown> }, from: Date, to: Date, marker: string) {
  const rows = (await dataSource.query(
    `SELECT extract(epoch from created_at) * 1000 AS created, extract(epoch from started_at) * 1000 AS started, extract(epoch from completed_at) * 1000 AS completed
       FROM generations WHERE created_at >= $1 AND status = 'completed' AND prompt LIKE '%' || $2 || '%' ORDER BY started_at`,
    [from, marker],
  )) as Array<{ created: string; started: string; completed: string }>;
  const jobs = rows.map((r) => ({ created: Number(r.created), started: Number(r.started), completed: Number(r.completed) }));
  const durations = jobs.map((j) => j.completed - j.started);
  // The slots as the queue fills them: each job takes the slot that became free first.
  const slots: number[] = [];
  const gaps: number[] = [];
  for (const job of jobs) {
    if (slots.length < 8) {
      slots.push(job.completed);
      continue;
    }
    slots.sort((a, b) => a - b);
    gaps.push(Math.max(0, job.started - slots[0]));
    slots[0] = job.completed;
  }
  const jobP50Ms = quantile(durations, 0.5);
  return {
    firstStartMs: Math.min(...jobs.map((j) => j.started)) - from.getTime(),
    // The burst's acceptance: when the last request's transaction began.
    lastAcceptedMs: Math.max(...jobs.map((j) => j.created)) - from.getTime(),
    // How far apart the first eight jobs (one per slot) started.
    firstWaveSpreadMs: jobs.length >= 8 ? jobs[7].started - jobs[0].started : 0,
    jobP50Ms,
    jobMaxMs: Math.max(...durations),
    spanMs: Math.max(...jobs.map((j) => j.completed)) - Math.min(...jobs.map((j) => j.started)),
    slotBoundMs: Math.ceil(jobs.length / 8) * jobP50Ms,
    slotGapP50Ms: gaps.length > 0 ? quantile(gaps, 0.5) : 0,
    lastEventMs: to.getTime() - Math.max(...jobs.map((j) => j.completed)),
  };
}

/** Waits until no generation is queued or processing. */
async function settled(dataSource: { query(sql: string): Promise<unknown> }): Promise<void> {
  for (;;) {
    const [{ open }] = (await dataSource.query(`SELECT count(*)::int AS open FROM generations WHERE status IN ('queued', 'processing')`)) as Array<{ open: number }>;
    if (open === 0) return;
    await new Promise((r) => setTimeout(r, 250));
  }
}

async function ledgerBalancedOrThrow(dataSource: { query(sql: string): Promise<unknown> }): Promise<void> {
  const [{ unbalanced }] = (await dataSource.query(
    `SELECT count(*)::int AS unbalanced FROM organizations o
      WHERE o.credits <> (SELECT COALESCE(SUM(amount), 0) FROM credit_ledger l WHERE l.organization_id = o.id AND l.status = 'completed')`,
  )) as Array<{ unbalanced: number }>;
  if (unbalanced > 0) throw new Error(`${unbalanced} organizations' balances differ from their ledgers`);
}

/** POST /api/generate/bulk with a CSV of `rows` low-quality test prompts; resolves at the 201. */
async function uploadBulk(client: BenchClient, rows: number, run: number): Promise<void> {
  const csv = ['prompt,quality', ...Array.from({ length: rows }, (_, i) => `"TEST bulk run ${run} row ${i}, a lighthouse at dusk",low`)].join('\n');
  const form = new FormData();
  form.append('file', new Blob([csv], { type: 'text/csv' }), 'bench.csv');
  const res = await fetch(`${client.base}/api/generate/bulk`, { method: 'POST', headers: { cookie: client.cookie, origin: BENCH_APP_URL }, body: form });
  if (res.status !== 201) throw new Error(`bulk: ${res.status} ${await res.text()}`);
  await res.arrayBuffer();
}

/** POST /api/generate, then the SSE stream until `completed` (throws on `error`). */
async function generateAndWait(client: BenchClient, prompt: string): Promise<void> {
  const res = await httpPostJson<{ progressUrl: string }>(`${client.base}/api/generate`, client.cookie, BENCH_APP_URL, { prompt, quality: 'low', size: '1024x1024', variationCount: 1 });
  if (res.status !== 201) throw new Error(`generate: ${res.status} ${JSON.stringify(res.body)}`);
  const { progressUrl } = res.body;
  await followProgress(`${client.base}${progressUrl}`, client.cookie);
}

async function timed(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
const ms = (n: number) => `${n.toFixed(1)} ms`;

runBenchmark(main);
