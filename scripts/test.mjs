// `npm test`: every suite. Server suites (Jest, real PostgreSQL and Redis), frontend units
// (Vitest), browser flows (Playwright in Debian's Chromium against the built app).
// DATABASE_URL unset -> an embedded PostgreSQL for the run. REDIS_URL unset -> a local Redis on
// 127.0.0.1:6379 if one answers, else the Redis suites are skipped and listed at the end.
// REQUIRE_ALL_SUITES=1 (CI) turns any skipped suite into a failure.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { createConnection } from 'node:net';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const skippedFile = join(root, '.data', 'skipped-suites.txt');
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const env = { ...process.env, SESSION_SECRET: process.env.SESSION_SECRET ?? 'test-session-secret-that-is-long-enough-000' };
const failures = [];
const skipped = [];

const step = (name, command, args, extraEnv = {}) => {
  console.log(`\n=== ${name}: ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...env, ...extraEnv } });
  if (result.status !== 0) failures.push(name);
  return result.status === 0;
};

const redisAnswers = () =>
  new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port: 6379 });
    socket.setTimeout(500);
    socket.once('connect', () => (socket.end(), resolve(true)));
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => (socket.destroy(), resolve(false)));
  });

mkdirSync(join(root, '.data'), { recursive: true });
rmSync(skippedFile, { force: true });

let embedded;
if (!env.DATABASE_URL) {
  const { startEmbeddedPostgres } = await import('./embedded-postgres.mjs');
  const { freePortFrom } = await import('./lib/ports.mjs');
  const port = await freePortFrom(54300 + Math.floor(Math.random() * 500));
  const dataDir = join(root, '.data', `test-postgres-${process.pid}`);
  console.log(`DATABASE_URL is not set: using an embedded PostgreSQL on port ${port} for this run`);
  embedded = await startEmbeddedPostgres({ dataDir, port, quiet: true });
  embedded.dataDir = dataDir;
  env.DATABASE_URL = `postgres://postgres:postgres@127.0.0.1:${port}/postgres`;
}
if (!env.REDIS_URL && (await redisAnswers())) env.REDIS_URL = 'redis://127.0.0.1:6379';

try {
  if (step('build (server)', 'npx', ['tsc', '-b', 'backend/tsconfig.build.json', 'worker/tsconfig.build.json'])) {
    step('server suites (Jest)', 'npx', ['jest']);
  }
  step('frontend units (Vitest)', 'npm', ['run', 'test', '-w', 'frontend']);
  if (existsSync(chromium)) {
    if (step('build (frontend)', 'npm', ['run', 'build', '-w', 'frontend'])) {
      step('browser flows (Playwright + Chromium)', 'npx', ['jest', '-c', 'e2e/jest.config.js']);
    }
  } else {
    skipped.push(`browser flows: Chromium not found at ${chromium} (apt-get install -y chromium)`);
  }
} finally {
  if (embedded) {
    await embedded.stop();
    rmSync(embedded.dataDir, { recursive: true, force: true });
  }
}

if (existsSync(skippedFile)) skipped.push(...new Set(readFileSync(skippedFile, 'utf8').trim().split('\n').filter(Boolean)));
if (skipped.length > 0) {
  console.log('\n!!! SUITES NOT RUN on this machine:');
  for (const line of skipped) console.log(`!!!   ${line}`);
  if (process.env.REQUIRE_ALL_SUITES === '1') failures.push('suites were skipped (REQUIRE_ALL_SUITES=1)');
}
if (failures.length > 0) {
  console.error(`\nFAILED: ${failures.join(', ')}`);
  process.exit(1);
}
console.log('\nAll test suites passed.');
