// A scratch database for one benchmark run: on DATABASE_URL's server when it is set, else on an
// embedded PostgreSQL started for the run (with pg_stat_statements loaded) and removed afterwards.
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { createTestDatabase, type TestDatabase } from '../../libs/core/src/testing/test-database';
import { GIVEN_DATABASE_URL } from './bench-env';

export interface ScratchDatabase extends TestDatabase {
  /** Where it runs: 'DATABASE_URL' or 'embedded PostgreSQL'. */
  server: string;
}

interface EmbeddedPostgresModule {
  startEmbeddedPostgres(options: { dataDir: string; port: number; quiet?: boolean; postgresFlags?: string[] }): Promise<{ stop(): Promise<void> }>;
}
interface PortsModule {
  freePortFrom(preferred: number): Promise<number>;
}

// The launcher's own modules (plain .mjs, untyped: named through constants).
const EMBEDDED_POSTGRES: string = '../../scripts/embedded-postgres.mjs';
const PORTS: string = '../../scripts/lib/ports.mjs';

export async function scratchDatabase(): Promise<ScratchDatabase> {
  if (GIVEN_DATABASE_URL) return { ...(await createTestDatabase()), server: 'DATABASE_URL' };
  // Under /var/tmp: as root, PostgreSQL runs as the postgres user, who must reach its directory.
  const dataDir = mkdtempSync(join('/var/tmp', 'brandloom-bench-pg-'));
  chmodSync(dataDir, 0o755);
  const { startEmbeddedPostgres } = (await import(EMBEDDED_POSTGRES)) as EmbeddedPostgresModule;
  const { freePortFrom } = (await import(PORTS)) as PortsModule;
  const port = await freePortFrom(55432);
  const embedded = await startEmbeddedPostgres({
    dataDir,
    port,
    quiet: true,
    postgresFlags: ['-c', 'shared_preload_libraries=pg_stat_statements', '-c', 'max_connections=200'],
  });
  process.env.DATABASE_URL = `postgres://postgres:postgres@127.0.0.1:${port}/postgres`;
  const db = await createTestDatabase();
  return {
    ...db,
    server: 'embedded PostgreSQL',
    async drop() {
      await db.drop();
      await embedded.stop().catch(() => undefined);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface StatementStat {
  calls: number;
  mean_ms: number;
  total_ms: number;
  rows: number;
  shared_hit: number;
  query: string;
}

/**
 * Resets pg_stat_statements for the scratch database, when the server has it loaded (the embedded
 * one does; a server needs shared_preload_libraries = pg_stat_statements). False when it has not.
 */
export async function resetStatementStats(db: TestDatabase): Promise<boolean> {
  try {
    await db.dataSource.query(`CREATE EXTENSION IF NOT EXISTS pg_stat_statements`);
    await db.dataSource.query(`SELECT pg_stat_statements_reset(0, (SELECT oid FROM pg_database WHERE datname = current_database()), 0)`);
    return true;
  } catch {
    return false;
  }
}

/** The statements that took the most time in the scratch database since the reset. */
export async function topStatements(db: TestDatabase, limit = 8): Promise<StatementStat[] | null> {
  try {
    return await db.dataSource.query(
      `SELECT calls::int, round(mean_exec_time::numeric, 3)::float AS mean_ms, round(total_exec_time::numeric, 1)::float AS total_ms,
              rows::int, shared_blks_hit::int AS shared_hit, regexp_replace(query, '\\s+', ' ', 'g') AS query
         FROM pg_stat_statements WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())
        ORDER BY total_exec_time DESC LIMIT $1`,
      [limit],
    );
  } catch {
    return null;
  }
}

/** Every statement run on the scratch database since the last reset (BEGIN and COMMIT included); null without pg_stat_statements. */
export async function statementCalls(db: TestDatabase): Promise<number | null> {
  try {
    const [{ calls }] = await db.dataSource.query(
      `SELECT COALESCE(sum(calls), 0)::int AS calls FROM pg_stat_statements WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())`,
    );
    return calls;
  } catch {
    return null;
  }
}

export function printStatements(stats: StatementStat[] | null): void {
  if (!stats) {
    console.log('  (pg_stat_statements is not loaded on this server: run without DATABASE_URL for the embedded one, which loads it)');
    return;
  }
  for (const s of stats) {
    console.log(`  ${String(s.calls).padStart(7)} calls  mean ${s.mean_ms.toFixed(3).padStart(7)} ms  total ${s.total_ms.toFixed(0).padStart(6)} ms  ${s.query.slice(0, 110)}`);
  }
}
