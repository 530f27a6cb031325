// npm run bench:generation: images through the whole pipeline (HTTP API → BullMQ → worker →
// local renderer → storage → PostgreSQL → Redis pub/sub → SSE back to the client), next to the
// renderer alone in the same run: overhead per image at p50/p95 and the ratio. Then, with a 500 ms
// renderer delay, throughput at worker concurrency 1 and 8.
// Needs DATABASE_URL and REDIS_URL (a scratch database and queue prefix are created and removed).
// BENCH_IMAGES (default 200) and BENCH_THROUGHPUT_IMAGES (default 32) change the sizes.
import 'reflect-metadata';
// First: the config module validates the environment as soon as it is loaded.
import './support/bench-env';
import { INestApplicationContext, Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CreditsService } from '../libs/core/src/credits/credits.service';
import { LocalImageRenderer } from '../libs/core/src/generation/providers/local-image-renderer';
import { SseParser } from '../libs/core/src/infra/progress/sse';
import { createTestDatabase } from '../libs/core/src/testing/test-database';
import { createApp } from '../backend/src/bootstrap';
import { WorkerModule } from '../worker/src/worker.module';
import { BENCH_APP_URL, printTable, quantile, registerBenchClient, runBenchmark, withEnv } from './support/bench-helpers';


const IMAGES = Number(process.env.BENCH_IMAGES ?? 200);
const THROUGHPUT_IMAGES = Number(process.env.BENCH_THROUGHPUT_IMAGES ?? 32);
const WARMUP = 5;
const PROMPT = 'A clean product shot of a reusable water bottle on a pastel background';

interface Client {
  base: string;
  cookie: string;
}

async function main(): Promise<void> {
  if (!process.env.DATABASE_URL || !process.env.REDIS_URL) {
    console.error('bench:generation needs DATABASE_URL and REDIS_URL, e.g.');
    console.error('  DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres REDIS_URL=redis://127.0.0.1:6379 npm run bench:generation');
    process.exit(1);
  }
  Logger.overrideLogger(false);
  const db = await createTestDatabase();
  const storageDir = mkdtempSync(join(tmpdir(), 'brandloom-bench-'));
  const env = {
    NODE_ENV: 'production',
    DATABASE_URL: db.url,
    QUEUE_PREFIX: `bl-bench-${randomBytes(4).toString('hex')}`,
    STORAGE_DIR: storageDir,
    LOG_LEVEL: 'silent',
    SESSION_SECRET: process.env.SESSION_SECRET!,
    OPENAI_API_KEY: '',
    APP_URL: BENCH_APP_URL,
  };
  let api: NestExpressApplication | undefined;
  let worker: INestApplicationContext | undefined;
  try {
    api = await withEnv(env, () => createApp({ logger: false }));
    await api.listen(0, '127.0.0.1');
    const base = `http://127.0.0.1:${(api.getHttpServer().address() as AddressInfo).port}`;
    const client = await registerBenchClient(base);
    await api.get(CreditsService).grant({ organizationId: client.organizationId, amount: IMAGES + THROUGHPUT_IMAGES * 2 + 100, type: 'bonus', description: 'Benchmark credits' });

    console.log(`bench:generation  ${IMAGES} images of 1024x1024 (one variation per request, one request at a time)`);
    console.log('API and worker run in this process (Nest application + worker context) on BullMQ/Redis; local-disk storage.\n');

    // 1. The renderer alone.
    const renderer = new LocalImageRenderer({ delayMs: 0 });
    const render = () => renderer.generate({ prompt: PROMPT, quality: 'low', size: '1024x1024', n: 1 });
    for (let i = 0; i < WARMUP; i += 1) await render();
    const alone: number[] = [];
    for (let i = 0; i < IMAGES; i += 1) alone.push(await timed(render));

    // 2. The whole pipeline, zero-delay renderer.
    worker = await startWorker(env, { WORKER_CONCURRENCY: '4', LOCAL_RENDERER_DELAY_MS: '0' });
    for (let i = 0; i < WARMUP; i += 1) await generateAndWait(client, `${PROMPT} (warm-up ${i})`);
    const pipeline: number[] = [];
    for (let i = 0; i < IMAGES; i += 1) pipeline.push(await timed(() => generateAndWait(client, `${PROMPT} #${i}`)));
    await worker.close();
    worker = undefined;
    if (process.env.BENCH_STAGES) {
      console.log(await db.dataSource.query(`SELECT avg(extract(epoch from started_at - created_at) * 1000)::int AS queued_ms,
        avg(extract(epoch from completed_at - started_at) * 1000)::int AS processing_ms FROM generations`));
    }

    const rows = [['per image', 'renderer alone', 'whole pipeline', 'overhead', 'pipeline / renderer']];
    for (const [label, q] of [['p50', 0.5], ['p95', 0.95]] as const) {
      const r = quantile(alone, q);
      const p = quantile(pipeline, q);
      rows.push([label, ms(r), ms(p), ms(p - r), `${(p / r).toFixed(2)}x`]);
    }
    rows.push(['mean', ms(mean(alone)), ms(mean(pipeline)), ms(mean(pipeline) - mean(alone)), `${(mean(pipeline) / mean(alone)).toFixed(2)}x`]);
    printTable(rows);

    // 3. Throughput with a 500 ms renderer at worker concurrency 1 and 8.
    console.log(`\nthroughput: ${THROUGHPUT_IMAGES} requests of one image submitted at once, renderer delay 500 ms per image`);
    const throughputRows = [['WORKER_CONCURRENCY', 'wall time', 'images/s', 'ideal images/s', 'of ideal']];
    for (const concurrency of [1, 8]) {
      worker = await startWorker(env, { WORKER_CONCURRENCY: String(concurrency), LOCAL_RENDERER_DELAY_MS: '500' });
      const started = performance.now();
      await Promise.all(Array.from({ length: THROUGHPUT_IMAGES }, (_, i) => generateAndWait(client, `${PROMPT} c${concurrency} #${i}`)));
      const seconds = (performance.now() - started) / 1000;
      await worker.close();
      worker = undefined;
      const perSecond = THROUGHPUT_IMAGES / seconds;
      const ideal = concurrency / 0.5;
      throughputRows.push([String(concurrency), `${seconds.toFixed(2)} s`, perSecond.toFixed(2), ideal.toFixed(2), `${Math.round((perSecond / ideal) * 100)}%`]);
    }
    printTable(throughputRows);
  } finally {
    await worker?.close();
    await api?.close();
    await db.drop();
    rmSync(storageDir, { recursive: true, force: true });
  }
}

async function startWorker(env: Record<string, string>, extra: Record<string, string>): Promise<INestApplicationContext> {
  return withEnv({ ...env, ...extra }, async () => {
    const app = await NestFactory.createApplicationContext(WorkerModule, { logger: false });
    await app.init();
    return app;
  });
}


/** POST /api/generate, then the SSE stream until `completed` (throws on `error`). */
async function generateAndWait(client: Client, prompt: string): Promise<void> {
  const res = await fetch(`${client.base}/api/generate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: client.cookie, origin: BENCH_APP_URL },
    body: JSON.stringify({ prompt, quality: 'low', size: '1024x1024', variationCount: 1 }),
  });
  if (res.status !== 201) throw new Error(`generate: ${res.status} ${await res.text()}`);
  const { progressUrl } = (await res.json()) as { progressUrl: string };
  await new Promise<void>((resolve, reject) => {
    const req = httpRequest(`${client.base}${progressUrl}`, { headers: { cookie: client.cookie, accept: 'text/event-stream' } }, (stream) => {
      const parser = new SseParser();
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => {
        for (const event of parser.push(chunk)) {
          if (event.event === 'completed') {
            req.destroy();
            resolve();
          } else if (event.event === 'error') {
            req.destroy();
            reject(new Error(`generation failed: ${event.data}`));
          }
        }
      });
      stream.on('end', () => reject(new Error('stream ended without a final event')));
    });
    req.on('error', (error) => (error.message === 'socket hang up' ? undefined : reject(error)));
    req.end();
  });
}


async function timed(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}


const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
const ms = (n: number) => `${n.toFixed(1)} ms`;


runBenchmark(main);
