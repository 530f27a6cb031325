import { assetFileUrl, assetThumbnailUrl } from '@brandloom/contracts';
import type { BrandData, BrandProfile } from './entities/brand-profile.entity';
import type { BrandSourceImage } from './entities/brand-source-image.entity';

/** A source image as the API shows it; the URLs go through the organization-scoped file route. */
export interface BrandSourceImageDto {
  id: string;
  file_name: string | null;
  s3_key: string;
  thumbnail_key: string | null;
  content_type: string;
  width: number;
  height: number;
  file_size: number;
  url: string;
  thumbnail_url: string;
  created_at: string;
}

/** A brand profile as every /api/brand-profiles route answers it (spec §3 fields plus its source images). */
export interface BrandProfileDto {
  id: string;
  name: string;
  description: string | null;
  brand_data: BrandData;
  asset_count: number;
  created_at: string;
  updated_at: string;
  source_images: BrandSourceImageDto[];
}

export function toBrandSourceImageDto(image: BrandSourceImage): BrandSourceImageDto {
  return {
    id: image.id,
    file_name: image.file_name,
    s3_key: image.s3_key,
    thumbnail_key: image.thumbnail_key,
    content_type: image.content_type,
    width: image.width,
    height: image.height,
    file_size: image.file_size,
    url: assetFileUrl(image.s3_key),
    thumbnail_url: image.thumbnail_key ? assetThumbnailUrl(image.s3_key) : assetFileUrl(image.s3_key),
    created_at: new Date(image.created_at).toISOString(),
  };
}

export function toBrandProfileDto(profile: BrandProfile, images: BrandSourceImage[] = []): BrandProfileDto {
  return {
    id: profile.id,
    name: profile.name,
    description: profile.description,
    brand_data: profile.brand_data ?? {},
    asset_count: profile.asset_count ?? 0,
    created_at: new Date(profile.created_at).toISOString(),
    updated_at: new Date(profile.updated_at).toISOString(),
    source_images: images.map(toBrandSourceImageDto),
  };
}
