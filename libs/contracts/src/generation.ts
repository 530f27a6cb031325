/** Image generation: request fields, business constants and messages. */
import type { AdFormatId } from './formats';
import { creditsPerImage, type ImageSize } from './image-sizes';

export const QUALITIES = ['low', 'medium', 'high'] as const;
export type Quality = (typeof QUALITIES)[number];

// Credits per image (low 1, medium 2, high 4) live in ./credits as CREDIT_COST_PER_IMAGE,
// written once; ./image-sizes prices the sizes larger than the standard ones (creditsPerImage), and the
// total is that times variationCount (generationCost below).

/** Queue priority of a generation job by quality; default 2. */
export const QUEUE_PRIORITY: Record<Quality, number> = { low: 1, medium: 2, high: 4 };
export const DEFAULT_QUEUE_PRIORITY = 2;

export const VARIATIONS_MIN = 1;
export const VARIATIONS_MAX = 10;
export const PROMPT_MIN_LENGTH = 5;
export const PROMPT_MAX_LENGTH = 4000;

export const GENERATION_DEFAULTS = {
  quality: 'medium' as Quality,
  size: '1024x1024' as ImageSize,
  variationCount: 1,
  contentPolicyScan: true,
} as const;

/** Total credits of a request: cost per image (by quality and size) × variations. */
export function generationCost(quality: Quality, variationCount: number, size?: ImageSize): number {
  return creditsPerImage(quality, size) * variationCount;
}

/** The studio slider's upper bound: credits ÷ cost per image, rounded down, within 0..VARIATIONS_MAX. */
export function maxAffordableVariations(credits: number, quality: Quality, size?: ImageSize): number {
  return Math.max(0, Math.min(VARIATIONS_MAX, Math.floor(credits / creditsPerImage(quality, size))));
}

/** Reference images of a generation request: PNG or JPG by content, at most 4 of 10 MB each. */
export const REFERENCE_IMAGES_MAX_COUNT = 4;
export const REFERENCE_IMAGE_MAX_BYTES = 10 * 1024 * 1024;
export const REFERENCE_IMAGE_MIME_TYPES = ['image/png', 'image/jpeg'] as const;
export type ReferenceImageMimeType = (typeof REFERENCE_IMAGE_MIME_TYPES)[number];
/** Multipart field name of the reference images on POST /api/studio. */
export const REFERENCE_IMAGES_FIELD = 'images';

/**
 * When the provider is not configured the studio prefixes the prompt with 'TEST', and a
 * prompt containing TEST goes to the test endpoint (the local renderer draws it).
 */
export const TEST_PROMPT_PREFIX = 'TEST';
export function isTestPrompt(prompt: string): boolean {
  return prompt.includes(TEST_PROMPT_PREFIX);
}

export const GENERATION_MESSAGES = {
  adsInvalid: 'ads must be an object with placements, layout and headline (and optionally body, cta and logo)',
  promptTooShort: 'Prompt must be at least 5 characters',
  promptTooLong: `Prompt must be at most ${PROMPT_MAX_LENGTH} characters`,
  qualityRequired: 'Please select a quality level',
  sizeRequired: 'Please select an image size',
  variationCountRange: 'Variation count must be between 1 and 10',
  contentPolicyRequired: 'Content policy scan is required. Please accept the terms.',
  referenceImagesTooMany: 'You can only upload up to 4 reference images',
  referenceImagesTooManyTitle: 'Maximum images reached',
  referenceImageType: 'Reference images must be PNG or JPG files',
  referenceImageTooLarge: 'Each reference image must be at most 10 MB',
  brandProfileNotFound: 'Brand profile not found',
  startFailed: 'Failed to start generation',
  generationFailed: 'Failed to generate image. Please try again.',
  imageReady: 'Image ready!',
} as const;

/** Shown in the form and answered with 402 when the balance is short. */
export function notEnoughCreditsMessage(required: number, available: number): string {
  return `Not enough credits. You need ${required} credits, but you only have ${available}.`;
}

/** Under the variation slider. */
export function lowCreditsHint(available: number): string {
  return `You have ${available} credits; lower variations or top-up.`;
}

export const IMAGE_PROVIDER_FEATURES = [
  'text-to-image',
  'reference-images',
  'variations',
  'brand-colors',
  'streaming-progress',
  'test-images',
] as const;
export type ImageProviderFeature = (typeof IMAGE_PROVIDER_FEATURES)[number];

/** GET /api/openai/status: the provider's status. */
/** The image provider a key configures (the product's default name label): named when it is missing. */
export const IMAGE_PROVIDER_NAME = 'OpenAI';

export interface ProviderStatusDto {
  isConfigured: boolean;
  apiName: string;
  features: string[];
}

/** JSON body of POST /api/generate and /api/generate/test. */
export interface GenerationRequestDto {
  prompt: string;
  quality: Quality;
  /** One of IMAGE_SIZES, or an ad placement's id for its size ('4:5' is 1088x1360). */
  size: ImageSize | AdFormatId;
  brand_profile_id?: string | null;
  reference_images?: string[];
  variationCount?: number;
  contentPolicyScan: boolean;
  /** Ad formats every image also gets, free. */
  formats?: string[];
}

// --- Generation lifecycle, responses and progress events ---

export const GENERATION_STATUSES = ['queued', 'processing', 'completed', 'failed'] as const;
export type GenerationStatus = (typeof GENERATION_STATUSES)[number];

/** Plans whose generations are taken before Starter's of the same quality ("priority generation", docs/decisions.md). */
export const PRIORITY_GENERATION_PLAN_TIERS: readonly string[] = ['Pro', 'Agency', 'Team+'];

/**
 * BullMQ priority of a generation job (lower runs first). The product's mapping (low 1, medium 2,
 * high 4) is doubled so that a plan with priority generation can sit one step ahead of Starter
 * within the same quality: Starter low 2, Pro low 1; Starter medium 4, Pro medium 3; Starter high
 * 8, Pro high 7. The order between qualities is the product's.
 */
export function generationQueuePriority(quality: Quality | undefined, planTier?: string | null): number {
  const base = quality ? QUEUE_PRIORITY[quality] : DEFAULT_QUEUE_PRIORITY;
  return base * 2 - (planTier && PRIORITY_GENERATION_PLAN_TIERS.includes(planTier) ? 1 : 0);
}

/** The API route that streams a stored file; keys may contain slashes. */
export const ASSET_FILE_PATH = '/api/assets/file/';
export const ASSET_BASE64_PATH = '/api/assets/base64/';
export const GENERATION_PROGRESS_PATH = '/api/generate/progress/';
/** `?variant=thumb` on an asset file URL serves its WebP thumbnail. */
export const ASSET_THUMBNAIL_VARIANT = 'thumb';

/** /api/assets/file/<key> (each path segment URI-encoded; keys only hold [A-Za-z0-9._-/]). */
export function assetFileUrl(key: string): string {
  return `${ASSET_FILE_PATH}${key.split('/').map(encodeURIComponent).join('/')}`;
}

export function assetThumbnailUrl(key: string): string {
  return `${assetFileUrl(key)}?variant=${ASSET_THUMBNAIL_VARIANT}`;
}

/** What a job looks like in answers: available at once, before any image exists. */
export interface GenerationJobDto {
  id: string;
  status: GenerationStatus;
  /** 0 to 100. */
  progress: number;
}

/** One image of a generation (a variation). URLs are relative to the API origin. */
export interface GenerationVariationDto {
  /** The asset id. */
  id: string;
  /** 0-based. */
  index: number;
  s3Key: string;
  apiProxyUrl: string;
  directUrl: string;
  publicUrl: string;
  /** The WebP thumbnail (…?variant=thumb). */
  preview: string;
  width: number;
  height: number;
}

/** The images' URLs; null until the generation completed. */
export interface GenerationOutputDto {
  publicUrl: string | null;
  preview: string | null;
  directUrl: string | null;
  apiProxyUrl: string | null;
  imageDataUrl: string | null;
  directStorageUrl: string | null;
  variations: GenerationVariationDto[];
}

/** Answer of POST /api/generate, /api/generate/test and /api/studio (201). */
export interface GenerationResponseDto {
  job: GenerationJobDto;
  generationId: string;
  status: GenerationStatus;
  prompt: string;
  quality: Quality;
  size: ImageSize;
  variationCount: number;
  brand_profile_id: string | null;
  creditsCharged: number;
  /** The balance after the debit. */
  creditsRemaining: number;
  /** Server-sent events of this job. */
  progressUrl: string;
  /** True when the local renderer draws it (TEST prompt, /api/generate/test or no provider configured). */
  testMode: boolean;
  imageUrl: string | null;
  dataUrl: string | null;
  apiUrl: string | null;
  directUrl: string | null;
  directImageUrl: string | null;
  variations: GenerationVariationDto[];
  output: GenerationOutputDto;
}

/**
 * Event names of GET /api/generate/progress/{jobId}; `close` always ends the stream. `reconnect`
 * ends it too, before the job has: the API process is stopping, and the client opens the stream
 * again (any other API process, or this one restarted, answers with the job's current state).
 */
export const GENERATION_SSE_EVENTS = { progress: 'progress', completed: 'completed', error: 'error', close: 'close', reconnect: 'reconnect' } as const;

/** How long after a `reconnect` event a client opens the stream again (also sent as the stream's `retry:`). */
export const SSE_RECONNECT_DELAY_MS = 1000;

export interface GenerationProgressEventDto {
  /** 0 to 100. */
  progress: number;
  message: string;
  status: GenerationStatus;
}

export interface GenerationCompletedEventDto {
  generationId: string;
  progress: 100;
  message: string;
  imageUrl: string;
  apiUrl: string;
  directUrl: string;
  directImageUrl: string;
  /** Only when asked for (never sent through the stream by default: images are large). */
  dataUrl?: string;
  variations: GenerationVariationDto[];
  /** Credits given back for variations the provider did not deliver (0 normally). */
  creditsRefunded: number;
}

export interface GenerationErrorEventDto {
  message: string;
  creditsRefunded: number;
}

/** GET /api/assets/base64/{key}. */
export interface AssetDataUrlDto {
  dataUrl: string;
}

/** Answer of GET /api/openai/status is ProviderStatusDto (above). */

export const GENERATION_PROGRESS_MESSAGES = {
  queued: 'Waiting in the queue',
  starting: 'Starting generation',
  storing: 'Saving your images',
  retrying: 'The image provider failed; trying again',
  interrupted: 'The generation was interrupted; credits for the images not delivered were refunded.',
  notFound: 'Generation not found',
  fileNotFound: 'File not found',
  referenceImageNotFound: 'Reference image not found',
  referenceImageInvalid: 'Reference images must be PNG or JPG data URLs or keys of your stored images',
  referenceImageUnreadable: 'A reference image could not be read as an image',
  unexpectedFileField: 'Reference images must be sent under the field name "images"',
} as const;
