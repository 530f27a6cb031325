// The built API (backend/dist/main.js) and worker (worker/dist/main.js) as separate processes, as
// `npm run start:api` / `npm run start:worker` run them, with their output kept for the checks.
import { ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';

export const ROOT = resolve(__dirname, '../..');
const API_MAIN = join(ROOT, 'backend/dist/main.js');
const WORKER_MAIN = join(ROOT, 'worker/dist/main.js');

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls until `check` returns something other than undefined, or throws after `ms`. */
export async function waitFor<T>(what: string, check: () => Promise<T | undefined> | T | undefined, ms = 30_000, everyMs = 100): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await sleep(everyMs);
  }
}

/** A TCP port that was free a moment ago on 127.0.0.1. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as { port: number };
  await new Promise((done) => server.close(done));
  return port;
}

export interface AppProcess {
  name: string;
  pid: number;
  /** http://127.0.0.1:port for an API. */
  base?: string;
  output(): string;
  alive(): boolean;
  /** SIGKILL by default; resolves once the process is gone. */
  kill(signal?: NodeJS.Signals): Promise<void>;
}

function spawnApp(name: string, main: string, env: Record<string, string>): { child: ChildProcess; app: Omit<AppProcess, 'base'> } {
  if (!existsSync(main)) throw new Error(`${main} is missing: run npm run build:server first`);
  let output = '';
  let exited = false;
  const child = spawn(process.execPath, [main], { cwd: ROOT, env: { PATH: process.env.PATH ?? '', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const gone = new Promise<void>((done) => child.on('exit', () => ((exited = true), done())));
  return {
    child,
    app: {
      name,
      pid: child.pid!,
      output: () => output,
      alive: () => !exited,
      async kill(signal: NodeJS.Signals = 'SIGKILL') {
        if (exited) return;
        child.kill(signal);
        await gone;
      },
    },
  };
}

/** An API process on `port`; resolves once /api/health/live answers. */
export async function startApi(name: string, port: number, env: Record<string, string>): Promise<AppProcess> {
  const { app } = spawnApp(name, API_MAIN, { ...env, PORT: String(port) });
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${name} to listen`, async () => {
    if (!app.alive()) throw new Error(`${name} exited:\n${app.output().slice(-3000)}`);
    const res = await fetch(`${base}/api/health/live`).catch(() => undefined);
    return res?.ok ? true : undefined;
  }, 60_000, 200);
  return { ...app, base };
}

/** A worker process; resolves once it processes jobs and relays the outbox (needs LOG_LEVEL info). */
export async function startWorker(name: string, env: Record<string, string>): Promise<AppProcess> {
  const { app } = spawnApp(name, WORKER_MAIN, env);
  await waitFor(`${name} to start processing`, () => {
    if (!app.alive()) throw new Error(`${name} exited:\n${app.output().slice(-3000)}`);
    return app.output().includes('relaying the outbox') ? true : undefined;
  }, 60_000, 100);
  return app;
}

export interface JobLogLine {
  event: 'started' | 'ended';
  name: string;
  id: string;
  attempt: number;
  pid: number;
  durationMs?: number;
  outcome?: string;
}

/** The worker's job lines ("job started name=... id=... attempt=... pid=..." and "job ended ... outcome=..."). */
export function jobLines(output: string): JobLogLine[] {
  const lines: JobLogLine[] = [];
  for (const match of output.matchAll(/job (started|ended) name=(\S+) id=(\S+) attempt=(\d+) pid=(\d+)(?: duration_ms=(\d+) outcome=(\w+))?/g)) {
    lines.push({
      event: match[1] as 'started' | 'ended',
      name: match[2],
      id: match[3],
      attempt: Number(match[4]),
      pid: Number(match[5]),
      durationMs: match[6] ? Number(match[6]) : undefined,
      outcome: match[7],
    });
  }
  return lines;
}
