import { createHash } from 'node:crypto';
import type { Pool, QueryResultRow } from 'pg';
import type { DataSource } from 'typeorm';

/** node-postgres's pool under TypeORM's data source (for statements that skip TypeORM's query runner). */
export function pgPoolOf(dataSource: DataSource): Pool {
  return (dataSource.driver as unknown as { master: Pool }).master;
}

const statementNames = new Map<string, string>();

/**
 * Runs a hot statement as a named prepared statement: each pooled connection parses, analyses and
 * plans it once rather than on every call, which for a statement with data-modifying CTEs is most
 * of its server time (bench/credits.ts). The name is a hash of the text, so two texts never share one.
 */
export async function queryPrepared<T extends QueryResultRow>(pool: Pool, text: string, values: unknown[]): Promise<T[]> {
  let name = statementNames.get(text);
  if (name === undefined) {
    name = `bl_${createHash('sha256').update(text).digest('hex').slice(0, 24)}`;
    statementNames.set(text, name);
  }
  const { rows } = await pool.query<T>({ name, text, values });
  return rows;
}
