/**
 * Query keys the studio reads. The first element is the URL; keys are shared with other features
 * through the cache only (a feature never imports another), so the balance key is the same URL
 * the header and the billing page read, and a refresh of one is a refresh of all.
 */
export const creditBalanceQueryKey = ['/api/credits/balance'];
export const providerStatusQueryKey = ['/api/openai/status'];
export const brandProfilesQueryKey = (userId: string) => ['/api/brand-profiles', 'studio', userId];

/** Spec §4: on completion the asset library is refreshed (every query whose URL starts with /api/assets). */
export function isAssetQueryKey(queryKey: readonly unknown[]): boolean {
  const [url] = queryKey;
  return typeof url === 'string' && url.startsWith('/api/assets');
}
