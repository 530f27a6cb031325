import { createTestDatabase, TestDatabase } from '@brandloom/core/testing';
import { DynamicModule, Global, Injectable, INestApplicationContext, Logger, Module, Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { bootCore } from '../../testing/core-boot';
import { AppConfig, loadConfig } from '../config/app-config';
import { JOB_NAMES } from '../../job-names';
import { JOB_POSTPONE_MS, JobRegistrationError, JobRegistry } from './job-registry';
import { JobPostponedError, type JobName } from './queue.port';
import { OnJob } from './on-job.decorator';
import { QueueModule } from './queue.module';

/** This file's jobs are not the application's: they pass the typed @OnJob as any name would, and the registry judges them at boot. */
const testJob = (name: string) => name as JobName;

@Injectable()
class SendsReports {
  @OnJob(testJob('reports.send'), { attempts: 2, concurrency: 3 })
  async send(): Promise<void> {}
}

@Injectable()
class AlsoSendsReports {
  @OnJob(testJob('reports.send'))
  async sendAgain(): Promise<void> {}
}

@Injectable()
class HandlesAGhost {
  @OnJob(testJob('ghost.job'))
  async haunt(): Promise<void> {}
}

@Injectable()
class CleansUp {
  @OnJob(testJob('cleanup.run'))
  async run(): Promise<void> {}
}

/** AppConfig without a database or Redis: the registry only needs it for defaults. */
function configModule(): DynamicModule {
  const config = loadConfig({ DATABASE_URL: 'postgres://127.0.0.1/unused', SESSION_SECRET: 's'.repeat(32), WORKER_CONCURRENCY: '5' });
  @Global() @Module({})
  class TestConfigModule {}
  return { module: TestConfigModule, global: true, providers: [{ provide: AppConfig, useValue: config }], exports: [AppConfig] };
}

/** Boots a Nest context whose queue knows `jobNames` and whose providers are `handlers`. */
async function boot(jobNames: string[], handlers: Type[]): Promise<INestApplicationContext> {
  @Module({ imports: [configModule(), QueueModule.forRoot({ jobNames })], providers: handlers })
  class AppUnderTest {}
  return NestFactory.createApplicationContext(AppUnderTest, { logger: false, abortOnError: false });
}

async function bootError(jobNames: string[], handlers: Type[]): Promise<Error> {
  const error = await boot(jobNames, handlers).then(
    async (app) => {
      await app.close();
      throw new Error('boot succeeded');
    },
    (e: Error) => e,
  );
  expect(error).toBeInstanceOf(JobRegistrationError);
  return error;
}

describe('job registry (boot-time validation of @OnJob handlers)', () => {
  it('boots with exactly one handler per known job and exposes it', async () => {
    const app = await boot(['reports.send', 'cleanup.run'], [SendsReports, CleansUp]);
    try {
      const registry = app.get(JobRegistry);
      expect(registry.jobs.map((j) => j.name).sort()).toEqual(['cleanup.run', 'reports.send']);
      const reports = registry.jobs.find((j) => j.name === 'reports.send')!;
      expect(reports).toMatchObject({ attempts: 2, concurrency: 3 });
      // Defaults: WORKER_CONCURRENCY and three attempts.
      expect(registry.jobs.find((j) => j.name === 'cleanup.run')).toMatchObject({ attempts: 3, concurrency: 5 });
    } finally {
      await app.close();
    }
  });

  it('runs the discovered handler on its provider instance', async () => {
    const calls: unknown[] = [];
    @Injectable()
    class Recorder {
      private readonly seen = calls;
      @OnJob(testJob('cleanup.run'))
      async run(data: unknown): Promise<string> {
        this.seen.push(data);
        return 'done';
      }
    }
    const app = await boot(['cleanup.run'], [Recorder]);
    try {
      const [job] = app.get(JobRegistry).jobs;
      const context = { id: '1', name: 'cleanup.run', attempt: 1, isLastAttempt: true, reportProgress: async () => undefined };
      await expect(job.run({ n: 1 }, context)).resolves.toBe('done');
      expect(calls).toEqual([{ n: 1 }]);
    } finally {
      await app.close();
    }
  });

  it('logs one info line when a job starts and one when it ends, with name, id, attempt, pid, duration and outcome', async () => {
    const outcomes: Array<'ok' | 'boom' | 'database-down'> = ['ok', 'boom', 'database-down'];
    @Injectable()
    class Flaky {
      @OnJob(testJob('cleanup.run'))
      async run(): Promise<void> {
        const next = outcomes.shift();
        if (next === 'boom') throw new Error('boom');
        // What node-postgres says when PostgreSQL goes away under a query.
        if (next === 'database-down') throw new Error('Connection terminated unexpectedly');
      }
    }
    const app = await boot(['cleanup.run'], [Flaky]);
    const lines: string[] = [];
    const spy = jest.spyOn(Logger.prototype, 'log').mockImplementation((message: unknown) => void lines.push(String(message)));
    try {
      const [job] = app.get(JobRegistry).jobs;
      const context = (attempt: number) => ({ id: 'job-7', name: 'cleanup.run', attempt, isLastAttempt: false, reportProgress: async () => undefined });
      await job.run({}, context(1));
      await expect(job.run({}, context(2))).rejects.toThrow('boom');
      const postponed = await job.run({}, context(3)).catch((error: unknown) => error);
      expect(postponed).toBeInstanceOf(JobPostponedError);
      expect((postponed as JobPostponedError).delayMs).toBe(JOB_POSTPONE_MS);
    } finally {
      spy.mockRestore();
      await app.close();
    }
    const pid = process.pid;
    expect(lines).toEqual([
      `job started name=cleanup.run id=job-7 attempt=1 pid=${pid}`,
      expect.stringMatching(new RegExp(`^job ended name=cleanup\\.run id=job-7 attempt=1 pid=${pid} duration_ms=\\d+ outcome=completed$`)),
      `job started name=cleanup.run id=job-7 attempt=2 pid=${pid}`,
      expect.stringMatching(new RegExp(`^job ended name=cleanup\\.run id=job-7 attempt=2 pid=${pid} duration_ms=\\d+ outcome=failed error="boom"$`)),
      `job started name=cleanup.run id=job-7 attempt=3 pid=${pid}`,
      expect.stringMatching(/outcome=postponed reason=database-unavailable$/),
    ]);
  });

  it('fails naming a known job that has no handler', async () => {
    const error = await bootError(['reports.send', 'cleanup.run'], [SendsReports]);
    expect(error.message).toContain("job 'cleanup.run' has no handler");
    expect(error.message).not.toContain("'reports.send'");
  });

  it('fails naming a job that has two handlers, and where they are', async () => {
    const error = await bootError(['reports.send'], [SendsReports, AlsoSendsReports]);
    expect(error.message).toContain("job 'reports.send' has 2 handlers");
    expect(error.message).toContain('SendsReports.send');
    expect(error.message).toContain('AlsoSendsReports.sendAgain');
  });

  it('fails naming a handler of a job that is not known', async () => {
    const error = await bootError(['reports.send'], [SendsReports, HandlesAGhost]);
    expect(error.message).toContain("HandlesAGhost.haunt handles unknown job 'ghost.job'");
  });

  it('reports every problem at once', async () => {
    const error = await bootError(['reports.send', 'cleanup.run'], [SendsReports, AlsoSendsReports, HandlesAGhost]);
    expect(error.message).toContain("job 'cleanup.run' has no handler");
    expect(error.message).toContain("job 'reports.send' has 2 handlers");
    expect(error.message).toContain("unknown job 'ghost.job'");
  });

  describe('the application (CoreModule)', () => {
    let db: TestDatabase;
    beforeAll(async () => {
      db = await createTestDatabase();
    });
    afterAll(() => db?.drop());

    const initCore = (jobNames: readonly string[]) => bootCore(db.url, { jobNames });

    it('boots: every job the application names has exactly one handler', async () => {
      await expect(initCore(JOB_NAMES)).resolves.toBeUndefined();
    });

    it('does not boot when one of its job names has no handler', async () => {
      await expect(initCore([...JOB_NAMES, 'billing.renew'])).rejects.toThrow("job 'billing.renew' has no handler");
    });
  });
});
