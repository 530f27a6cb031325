// Starts the built app (API + frontend on one port, jobs in-process or on a worker when
// REDIS_URL is set) on a database of its own, for the browser tests.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import pg from 'pg';

const root = join(import.meta.dirname, '..');

const freePort = () =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });

async function waitForHealth(url, child, timeoutMs = 60_000) {
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

export default async function globalSetup() {
  for (const file of ['backend/dist/main.js', 'frontend/dist/index.html']) {
    if (!existsSync(join(root, file))) throw new Error(`${file} is missing: run npm run build first`);
  }
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) throw new Error('DATABASE_URL must be set for the browser tests (npm test provides one)');
  const database = `bl_e2e_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${database}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;

  const port = await freePort();
  const env = {
    ...process.env,
    NODE_ENV: 'test',
    PORT: String(port),
    APP_URL: `http://127.0.0.1:${port}`,
    DATABASE_URL: url.toString(),
    STATIC_DIR: join(root, 'frontend/dist'),
    SESSION_SECRET: randomBytes(24).toString('hex'),
    QUEUE_PREFIX: `bl-e2e-${randomBytes(4).toString('hex')}`,
    LOG_LEVEL: 'warn',
  };
  const processes = [spawn(process.execPath, [join(root, 'backend/dist/main.js')], { cwd: root, env, stdio: 'inherit' })];
  if (env.REDIS_URL) processes.push(spawn(process.execPath, [join(root, 'worker/dist/main.js')], { cwd: root, env, stdio: 'inherit' }));
  globalThis.__E2E__ = { processes, serverUrl, database };
  await waitForHealth(`http://127.0.0.1:${port}/api/health`, processes[0]);
  process.env.E2E_BASE_URL = `http://127.0.0.1:${port}`;
  process.env.E2E_DATABASE_URL = url.toString();
}
