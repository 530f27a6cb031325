import { useState } from 'react';
import type { Folder } from '../api/types';
import { useCreateFolder, useDeleteFolder, useRenameFolder } from '../api/useFolderMutations';
import { deleteFolderConfirm, NAME_RULES } from '../messages';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { NameDialog } from './NameDialog';
import { useT } from '../../../lib/i18n/translate';

export type FolderDialog = { kind: 'create' } | { kind: 'rename' | 'delete'; folder: Folder } | null;

interface FolderDialogsProps {
  dialog: FolderDialog;
  onClose: () => void;
  onCreated: (folder: Folder) => void;
  onDeleted: (folder: Folder) => void;
}

/** Create, rename and delete a folder. */
export function FolderDialogs({ dialog, onClose, onCreated, onDeleted }: FolderDialogsProps) {
  const t = useT();
  const create = useCreateFolder();
  const rename = useRenameFolder();
  const remove = useDeleteFolder();
  const folder = dialog && dialog.kind !== 'create' ? dialog.folder : null;
  // The confirmation keeps naming its folder while it fades out.
  const [shownFolder, setShownFolder] = useState<Folder | null>(null);
  if (folder && folder !== shownFolder) setShownFolder(folder);

  return (
    <>
      <NameDialog
        open={dialog?.kind === 'create'}
        title={t('library.newFolder')}
        label={t('library.folderName')}
        rule={NAME_RULES.folder}
        pending={create.isPending}
        onClose={onClose}
        onSubmit={(name) =>
          create.mutate(name, {
            onSuccess: (created) => {
              onCreated(created);
              onClose();
            },
          })
        }
      />
      <NameDialog
        open={dialog?.kind === 'rename'}
        title={t('library.renameFolder')}
        label={t('library.folderName')}
        initialValue={folder?.name}
        rule={NAME_RULES.folder}
        pending={rename.isPending}
        onClose={onClose}
        onSubmit={(name) => folder && rename.mutate({ folder, name }, { onSuccess: onClose })}
      />
      <ConfirmDialog
        open={dialog?.kind === 'delete'}
        title={t('library.deleteFolder')}
        message={shownFolder ? deleteFolderConfirm(shownFolder.name) : ''}
        confirmLabel={t('common.delete')}
        pending={remove.isPending}
        onClose={onClose}
        onConfirm={() =>
          folder &&
          remove.mutate(folder, {
            onSuccess: () => {
              onDeleted(folder);
              onClose();
            },
          })
        }
      />
    </>
  );
}
