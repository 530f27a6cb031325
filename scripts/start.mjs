// `npm start`: the whole app on PORT (default 3000) with no environment needed.
//   no DATABASE_URL -> an embedded PostgreSQL under .data/ (kept across restarts)
//   no REDIS_URL    -> jobs run inside the API process; with REDIS_URL a worker process starts too
// `npm run start:api` / `npm run start:worker` start one process each (docker compose, scaling out).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { freePortFrom, portIsFree } from './lib/ports.mjs';
import { supervise } from './lib/supervisor.mjs';
import { childStopTimeoutMs, stopChild } from './lib/stop-child.mjs';
import { buildServer } from './lib/build-server.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = join(root, '.data');
const mode = process.argv.includes('--worker') ? 'worker' : process.argv.includes('--api') ? 'api' : 'all';
// --no-web: the API without the built frontend (npm run dev serves it through Vite instead).
const serveWeb = mode !== 'worker' && !process.argv.includes('--no-web');

if (existsSync(join(root, '.env'))) process.loadEnvFile(join(root, '.env'));
const env = { ...process.env };
env.PORT ??= '3000';

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

/** Builds still running (stopped with the rest when the launcher stops). */
const builds = new Set();

function runAsync(command, args) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit' });
    builds.add(child);
    child.once('error', reject);
    child.once('exit', (code) => {
      builds.delete(child);
      if (code === 0) resolve();
      else reject(new Error(`${command} ${args.join(' ')} exited with ${code}`));
    });
  });
}

/** The server's JavaScript (SWC, only what changed: milliseconds when nothing did). */
async function buildServerCode() {
  const started = Date.now();
  const built = await buildServer(root);
  if (built.length > 0) console.log(`[brandloom] compiled ${built.join(', ')} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/** The web app, when its build is missing or older than its sources; null when there is nothing to build. */
function buildWeb() {
  if (!serveWeb || env.STATIC_DIR) return null;
  const index = join(root, 'frontend/dist/index.html');
  const sources = Math.max(newestMtime(join(root, 'frontend/src')), newestMtime(join(root, 'frontend/build')), statSync(join(root, 'frontend/index.html')).mtimeMs);
  if (existsSync(index) && statSync(index).mtimeMs >= sources) return null;
  console.log('[brandloom] building the web app (the API starts meanwhile; pages answer once it is built)');
  return runAsync('npm', ['run', 'build', '-w', 'frontend']);
}

function persistentSecret() {
  const file = join(dataDir, 'session-secret');
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, randomBytes(32).toString('hex'), { mode: 0o600 });
  }
  return readFileSync(file, 'utf8').trim();
}

async function waitForHealth(url, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return true;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  return false;
}

function printBanner() {
  const lines = [`Brandloom is running on http://localhost:${env.PORT}`];
  const file = env.DEMO_CREDENTIALS_FILE;
  if (file && existsSync(file)) {
    const logins = JSON.parse(readFileSync(file, 'utf8'));
    lines.push(`Demo member login: ${logins.member.email} / ${logins.member.password}`);
    lines.push(`Demo admin login:  ${logins.admin.email} / ${logins.admin.password}`);
  }
  const width = Math.max(...lines.map((l) => l.length));
  console.log(['', '='.repeat(width), ...lines, '='.repeat(width), ''].join('\n'));
  printStandIns();
}

/** Which services run as built-in stand-ins, and the variable (in .env) that switches each to the real one. */
function printStandIns() {
  const { standInsFor, standInLine } = createRequire(import.meta.url)(join(root, 'libs/contracts/dist/index.js'));
  const standIns = standInsFor(env);
  if (standIns.length === 0) return;
  console.log(['Running with stand-ins (set the variable in .env, or the environment, and restart to use the real service):', ...standIns.map((s) => `  - ${standInLine(s)}`), ''].join('\n'));
}

// The server build, the web build and the embedded PostgreSQL's start run side by side; the API
// starts once the first two of them are done and serves pages once the web build is.
const serverBuilt = buildServerCode();
const webBuilt = buildWeb();
serverBuilt.catch(() => undefined);
webBuilt?.catch(() => undefined);

if (mode !== 'worker' && !(await portIsFree(Number(env.PORT)))) {
  console.error(`[brandloom] port ${env.PORT} is already in use (another npm start?): stop that process or start with PORT=<another port>`);
  process.exit(1);
}

let embedded;
if (!env.DATABASE_URL) {
  if (mode === 'worker') {
    console.error('DATABASE_URL must be set for a separate worker process (it shares the API\'s database).');
    process.exit(1);
  }
  const { startEmbeddedPostgres, DataDirectoryInUseError, leaveStopSignalsToCaller } = await import('./embedded-postgres.mjs');
  leaveStopSignalsToCaller();
  const postgresDir = env.EMBEDDED_POSTGRES_DIR ?? join(dataDir, 'postgres');
  const preferredPort = Number(env.EMBEDDED_POSTGRES_PORT ?? 54329);
  const port = await freePortFrom(preferredPort);
  if (port !== preferredPort) console.log(`[brandloom] port ${preferredPort} is taken: the embedded PostgreSQL uses port ${port}`);
  console.log(`[brandloom] DATABASE_URL is not set: starting the embedded PostgreSQL (data in ${postgresDir}, port ${port})`);
  try {
    embedded = await startEmbeddedPostgres({ dataDir: postgresDir, port });
  } catch (error) {
    if (!(error instanceof DataDirectoryInUseError)) throw error;
    console.error(`[brandloom] ${error.message}`);
    process.exit(1);
  }
  env.DATABASE_URL = `postgres://postgres:postgres@127.0.0.1:${port}/postgres`;
  env.EMBEDDED_DATABASE = 'true';
  env.DEMO_CREDENTIALS_FILE ??= join(dataDir, 'demo-logins.json');
}
if (!env.SESSION_SECRET && env.NODE_ENV !== 'production') env.SESSION_SECRET = persistentSecret();
if (serveWeb) env.STATIC_DIR ??= join(root, 'frontend/dist');

const spawnNode = (entry) => spawn(process.execPath, [entry], { cwd: root, env, stdio: 'inherit' });
const supervised = [];
/** The API, or the lone worker of start:worker. */
let child;
// Each child gets SIGTERM and a bounded time (the API stops itself within SHUTDOWN_GRACE_MS), then SIGKILL.
const stopTimeoutMs = childStopTimeoutMs(env);

let stopping = false;
async function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  await Promise.all([stopChild(child, stopTimeoutMs), ...supervised.map((s) => s.stop()), ...[...builds].map((build) => stopChild(build, stopTimeoutMs))]);
  if (embedded) await embedded.stop().catch(() => undefined);
  process.exit(code);
}
process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));

try {
  await serverBuilt;
} catch (error) {
  console.error(`[brandloom] the server build failed: ${error.message}`);
  await stop(1);
}

// The API is the site: when it dies, everything stops (a process manager or compose restarts it).
// Alone (npm run start:worker, compose) a worker that dies ends the launcher, and the orchestrator
// restarts it; beside the API it is restarted here, so a crashing job never takes the site down.
if (!stopping) {
  const name = mode === 'worker' ? 'worker' : 'api';
  child = spawnNode(join(root, mode === 'worker' ? 'worker/dist/main.js' : 'backend/dist/main.js'));
  child.on('exit', (code, signal) => {
    if (stopping) return;
    console.error(`[brandloom] the ${name} process exited (${signal ?? code}); stopping`);
    void stop(code || 1);
  });
  if (mode === 'all' && env.REDIS_URL) {
    supervised.push(supervise({ name: 'worker', start: () => spawnNode(join(root, 'worker/dist/main.js')), stopTimeoutMs, onGiveUp: (code) => void stop(code) }));
  }
}

if (mode !== 'worker' && (await waitForHealth(`http://127.0.0.1:${env.PORT}/api/health`))) {
  if (webBuilt) await webBuilt.catch((error) => console.error(`[brandloom] the web build failed (the API keeps running): ${error.message}`));
  printBanner();
}
