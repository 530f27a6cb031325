import { Module } from '@nestjs/common';
import { AppConfig } from '../../infra/config/app-config';
import { IMAGE_PROVIDER } from './image-provider';
import { ImageProviders } from './image-provider.factory';
import { IMAGE_PROVIDER_DEFINITIONS, IMAGE_PROVIDER_REGISTRY, type ImageProviderDefinition } from './image-provider.registry';
import { LocalImageRenderer } from './local/local-image-renderer';

/**
 * Provides ImageProviders (primary + local, forPrompt(), byName(), status()), IMAGE_PROVIDER (the
 * primary: the registered provider IMAGE_PROVIDER names) and LocalImageRenderer. The registry is
 * IMAGE_PROVIDER_DEFINITIONS, so a test suite can register a provider of its own.
 * Needs AppConfig, which the global ConfigModule provides.
 */
@Module({
  providers: [
    { provide: IMAGE_PROVIDER_DEFINITIONS, useValue: IMAGE_PROVIDER_REGISTRY },
    {
      provide: ImageProviders,
      inject: [AppConfig, IMAGE_PROVIDER_DEFINITIONS],
      useFactory: (config: AppConfig, registry: readonly ImageProviderDefinition[]) => ImageProviders.fromConfig(config, registry),
    },
    { provide: IMAGE_PROVIDER, inject: [ImageProviders], useFactory: (providers: ImageProviders) => providers.primary },
    { provide: LocalImageRenderer, inject: [ImageProviders], useFactory: (providers: ImageProviders) => providers.local },
  ],
  exports: [ImageProviders, IMAGE_PROVIDER, LocalImageRenderer, IMAGE_PROVIDER_DEFINITIONS],
})
export class ImageProvidersModule {}
