import { formatDate as formatLocaleDate } from '../../lib/i18n/format';
import type { Asset } from './api/types';

/** File size in KB = bytes / 1024, rounded. */
export function formatFileSize(bytes: number): string {
  return `${Math.round(bytes / 1024)} KB`;
}

export function formatDimensions(asset: Pick<Asset, 'width' | 'height'>): string {
  return `${asset.width} × ${asset.height}`;
}

/** Short date, as elsewhere in the app (Mar 5, 2026). */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return formatLocaleDate(date, { month: 'short', day: 'numeric', year: 'numeric' });
}

/** /studio with the asset's prompt and brand profile filled in (the studio reads `prompt` and `brandId`). */
export function generateSimilarUrl(asset: Pick<Asset, 'prompt' | 'brand_profile_id'>): string {
  const params = new URLSearchParams();
  if (asset.prompt) params.set('prompt', asset.prompt);
  if (asset.brand_profile_id) params.set('brandId', asset.brand_profile_id);
  const query = params.toString();
  return query ? `/studio?${query}` : '/studio';
}

/** A file name for the download: the asset's name made safe, with the stored file's extension. */
export function downloadFileName(asset: Pick<Asset, 'name' | 's3_key'>): string {
  const extension = /\.([A-Za-z0-9]{1,5})$/.exec(asset.s3_key)?.[1]?.toLowerCase() ?? 'png';
  const base =
    asset.name
      .normalize('NFKD')
      .replace(/[^\w\s-]/g, '')
      .trim()
      .replace(/[\s_]+/g, '-')
      .slice(0, 80)
      .replace(/-+$/, '') || 'asset';
  return `${base}.${extension}`;
}

/** The address to share: absolute, on this origin. */
export function absoluteUrl(url: string): string {
  return new URL(url, window.location.origin).href;
}
