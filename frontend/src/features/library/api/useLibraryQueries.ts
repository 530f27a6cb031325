import { useQuery } from '@tanstack/react-query';
import { useOrganization, useUser } from '../../../lib/auth';
import { assetCountQueryKey, brandProfilesQueryKey, foldersQueryKey } from './queryKeys';
import type { AssetCount, BrandProfileSummary, Folder } from './types';

/** GET /api/folders: the organization's folders (alphabetical) with their asset_count. */
export function useFolders() {
  return useQuery<Folder[]>({ queryKey: foldersQueryKey });
}

/** GET /api/assets/count: every asset of the organization (the "All Assets" entry). */
export function useAssetCount() {
  return useQuery<AssetCount>({ queryKey: assetCountQueryKey });
}

/** Spec §9: the brand list refreshes every 5 s. */
export const BRAND_LIST_REFRESH_MS = 5000;

function toSummaries(body: unknown): BrandProfileSummary[] {
  if (!Array.isArray(body)) return [];
  return body.flatMap((item: unknown) => {
    if (!item || typeof item !== 'object') return [];
    const { id, name, asset_count } = item as { id?: unknown; name?: unknown; asset_count?: unknown };
    if ((typeof id !== 'string' && typeof id !== 'number') || String(id) === '') return [];
    return [
      {
        id: String(id),
        name: typeof name === 'string' && name ? name : 'Untitled profile',
        asset_count: typeof asset_count === 'number' ? asset_count : null,
      },
    ];
  });
}

/**
 * GET /api/brand-profiles?userId=… with no-cache headers (spec §7). The library only lists the
 * names, so a failed read (or a server without the route yet) is an empty list.
 */
async function fetchBrandProfiles(userId: string, signal: AbortSignal): Promise<BrandProfileSummary[]> {
  try {
    const res = await fetch(`/api/brand-profiles?userId=${encodeURIComponent(userId)}`, {
      credentials: 'include',
      cache: 'no-store',
      headers: { 'Cache-Control': 'no-cache', Pragma: 'no-cache' },
      signal,
    });
    if (!res.ok) return [];
    return toSummaries(await res.json());
  } catch (error) {
    if (signal.aborted) throw error;
    return [];
  }
}

export function useBrandProfiles() {
  const { data: user } = useUser();
  const { data: organization } = useOrganization();
  const userId = user?.id ?? '';
  return useQuery({
    queryKey: brandProfilesQueryKey(userId),
    queryFn: ({ signal }) => fetchBrandProfiles(userId, signal),
    enabled: !!userId && !!organization,
    refetchInterval: BRAND_LIST_REFRESH_MS,
  });
}
