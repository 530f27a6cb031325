export * from './progress-bus';
export * from './sse';
export * from './drivers/in-process.progress-bus';
export * from './drivers/redis.progress-bus';
export * from './progress.module';
