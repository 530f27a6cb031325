import { IMAGE_SIZES, type ImageSize, type ProviderStatusDto, type Quality } from '@brandloom/contracts';
import type { BrandStyle } from '../../brand-profiles/brand-style';
import type { AppConfig } from '../../infra/config/app-config';

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
  /** Filled in by the provider as the call goes: the model it sent the request to and the usage its answer reported. */
  record?: ImageCallRecord;
}

/** Token counts an image API answered (OpenAI's `usage` block), summed over the call's images. */
export interface ImageTokenUsage {
  input_tokens: number;
  output_tokens: number;
  total_tokens: number;
  input_tokens_details?: { text_tokens?: number; image_tokens?: number };
}

export interface ImageCallRecord {
  model?: string;
  usage?: ImageTokenUsage;
}

/** Custom sizes a provider draws besides its fixed list: WxH within these limits. */
export interface CustomSizeLimits {
  multipleOf: number;
  maxEdge: number;
  /** Longest side over shortest side, at most. */
  maxAspectRatio: number;
  minPixels: number;
  maxPixels: number;
}

/** What a provider can do; services read it from the registry instead of assuming one provider. */
export interface ImageProviderCapabilities {
  /** Sizes it draws (WxH). */
  sizes: readonly string[];
  /** Any WxH within these limits as well (the gpt-image-2 family); absent when only `sizes` are drawn. */
  customSizes?: CustomSizeLimits;
  /** Generation from reference images. */
  edits: boolean;
  /** Painting the transparent part of a mask (AI extend). */
  masks: boolean;
  /** Partial images while drawing. */
  streaming: boolean;
  /** Images one call may ask for. */
  maxImagesPerCall: number;
}

/** Whether a provider with these capabilities draws a WxH size. */
export function supportsSize(capabilities: ImageProviderCapabilities, size: string): boolean {
  if (capabilities.sizes.includes(size)) return true;
  const limits = capabilities.customSizes;
  const match = /^(\d{2,5})x(\d{2,5})$/.exec(size);
  if (!limits || !match) return false;
  const [width, height] = [Number(match[1]), Number(match[2])];
  const pixels = width * height;
  return (
    width % limits.multipleOf === 0 &&
    height % limits.multipleOf === 0 &&
    Math.max(width, height) <= limits.maxEdge &&
    Math.max(width, height) / Math.min(width, height) <= limits.maxAspectRatio &&
    pixels >= limits.minPixels &&
    pixels <= limits.maxPixels
  );
}

/**
 * Progress from 0 to 1 with a message for the user; `preview` is a partial image (PNG/WebP/JPEG
 * bytes) when the provider streams them.
 */
export type ProgressCallback = (progress: number, message: string, preview?: Buffer) => void;

export interface ImageProvider {
  /** Its name in the provider registry ('openai', 'local'), recorded on each generation it runs. */
  readonly name: string;
  /** Label shown by GET /api/openai/status ('OpenAI', 'Local renderer'). */
  readonly apiName: string;
  /** True when a real AI provider is behind it. */
  readonly isConfigured: boolean;
  readonly features: readonly string[];
  readonly capabilities: ImageProviderCapabilities;
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
  | 'bad_output'
  | 'model_unavailable';

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

/** What a user reads when the provider no longer serves the configured model (retired, or unknown to the account). */
export function modelUnavailableMessage(model: string): string {
  return `The image model ${model} is no longer available; an administrator must choose another`;
}

export type ImageProviderConfig = Pick<
  AppConfig,
  | 'IMAGE_PROVIDER'
  | 'OPENAI_API_KEY'
  | 'OPENAI_BASE_URL'
  | 'OPENAI_IMAGE_MODEL'
  | 'OPENAI_IMAGE_EDIT_MODEL'
  | 'OPENAI_TIMEOUT_MS'
  | 'OPENAI_MAX_RETRIES'
  | 'OPENAI_IMAGE_STREAM'
  | 'OPENAI_PARTIAL_IMAGES'
  | 'LOCAL_RENDERER_DELAY_MS'
  | 'IMAGE_MAX_INPUT_PIXELS'
>;

/** A provider as the registry knows it: its name, what it needs from the configuration, and how to build it. */
export interface ImageProviderDefinition {
  /** IMAGE_PROVIDER's value for it, recorded on every generation and format job it runs. */
  readonly name: string;
  /** Why the configuration cannot run it (a missing key), or null when it can. */
  readonly requirement: ((config: ImageProviderConfig) => string | null) | null;
  create(config: ImageProviderConfig): ImageProvider;
}

/** What a user reads when the provider a job was accepted for is no longer configured. */
export function providerGoneMessage(name: string): string {
  return `The image provider '${name}' is no longer configured; an administrator must set it up again or choose another`;
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

/** Brandloom's sizes (the standard ones and the ad placements') that a provider with these capabilities draws. */
export function drawnSizes(capabilities: ImageProviderCapabilities): ImageSize[] {
  return IMAGE_SIZES.filter((size) => supportsSize(capabilities, size));
}
