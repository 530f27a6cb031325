import type { ImageProviderDefinition } from '../image-provider';
import { LocalImageRenderer } from './local-image-renderer';

/** The local renderer: deterministic test images, no key, always available. */
export const localImageProvider: ImageProviderDefinition = {
  name: 'local',
  requirement: null,
  create: (config) => new LocalImageRenderer({ delayMs: config.LOCAL_RENDERER_DELAY_MS }),
};
