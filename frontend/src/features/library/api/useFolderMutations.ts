import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, getErrorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { LIBRARY_TOASTS } from '../messages';
import { invalidateLibrary } from './queryKeys';
import type { Folder } from './types';
import { translate } from '../../../lib/i18n/translate';

function failureToast(title: string) {
  return (error: Error) => toast({ title, description: getErrorMessage(error, error.message), variant: 'destructive' });
}

const folderPath = (id: string) => `/api/folders/${encodeURIComponent(id)}`;

/** POST /api/folders {name}; 409 when the name is taken (ignoring case). */
export function useCreateFolder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => apiRequest<Folder>('POST', '/api/folders', { name }),
    onSuccess: (folder) => {
      toast({ title: LIBRARY_TOASTS.folderCreated, description: `"${folder.name}" was created.` });
      void invalidateLibrary(queryClient);
    },
    onError: failureToast(LIBRARY_TOASTS.folderCreateFailed),
  });
}

/** PATCH /api/folders/{id} {name}. */
export function useRenameFolder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ folder, name }: { folder: Folder; name: string }) => apiRequest<Folder>('PATCH', folderPath(folder.id), { name }),
    onSuccess: (folder) => {
      toast({ title: LIBRARY_TOASTS.folderRenamed, description: translate('library.toast.renamedTo', { name: folder.name }) });
      void invalidateLibrary(queryClient);
    },
    onError: failureToast(LIBRARY_TOASTS.folderRenameFailed),
  });
}

/** DELETE /api/folders/{id} (204); its assets move to All Assets. */
export function useDeleteFolder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (folder: Folder) => apiRequest('DELETE', folderPath(folder.id)),
    onSuccess: (_nothing, folder) => {
      toast({ title: LIBRARY_TOASTS.folderDeleted, description: `"${folder.name}" was deleted; its assets are in All Assets.` });
      void invalidateLibrary(queryClient);
    },
    onError: failureToast(LIBRARY_TOASTS.folderDeleteFailed),
  });
}
