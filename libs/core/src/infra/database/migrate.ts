import type { DataSource } from 'typeorm';

/** Any fixed number: the advisory lock that lets one process at a time run migrations. */
const MIGRATION_LOCK = 7_117_001;

/** Runs pending migrations; API and worker instances starting together take turns. */
export async function runMigrations(dataSource: DataSource): Promise<void> {
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  try {
    await runner.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await dataSource.runMigrations({ transaction: 'each' });
  } finally {
    await runner.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    await runner.release();
  }
}
