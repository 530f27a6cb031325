import type { AdDto, AssetDto } from '@brandloom/contracts';
import { useQuery } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api';
import type { AdPicture } from '../../../lib/adsSlots';
import { ADS_URL } from '../api/ads';

export type ExistingAd = { phase: 'loading' } | { phase: 'error'; message: string } | { phase: 'ready'; ad: AdDto; source: AdPicture };

async function get<T>(url: string, signal: AbortSignal): Promise<T> {
  const res = await fetch(url, { credentials: 'include', signal });
  if (!res.ok) throw new ApiError(res.status, (await res.text()) || res.statusText);
  return (await res.json()) as T;
}

/** The ad a rendered ad asset is a version of, and the picture it is set on. */
export function useExistingAd(asset: AdPicture): ExistingAd {
  const query = useQuery({
    queryKey: [ADS_URL, 'of-asset', asset.id],
    queryFn: async ({ signal }) => {
      if (!asset.parent_asset_id) throw new Error('The picture this ad is made from was deleted');
      const [{ ads }, source] = await Promise.all([
        get<{ ads: AdDto[] }>(`${ADS_URL}?assetId=${encodeURIComponent(asset.parent_asset_id)}`, signal),
        get<AssetDto>(`/api/assets/${encodeURIComponent(asset.parent_asset_id)}`, signal),
      ]);
      const ad = ads.find((candidate) => candidate.asset_id === asset.id);
      if (!ad) throw new Error('This is an earlier version of an ad: open its newest version to edit it');
      return { ad, source: { id: source.id, name: source.name, url: source.url, brand_profile_id: ad.brand_profile_id } };
    },
    retry: false,
  });
  if (query.isPending) return { phase: 'loading' };
  if (query.isError) return { phase: 'error', message: query.error instanceof ApiError ? 'The ad could not be opened' : query.error.message };
  return { phase: 'ready', ...query.data };
}
