import { Module } from '@nestjs/common';
import { AppConfig } from '../../infra/config/app-config';
import { IMAGE_PROVIDER } from './image-provider';
import { ImageProviders } from './image-provider.factory';
import { LocalImageRenderer } from './local/local-image-renderer';

/**
 * Provides ImageProviders (primary + local, forPrompt(), status()), IMAGE_PROVIDER (the primary:
 * OpenAI when OPENAI_API_KEY is set, else the local renderer) and LocalImageRenderer.
 * Needs AppConfig, which the global ConfigModule provides.
 */
@Module({
  providers: [
    { provide: ImageProviders, inject: [AppConfig], useFactory: (config: AppConfig) => ImageProviders.fromConfig(config) },
    { provide: IMAGE_PROVIDER, inject: [ImageProviders], useFactory: (providers: ImageProviders) => providers.primary },
    { provide: LocalImageRenderer, inject: [ImageProviders], useFactory: (providers: ImageProviders) => providers.local },
  ],
  exports: [ImageProviders, IMAGE_PROVIDER, LocalImageRenderer],
})
export class ImageProvidersModule {}
