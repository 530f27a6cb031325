import { useMutation, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { apiRequest, getErrorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { LIBRARY_TOASTS } from '../messages';
import { invalidateLibrary } from './queryKeys';
import type { Asset, AssetPage } from './types';
import { translate } from '../../../lib/i18n/translate';

/** Applies a change to every cached asset list at once, so the screen does not wait for the refetch. */
function updateCachedLists(queryClient: QueryClient, change: (assets: Asset[]) => Asset[]): void {
  queryClient.setQueriesData<InfiniteData<AssetPage, string | null>>({ queryKey: ['/api/assets', 'list'] }, (data) =>
    data ? { ...data, pages: data.pages.map((page) => ({ ...page, assets: change(page.assets) })) } : data,
  );
}

function failureToast(title: string) {
  return (error: Error) => toast({ title, description: getErrorMessage(error, error.message), variant: 'destructive' });
}

const assetPath = (id: string) => `/api/assets/${encodeURIComponent(id)}`;

/** PATCH /api/assets/{id} {name}. */
export function useRenameAsset() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ asset, name }: { asset: Asset; name: string }) => apiRequest<Asset>('PATCH', assetPath(asset.id), { name }),
    onSuccess: (updated) => {
      toast({ title: LIBRARY_TOASTS.assetRenamed, description: translate('library.toast.renamedTo', { name: updated.name }) });
      updateCachedLists(queryClient, (assets) => assets.map((asset) => (asset.id === updated.id ? { ...asset, ...updated } : asset)));
      void invalidateLibrary(queryClient);
    },
    onError: failureToast(LIBRARY_TOASTS.assetRenameFailed),
  });
}

/** PATCH /api/assets/{id} {folderId}: a folder, or null for All Assets only. */
export function useMoveAsset() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ asset, folderId }: { asset: Asset; folderId: string | null; folderName: string }) =>
      apiRequest<Asset>('PATCH', assetPath(asset.id), { folderId }),
    onSuccess: (_updated, { folderName }) => {
      toast({ title: LIBRARY_TOASTS.assetMoved, description: translate('library.toast.movedTo', { folder: folderName }) });
      void invalidateLibrary(queryClient);
    },
    onError: failureToast(LIBRARY_TOASTS.assetMoveFailed),
  });
}

/** DELETE /api/assets/{id} (204): the row and its stored files. */
export function useDeleteAsset() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (asset: Asset) => apiRequest('DELETE', assetPath(asset.id)),
    onSuccess: (_nothing, asset) => {
      toast({ title: LIBRARY_TOASTS.assetDeleted, description: `"${asset.name}" was deleted.` });
      updateCachedLists(queryClient, (assets) => assets.filter((item) => item.id !== asset.id));
      void invalidateLibrary(queryClient);
    },
    onError: failureToast(LIBRARY_TOASTS.assetDeleteFailed),
  });
}
