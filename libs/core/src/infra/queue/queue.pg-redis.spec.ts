import { createTestDatabase, describeWithRedis, removeRedisKeys, sleep, TestDatabase, waitFor } from '@brandloom/core/testing';
import { DynamicModule, Global, INestApplicationContext, Injectable, Logger, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Job, Queue } from 'bullmq';
import IORedis from 'ioredis';
import { ChildProcess, spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { DataSource } from 'typeorm';
import { CoreModule } from '../../core.module';
import { AppConfig, loadConfig } from '../config/app-config';
import { OutboxRelay } from '../outbox/outbox.relay';
import { BullMqQueueDriver } from './drivers/bullmq.driver';
import { InProcessQueueDriver } from './drivers/in-process.driver';
import { OnJob } from './on-job.decorator';
import { QueueModule } from './queue.module';
import { JobContext, JobPostponedError, QueuePort, QueueUnavailableError, RegisteredJob, type JobName } from './queue.port';

const ROOT = resolve(__dirname, '../../../../..');
const WORKER_MAIN = join(ROOT, 'worker/dist/main.js');

/** `promise`, or a rejection with `message` after `ms` (the timer is cleared either way). */
async function withTimeout<T>(promise: Promise<T>, ms: number, message: () => string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([promise, new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(message())), ms)))]);
  } finally {
    clearTimeout(timer);
  }
}

interface Call {
  data: unknown;
  context: JobContext;
  at: number;
}

/** A job definition that records its calls; `behaviour` decides what each call does. */
function recordingJob(name: string, options: { concurrency?: number; attempts?: number } = {}, behaviour: (call: Call) => Promise<unknown> = async () => 'ok') {
  const calls: Call[] = [];
  const job: RegisteredJob = {
    name,
    concurrency: options.concurrency ?? 1,
    attempts: options.attempts ?? 1,
    run: async (data, context) => {
      const call = { data, context, at: Date.now() };
      calls.push(call);
      return behaviour(call);
    },
  };
  return { job, calls };
}

describe('in-process queue driver', () => {
  let driver: InProcessQueueDriver;
  beforeEach(() => {
    driver = new InProcessQueueDriver();
  });
  afterEach(() => driver.close());

  it('runs a job with its data and context', async () => {
    const { job, calls } = recordingJob('test.run');
    await driver.startProcessing([job]);
    const id = await driver.enqueue('test.run', { hello: 'world' });
    await driver.onIdle();
    expect(calls).toHaveLength(1);
    expect(calls[0].data).toEqual({ hello: 'world' });
    expect(calls[0].context).toMatchObject({ id, name: 'test.run', attempt: 1, isLastAttempt: true });
  });

  it('keeps jobs enqueued before processing starts, and runs them once it does', async () => {
    const { job, calls } = recordingJob('test.early');
    await driver.enqueue('test.early', 1);
    await sleep(20);
    expect(calls).toHaveLength(0);
    await driver.startProcessing([job]);
    await driver.onIdle();
    expect(calls.map((c) => c.data)).toEqual([1]);
  });

  it('runs waiting jobs by priority (lower first; no priority first; FIFO within a priority)', async () => {
    const { job, calls } = recordingJob('test.priority', { concurrency: 1 });
    await driver.enqueue('test.priority', 'p5', { priority: 5 });
    await driver.enqueue('test.priority', 'p1-a', { priority: 1 });
    await driver.enqueue('test.priority', 'none', {});
    await driver.enqueue('test.priority', 'p3', { priority: 3 });
    await driver.enqueue('test.priority', 'p1-b', { priority: 1 });
    await driver.startProcessing([job]);
    await driver.onIdle();
    expect(calls.map((c) => c.data)).toEqual(['none', 'p1-a', 'p1-b', 'p3', 'p5']);
  });

  it('never runs more than a job\'s concurrency at once', async () => {
    let active = 0;
    let peak = 0;
    const { job, calls } = recordingJob('test.concurrency', { concurrency: 2 }, async () => {
      peak = Math.max(peak, ++active);
      await sleep(10);
      active--;
    });
    await driver.startProcessing([job]);
    await Promise.all(Array.from({ length: 8 }, (_, i) => driver.enqueue('test.concurrency', i)));
    await driver.onIdle();
    expect(calls).toHaveLength(8);
    expect(peak).toBe(2);
  });

  it('retries a failing job up to its attempts with backoff, then gives up', async () => {
    const logged = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    const fails = recordingJob('test.fails', { attempts: 2 }, async () => {
      throw new Error('boom');
    });
    const flaky = recordingJob('test.flaky', { attempts: 5 }, async (call) => {
      if (call.context.attempt === 1) throw new Error('first time fails');
      return 'ok';
    });
    await driver.startProcessing([fails.job, flaky.job]);
    // Attempts from the enqueue options win over the handler's default.
    await driver.enqueue('test.fails', 'three', { attempts: 3 });
    await driver.enqueue('test.fails', 'two');
    await driver.enqueue('test.flaky', 'x');
    await driver.onIdle();

    const three = fails.calls.filter((c) => c.data === 'three');
    expect(three.map((c) => [c.context.attempt, c.context.isLastAttempt])).toEqual([[1, false], [2, false], [3, true]]);
    expect(three[1].at - three[0].at).toBeGreaterThanOrEqual(400); // backoff, not an immediate retry
    expect(three[2].at - three[1].at).toBeGreaterThanOrEqual(three[1].at - three[0].at);
    expect(fails.calls.filter((c) => c.data === 'two').map((c) => c.context.attempt)).toEqual([1, 2]);
    expect(flaky.calls.map((c) => c.context.attempt)).toEqual([1, 2]);

    await sleep(100);
    expect(fails.calls).toHaveLength(5); // gave up: nothing more runs
    expect(logged.mock.calls.map(([message]) => String(message))).toEqual(
      expect.arrayContaining([expect.stringContaining('failed after 3 attempt(s): boom'), expect.stringContaining('failed after 2 attempt(s): boom')]),
    );
    logged.mockRestore();
  });

  it('runs a postponed job again later as the same attempt', async () => {
    const { job, calls } = recordingJob('test.postponed', { attempts: 1 }, async () => {
      if (calls.length === 1) throw new JobPostponedError(50, new Error('Connection terminated unexpectedly'));
    });
    await driver.startProcessing([job]);
    await driver.enqueue('test.postponed', {});
    await driver.onIdle();
    expect(calls.map((c) => c.context.attempt)).toEqual([1, 1]);
    expect(calls[1].at - calls[0].at).toBeGreaterThanOrEqual(40);
  });

  it('deduplicates by jobId while the job is waiting or running', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const { job, calls } = recordingJob('test.dedupe', { concurrency: 1 }, () => gate);
    await expect(driver.enqueue('test.dedupe', 'first', { jobId: 'same' })).resolves.toBe('same');
    await expect(driver.enqueue('test.dedupe', 'second', { jobId: 'same' })).resolves.toBe('same');
    await driver.startProcessing([job]);
    await waitFor('the job to start', async () => (calls.length > 0 ? true : undefined));
    await driver.enqueue('test.dedupe', 'while running', { jobId: 'same' });
    release();
    await driver.onIdle();
    expect(calls.map((c) => c.data)).toEqual(['first']);
    // Distinct ids are distinct jobs.
    await driver.enqueue('test.dedupe', 'other', { jobId: 'other' });
    await driver.onIdle();
    expect(calls.map((c) => c.data)).toEqual(['first', 'other']);
  });

  it('runs a scheduled job repeatedly and still reports idle between runs', async () => {
    const { job, calls } = recordingJob('test.scheduled');
    await driver.startProcessing([job]);
    await driver.schedule('test.scheduled', 30);
    await waitFor('two scheduled runs', async () => (calls.length >= 2 ? true : undefined), 2000);
    await withTimeout(driver.onIdle(), 1000, () => 'onIdle never resolved with a schedule set');
  });
});

describe('background runner (CoreModule, worker role)', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(() => db?.drop());

  it('starts the job processors and the relay, and stops both before the database closes', async () => {
    const previous = { ...process.env };
    Object.assign(process.env, { NODE_ENV: 'test', DATABASE_URL: db.url, QUEUE_PREFIX: `bl-test-runner-${randomBytes(4).toString('hex')}`, LOG_LEVEL: 'silent' });
    delete process.env.REDIS_URL;
    let app: INestApplicationContext;
    try {
      app = await NestFactory.createApplicationContext(CoreModule.forRoot({ role: 'worker' }), { logger: false, abortOnError: false });
    } finally {
      process.env = previous;
    }
    const order: string[] = [];
    const relay = app.get(OutboxRelay);
    const queue = app.get(QueuePort);
    const dataSource = app.get(DataSource);
    const spyOn = <T extends object>(target: T, method: keyof T & string, label: string) => {
      const original = (target[method] as (...args: unknown[]) => Promise<unknown>).bind(target);
      jest.spyOn(target, method as never).mockImplementation((async (...args: unknown[]) => {
        order.push(`${label} starts`);
        const result = await original(...args);
        order.push(`${label} done`);
        return result;
      }) as never);
    };
    spyOn(relay, 'stop', 'relay.stop');
    spyOn(queue, 'close', 'queue.close');
    spyOn(dataSource, 'destroy', 'dataSource.destroy');
    // The relay runs on its own: an event recorded now gets published.
    await dataSource.query(`INSERT INTO outbox (event_id, type, payload) VALUES ($1, 'runner-test.ping', '{}')`, [randomUUID()]);
    await waitFor('the relay to publish', async () => {
      const [{ pending }] = await dataSource.query(`SELECT count(*)::int AS pending FROM outbox WHERE published_at IS NULL`);
      return pending === 0 ? true : undefined;
    }, 5000);

    await app.close();
    expect(order.indexOf('relay.stop done')).toBeGreaterThanOrEqual(0);
    expect(order.indexOf('queue.close done')).toBeGreaterThanOrEqual(0);
    expect(order.indexOf('relay.stop done')).toBeLessThan(order.indexOf('dataSource.destroy starts'));
    expect(order.indexOf('queue.close done')).toBeLessThan(order.indexOf('dataSource.destroy starts'));
  });
});

@Injectable()
class OneShotJob {
  // Not one of the application's jobs: past the typed decorator, as the registry sees any name.
  @OnJob('queue-test.once' as JobName, { attempts: 1 })
  async run(): Promise<void> {}
}

describeWithRedis('BullMQ queue driver (real Redis)', () => {
  const redisUrl = process.env.REDIS_URL!;
  const prefix = `bl-test-queue-${randomBytes(4).toString('hex')}`;
  let db: TestDatabase;
  let redis: IORedis;
  const toClose: Array<{ close(): Promise<unknown> }> = [];

  beforeAll(async () => {
    db = await createTestDatabase();
    redis = new IORedis(redisUrl, { maxRetriesPerRequest: null });
    await redis.ping(); // connected now, so its socket counts as already open below
  });

  afterAll(async () => {
    for (const closable of toClose.reverse()) await closable.close().catch(() => undefined);
    redis.disconnect();
    await removeRedisKeys(redisUrl, `${prefix}:*`);
    await db?.drop();
  });

  /** A BullMQ Queue on the driver's Redis keys, for inspection. */
  function inspect(jobName: string): Queue {
    const queue = new Queue(jobName.replace(/[^a-zA-Z0-9_-]/g, '-'), { connection: { url: redisUrl }, prefix });
    toClose.push(queue);
    return queue;
  }

  function driver(): BullMqQueueDriver {
    const d = new BullMqQueueDriver(redisUrl, prefix);
    toClose.push(d);
    return d;
  }

  it('runs maintenance.prune, enqueued here, in a separate worker process that then stops cleanly on SIGTERM', async () => {
    if (!existsSync(WORKER_MAIN)) {
      throw new Error(`${WORKER_MAIN} is missing: run \`npm run build:server\` (npm test does it) before this test`);
    }
    await db.dataSource.query(
      `INSERT INTO session (sid, sess, expire) VALUES
         ('expired-session', '{"cookie":{}}', now() - interval '1 hour'),
         ('fresh-session', '{"cookie":{}}', now() + interval '1 day')`,
    );
    const queue = inspect('maintenance.prune');
    const jobId = await driver().enqueue('maintenance.prune', {});
    // Nothing in this process runs jobs: the job waits in Redis for a worker.
    await sleep(100);
    expect(await queue.getJobState(jobId)).toBe('waiting');

    let output = '';
    const worker: ChildProcess = spawn(process.execPath, [WORKER_MAIN], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'test',
        DATABASE_URL: db.url,
        REDIS_URL: redisUrl,
        QUEUE_PREFIX: prefix,
        SESSION_SECRET: 'worker-test-session-secret-0123456789abcdef',
        LOG_LEVEL: 'warn',
        // The relay polls all the time, so SIGTERM finds it busy: shutdown must let it finish.
        OUTBOX_POLL_MS: '10',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolveExit) =>
      worker.on('exit', (code, signal) => resolveExit({ code, signal })),
    );
    let exit: { code: number | null; signal: NodeJS.Signals | null } | undefined;
    void exited.then((e) => (exit = e));
    worker.stdout!.on('data', (chunk) => (output += chunk));
    worker.stderr!.on('data', (chunk) => (output += chunk));
    const details = () => `\n--- worker output ---\n${output}`;
    toClose.push({
      close: async () => {
        if (exit) return;
        worker.kill('SIGKILL');
        await exited;
      },
    });

    try {
      const state = await waitFor(
        'the worker to complete the job',
        async () => {
          if (exit) throw new Error(`the worker exited early (${JSON.stringify(exit)})${details()}`);
          const s = await queue.getJobState(jobId);
          if (s === 'failed') throw new Error(`the job failed: ${(await queue.getJob(jobId))?.failedReason}${details()}`);
          return s === 'completed' ? s : undefined;
        },
        20_000,
        details,
      );
      expect(state).toBe('completed');
      const job = (await queue.getJob(jobId)) as Job;
      expect(job.returnvalue).toEqual(expect.objectContaining({ sessions: expect.any(Number) }));
      const sessions = await db.dataSource.query(`SELECT sid FROM session ORDER BY sid`);
      expect(sessions).toEqual([{ sid: 'fresh-session' }]);

      // The worker also registered the periodic prune, and its jobs are trimmed too.
      const scheduler = await queue.getJobScheduler('maintenance.prune:every');
      expect(scheduler?.every).toBeGreaterThan(0);
      expectTrimmed(scheduler?.template?.opts);
      await waitFor('the worker to report it started', async () => (output.includes('Brandloom worker started') ? true : undefined), 10_000, details);
      await sleep(200);
    } finally {
      if (!exit) worker.kill('SIGTERM');
    }
    const { code, signal } = await withTimeout(exited, 10_000, () => `the worker did not exit within 10 s of SIGTERM${details()}`);
    // Nest's shutdown hooks re-raise the signal once they finished; exit code 1 means they failed.
    expect(code === 0 || signal === 'SIGTERM' ? 'clean exit' : `code ${code}, signal ${signal}${details()}`).toBe('clean exit');
    // Nothing failed on the way down (jobs or the relay losing the database under them).
    expect(output.split('\n').filter((line) => /\bERROR\b|Error:|failed/.test(line))).toEqual([]);
  });

  it('trims finished jobs: the completed set stays bounded', async () => {
    const d = driver();
    const { job } = recordingJob('queue-test.trim', { concurrency: 50 });
    await d.startProcessing([job]);
    const queue = inspect('queue-test.trim');
    const first = (await queue.getJob(await d.enqueue('queue-test.trim', 0)))!;
    expectTrimmed(first.opts);
    // A count bounds the set; an age alone would let it grow for a whole day.
    const keepOption = first.opts.removeOnComplete;
    const keep = keepOption === true ? 0 : typeof keepOption === 'number' ? keepOption : (keepOption as { count?: number }).count ?? 0;
    const total = keep + 25;
    await Promise.all(Array.from({ length: total - 1 }, (_, i) => d.enqueue('queue-test.trim', i + 1)));
    await waitFor('every job to finish', async () => {
      const counts = await queue.getJobCounts('waiting', 'active', 'prioritized', 'delayed');
      return Object.values(counts).every((n) => n === 0) ? true : undefined;
    });
    expect(await queue.getCompletedCount()).toBeLessThanOrEqual(keep);
  });

  it('gives a job enqueued by a process that does not run jobs the attempts its handler declares', async () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://127.0.0.1/unused', SESSION_SECRET: 's'.repeat(32), REDIS_URL: redisUrl, QUEUE_PREFIX: prefix });
    @Global() @Module({})
    class TestConfigModule {}
    const configModule: DynamicModule = { module: TestConfigModule, global: true, providers: [{ provide: AppConfig, useValue: config }], exports: [AppConfig] };
    @Module({ imports: [configModule, QueueModule.forRoot({ jobNames: ['queue-test.once'] })], providers: [OneShotJob] })
    class ApiLike {}
    const app = await NestFactory.createApplicationContext(ApiLike, { logger: false, abortOnError: false });
    toClose.push(app);
    const port = app.get(QueuePort);
    toClose.push(port);
    expect(port).toBeInstanceOf(BullMqQueueDriver);
    // The driver takes any job name; the port only the application's (this test's job is not one).
    const driver = port as BullMqQueueDriver;
    const id = await driver.enqueue('queue-test.once', {});
    const job = (await inspect('queue-test.once').getJob(id))!;
    expect(job.opts.attempts).toBe(1);
    // Explicit options still win.
    const explicit = (await inspect('queue-test.once').getJob(await driver.enqueue('queue-test.once', {}, { attempts: 4 })))!;
    expect(explicit.opts.attempts).toBe(4);
  });

  it('deduplicates by jobId', async () => {
    const d = driver();
    const queue = inspect('queue-test.dedupe');
    await expect(d.enqueue('queue-test.dedupe', 'first', { jobId: 'same' })).resolves.toBe('same');
    await expect(d.enqueue('queue-test.dedupe', 'second', { jobId: 'same' })).resolves.toBe('same');
    expect(await queue.getWaitingCount()).toBe(1);
    expect((await queue.getJob('same'))!.data).toBe('first');
  });

  it('runs a postponed job again later without using up an attempt', async () => {
    const d = driver();
    const { job, calls } = recordingJob('queue-test.postponed', { attempts: 1 }, async (call) => {
      if (calls.length === 1) throw new JobPostponedError(300, new Error('Connection terminated unexpectedly'));
      return call.context.attempt;
    });
    await d.startProcessing([job]);
    const id = await d.enqueue('queue-test.postponed', {});
    const finished = await waitFor('the job to complete', async () => ((await inspect('queue-test.postponed').getJob(id))?.finishedOn ? true : undefined));
    expect(finished).toBe(true);
    expect(calls.map((c) => c.context.attempt)).toEqual([1, 1]);
    expect(calls[1].at - calls[0].at).toBeGreaterThanOrEqual(250);
    expect((await inspect('queue-test.postponed').getJob(id))!.returnvalue).toBe(1);
  });

  it('gives up enqueueing after its timeout when Redis does not answer', async () => {
    // A port nobody listens on: ioredis keeps reconnecting and the add waits in its offline queue.
    const unreachable = new BullMqQueueDriver('redis://127.0.0.1:1', prefix, () => undefined, { enqueueTimeoutMs: 300 });
    toClose.push(unreachable);
    const started = Date.now();
    await expect(unreachable.enqueue('queue-test.unreachable', {})).rejects.toBeInstanceOf(QueueUnavailableError);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('sets its schedules again when Redis comes back without its data', async () => {
    const d = driver();
    await d.schedule('queue-test.scheduled', 60_000);
    const queue = inspect('queue-test.scheduled');
    expect((await queue.getJobSchedulers()).map((s) => s.key)).toEqual(['queue-test.scheduled:every']);
    // Redis loses the data (a restart without persistence), then the driver reconnects.
    await removeRedisKeys(redisUrl, `${prefix}:queue-test-scheduled:*`);
    expect(await queue.getJobSchedulers()).toEqual([]);
    (d as unknown as { connection: IORedis }).connection.disconnect(true);
    await waitFor('the schedule to be set again', async () => ((await queue.getJobSchedulers()).length === 1 ? true : undefined), 5000);
    expect((await queue.getJobSchedulers())[0]).toMatchObject({ key: 'queue-test.scheduled:every', every: 60_000 });
  });

  it('releases every Redis connection when closed', async () => {
    const sockets = () => process.getActiveResourcesInfo().filter((r) => r === 'TCPSocketWrap').length;
    const before = sockets();
    const d = new BullMqQueueDriver(redisUrl, prefix);
    const { job, calls } = recordingJob('queue-test.close');
    const other = recordingJob('queue-test.close-other');
    await d.startProcessing([job, other.job]);
    await d.enqueue('queue-test.close', 1);
    await waitFor('the job to run', async () => (calls.length > 0 ? true : undefined));
    expect(sockets()).toBeGreaterThan(before);
    await d.close();
    await waitFor(`sockets to close (before: ${before})`, async () => (sockets() <= before ? true : undefined), 3000, () => `, still open: ${sockets()}`);
  });
});

/** Finished jobs must be removed by count or age, or Redis grows forever. */
function expectTrimmed(opts: { removeOnComplete?: unknown; removeOnFail?: unknown } | undefined): void {
  for (const key of ['removeOnComplete', 'removeOnFail'] as const) {
    const keep = opts?.[key] as { count?: number; age?: number } | number | boolean | undefined;
    const bounded =
      keep === true ||
      (typeof keep === 'number' && keep >= 0) ||
      (typeof keep === 'object' && keep !== null && ((keep.count ?? 0) > 0 || (keep.age ?? 0) > 0));
    expect({ [key]: keep, bounded }).toEqual({ [key]: keep, bounded: true });
  }
}
