import { assetFileUrl, assetThumbnailUrl, TEST_PROMPT_PREFIX, type GenerationVariationDto } from '@brandloom/contracts';
import type { Asset } from './entities/asset.entity';
import type { AssetDto } from '@brandloom/contracts';

/** An asset as a variation of its generation; URLs go through the scoped file route. */
export function toVariationDto(asset: Pick<Asset, 'id' | 'variation_index' | 's3_key' | 'thumbnail_key' | 'width' | 'height'>): GenerationVariationDto {
  const url = assetFileUrl(asset.s3_key);
  return {
    id: asset.id,
    index: asset.variation_index ?? 0,
    s3Key: asset.s3_key,
    apiProxyUrl: url,
    directUrl: url,
    publicUrl: url,
    preview: asset.thumbnail_key ? assetThumbnailUrl(asset.s3_key) : url,
    width: asset.width,
    height: asset.height,
  };
}

const TEST_MARKER = new RegExp(`^${TEST_PROMPT_PREFIX}\\b[\\s:.-]*`);

/**
 * A library name for a generated image: the prompt, shortened, plus "(n of m)" for variations. A
 * leading 'TEST' (the old marker of a test prompt) is not part of it: test images are marked by
 * test_image.
 */
export function generatedAssetName(prompt: string, index: number, count: number): string {
  const clean = prompt.replace(/\s+/g, ' ').trim().replace(TEST_MARKER, '') || prompt.trim();
  const short = clean.length > 80 ? `${clean.slice(0, 79).trimEnd()}…` : clean;
  return count > 1 ? `${short} (${index + 1} of ${count})` : short;
}

/** An asset as the library lists it (GET /api/assets, PATCH /api/assets/{id}); a listed row also carries its format count. */
export function toAssetDto(asset: Asset & { format_count?: number }): AssetDto {
  return {
    id: asset.id,
    name: asset.name,
    s3_key: asset.s3_key,
    thumbnail_key: asset.thumbnail_key,
    content_type: asset.content_type,
    width: asset.width,
    height: asset.height,
    file_size: asset.file_size,
    prompt: asset.prompt,
    brand_profile_id: asset.brand_profile_id,
    brand_profile_name: asset.brand_profile_name,
    folder_id: asset.folder_id,
    generation_id: asset.generation_id,
    created_at: new Date(asset.created_at).toISOString(),
    updated_at: new Date(asset.updated_at).toISOString(),
    url: assetFileUrl(asset.s3_key),
    thumbnailUrl: asset.thumbnail_key ? assetThumbnailUrl(asset.s3_key) : null,
    parent_asset_id: asset.parent_asset_id ?? null,
    format: asset.format ?? null,
    method: asset.method ?? null,
    test_image: asset.test_image ?? false,
    ...(asset.format_count === undefined ? {} : { format_count: Number(asset.format_count) }),
  };
}
