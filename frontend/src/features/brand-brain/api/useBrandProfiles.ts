import { useQuery } from '@tanstack/react-query';
import { useUser } from '../../../lib/auth';
import { BRAND_LIST_REFRESH_MS, brandListFetchError } from '../constants';
import type { BrandProfile } from '../types';
import { BRAND_PROFILES_URL, brandProfilesQueryKey } from './queryKeys';

function toProfiles(body: unknown): BrandProfile[] {
  const list = Array.isArray(body)
    ? body
    : body && typeof body === 'object'
      ? ((body as { profiles?: unknown }).profiles ?? (body as { data?: unknown }).data)
      : undefined;
  if (!Array.isArray(list)) return [];
  return list.filter(
    (item: unknown): item is BrandProfile =>
      !!item && typeof item === 'object' && (typeof (item as BrandProfile).id === 'string' || typeof (item as BrandProfile).id === 'number'),
  );
}

/**
 * GET /api/brand-profiles?userId=… with no-cache headers (spec §7). A non-OK answer throws
 * 'Failed to fetch brand profiles: {status} {body}' (spec §8).
 */
export async function fetchBrandProfiles(userId: string, signal?: AbortSignal): Promise<BrandProfile[]> {
  const res = await fetch(`${BRAND_PROFILES_URL}?userId=${encodeURIComponent(userId)}`, {
    credentials: 'include',
    cache: 'no-store',
    headers: { 'Cache-Control': 'no-cache', Pragma: 'no-cache' },
    signal,
  });
  if (!res.ok) throw new Error(brandListFetchError(res.status, (await res.text()) || res.statusText));
  const text = await res.text();
  return toProfiles(text ? JSON.parse(text) : []);
}

/**
 * The organization's brand profiles (spec §4/§7): requested with the user id and only once there is
 * one, refreshed every 5 s and never treated as fresh.
 */
export function useBrandProfiles() {
  const { data: user } = useUser();
  const userId = user?.id ?? '';
  return useQuery({
    queryKey: brandProfilesQueryKey(userId),
    queryFn: ({ signal }) => fetchBrandProfiles(userId, signal),
    enabled: !!userId,
    staleTime: 0,
    refetchInterval: BRAND_LIST_REFRESH_MS,
  });
}
