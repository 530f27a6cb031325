import { IMAGE_PROVIDER_NAME, isTestPrompt, type ProviderStatusDto } from '@brandloom/contracts';
import { ImageProvider, providerStatus, type ImageProviderConfig } from './image-provider';
import { IMAGE_PROVIDER_REGISTRY, selectImageProvider, type ImageProviderDefinition } from './image-provider.registry';
import { LocalImageRenderer } from './local/local-image-renderer';

export type { ImageProviderConfig };

export function createLocalImageRenderer(config: Pick<ImageProviderConfig, 'LOCAL_RENDERER_DELAY_MS'>): LocalImageRenderer {
  return new LocalImageRenderer({ delayMs: config.LOCAL_RENDERER_DELAY_MS });
}

/** The provider IMAGE_PROVIDER names (by default OpenAI when OPENAI_API_KEY is set, else the local renderer). */
export function createImageProvider(config: ImageProviderConfig, registry: readonly ImageProviderDefinition[] = IMAGE_PROVIDER_REGISTRY): ImageProvider {
  return selectImageProvider(config, registry).create(config);
}

/**
 * The configured provider plus the local renderer, and the rule between them (docs/decisions.md):
 * a prompt containing TEST, or no AI provider configured, is drawn by the local renderer.
 */
export class ImageProviders {
  constructor(readonly primary: ImageProvider, readonly local: LocalImageRenderer) {}

  static fromConfig(config: ImageProviderConfig, registry: readonly ImageProviderDefinition[] = IMAGE_PROVIDER_REGISTRY): ImageProviders {
    const local = createLocalImageRenderer(config);
    const definition = selectImageProvider(config, registry);
    return new ImageProviders(definition.name === local.name ? local : definition.create(config), local);
  }

  /** The provider that draws this prompt: the local renderer for test prompts. */
  forPrompt(prompt: string): ImageProvider {
    return isTestPrompt(prompt) ? this.local : this.primary;
  }

  /**
   * The provider a generation or format job was recorded with, or undefined when this process no
   * longer runs it (the configuration changed since): the job then fails and refunds rather than
   * quietly running elsewhere under the recorded name.
   */
  byName(name: string): ImageProvider | undefined {
    if (name === this.primary.name) return this.primary;
    if (name === this.local.name) return this.local;
    return undefined;
  }

  /** GET /api/openai/status: without a key it names the provider that is missing; the local renderer draws test images meanwhile. */
  status(): ProviderStatusDto {
    return this.primary.isConfigured ? providerStatus(this.primary) : { ...providerStatus(this.primary), apiName: IMAGE_PROVIDER_NAME };
  }
}
