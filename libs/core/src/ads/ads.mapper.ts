import type { AdDto } from '@brandloom/contracts';
import type { AdRow } from './ads.repository';

export function toAdDto(ad: AdRow): AdDto {
  return {
    id: ad.id,
    placement: ad.placement,
    layout: ad.layout,
    status: ad.status,
    message: ad.status === 'failed' ? (ad.error ?? ad.message) : ad.message,
    error: ad.error,
    progress: ad.progress,
    asset_id: ad.asset_id,
    source_asset_id: ad.source_asset_id,
    brand_profile_id: ad.brand_profile_id,
    version: ad.version,
    headline: ad.headline,
    body: ad.body,
    cta: ad.cta,
    logo: ad.logo,
    language: ad.language ?? null,
    layers: ad.layers,
    created_at: new Date(ad.created_at).toISOString(),
    updated_at: new Date(ad.updated_at).toISOString(),
  };
}
