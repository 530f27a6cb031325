import type { DataSourceOptions, EntitySchema } from 'typeorm';
import { MIGRATIONS } from './migrations';

/** The entities a data source maps (the application's: libs/core/src/entities.ts). */
export type EntityList = ReadonlyArray<Function | EntitySchema>;

export function dataSourceOptions(url: string, entities: EntityList): DataSourceOptions {
  return {
    type: 'postgres',
    url,
    entities: [...entities],
    migrations: MIGRATIONS,
    synchronize: false,
    migrationsRun: false,
    extra: { max: 20 },
  };
}
