// Shared by the generation, assets and worker suites and by bench/generation.ts: storage in a
// temporary directory, workers (in this process or as a separate process), an SSE reader.
import { SseParser, type ParsedSseEvent } from '@brandloom/core';
import { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import request from 'supertest';
import type { DataSource } from 'typeorm';
import { WorkerModule } from '../../worker/src/worker.module';
import type { CreditsService } from '@brandloom/core';

export type Agent = ReturnType<typeof request.agent>;

export const ROOT = resolve(__dirname, '../..');
export const WORKER_MAIN = join(ROOT, 'worker/dist/main.js');

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls until `check` returns something other than undefined, or fails after `ms`. */
export async function waitFor<T>(what: string, check: () => Promise<T | undefined> | T | undefined, ms = 15_000, details: () => string = () => ''): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${ms} ms waiting for ${what}${details()}`);
    await sleep(50);
  }
}

/** A storage directory of its own, removed by cleanup(). */
export function tempStorage(): { dir: string; cleanup(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'brandloom-gen-'));
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Runs `create` with `env` applied to process.env (config is read at creation), then restores it. */
export async function withEnv<T>(env: Record<string, string | undefined>, create: () => Promise<T>): Promise<T> {
  const previous = { ...process.env };
  Object.assign(process.env, env);
  for (const [key, value] of Object.entries(env)) if (value === undefined) delete process.env[key];
  try {
    return await create();
  } finally {
    process.env = previous;
  }
}

/** The worker application (WorkerModule) inside this process, configured by `env`. */
export async function startInProcessWorker(env: Record<string, string | undefined>): Promise<INestApplicationContext> {
  return withEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env }, async () => {
    const app = await NestFactory.createApplicationContext(WorkerModule, { logger: false, abortOnError: false });
    await app.init();
    return app;
  });
}

export interface SpawnedWorker {
  process: ChildProcess;
  output(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  hasExited(): boolean;
  kill(signal?: NodeJS.Signals): Promise<void>;
}

/** The built worker (worker/dist/main.js) as a separate process. */
export function spawnWorker(env: Record<string, string>): SpawnedWorker {
  if (!existsSync(WORKER_MAIN)) {
    throw new Error(`${WORKER_MAIN} is missing: build the worker first with \`npx tsc -b worker/tsconfig.build.json\` (npm test does it)`);
  }
  let output = '';
  let exitedAlready = false;
  const child = spawn(process.execPath, [WORKER_MAIN], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, NODE_ENV: 'test', SESSION_SECRET: 'worker-test-session-secret-0123456789abcdef', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) =>
    child.on('exit', (code, signal) => {
      exitedAlready = true;
      done({ code, signal });
    }),
  );
  return {
    process: child,
    output: () => output,
    exited,
    hasExited: () => exitedAlready,
    async kill(signal: NodeJS.Signals = 'SIGKILL') {
      if (exitedAlready) return;
      child.kill(signal);
      await exited;
    },
  };
}

/** Reads a whole SSE response (the progress stream ends after `close`) and parses its events. */
export async function readSse(agent: Agent, path: string): Promise<{ status: number; events: ParsedSseEvent[]; comments: number; contentType: string }> {
  const res = await agent
    .get(path)
    .buffer(true)
    .parse((response, callback) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => callback(null, text));
    });
  const parser = new SseParser();
  const events = typeof res.body === 'string' ? parser.push(res.body) : [];
  return { status: res.status, events, comments: parser.comments, contentType: String(res.headers['content-type'] ?? '') };
}

/** Data of each event, parsed (loosely typed by default: tests read nested fields). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function eventData<T = Record<string, any>>(events: ParsedSseEvent[], name: string): T[] {
  return events.filter((e) => e.event === name).map((e) => JSON.parse(e.data) as T);
}

/** Waits until every listed generation is completed or failed. */
export async function waitForSettled(dataSource: DataSource, ids: string[], ms = 20_000, details: () => string = () => ''): Promise<Array<{ id: string; status: string }>> {
  return waitFor(
    `generations ${ids.join(', ')} to settle`,
    async () => {
      const rows: Array<{ id: string; status: string }> = await dataSource.query(`SELECT id, status FROM generations WHERE id = ANY($1)`, [ids]);
      return rows.length === ids.length && rows.every((r) => r.status === 'completed' || r.status === 'failed') ? rows : undefined;
    },
    ms,
    details,
  );
}

export interface CreditsAudit {
  debited: number;
  refunded: number;
  delivered: number;
  costOfDelivered: number;
}

/** Ledger vs delivered images for an organization's generations: debited − refunded must equal costOfDelivered. */
export async function auditCredits(dataSource: DataSource, organizationId: string): Promise<CreditsAudit> {
  const [{ debited, refunded }] = await dataSource.query(
    `SELECT COALESCE(-SUM(amount) FILTER (WHERE type = 'usage'), 0)::int AS debited,
            COALESCE(SUM(amount) FILTER (WHERE type = 'refund'), 0)::int AS refunded
       FROM credit_ledger WHERE organization_id = $1 AND reference_type = 'generation'`,
    [organizationId],
  );
  const [{ delivered, cost }] = await dataSource.query(
    `SELECT count(a.id)::int AS delivered, COALESCE(SUM(g.cost_per_image), 0)::int AS cost
       FROM assets a JOIN generations g ON g.id = a.generation_id WHERE g.organization_id = $1`,
    [organizationId],
  );
  return { debited, refunded, delivered, costOfDelivered: cost };
}

/** The caller's organization id. */
export async function organizationIdOf(agent: Agent): Promise<string> {
  const res = await agent.get('/api/organization').expect(200);
  return res.body.organization.id as string;
}

/** Adds credits through the ledger (a bonus grant), as production would. */
export async function topUp(credits: CreditsService, organizationId: string, amount: number): Promise<void> {
  await credits.grant({ organizationId, amount, type: 'bonus', description: 'Test credits' });
}
