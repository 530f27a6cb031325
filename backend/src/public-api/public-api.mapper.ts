import { ASSET_THUMBNAIL_VARIANT, PUBLIC_API_PREFIX, type ApiGenerationDto, type AssetDto } from '@brandloom/contracts';
import { toAssetDto, type Asset, type Generation } from '@brandloom/core';

const V1 = `/api/${PUBLIC_API_PREFIX}`;

/** An asset as the app lists it, its file links pointing at the public API's download route (the app's need a session). */
export function toApiAssetDto(asset: Asset & { format_count?: number }): AssetDto {
  const url = `${V1}/assets/${asset.id}/download`;
  return { ...toAssetDto(asset), url, thumbnailUrl: asset.thumbnail_key ? `${url}?variant=${ASSET_THUMBNAIL_VARIANT}` : null };
}

export function toApiGenerationDto(generation: Generation, assets: Asset[]): ApiGenerationDto {
  return {
    id: generation.id,
    status: generation.status,
    progress: generation.progress,
    message: generation.message,
    error: generation.error,
    prompt: generation.prompt,
    quality: generation.quality,
    size: generation.size,
    variation_count: generation.variation_count,
    brand_profile_id: generation.brand_profile_id,
    batch_id: generation.batch_id,
    folder_id: generation.folder_id,
    credits_charged: generation.credits_charged,
    credits_refunded: generation.credits_refunded,
    created_at: new Date(generation.created_at).toISOString(),
    completed_at: generation.completed_at ? new Date(generation.completed_at).toISOString() : null,
    progress_url: `${V1}/generations/${generation.id}/events`,
    assets: generation.status === 'completed' ? assets.map(toApiAssetDto) : [],
  };
}
