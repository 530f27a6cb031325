export * from './test-database';
export * from './redis';
export * from './factories';
export * from './generation';
export * from './brand-images';
export * from './mailbox';
export * from './damaged-images';
export * from './loopback-server';
