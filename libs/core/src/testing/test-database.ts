import { createHash, randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { ENTITIES } from '../entities';
import { dataSourceOptions } from '../infra/database/data-source-options';
import { runMigrations } from '../infra/database/migrate';
import { MIGRATIONS } from '../infra/database/migrations';

export interface TestDatabase {
  url: string;
  dataSource: DataSource;
  drop(): Promise<void>;
}

/** Any fixed number: the advisory lock under which one process at a time builds the template. */
const TEMPLATE_LOCK = 7_117_002;

/**
 * A fresh, migrated database of its own for one test file, on the shared server. It is copied from
 * a template migrated once per set of migrations (CREATE DATABASE … TEMPLATE), which takes a
 * fraction of the time of migrating every test file's database from nothing.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) throw new Error('DATABASE_URL is not set (Jest global setup provides it)');
  const template = await migratedTemplate(serverUrl);
  const name = `bl_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(serverUrl, `CREATE DATABASE ${name} TEMPLATE ${template}`);
  const url = withDatabase(serverUrl, name);
  const dataSource = new DataSource(dataSourceOptions(url, ENTITIES));
  await dataSource.initialize();
  // Nothing to run when the template is current; kept so a copy can never lag the code.
  await runMigrations(dataSource);
  return {
    url,
    dataSource,
    async drop() {
      if (dataSource.isInitialized) await dataSource.destroy();
      await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

/**
 * The name of a database holding every migration, built on first use. Its name carries a hash of the
 * migrations' code, so a changed or added migration gets a template of its own, never a stale one.
 */
async function migratedTemplate(serverUrl: string): Promise<string> {
  const fingerprint = createHash('sha256');
  for (const migration of MIGRATIONS) fingerprint.update(`${migration.name}\n${migration.prototype.up.toString()}\n`);
  const template = `bl_template_${fingerprint.digest('hex').slice(0, 16)}`;
  const client = new Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [TEMPLATE_LOCK]);
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1 AND datistemplate', [template]);
    if (rowCount === 0) {
      const building = `${template}_building`;
      await client.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
      await client.query(`CREATE DATABASE ${building}`);
      const dataSource = new DataSource(dataSourceOptions(withDatabase(serverUrl, building), ENTITIES));
      await dataSource.initialize();
      try {
        await runMigrations(dataSource);
      } finally {
        await dataSource.destroy();
      }
      // Renamed only once complete, so a copy never starts from a half-migrated template.
      await client.query(`ALTER DATABASE ${building} RENAME TO ${template}`);
      await client.query(`ALTER DATABASE ${template} WITH IS_TEMPLATE true ALLOW_CONNECTIONS false`);
    }
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [TEMPLATE_LOCK]).catch(() => undefined);
    await client.end();
  }
  return template;
}

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

async function adminQuery(url: string, sql: string): Promise<void> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
