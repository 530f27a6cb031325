import type { QueryClient } from '@tanstack/react-query';
import { foldersQueryKey, isLibraryQueryKey } from './queryKeys';

/** On completion the asset library is refreshed (assets, counts and folders). */
export function refreshAssetLibrary(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ predicate: (query) => isLibraryQueryKey(query.queryKey) });
}

/** A bulk batch creates its library folder when it is accepted: the folder list shows it at once. */
export function refreshLibraryFolders(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: foldersQueryKey });
}
