export * from './folder-deletion';
export * from './library.module';
