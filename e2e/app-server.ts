import { ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from 'pg';
import { freeLoopbackPort } from '../libs/core/src/testing/loopback-server';

const root = join(__dirname, '..');

export interface RunningApp {
  url: string;
  databaseUrl: string;
  stop(): Promise<void>;
}

async function adminQuery(sql: string): Promise<void> {
  const client = new Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

async function waitForHealth(url: string, child: ChildProcess, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the app exited with ${child.exitCode} before it was healthy`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the app did not answer ${url} within ${timeoutMs} ms`);
}

/**
 * The built app (API serving the frontend, plus a worker when REDIS_URL is set) on a database
 * of its own, for browser tests. `env` adds configuration (for example a fake Stripe).
 */
export async function startApp(env: Record<string, string> = {}, port?: number): Promise<RunningApp> {
  for (const file of ['backend/dist/main.js', 'worker/dist/main.js', 'frontend/dist/index.html']) {
    if (!existsSync(join(root, file))) throw new Error(`${file} is missing: run npm run build first`);
  }
  if (!process.env.DATABASE_URL) throw new Error('DATABASE_URL must be set for the browser tests (npm test provides one)');
  const database = `bl_e2e_${randomBytes(5).toString('hex')}`;
  await adminQuery(`CREATE DATABASE ${database}`);
  const databaseUrl = Object.assign(new URL(process.env.DATABASE_URL), { pathname: `/${database}` }).toString();
  const appPort = port ?? (await freeLoopbackPort());
  const url = `http://127.0.0.1:${appPort}`;
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'test',
    PORT: String(appPort),
    APP_URL: url,
    DATABASE_URL: databaseUrl,
    STATIC_DIR: join(root, 'frontend/dist'),
    STORAGE_DIR: join(root, '.data', `e2e-storage-${database}`),
    SESSION_SECRET: randomBytes(24).toString('hex'),
    QUEUE_PREFIX: `bl-e2e-${randomBytes(4).toString('hex')}`,
    LOG_LEVEL: 'warn',
    ...env,
  };
  const processes = [spawn(process.execPath, [join(root, 'backend/dist/main.js')], { cwd: root, env: childEnv, stdio: 'inherit' })];
  if (childEnv.REDIS_URL) processes.push(spawn(process.execPath, [join(root, 'worker/dist/main.js')], { cwd: root, env: childEnv, stdio: 'inherit' }));
  const stop = async () => {
    await Promise.all(
      processes.filter((p) => p.exitCode === null).map((p) => new Promise((resolve) => (p.once('exit', resolve), p.kill('SIGTERM')))),
    );
    await adminQuery(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  };
  try {
    await waitForHealth(`${url}/api/health`, processes[0]);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, databaseUrl, stop };
}
