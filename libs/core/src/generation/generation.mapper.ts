import {
  GENERATION_MESSAGES,
  GENERATION_PROGRESS_MESSAGES,
  GENERATION_PROGRESS_PATH,
  type GenerationCompletedEventDto,
  type GenerationErrorEventDto,
  type GenerationProgressEventDto,
  type GenerationResponseDto,
  type GenerationVariationDto,
} from '@brandloom/contracts';
import { toVariationDto } from '../assets/asset.mapper';
import type { Asset } from '../assets/entities/asset.entity';
import type { Generation } from './entities/generation.entity';

export function progressEvent(generation: Pick<Generation, 'progress' | 'message' | 'status'>): GenerationProgressEventDto {
  return {
    progress: generation.progress,
    message: generation.message ?? (generation.status === 'queued' ? GENERATION_PROGRESS_MESSAGES.queued : GENERATION_PROGRESS_MESSAGES.starting),
    status: generation.status,
  };
}

/** What an image's entry in a final event or response needs of its asset. */
export type VariationAsset = Pick<Asset, 'id' | 'variation_index' | 's3_key' | 'thumbnail_key' | 'width' | 'height'>;

export function completedEvent(generation: Pick<Generation, 'id' | 'credits_refunded' | 'message'>, assets: VariationAsset[]): GenerationCompletedEventDto {
  const variations = sortedVariations(assets);
  const first = variations[0]?.apiProxyUrl ?? '';
  return {
    generationId: generation.id,
    progress: 100,
    message: GENERATION_MESSAGES.imageReady,
    imageUrl: first,
    apiUrl: first,
    directUrl: first,
    directImageUrl: first,
    variations,
    creditsRefunded: generation.credits_refunded,
  };
}

export function errorEvent(generation: Pick<Generation, 'error' | 'message' | 'credits_refunded'>): GenerationErrorEventDto {
  return { message: generation.error ?? generation.message ?? GENERATION_MESSAGES.generationFailed, creditsRefunded: generation.credits_refunded };
}

/** The answer of the generate routes: the job at once; image URLs once the generation completed. */
export function toGenerationResponse(generation: Generation, assets: Asset[], creditsRemaining: number): GenerationResponseDto {
  const variations = generation.status === 'completed' ? sortedVariations(assets) : [];
  const first = variations[0];
  const url = first?.apiProxyUrl ?? null;
  return {
    job: { id: generation.id, status: generation.status, progress: generation.progress },
    generationId: generation.id,
    status: generation.status,
    prompt: generation.prompt,
    quality: generation.quality,
    size: generation.size,
    variationCount: generation.variation_count,
    brand_profile_id: generation.brand_profile_id,
    creditsCharged: generation.credits_charged,
    creditsRemaining,
    progressUrl: `${GENERATION_PROGRESS_PATH}${generation.id}`,
    testMode: generation.provider === 'local',
    imageUrl: url,
    dataUrl: null,
    apiUrl: url,
    directUrl: url,
    directImageUrl: url,
    variations,
    output: {
      publicUrl: url,
      preview: first?.preview ?? null,
      directUrl: url,
      apiProxyUrl: url,
      imageDataUrl: null,
      directStorageUrl: url,
      variations,
    },
  };
}

function sortedVariations(assets: VariationAsset[]): GenerationVariationDto[] {
  return [...assets].sort((a, b) => (a.variation_index ?? 0) - (b.variation_index ?? 0)).map(toVariationDto);
}
