/**
 * Query keys of the Brand Brain screens. The first element is the URL, so every cached read of
 * /api/brand-profiles (ours, the studio's and the dashboard's, which other features own) can be
 * refreshed together after a change: see isBrandProfilesQueryKey.
 */
import { BRAND_PROFILES_URL } from '../../../lib/brandProfiles';

export const brandProfileQueryKey = (id: string) => [BRAND_PROFILES_URL, encodeURIComponent(id)] as const;

export function isBrandProfilesQueryKey(queryKey: readonly unknown[]): boolean {
  const [url] = queryKey;
  return typeof url === 'string' && url.startsWith(BRAND_PROFILES_URL);
}
