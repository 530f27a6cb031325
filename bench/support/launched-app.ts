// The app as `npm start` launches it (scripts/start.mjs: build, embedded PostgreSQL unless
// DATABASE_URL, a worker process when REDIS_URL is set), in a child process on a free port.
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..');

export interface LaunchedApp {
  base: string;
  /** The database the app uses (the embedded one's URL when DATABASE_URL was not given). */
  databaseUrl: string;
  /** Milliseconds from the launch to the first healthy answer. */
  startMs: number;
  /** What the app has printed so far (stdout and stderr). */
  output(): string;
  stop(): Promise<void>;
}

export interface LaunchOptions {
  /** The checkout to start (default: this one). */
  root?: string;
  /** Keeps the embedded PostgreSQL's data and the storage here, across launches (default: temporary). */
  stateDir?: string;
}

export async function launchApp(env: Record<string, string | undefined>, options: LaunchOptions = {}): Promise<LaunchedApp> {
  const root = options.root ?? ROOT;
  const port = await freePort();
  const state = options.stateDir;
  const storageDir = state ? join(state, 'storage') : mkdtempSync(join(tmpdir(), 'brandloom-load-'));
  const childEnv: NodeJS.ProcessEnv = { ...process.env, ...env, PORT: String(port), STORAGE_DIR: storageDir, LOG_LEVEL: env.LOG_LEVEL ?? 'warn' };
  let pgDir: string | undefined;
  if (!childEnv.DATABASE_URL) {
    // Under /var/tmp: as root, PostgreSQL runs as the postgres user, who must reach its directory.
    pgDir = state ? join(state, 'postgres') : mkdtempSync(join('/var/tmp', 'brandloom-load-pg-'));
    if (!state) chmodSync(pgDir, 0o755);
    childEnv.EMBEDDED_POSTGRES_DIR = pgDir;
    childEnv.EMBEDDED_POSTGRES_PORT = String(await freePort());
    childEnv.DEMO_CREDENTIALS_FILE = join(storageDir, 'demo-logins.json');
  }
  for (const [key, value] of Object.entries(childEnv)) if (value === undefined || value === '') delete childEnv[key];
  const started = performance.now();
  const child = spawn(process.execPath, [join(root, 'scripts/start.mjs')], { cwd: root, env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const base = `http://127.0.0.1:${port}`;
  const stop = () =>
    stopChild(child).then(() => {
      if (state) return;
      rmSync(storageDir, { recursive: true, force: true });
      if (pgDir) rmSync(pgDir, { recursive: true, force: true });
    });
  try {
    await waitForHealth(base, child, () => output);
  } catch (error) {
    await stop();
    throw error;
  }
  const databaseUrl = childEnv.DATABASE_URL ?? `postgres://postgres:postgres@127.0.0.1:${childEnv.EMBEDDED_POSTGRES_PORT}/postgres`;
  return { base, databaseUrl, startMs: performance.now() - started, output: () => output, stop };
}

async function waitForHealth(base: string, child: ChildProcess, output: () => string, timeoutMs = 300_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`npm start exited (${child.exitCode}):\n${output().slice(-3000)}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`npm start was not healthy within ${timeoutMs / 1000} s:\n${output().slice(-3000)}`);
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const kill = setTimeout(() => child.kill('SIGKILL'), 30_000);
    child.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}
