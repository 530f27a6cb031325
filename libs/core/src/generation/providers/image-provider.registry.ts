import { InvalidConfigError } from '../../infra/config/app-config';
import type { ImageProviderConfig, ImageProviderDefinition } from './image-provider';
import { localImageProvider } from './local/local.definition';
import { openAiImageProvider } from './openai/openai.definition';

export type { ImageProviderConfig, ImageProviderDefinition };

/** Nest injection token of the registered definitions (a test suite provides its own list). */
export const IMAGE_PROVIDER_DEFINITIONS = Symbol('IMAGE_PROVIDER_DEFINITIONS');

/** Every image provider of the product; adding one is a folder beside these and a line here. */
export const IMAGE_PROVIDER_REGISTRY: readonly ImageProviderDefinition[] = [openAiImageProvider, localImageProvider];

/**
 * The definition IMAGE_PROVIDER names (by default OpenAI when OPENAI_API_KEY is set, else the
 * local renderer). An unknown name, or one the configuration cannot run, stops the start with a
 * message naming the variable.
 */
export function selectImageProvider(config: ImageProviderConfig, registry: readonly ImageProviderDefinition[] = IMAGE_PROVIDER_REGISTRY): ImageProviderDefinition {
  const name = config.IMAGE_PROVIDER ?? (config.OPENAI_API_KEY ? 'openai' : 'local');
  const definition = registry.find((candidate) => candidate.name === name);
  if (!definition) {
    throw new InvalidConfigError(`Invalid configuration:\n  IMAGE_PROVIDER: unknown image provider '${name}' (registered: ${registry.map((d) => d.name).join(', ')})`);
  }
  const missing = definition.requirement?.(config);
  if (missing) throw new InvalidConfigError(`Invalid configuration:\n  IMAGE_PROVIDER: '${name}' cannot run: ${missing}`);
  return definition;
}
