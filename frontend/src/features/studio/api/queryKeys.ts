/**
 * Query keys the studio reads. The first element is the URL; keys are shared with other features
 * through the cache only (a feature never imports another); shared queries (the balance) live in src/lib.
 */
export const providerStatusQueryKey = ['/api/openai/status'];

/** On completion the asset library is refreshed: every query whose URL starts with /api/assets or /api/folders. */
export function isLibraryQueryKey(queryKey: readonly unknown[]): boolean {
  const [url] = queryKey;
  return typeof url === 'string' && (url.startsWith('/api/assets') || url.startsWith('/api/folders'));
}

export const foldersQueryKey = ['/api/folders'];
