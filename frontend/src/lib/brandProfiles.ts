import type { BrandProfileDto } from '@brandloom/contracts';
import { useQuery } from '@tanstack/react-query';
import { useOrganizationId, useUser } from './auth';

// The organization's brand profiles are read by Brand Brain, the Studio, the library and the
// dashboard: one query, one key, one reader, here (features never import each other).

export const BRAND_PROFILES_URL = '/api/brand-profiles';
/** The brand list refreshes every 5 s. */
export const BRAND_LIST_REFRESH_MS = 5000;

export const brandProfileListQueryKey = (userId: string) => [BRAND_PROFILES_URL, 'list', userId] as const;

/** The product's text of a failed list read. */
export function brandListFetchError(status: number, body: string): string {
  return `Failed to fetch brand profiles: ${status} ${body}`;
}

/** GET /api/brand-profiles?userId=… with no-cache headers; a refusal throws the product's text. */
export async function fetchBrandProfileList(userId: string, signal?: AbortSignal): Promise<BrandProfileDto[]> {
  const res = await fetch(`${BRAND_PROFILES_URL}?userId=${encodeURIComponent(userId)}`, {
    credentials: 'include',
    cache: 'no-store',
    headers: { 'Cache-Control': 'no-cache', Pragma: 'no-cache' },
    signal,
  });
  if (!res.ok) throw new Error(brandListFetchError(res.status, (await res.text()) || res.statusText));
  const body: unknown = await res.json();
  if (!Array.isArray(body)) throw new Error(brandListFetchError(res.status, 'not a list'));
  return body as BrandProfileDto[];
}

/**
 * The organization's brand profiles: asked for with the user id once the user and the
 * organization are known, never treated as fresh, refreshed every 5 s.
 */
export function useBrandProfileList() {
  const { data: user } = useUser();
  const organizationId = useOrganizationId();
  const userId = user?.id ?? '';
  return useQuery({
    queryKey: brandProfileListQueryKey(userId),
    queryFn: ({ signal }) => fetchBrandProfileList(userId, signal),
    enabled: !!userId && !!organizationId,
    staleTime: 0,
    refetchInterval: BRAND_LIST_REFRESH_MS,
  });
}
