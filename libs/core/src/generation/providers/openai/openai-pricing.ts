import type { ImageTokenUsage } from '../image-provider';

/** USD per million tokens: text input, image input, image output. */
interface TokenPrices {
  textInput: number;
  imageInput: number;
  output: number;
}

/**
 * OpenAI's list prices per million tokens of the gpt-image-2 family (2.5 and 2.6 kept gpt-image-2's
 * prices); other models have no estimate. An estimate for the admin console,
 * not an invoice: OpenAI's own usage dashboard is the authority.
 */
const PRICES: Array<[RegExp, TokenPrices]> = [
  [/^gpt-image-2(?:[.-]|$)/, { textInput: 5, imageInput: 8, output: 30 }],
];

/** The estimated cost in USD of the usage on a model, or null when its prices are unknown. */
export function estimateCostUsd(model: string, usage: Pick<ImageTokenUsage, 'input_tokens' | 'output_tokens' | 'input_tokens_details'>): number | null {
  const prices = PRICES.find(([pattern]) => pattern.test(model))?.[1];
  if (!prices) return null;
  const imageInput = usage.input_tokens_details?.image_tokens ?? 0;
  const textInput = usage.input_tokens_details?.text_tokens ?? Math.max(0, usage.input_tokens - imageInput);
  const cost = (textInput * prices.textInput + imageInput * prices.imageInput + usage.output_tokens * prices.output) / 1_000_000;
  return Math.round(cost * 10_000) / 10_000;
}
