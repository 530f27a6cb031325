// Shared by the generation, assets and worker suites and by bench/generation.ts: storage in a
// temporary directory, workers (in this process or as a separate process), an SSE reader.
import { SseParser, type ParsedSseEvent } from '@brandloom/core';
import { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { withEnv } from '@brandloom/core/testing';
import request from 'supertest';
import { WorkerModule } from '../../worker/src/worker.module';

export type Agent = ReturnType<typeof request.agent>;

export const ROOT = resolve(__dirname, '../..');
export const WORKER_MAIN = join(ROOT, 'worker/dist/main.js');

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

/** The caller's organization id. */
export async function organizationIdOf(agent: Agent): Promise<string> {
  const res = await agent.get('/api/organization').expect(200);
  return res.body.organization.id as string;
}

