import type { DataSourceOptions, EntitySchema } from 'typeorm';
import { MIGRATIONS } from './migrations';

/** The entities a data source maps (the application's: libs/core/src/entities.ts). */
export type EntityList = ReadonlyArray<Function | EntitySchema>;

export interface PoolOptions {
  /** How long a query waits for a connection (a new one, or a free one of the pool) before failing. */
  connectTimeoutMs?: number;
}

/** A connection that cannot be had within this fails the query (503 in the API) instead of hanging. */
const DEFAULT_CONNECT_TIMEOUT_MS = 5000;

export function dataSourceOptions(url: string, entities: EntityList, pool: PoolOptions = {}): DataSourceOptions {
  return {
    type: 'postgres',
    url,
    entities: [...entities],
    migrations: MIGRATIONS,
    synchronize: false,
    migrationsRun: false,
    extra: { max: 20, connectionTimeoutMillis: pool.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS },
  };
}
