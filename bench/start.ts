// npm run bench:start: `npm start` on a fresh clone of this checkout's HEAD (node_modules hard-linked
// from this checkout, as after `npm install`) to the first healthy /api/health, builds included,
// then a restart. With DATABASE_URL the app uses a scratch database there, else the embedded
// PostgreSQL (whose first start includes initdb).
//
// Profile notes: the server build was `tsc -b` (type-checking every package, tens of seconds of
// CPU on a fresh clone and about 3 s even when nothing changed); it is now SWC, only for stale
// packages, beside the web build and the embedded PostgreSQL's start, and the API no longer waits
// for the web build. What is left on a restart is PostgreSQL's start and the API's boot, most of
// it loading modules (@nestjs/core, express, typeorm, class-validator, stripe, bullmq, the S3 SDK).
import { GIVEN_DATABASE_URL } from './support/bench-env';
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestDatabase, type TestDatabase } from '../libs/core/src/testing/test-database';
import { loadAverage, printResult, printTable, runBenchmark } from './support/bench-helpers';
import { launchApp } from './support/launched-app';

const ROOT = join(__dirname, '..');

async function main(): Promise<void> {
  const clone = mkdtempSync(join(tmpdir(), 'brandloom-fresh-'));
  // Under /var/tmp: as root, PostgreSQL runs as the postgres user, who must reach its directory.
  const state = mkdtempSync(join('/var/tmp', 'brandloom-fresh-state-'));
  // The postgres user runs the clone's PostgreSQL binaries and writes under the state directory.
  chmodSync(clone, 0o755);
  chmodSync(state, 0o755);
  let scratch: TestDatabase | undefined;
  try {
    execFileSync('git', ['clone', '-q', '--no-hardlinks', ROOT, clone]);
    execFileSync('git', ['-C', clone, 'checkout', '-q', execFileSync('git', ['-C', ROOT, 'rev-parse', 'HEAD']).toString().trim()]);
    for (const dir of ['node_modules', ...readdirSync(ROOT).flatMap((d) => ['libs', 'backend', 'worker', 'frontend'].includes(d) ? nodeModulesUnder(d) : [])]) {
      execFileSync('cp', ['-al', join(ROOT, dir), join(clone, dir)]);
    }
    if (GIVEN_DATABASE_URL) scratch = await createTestDatabase();
    console.log(`bench:start  fresh clone of ${execFileSync('git', ['-C', ROOT, 'rev-parse', '--short', 'HEAD']).toString().trim()} in ${clone}, ${scratch ? 'DATABASE_URL (scratch database)' : 'embedded PostgreSQL'}; load average ${loadAverage()}\n`);
    const env = { DATABASE_URL: scratch?.url ?? '', REDIS_URL: '', SESSION_SECRET: process.env.SESSION_SECRET, NODE_ENV: 'production' };
    const options = { root: clone, stateDir: state };
    const first = await launchApp(env, options);
    await first.stop();
    const restart = await launchApp(env, options);
    await restart.stop();
    printTable([
      ['npm start', 'to healthy'],
      ['first (fresh clone: builds, database created)', `${(first.startMs / 1000).toFixed(1)} s`],
      ['restart (nothing to build)', `${(restart.startMs / 1000).toFixed(1)} s`],
    ]);
    console.log('');
    printResult('start', { first_start_ms: Math.round(first.startMs), restart_ms: Math.round(restart.startMs), database: scratch ? 'DATABASE_URL' : 'embedded' });
  } finally {
    await scratch?.drop();
    // The first start's web build may still be winding down its workers in the clone: retry.
    rmSync(clone, { recursive: true, force: true, maxRetries: 20, retryDelay: 250 });
    rmSync(state, { recursive: true, force: true, maxRetries: 20, retryDelay: 250 });
  }
}

function nodeModulesUnder(top: string): string[] {
  const found: string[] = [];
  if (existsSync(join(ROOT, top, 'node_modules'))) found.push(join(top, 'node_modules'));
  if (top === 'libs') for (const lib of readdirSync(join(ROOT, 'libs'))) if (existsSync(join(ROOT, 'libs', lib, 'node_modules'))) found.push(join('libs', lib, 'node_modules'));
  return found;
}

runBenchmark(main);
