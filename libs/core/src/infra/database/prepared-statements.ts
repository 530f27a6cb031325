import { createHash } from 'node:crypto';
import type { Pool, QueryResultRow } from 'pg';
import type { DataSource } from 'typeorm';

/** node-postgres's pool under TypeORM's data source (for statements that skip TypeORM's query runner). */
export function pgPoolOf(dataSource: DataSource): Pool {
  return (dataSource.driver as unknown as { master: Pool }).master;
}

const statementNames = new Map<string, string>();
let renamings = 0;

/** PostgreSQL's refusal to run a prepared statement whose result columns changed (a `*` over a table a migration altered). */
const STALE_RESULT_TYPE = '0A000';

/**
 * Runs a hot statement as a named prepared statement: each pooled connection parses, analyses and
 * plans it once rather than on every call, which for a statement with data-modifying CTEs is most
 * of its server time (bench/credits.ts). The name is a hash of the text, so two texts never share one.
 * When a migration changed the columns behind a `*` while this process runs, PostgreSQL refuses the
 * old plan before executing anything: the statement is prepared again under a new name and run.
 */
export async function queryPrepared<T extends QueryResultRow>(pool: Pool, text: string, values: unknown[]): Promise<T[]> {
  const hashed = () => `bl_${createHash('sha256').update(text).digest('hex').slice(0, 24)}`;
  let name = statementNames.get(text);
  if (name === undefined) {
    name = hashed();
    statementNames.set(text, name);
  }
  try {
    return (await pool.query<T>({ name, text, values })).rows;
  } catch (error) {
    if ((error as { code?: string }).code !== STALE_RESULT_TYPE || !/cached plan must not change result type/.test((error as Error).message)) throw error;
    const renamed = `${hashed()}_r${++renamings}`;
    statementNames.set(text, renamed);
    return (await pool.query<T>({ name: renamed, text, values })).rows;
  }
}
