// The API and the worker of a benchmark, in this process, on a scratch database.
import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '../../backend/src/bootstrap';
import { WorkerModule } from '../../worker/src/worker.module';
import { removeRedisKeys } from '../../libs/core/src/testing/redis';
import { BENCH_APP_URL, withEnv } from './bench-helpers';

export interface BenchEnvironment {
  env: Record<string, string>;
  /** Removes the storage directory. */
  cleanUp(): void;
}

/** The environment of a benchmark's app: its database, a queue prefix and a storage directory of its own. */
export function benchEnvironment(databaseUrl: string, extra: Record<string, string> = {}): BenchEnvironment {
  const storageDir = mkdtempSync(join(tmpdir(), 'brandloom-bench-'));
  return {
    env: {
      NODE_ENV: 'production',
      DATABASE_URL: databaseUrl,
      QUEUE_PREFIX: `bl-bench-${randomBytes(4).toString('hex')}`,
      STORAGE_DIR: storageDir,
      LOG_LEVEL: 'silent',
      SESSION_SECRET: process.env.SESSION_SECRET!,
      OPENAI_API_KEY: '',
      APP_URL: BENCH_APP_URL,
      REDIS_URL: process.env.REDIS_URL ?? '',
      ...extra,
    },
    cleanUp: () => rmSync(storageDir, { recursive: true, force: true }),
  };
}

/** The API listening on a free loopback port (with REDIS_URL unset it runs the jobs as well). */
export async function startApi(env: Record<string, string>): Promise<{ app: NestExpressApplication; base: string }> {
  const app = await withEnv(env, () => createApp({ logger: false }));
  await app.listen(0, '127.0.0.1');
  return { app, base: `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}` };
}

/** A worker context (BullMQ, so REDIS_URL must be set in `env`). */
export function startWorker(env: Record<string, string>): Promise<INestApplicationContext> {
  return withEnv(env, async () => {
    const app = await NestFactory.createApplicationContext(WorkerModule, { logger: false });
    await app.init();
    return app;
  });
}

/** Deletes every Redis key under the benchmark's queue prefix (jobs a benchmark left queued). */
export function removeQueueKeys(redisUrl: string, prefix: string): Promise<void> {
  return removeRedisKeys(redisUrl, `${prefix}:*`);
}
