// `npm test`: every suite. Server suites (Jest, real PostgreSQL and Redis), frontend units
// (Vitest), browser flows (Playwright in Debian's Chromium against the built app).
// DATABASE_URL unset -> an embedded PostgreSQL for the run. REDIS_URL unset -> a local Redis on
// 127.0.0.1:6379 if one answers, else the Redis suites are skipped and listed at the end.
// REQUIRE_ALL_SUITES=1 (CI) turns any skipped suite into a failure.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const skippedFile = join(root, '.data', 'skipped-suites.txt');
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const env = { ...process.env, SESSION_SECRET: process.env.SESSION_SECRET ?? 'test-session-secret-that-is-long-enough-000' };
const failures = [];
const skipped = [];
/** The lines that name a failed file or test, per step: repeated at the end, where a truncated log still shows them. */
const failedTests = new Map();
const FAILED_TEST_LINE = /^(\s*FAIL\s|\s*●\s(?!Console)|\s*(×|✗|❯)\s.*\.spec\.|.*Unhandled (Error|Rejection)|.*Timeout calling)/;
// eslint-disable-next-line no-control-regex -- colour codes, whatever the tool decided about colour
const COLOUR_CODES = /\x1b\[[0-9;]*m/g;
const failuresFile = join(root, '.data', 'test-failures.txt');

const step = (name, command, args, extraEnv = {}) => {
  console.log(`\n=== ${name}: ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...env, ...extraEnv } });
  if (result.status !== 0) failures.push(name);
  return result.status === 0;
};

/**
 * A step run beside others: its output is prefixed line by line with the step's name, so the
 * lanes' interleaved logs still read per step. Resolves to whether it passed.
 */
const laneStep = (name, command, args, extraEnv = {}) =>
  new Promise((resolve) => {
    console.log(`\n=== ${name}: ${command} ${args.join(' ')}`);
    const started = Date.now();
    const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env: { ...env, FORCE_COLOR: '0', ...extraEnv } });
    for (const stream of [child.stdout, child.stderr]) {
      let pending = '';
      // After a failed test's line, its first line of explanation (the error or the timeout) is kept too.
      let explanationDue = false;
      const keep = (line) => failedTests.set(name, [...(failedTests.get(name) ?? []), line.trim().slice(0, 240)]);
      stream.on('data', (chunk) => {
        const lines = (pending + chunk.toString('utf8')).split('\n');
        pending = lines.pop();
        for (const line of lines) {
          console.log(`[${name}] ${line}`);
          const plain = line.replace(COLOUR_CODES, '');
          if (FAILED_TEST_LINE.test(plain)) {
            keep(plain);
            explanationDue = true;
          } else if (explanationDue && plain.trim() !== '') {
            keep(`  ${plain}`);
            explanationDue = false;
          }
        }
      });
      stream.on('end', () => pending && console.log(`[${name}] ${pending}`));
    }
    child.on('close', (code) => {
      console.log(`\n=== ${name}: ${code === 0 ? 'passed' : `FAILED (exit ${code})`} in ${Math.round((Date.now() - started) / 1000)} s`);
      if (code !== 0) failures.push(name);
      resolve(code === 0);
    });
  });

/** Steps one after another. */
const lane = async (...steps) => {
  for (const run of steps) await run();
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
rmSync(failuresFile, { force: true });

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

// Two lanes side by side once the server is built: the server suites, the frontend units, then the
// browser flows named in LATE_BROWSER_FLOWS (a run with an app of its own); and the web build, then
// every other browser flow, one file at a time. The late flows even out the lanes' lengths. The
// frontend units only compute, so they run at a lower priority: the browser flows, which wait on a
// page as a user would, keep the CPU they need and the units take what is left. More lanes were
// tried: a second browser run beside the server suites slowed them threefold and pushed waits that
// are bounded in time past their bounds. Every suite runs whether or not another failed, so one run
// reports every failure; the browser flows wait on their build.
const LATE_BROWSER_FLOWS = ['e2e/app-shell-fit.e2e.ts', 'e2e/language-walk.e2e.ts'];
try {
  if (step('build (server)', 'npx', ['tsc', '-b', 'backend/tsconfig.build.json', 'worker/tsconfig.build.json'])) {
    const browserFlows = existsSync(chromium);
    if (!browserFlows) skipped.push(`browser flows: Chromium not found at ${chromium} (apt-get install -y chromium)`);
    const webBuilt = browserFlows ? laneStep('build (frontend)', 'npm', ['run', 'build', '-w', 'frontend']) : Promise.resolve(false);
    const browserFlowRun = (name, args) => async () => {
      if (await webBuilt) await laneStep(name, 'npx', ['jest', '-c', 'e2e/jest.config.js', ...args]);
    };
    await Promise.all([
      lane(
        () => laneStep('server suites (Jest)', 'npx', ['jest']),
        () => laneStep('frontend units (Vitest)', 'nice', ['-n', '10', 'npm', 'run', 'test', '-w', 'frontend']),
        browserFlowRun('browser flows, late (Playwright + Chromium)', LATE_BROWSER_FLOWS),
      ),
      lane(browserFlowRun('browser flows (Playwright + Chromium)', LATE_BROWSER_FLOWS.flatMap((file) => ['--testPathIgnorePatterns', file]))),
    ]);
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
  const summary = [`FAILED: ${failures.join(', ')}`];
  for (const [name, lines] of failedTests) summary.push(`  ${name}:`, ...[...new Set(lines)].slice(0, 80).map((line) => `    ${line}`));
  writeFileSync(failuresFile, `${summary.join('\n')}\n`);
  console.error(`\n${summary.join('\n')}`);
  process.exit(1);
}
console.log('\nAll test suites passed.');
