import { IMAGE_PROVIDER_NAME, isTestPrompt, type ProviderStatusDto } from '@brandloom/contracts';
import type { AppConfig } from '../../infra/config/app-config';
import { ImageVariants } from '../../storage/image-variants';
import { ImageProvider, providerStatus } from './image-provider';
import { LocalImageRenderer } from './local/local-image-renderer';
import { OpenAiImageProvider } from './openai/openai-image-provider';

export type ImageProviderConfig = Pick<
  AppConfig,
  | 'OPENAI_API_KEY'
  | 'OPENAI_BASE_URL'
  | 'OPENAI_IMAGE_MODEL'
  | 'OPENAI_TIMEOUT_MS'
  | 'OPENAI_MAX_RETRIES'
  | 'OPENAI_IMAGE_STREAM'
  | 'OPENAI_PARTIAL_IMAGES'
  | 'LOCAL_RENDERER_DELAY_MS'
  | 'IMAGE_MAX_INPUT_PIXELS'
>;

export function createLocalImageRenderer(config: Pick<ImageProviderConfig, 'LOCAL_RENDERER_DELAY_MS'>): LocalImageRenderer {
  return new LocalImageRenderer({ delayMs: config.LOCAL_RENDERER_DELAY_MS });
}

/** OpenAI when OPENAI_API_KEY is set, otherwise the local renderer. */
export function createImageProvider(config: ImageProviderConfig): ImageProvider {
  if (!config.OPENAI_API_KEY) return createLocalImageRenderer(config);
  return new OpenAiImageProvider({
    apiKey: config.OPENAI_API_KEY,
    baseURL: config.OPENAI_BASE_URL,
    model: config.OPENAI_IMAGE_MODEL,
    timeoutMs: config.OPENAI_TIMEOUT_MS,
    maxRetries: config.OPENAI_MAX_RETRIES,
    stream: config.OPENAI_IMAGE_STREAM,
    partialImages: config.OPENAI_PARTIAL_IMAGES,
    imageVariants: new ImageVariants({ maxInputPixels: config.IMAGE_MAX_INPUT_PIXELS }),
  });
}

/**
 * The configured provider plus the local renderer, and the rule between them (spec §4,
 * DECISIONS): a prompt containing TEST, or no provider configured, is drawn by the local renderer.
 */
export class ImageProviders {
  constructor(readonly primary: ImageProvider, readonly local: LocalImageRenderer) {}

  static fromConfig(config: ImageProviderConfig): ImageProviders {
    const local = createLocalImageRenderer(config);
    return new ImageProviders(config.OPENAI_API_KEY ? createImageProvider(config) : local, local);
  }

  /** The provider that draws this prompt: the local renderer for test prompts. */
  forPrompt(prompt: string): ImageProvider {
    return isTestPrompt(prompt) ? this.local : this.primary;
  }

  /** GET /api/openai/status: without a key it names the provider that is missing; the local renderer draws test images meanwhile. */
  status(): ProviderStatusDto {
    return this.primary.isConfigured ? providerStatus(this.primary) : { ...providerStatus(this.primary), apiName: IMAGE_PROVIDER_NAME };
  }
}
