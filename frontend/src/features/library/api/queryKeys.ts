import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { AssetFilters } from './types';

/**
 * Query keys of the library. The first element is the URL, so other features reach the same cache
 * entries by URL alone (the studio refreshes every key that starts with /api/assets).
 */
export const assetListQueryKey = (filters: AssetFilters) => ['/api/assets', 'list', filters] as const;
/** The All Assets count: the tiles the library shows, ad formats stacked under their original. */
export const assetCountQueryKey = ['/api/assets/count?stacked=true'] as const;
export const foldersQueryKey = ['/api/folders'] as const;

/** Keys an asset or folder change makes stale: every asset list, the counts and the folders. */
export function isLibraryQueryKey(queryKey: QueryKey): boolean {
  const [url] = queryKey;
  return typeof url === 'string' && (url.startsWith('/api/assets') || url.startsWith('/api/folders'));
}

export function invalidateLibrary(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ predicate: (query) => isLibraryQueryKey(query.queryKey) });
}
