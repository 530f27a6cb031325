export * from './entities/generation-batch.entity';
export * from './bulk.events';
export * from './bulk.errors';
export * from './bulk-csv';
export * from './bulk-batches';
export * from './bulk-generation.service';
export * from './bulk-progress.service';
export * from './bulk.module';
