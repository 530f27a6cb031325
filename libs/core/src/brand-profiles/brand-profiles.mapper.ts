import type { BrandProfileDto, BrandSourceImageDto } from '@brandloom/contracts';
import { assetFileUrl, assetThumbnailUrl } from '@brandloom/contracts';
import type { BrandLogoRow } from './brand-logos.repository';
import type { BrandProfile } from './entities/brand-profile.entity';
import type { BrandSourceImage } from './entities/brand-source-image.entity';



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

export function toBrandProfileDto(profile: BrandProfile, images: BrandSourceImage[] = [], logos: BrandLogoRow[] = []): BrandProfileDto {
  return {
    id: profile.id,
    name: profile.name,
    description: profile.description,
    brand_data: profile.brand_data ?? {},
    asset_count: profile.asset_count ?? 0,
    created_at: new Date(profile.created_at).toISOString(),
    updated_at: new Date(profile.updated_at).toISOString(),
    source_images: images.map(toBrandSourceImageDto),
    logos: logos.map((logo) => ({ id: logo.id, variant: logo.variant, url: assetFileUrl(logo.s3_key), width: logo.width, height: logo.height })),
  };
}
