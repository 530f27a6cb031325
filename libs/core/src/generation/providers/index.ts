export * from './image-provider';
export * from './image-provider.registry';
export * from './local/local-image-renderer';
export * from './openai/openai-image-provider';
export * from './openai/openai-image-models';
export * from './image-provider.factory';
export * from './image-providers.module';
export * from './token-usage';
