import { assetFileUrl, assetThumbnailUrl, type GenerationVariationDto } from '@brandloom/contracts';
import type { Asset } from './entities/asset.entity';

/** An asset as a variation of its generation (spec §3 "Variation"); URLs go through the scoped file route. */
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

/** A library name for a generated image: the prompt, shortened, plus "(n of m)" for variations. */
export function generatedAssetName(prompt: string, index: number, count: number): string {
  const clean = prompt.replace(/\s+/g, ' ').trim();
  const short = clean.length > 80 ? `${clean.slice(0, 79).trimEnd()}…` : clean;
  return count > 1 ? `${short} (${index + 1} of ${count})` : short;
}
