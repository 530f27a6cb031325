export * from './image-provider';
export * from './local-image-renderer';
export * from './openai-image-provider';
export * from './image-provider.factory';
export * from './image-providers.module';
