export * from './image-provider';
export * from './local/local-image-renderer';
export * from './openai/openai-image-provider';
export * from './image-provider.factory';
export * from './image-providers.module';
