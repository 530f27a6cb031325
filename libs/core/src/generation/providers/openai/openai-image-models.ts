import type { CustomSizeLimits } from '../image-provider';

/**
 * What an OpenAI image model accepts, by family, as OpenAI's image generation guide and the SDK's
 * images resource describe them: the gpt-image-2 family (2, 2.5, 2.6 Flare and Sunburst) draws
 * custom sizes and refuses `input_fidelity` and transparent backgrounds; gpt-image-1 and 1.5 draw
 * three sizes and take `input_fidelity` on edits (gpt-image-1-mini does not).
 */
export interface OpenAiImageModelTraits {
  family: 'gpt-image-2' | 'gpt-image-1' | 'dall-e';
  /** The sizes every model of the family draws. */
  sizes: readonly string[];
  customSizes?: CustomSizeLimits;
  inputFidelity: boolean;
  /** The family answers a `usage` block (token counts) with its images. */
  reportsUsage: boolean;
}

const STANDARD_SIZES = ['1024x1024', '1536x1024', '1024x1536'] as const;

/** Width and height multiples of 16, sides within 3:1, up to 3840 pixels and 3840×2160 in all (gpt-image-2 family). */
export const GPT_IMAGE_2_CUSTOM_SIZES: CustomSizeLimits = { multipleOf: 16, maxEdge: 3840, maxAspectRatio: 3, minPixels: 655_360, maxPixels: 8_294_400 };

export function imageModelTraits(model: string): OpenAiImageModelTraits {
  if (/^dall-e/i.test(model)) return { family: 'dall-e', sizes: ['1024x1024'], inputFidelity: false, reportsUsage: false };
  if (/^gpt-image-2(?:[.-]|$)/i.test(model)) {
    return { family: 'gpt-image-2', sizes: STANDARD_SIZES, customSizes: GPT_IMAGE_2_CUSTOM_SIZES, inputFidelity: false, reportsUsage: true };
  }
  // gpt-image-1, gpt-image-1.5, chatgpt-image-latest and any other GPT image model: the three standard sizes.
  return { family: 'gpt-image-1', sizes: STANDARD_SIZES, inputFidelity: !/mini/i.test(model), reportsUsage: true };
}
