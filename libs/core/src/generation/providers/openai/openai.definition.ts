import { ImageVariants } from '../../../storage/image-variants';
import type { ImageProviderDefinition } from '../image-provider';
import { OpenAiImageProvider } from './openai-image-provider';

/** OpenAI's GPT image models; needs OPENAI_API_KEY. */
export const openAiImageProvider: ImageProviderDefinition = {
  name: 'openai',
  requirement: (config) => (config.OPENAI_API_KEY ? null : 'OPENAI_API_KEY is not set'),
  create: (config) =>
    new OpenAiImageProvider({
      apiKey: config.OPENAI_API_KEY ?? '',
      baseURL: config.OPENAI_BASE_URL,
      model: config.OPENAI_IMAGE_MODEL,
      editModel: config.OPENAI_IMAGE_EDIT_MODEL,
      timeoutMs: config.OPENAI_TIMEOUT_MS,
      maxRetries: config.OPENAI_MAX_RETRIES,
      stream: config.OPENAI_IMAGE_STREAM,
      partialImages: config.OPENAI_PARTIAL_IMAGES,
      imageVariants: new ImageVariants({ maxInputPixels: config.IMAGE_MAX_INPUT_PIXELS }),
    }),
};
