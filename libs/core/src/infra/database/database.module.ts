import { DynamicModule, Module, OnModuleInit } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AppConfig } from '../config/app-config';
import { dataSourceOptions, type EntityList } from './data-source-options';
import { runMigrations } from './migrate';

/** PostgreSQL through TypeORM, migrated at boot; the entities come from the composition root. */
@Module({})
export class DatabaseModule implements OnModuleInit {
  constructor(private readonly dataSource: DataSource) {}

  static forRoot(entities: EntityList): DynamicModule {
    return {
      module: DatabaseModule,
      imports: [
        TypeOrmModule.forRootAsync({
          inject: [AppConfig],
          useFactory: (config: AppConfig) => dataSourceOptions(config.DATABASE_URL, entities, { connectTimeoutMs: config.DATABASE_CONNECT_TIMEOUT_MS }),
        }),
      ],
    };
  }

  async onModuleInit(): Promise<void> {
    await runMigrations(this.dataSource);
  }
}
