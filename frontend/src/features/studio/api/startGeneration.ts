import {
  GENERATION_MESSAGES,
  REFERENCE_IMAGES_FIELD,
  isAdCtaType,
  isTestPrompt,
  type AdCtaType,
  type AdFormatId,
  type GenerationRequestDto,
  type ImageSize,
  type Quality,
} from '@brandloom/contracts';

export interface GenerationInput {
  /** The prompt as the user wrote it: it names the images. */
  prompt: string;
  /** Drawn by the local test renderer (no image provider configured): sent to the test endpoint. */
  testImages?: boolean;
  quality: Quality;
  size: ImageSize;
  brandProfileId: string | null;
  variationCount: number;
  contentPolicyScan: boolean;
  referenceImages: File[];
  /** Ad formats every image also gets; sent only when some are chosen. */
  adFormats?: readonly string[];
  /** 'Also make ads': every stored picture is also set as these ads; sent only when asked for. */
  ads?: GenerationAdsRequest | null;
}

/** The `ads` field of a generate request. */
export interface GenerationAdsRequest {
  placements: AdFormatId[];
  layout: string;
  headline: string;
  body?: string;
  cta?: AdCtaType;
}

/** The request's `ads` from the form's 'Also make ads' (null when off). */
export function adsRequestOf(ads: { on: boolean; placements: AdFormatId[]; layout: string; headline: string; body: string; cta: string }): GenerationAdsRequest | null {
  if (!ads.on) return null;
  const body = ads.body.trim();
  return {
    placements: ads.placements,
    layout: ads.layout,
    headline: ads.headline.trim(),
    ...(body ? { body } : {}),
    ...(isAdCtaType(ads.cta) ? { cta: ads.cta } : {}),
  };
}

/** The parts of the generate answer the studio reads (the rest is read loosely by imagesOf). */
export interface StartGenerationResponse {
  job?: { id?: string | null } | null;
  creditsRemaining?: number;
  [field: string]: unknown;
}

/** Thrown by startGeneration; `reason` is what went wrong, `message` is 'Failed to generate image: ' + reason. */
export class GenerationRequestError extends Error {
  readonly reason: string;
  readonly status: number | null;

  constructor(reason: string, status: number | null = null) {
    super(`Failed to generate image: ${reason}`);
    this.name = 'GenerationRequestError';
    this.reason = reason;
    this.status = status;
  }
}

/**
 * Reference images need the multipart route (the server draws them locally when no provider is
 * configured); test images and a prompt containing TEST go to the test endpoint, which marks them
 * as test images while the prompt stays as written and names the image (docs/decisions.md).
 */
export function generationEndpoint(input: Pick<GenerationInput, 'prompt' | 'referenceImages' | 'testImages'>): string {
  if (input.referenceImages.length > 0) return '/api/studio';
  return input.testImages || isTestPrompt(input.prompt) ? '/api/generate/test' : '/api/generate';
}

function jsonBody(input: GenerationInput): GenerationRequestDto & { ads?: GenerationAdsRequest } {
  return {
    prompt: input.prompt,
    quality: input.quality,
    size: input.size,
    brand_profile_id: input.brandProfileId,
    reference_images: [],
    variationCount: input.variationCount,
    contentPolicyScan: input.contentPolicyScan,
    ...(input.adFormats?.length ? { formats: [...input.adFormats] } : {}),
    ...(input.ads ? { ads: input.ads } : {}),
  };
}

function multipartBody(input: GenerationInput): FormData {
  const form = new FormData();
  form.append('prompt', input.prompt);
  form.append('quality', input.quality);
  form.append('size', input.size);
  form.append('variationCount', String(input.variationCount));
  form.append('contentPolicyScan', String(input.contentPolicyScan));
  if (input.brandProfileId) form.append('brandProfileId', input.brandProfileId);
  if (input.adFormats?.length) form.append('formats', input.adFormats.join(';'));
  if (input.ads) form.append('ads', JSON.stringify(input.ads));
  for (const file of input.referenceImages) form.append(REFERENCE_IMAGES_FIELD, file, file.name);
  return form;
}

/**
 * The product's chain for a refused request: the body's message, or its error, or 'Failed to start
 * generation'; a body that is not JSON gives 'Server error: {status text}'.
 */
function refusalReason(status: number, statusText: string, text: string): string {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return `Server error: ${statusText || status}`;
  }
  if (body && typeof body === 'object') {
    const { message, error } = body as { message?: unknown; error?: unknown };
    if (typeof message === 'string' && message) return message;
    if (Array.isArray(message) && message.length) return message.join(', ');
    if (typeof error === 'string' && error) return error;
  }
  return GENERATION_MESSAGES.startFailed;
}

/**
 * POST /api/generate, /api/generate/test (JSON) or /api/studio (multipart, files under `images`).
 * Resolves with the answer (job.id at once); rejects with a GenerationRequestError whose reason
 * follows this chain: server refusal, then 'Failed to parse server response', then
 * 'Failed to generate image. Please try again.' for anything else (network failure).
 */
export async function startGeneration(input: GenerationInput): Promise<StartGenerationResponse> {
  const multipart = input.referenceImages.length > 0;
  let res: Response;
  let text: string;
  try {
    res = await fetch(generationEndpoint(input), {
      method: 'POST',
      credentials: 'include',
      headers: multipart ? undefined : { 'Content-Type': 'application/json' },
      body: multipart ? multipartBody(input) : JSON.stringify(jsonBody(input)),
    });
    text = await res.text();
  } catch {
    throw new GenerationRequestError(GENERATION_MESSAGES.generationFailed);
  }
  if (!res.ok) throw new GenerationRequestError(refusalReason(res.status, res.statusText, text), res.status);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new GenerationRequestError('Failed to parse server response', res.status);
  }
  if (!body || typeof body !== 'object') throw new GenerationRequestError('Failed to parse server response', res.status);
  const response = body as StartGenerationResponse;
  if (typeof response.job?.id !== 'string' || !response.job.id) throw new GenerationRequestError(GENERATION_MESSAGES.startFailed, res.status);
  return response;
}

/** The reason to show for any failure of startGeneration. */
export function failureReason(error: unknown): string {
  if (error instanceof GenerationRequestError) return error.reason;
  return GENERATION_MESSAGES.generationFailed;
}
