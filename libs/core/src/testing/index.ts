export * from './test-database';
export * from './redis';
export * from './factories';
