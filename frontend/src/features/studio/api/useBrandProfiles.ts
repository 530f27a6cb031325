import { useQuery } from '@tanstack/react-query';
import { useOrganization, useUser } from '../../../lib/auth';
import { brandProfilesQueryKey } from './queryKeys';

export interface BrandProfileOption {
  id: string;
  name: string;
}

/** Spec §9: the brand list refreshes every 5 s. */
export const BRAND_LIST_REFRESH_MS = 5000;

function toOptions(body: unknown): BrandProfileOption[] {
  const list = Array.isArray(body)
    ? body
    : body && typeof body === 'object'
      ? ((body as { profiles?: unknown; data?: unknown }).profiles ?? (body as { data?: unknown }).data)
      : undefined;
  if (!Array.isArray(list)) return [];
  return list.flatMap((item: unknown) => {
    if (!item || typeof item !== 'object') return [];
    const { id, name } = item as { id?: unknown; name?: unknown };
    if ((typeof id !== 'string' && typeof id !== 'number') || String(id) === '') return [];
    return [{ id: String(id), name: typeof name === 'string' && name ? name : 'Untitled profile' }];
  });
}

/**
 * The organization's brand profiles for the studio's selects: GET /api/brand-profiles?userId=… with
 * no-cache headers (spec §7). The studio only needs names to choose from, so a failed read is an
 * empty list (the select keeps "None"); the Brand Brain screens report errors themselves.
 */
async function fetchBrandProfiles(userId: string, signal: AbortSignal): Promise<BrandProfileOption[]> {
  try {
    const res = await fetch(`/api/brand-profiles?userId=${encodeURIComponent(userId)}`, {
      credentials: 'include',
      cache: 'no-store',
      headers: { 'Cache-Control': 'no-cache', Pragma: 'no-cache' },
      signal,
    });
    if (!res.ok) return [];
    return toOptions(await res.json());
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
    // Spec §4: the brand list is never treated as fresh and refreshes every 5 s.
    staleTime: 0,
    refetchInterval: BRAND_LIST_REFRESH_MS,
  });
}
