import { useOrganizationId } from '../../../lib/auth';
import { NEXT_CURSOR_HEADER } from '@brandloom/contracts';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api';
import { assetListQueryKey } from './queryKeys';
import { ASSETS_PAGE_SIZE, type Asset, type AssetFilters, type AssetPage } from './types';

/**
 * GET /api/assets with the filters of the screen; All Assets sends no folderId, an empty search none.
 * Without a format filter the ad formats are stacked under their original (one tile with a count).
 */
export function assetsUrl(filters: AssetFilters, cursor?: string | null): string {
  const params = new URLSearchParams();
  if (filters.folderId) params.set('folderId', filters.folderId);
  if (filters.search) params.set('search', filters.search);
  if (filters.delivery) params.set('delivery', filters.delivery);
  if (filters.format) params.set('format', filters.format);
  else params.set('stacked', 'true');
  params.set('sort', filters.sort);
  params.set('limit', String(ASSETS_PAGE_SIZE));
  if (cursor) params.set('cursor', cursor);
  return `/api/assets?${params.toString()}`;
}

/** One keyset page: a JSON array, and the next page's cursor in the X-Next-Cursor header (absent on the last). */
async function fetchAssetPage(url: string, signal: AbortSignal): Promise<AssetPage> {
  const res = await fetch(url, { credentials: 'include', signal });
  const text = await res.text();
  if (!res.ok) throw new ApiError(res.status, text || res.statusText);
  const body: unknown = text ? JSON.parse(text) : [];
  return {
    assets: Array.isArray(body) ? (body as Asset[]) : [],
    nextCursor: res.headers.get(NEXT_CURSOR_HEADER) || null,
  };
}

/**
 * The library a page at a time, keyed by folder, search and sort. While a new filter loads, the
 * previous list stays on screen (marked as placeholder) instead of flashing the skeletons.
 */
export function useAssets(filters: AssetFilters) {
  const organizationId = useOrganizationId();
  return useInfiniteQuery({
    enabled: !!organizationId,
    queryKey: assetListQueryKey(filters),
    queryFn: ({ pageParam, signal }) => fetchAssetPage(assetsUrl(filters, pageParam), signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
    placeholderData: keepPreviousData,
  });
}

export type AssetsQuery = ReturnType<typeof useAssets>;

/** The pages as one list; an asset that appears twice (a refetch racing a page) is shown once. */
export function flattenAssetPages(pages: AssetPage[] | undefined): Asset[] {
  if (!pages) return [];
  const seen = new Set<string>();
  const assets: Asset[] = [];
  for (const page of pages) {
    for (const asset of page.assets) {
      if (seen.has(asset.id)) continue;
      seen.add(asset.id);
      assets.push(asset);
    }
  }
  return assets;
}
