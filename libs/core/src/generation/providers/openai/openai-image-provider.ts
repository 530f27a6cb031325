import { createOpenAiClient } from '../../../infra/openai/openai-client';
import type { ImageSize } from '@brandloom/contracts';
import OpenAI, { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError, toFile } from 'openai';
import type { ImageEditParamsBase, ImageGenerateParamsBase, ImagesResponse } from 'openai/resources/images';
import { IMAGE_EXTENSIONS, sniffImageType } from '../../../storage/content-sniffing';
import { ImageTooLargeError, ImageVariants, UnsupportedImageError } from '../../../storage/image-variants';
import {
  abortedError,
  composeBrandPrompt,
  drawnSizes,
  ImageGenerationRequest,
  ImageProvider,
  ImageProviderCapabilities,
  ImageProviderError,
  modelUnavailableMessage,
  ProgressCallback,
  supportsSize,
} from '../image-provider';
import { imageModelTraits } from './openai-image-models';
import { addUsage } from '../token-usage';

export interface OpenAiImageProviderOptions {
  apiKey: string;
  /** e.g. https://api.openai.com/v1 (the SDK's default) or a local fake. */
  baseURL?: string;
  /** Text-to-image generations. */
  model: string;
  /** Generations with reference images (images.edit); the generation model when not given. */
  editModel?: string;
  /** Per HTTP request; the SDK retries timeouts, so the worst case is about timeoutMs × (maxRetries + 1). */
  timeoutMs: number;
  maxRetries: number;
  /** stream: true with partial_images, turned into progress callbacks. */
  stream?: boolean;
  partialImages?: number;
  /** Bounded decoding of what comes back (pixel limit), and conversion to PNG when needed. */
  imageVariants?: ImageVariants;
}

type StreamEvent = { type?: string; b64_json?: string; partial_image_index?: number; usage?: unknown };

/**
 * OpenAI's GPT image models through the official SDK: images.generate for a prompt, images.edit
 * when reference images are given (sent as image[] files), base64 PNG output, and optionally
 * streamed partial images reported as progress. Every failure becomes an ImageProviderError with a
 * message fit for the user and a `retryable` flag.
 */
export class OpenAiImageProvider implements ImageProvider {
  readonly name = 'openai';
  readonly apiName = 'OpenAI';
  readonly isConfigured = true;
  readonly features: readonly string[];
  readonly capabilities: ImageProviderCapabilities;
  readonly client: OpenAI;
  private readonly model: string;
  private readonly editModel: string;
  private readonly stream: boolean;
  private readonly partialImages: number;
  private readonly timeoutMs: number;
  private readonly maxRetries: number;
  private readonly images: ImageVariants;

  constructor(options: OpenAiImageProviderOptions) {
    this.model = options.model;
    this.editModel = options.editModel ?? options.model;
    this.stream = options.stream ?? false;
    this.partialImages = Math.max(0, Math.min(3, options.partialImages ?? 2));
    this.timeoutMs = options.timeoutMs;
    this.maxRetries = options.maxRetries;
    this.images = options.imageVariants ?? new ImageVariants();
    this.client = createOpenAiClient(options);
    this.features = ['text-to-image', 'reference-images', 'variations', 'brand-colors', ...(this.stream ? ['streaming-progress'] : [])];
    const traits = imageModelTraits(this.model);
    this.capabilities = { sizes: traits.sizes, customSizes: traits.customSizes, edits: true, masks: true, streaming: this.stream, maxImagesPerCall: 10 };
  }

  async generate(request: ImageGenerationRequest, onProgress?: ProgressCallback): Promise<Buffer[]> {
    if (!Number.isInteger(request.n) || request.n < 1 || request.n > 10) {
      throw new ImageProviderError(`The number of images must be between 1 and 10 (got ${String(request.n)})`, { code: 'invalid_request', retryable: false });
    }
    if (request.signal?.aborted) throw abortedError(request.signal);
    const userReferences = request.referenceImages ?? [];
    // The brand profile's own images go along as style references (GPT image models take several).
    const brandReferences = !/^dall-e/i.test(this.editModel) ? await brandStyleReferences(request, userReferences.length) : [];
    const references = [...userReferences, ...brandReferences];
    const model = references.length > 0 ? this.editModel : this.model;
    const traits = imageModelTraits(model);
    const gptImage = traits.family !== 'dall-e';
    if (!supportsSize({ ...this.capabilities, sizes: traits.sizes, customSizes: traits.customSizes }, request.size)) {
      throw new ImageProviderError(`Unsupported image size ${String(request.size)} for ${model}`, { code: 'invalid_request', retryable: false });
    }
    const base = {
      model,
      prompt: composeBrandPrompt(request.prompt, request.brand) + (brandReferences.length > 0 ? STYLE_REFERENCE_NOTE : ''),
      n: request.n,
      size: request.size,
      quality: request.quality,
      ...(gptImage ? { output_format: 'png' as const } : { response_format: 'b64_json' as const }),
    };
    // Reference images are products and logos to keep: high fidelity where the model takes the field (the gpt-image-2 family refuses it).
    const editFields = traits.inputFidelity ? { input_fidelity: 'high' as const } : {};
    if (request.record) request.record.model = model;
    onProgress?.(0, references.length > 0 ? 'Sending the reference images to OpenAI' : 'Waiting for OpenAI');
    // The SDK's timeout covers each attempt's wait for the response headers, not the body. A
    // watchdog bounds the rest: the whole call (all attempts and their backoff) until the answer
    // starts, then, while a stream flows, the time between two events.
    const watchdog = new Watchdog(request.signal, () => new ImageProviderError(this.timeoutMessage(), { code: 'timeout', retryable: true }));
    try {
      watchdog.arm(this.callBudgetMs());
      const encoded =
        this.stream && gptImage
          ? await this.streamed(base, editFields, references, request, watchdog, onProgress)
          : await this.single(base, editFields, references, request, watchdog.signal);
      watchdog.clear();
      const images = await this.decode(encoded, request.n);
      onProgress?.(1, `Received ${images.length} image${images.length === 1 ? '' : 's'} from OpenAI`);
      return images;
    } catch (error) {
      throw this.translate(watchdog.timedOut ?? error, model, request.signal);
    } finally {
      watchdog.clear();
    }
  }

  private async single(base: ImageGenerateParamsBase, editFields: Partial<ImageEditParamsBase>, references: Buffer[], request: ImageGenerationRequest, signal: AbortSignal): Promise<string[]> {
    const options = { signal, timeout: this.timeoutMs, maxRetries: this.maxRetries };
    const answer: ImagesResponse =
      references.length > 0
        ? await this.client.images.edit({ ...(base as ImageEditParamsBase), ...editFields, image: await this.files(references), stream: false }, options)
        : await this.client.images.generate({ ...base, stream: false }, options);
    if (request.record) request.record.usage = addUsage(undefined, answer.usage);
    return (answer.data ?? []).map((image) => image.b64_json ?? '');
  }

  private async streamed(
    base: ImageGenerateParamsBase,
    editFields: Partial<ImageEditParamsBase>,
    references: Buffer[],
    request: ImageGenerationRequest,
    watchdog: Watchdog,
    onProgress?: ProgressCallback,
  ): Promise<string[]> {
    const options = { signal: watchdog.signal, timeout: this.timeoutMs, maxRetries: this.maxRetries };
    const params = { ...base, stream: true as const, partial_images: this.partialImages };
    const stream =
      references.length > 0
        ? await this.client.images.edit({ ...(params as ImageEditParamsBase), ...editFields, image: await this.files(references), stream: true }, options)
        : await this.client.images.generate(params, options);
    const completed: string[] = [];
    const totalSteps = request.n * (this.partialImages + 1);
    let steps = 0;
    watchdog.arm(this.timeoutMs);
    for await (const event of stream as AsyncIterable<StreamEvent>) {
      watchdog.arm(this.timeoutMs);
      if (event.type?.endsWith('.partial_image')) {
        steps += 1;
        const preview = event.b64_json ? Buffer.from(event.b64_json, 'base64') : undefined;
        onProgress?.(Math.min(0.99, steps / totalSteps), `Partial image ${(event.partial_image_index ?? 0) + 1} received`, preview);
      } else if (event.type?.endsWith('.completed')) {
        steps = Math.max(steps + 1, (completed.length + 1) * (this.partialImages + 1));
        completed.push(event.b64_json ?? '');
        if (request.record) request.record.usage = addUsage(request.record.usage, event.usage);
        onProgress?.(Math.min(0.99, steps / totalSteps), `Image ${completed.length} of ${request.n} ready`);
      }
    }
    // The SDK ends an aborted stream quietly: tell cancellation and idleness apart from the end.
    if (request.signal?.aborted) throw abortedError(request.signal);
    if (watchdog.timedOut) throw watchdog.timedOut;
    return completed;
  }

  /** Every attempt's timeout plus the SDK's longest backoff between attempts (8 s), plus a second. */
  private callBudgetMs(): number {
    return this.timeoutMs * (this.maxRetries + 1) + 8_000 * this.maxRetries + 1_000;
  }

  private async files(references: Buffer[]) {
    return Promise.all(
      references.map((buffer, index) => {
        const type = sniffImageType(buffer);
        if (type !== 'image/png' && type !== 'image/jpeg' && type !== 'image/webp') {
          throw new ImageProviderError(`Reference image ${index + 1} is not a PNG, JPEG or WebP image`, { code: 'invalid_request', retryable: false });
        }
        return toFile(buffer, `reference-${index + 1}.${IMAGE_EXTENSIONS[type]}`, { type });
      }),
    );
  }

  private async decode(encoded: string[], requested: number): Promise<Buffer[]> {
    const images: Buffer[] = [];
    for (const b64 of encoded.slice(0, requested)) {
      if (!b64) continue;
      try {
        images.push((await this.images.toPng(Buffer.from(b64, 'base64'))).buffer);
      } catch (error) {
        if (error instanceof UnsupportedImageError || error instanceof ImageTooLargeError) {
          throw new ImageProviderError(`OpenAI returned an unusable image: ${error.message}`, { code: 'bad_output', retryable: true, cause: error });
        }
        throw error;
      }
    }
    if (images.length === 0) {
      throw new ImageProviderError('OpenAI returned no image', { code: 'bad_output', retryable: true });
    }
    return images;
  }

  private timeoutMessage(): string {
    const seconds = this.timeoutMs / 1000;
    return `OpenAI did not answer within ${seconds < 10 ? seconds.toFixed(1) : Math.round(seconds)} s (image generation timed out)`;
  }

  private translate(error: unknown, model: string, signal?: AbortSignal): Error {
    if (error instanceof ImageProviderError) return error;
    if (error instanceof APIUserAbortError || signal?.aborted) return abortedError(signal);
    if (error instanceof APIConnectionTimeoutError) {
      return new ImageProviderError(this.timeoutMessage(), { code: 'timeout', retryable: true, cause: error });
    }
    if (error instanceof APIConnectionError) {
      return new ImageProviderError(`Could not reach OpenAI: ${describeCause(error)}`, { code: 'connection', retryable: true, cause: error });
    }
    if (error instanceof APIError) {
      const status = error.status;
      const body = (error.error ?? {}) as { message?: string; code?: string | null; type?: string };
      const detail = (body.message ?? error.message ?? '').trim() || 'no details';
      const code = body.code ?? (error.code as string | null | undefined) ?? undefined;
      // A retired model (after its shutdown date) or one the account cannot use: no retry helps, an administrator must act.
      if (code === 'model_not_found' || (status === 404 && /model/i.test(detail))) {
        return new ImageProviderError(modelUnavailableMessage(model), { code: 'model_unavailable', retryable: false, status, cause: error });
      }
      if (code === 'moderation_blocked' || code === 'content_policy_violation' || /safety system|content policy/i.test(detail)) {
        return new ImageProviderError(`The prompt was rejected by OpenAI's content policy: ${detail}`, { code: 'content_policy', retryable: false, status, cause: error });
      }
      if (status === 401 || status === 403) {
        return new ImageProviderError(`OpenAI refused the API key (HTTP ${status}): ${detail}`, { code: 'authentication', retryable: false, status, cause: error });
      }
      if (status === 429) {
        return new ImageProviderError(`OpenAI rate limit reached (HTTP 429): ${detail}`, { code: 'rate_limited', retryable: true, status, cause: error });
      }
      if (status !== undefined && status >= 500) {
        return new ImageProviderError(`OpenAI image generation failed (HTTP ${status}): ${detail}`, { code: 'server_error', retryable: true, status, cause: error });
      }
      return new ImageProviderError(`OpenAI image generation failed${status ? ` (HTTP ${status})` : ''}: ${detail}`, {
        code: 'invalid_request',
        retryable: status === 408 || status === 409,
        status,
        cause: error,
      });
    }
    const message = error instanceof Error ? error.message : String(error);
    return new ImageProviderError(`OpenAI image generation failed: ${message}`, { code: 'server_error', retryable: true, cause: error });
  }
}

/** Brandloom's sizes (the standard ones and the ad placements') that a model draws. */
export function openAiModelSizes(model: string): ImageSize[] {
  const traits = imageModelTraits(model);
  return drawnSizes({ sizes: traits.sizes, customSizes: traits.customSizes, edits: true, masks: true, streaming: false, maxImagesPerCall: 10 });
}

/** Brand images sent along with a request, at most; an edit takes at most 16 images in all. */
const MAX_BRAND_REFERENCES = 4;
const MAX_EDIT_IMAGES = 16;
const STYLE_REFERENCE_NOTE = '\nThe brand images provided are style references: match their colours, lighting and look, not their content.';

/** The brand's style reference images (PNG/JPEG/WebP only); none when they cannot be loaded. */
async function brandStyleReferences(request: ImageGenerationRequest, alreadyGiven: number): Promise<Buffer[]> {
  const load = request.brand?.loadStyleReferences;
  if (!load) return [];
  let images: Buffer[];
  try {
    images = await load();
  } catch {
    return [];
  }
  const room = Math.max(0, Math.min(MAX_BRAND_REFERENCES, MAX_EDIT_IMAGES - alreadyGiven));
  return images
    .filter((image) => {
      const type = sniffImageType(image);
      return type === 'image/png' || type === 'image/jpeg' || type === 'image/webp';
    })
    .slice(0, room);
}


/** An abort signal that follows the caller's signal and fires by itself when its timer runs out. */
class Watchdog {
  readonly signal: AbortSignal;
  timedOut?: Error;
  private readonly controller = new AbortController();
  private timer?: NodeJS.Timeout;

  constructor(parent: AbortSignal | undefined, private readonly onTimeout: () => Error) {
    this.signal = parent ? AbortSignal.any([parent, this.controller.signal]) : this.controller.signal;
  }

  arm(ms: number): void {
    this.clear();
    this.timer = setTimeout(() => {
      this.timedOut = this.onTimeout();
      this.controller.abort(this.timedOut);
    }, ms);
  }

  clear(): void {
    clearTimeout(this.timer);
  }
}

function describeCause(error: Error): string {
  const cause = (error as { cause?: unknown }).cause;
  const inner = cause instanceof Error ? ((cause as { cause?: unknown }).cause instanceof Error ? ((cause as { cause: Error }).cause.message) : cause.message) : undefined;
  return inner && inner !== error.message ? `${error.message} (${inner})` : error.message;
}
