import type { ImageSize, ProviderStatusDto, Quality } from '@brandloom/contracts';
import type { BrandStyle } from '../../brand-profiles/brand-style';

/** Nest injection token of the configured ImageProvider (OpenAI or the local renderer). */
export const IMAGE_PROVIDER = Symbol('IMAGE_PROVIDER');

export type { BrandStyle };

export interface ImageGenerationRequest {
  prompt: string;
  quality: Quality;
  size: ImageSize;
  /** Number of images (variations), 1 to 10. */
  n: number;
  /** PNG or JPEG bytes, already checked by content and size; with them the provider edits from them. */
  referenceImages?: Buffer[];
  brand?: BrandStyle;
  /** Aborts the provider call (job cancelled or worker shutting down). */
  signal?: AbortSignal;
}

/**
 * Progress from 0 to 1 with a message for the user; `preview` is a partial image (PNG/WebP/JPEG
 * bytes) when the provider streams them.
 */
export type ProgressCallback = (progress: number, message: string, preview?: Buffer) => void;

export interface ImageProvider {
  /** 'openai' | 'local'. */
  readonly name: string;
  /** Label shown by GET /api/openai/status ('OpenAI', 'Local renderer'). */
  readonly apiName: string;
  /** True when a real AI provider is behind it. */
  readonly isConfigured: boolean;
  readonly features: readonly string[];
  /** The sizes it draws; a request for another is refused before it is accepted. */
  readonly sizes: readonly ImageSize[];
  /**
   * PNG images, in order. May return fewer than `n` when the provider delivered fewer (the caller
   * refunds the rest); never more. Throws ImageProviderError.
   */
  generate(request: ImageGenerationRequest, onProgress?: ProgressCallback): Promise<Buffer[]>;
}

export type ImageProviderErrorCode =
  | 'timeout'
  | 'connection'
  | 'rate_limited'
  | 'content_policy'
  | 'invalid_request'
  | 'authentication'
  | 'server_error'
  | 'aborted'
  | 'bad_output';

/**
 * A provider failure with a message fit to show the user and whether trying again may help
 * (a job should not be retried for a content-policy refusal or a bad API key).
 */
export class ImageProviderError extends Error {
  readonly code: ImageProviderErrorCode;
  readonly retryable: boolean;
  readonly status?: number;

  constructor(message: string, options: { code: ImageProviderErrorCode; retryable: boolean; status?: number; cause?: unknown }) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'ImageProviderError';
    this.code = options.code;
    this.retryable = options.retryable;
    this.status = options.status;
  }
}

/** GET /api/openai/status's answer for a provider. */
export function providerStatus(provider: ImageProvider): ProviderStatusDto {
  return { isConfigured: provider.isConfigured, apiName: provider.apiName, features: [...provider.features] };
}

const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

/** Normalises a colour to lowercase #rrggbb, or undefined when it is not a hex colour. */
export function normalizeHexColor(value: string | null | undefined): string | undefined {
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  if (!HEX.test(trimmed)) return undefined;
  const hex = trimmed.slice(1).toLowerCase();
  return `#${hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex}`;
}

/** One line of brand text for a prompt: no line breaks or control characters, at most `max` characters. */
function promptText(value: string | null | undefined, max = 300): string {
  if (typeof value !== 'string') return '';
  // eslint-disable-next-line no-control-regex
  return value.replace(/[\u0000-\u001f\u007f]+/g, ' ').replace(/\s+/g, ' ').trim().slice(0, max).trim();
}

/**
 * The prompt sent to an AI provider: the user's prompt plus the brand's palette, visual style,
 * tone, typography and personality (each line only when the brand has it).
 */
export function composeBrandPrompt(prompt: string, brand?: BrandStyle): string {
  if (!brand) return prompt;
  const lines: string[] = [];
  const colors = brand.colors ?? {};
  const roles = (['primary', 'secondary', 'accent'] as const)
    .map((role) => [role, normalizeHexColor(colors[role])] as const)
    .filter((entry): entry is readonly [typeof entry[0], string] => Boolean(entry[1]));
  const palette = roles.map(([role, hex]) => `${role} ${hex}`);
  if (palette.length > 0) lines.push(`Use the brand colour palette: ${palette.join(', ')}.`);
  const named = new Set(roles.map(([, hex]) => hex));
  const supporting = [...new Set((brand.palette ?? []).map((hex) => normalizeHexColor(hex)).filter((hex): hex is string => Boolean(hex) && !named.has(hex as string)))].slice(0, 3);
  if (supporting.length > 0) lines.push(`Supporting brand colours: ${supporting.join(', ')}.`);
  const tone = promptText(brand.visualStyle?.tone);
  const imageStyle = promptText(brand.visualStyle?.imageStyle);
  if (imageStyle) lines.push(`Visual style: ${imageStyle}.`);
  if (tone) lines.push(`Tone: ${tone}.`);
  const fontFamily = promptText(brand.typography?.fontFamily, 120);
  const headingStyle = promptText(brand.typography?.headingStyle, 200);
  if (fontFamily || headingStyle) {
    lines.push(`Typography for any text in the image: ${[fontFamily, headingStyle].filter(Boolean).join('; ')}.`);
  }
  const personality = [...new Set((brand.personality ?? []).map((tag) => promptText(tag, 40)).filter(Boolean))].slice(0, 8);
  if (personality.length > 0) lines.push(`Brand personality: ${personality.join(', ')}.`);
  return lines.length > 0 ? `${prompt}\n\n${lines.join('\n')}` : prompt;
}

/** Resolves after `ms`, or rejects with an 'aborted' ImageProviderError when the signal fires first. */
export function abortableDelay(ms: number, signal?: AbortSignal): Promise<void> {
  if (signal?.aborted) return Promise.reject(abortedError(signal));
  if (ms <= 0) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortedError(signal));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

export function abortedError(signal?: AbortSignal): ImageProviderError {
  return new ImageProviderError('Image generation was cancelled', { code: 'aborted', retryable: false, cause: signal?.reason });
}
