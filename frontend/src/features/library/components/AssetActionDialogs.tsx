import type { Asset, Folder } from '../api/types';
import { useDeleteAsset, useMoveAsset, useRenameAsset } from '../api/useAssetMutations';
import { LIBRARY_TEXT, NAME_RULES } from '../messages';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { MoveAssetDialog } from './MoveAssetDialog';
import { NameDialog } from './NameDialog';
import { useT } from '../../../lib/i18n/translate';

export type AssetDialog = { kind: 'rename' | 'move' | 'delete'; asset: Asset } | null;

interface AssetActionDialogsProps {
  dialog: AssetDialog;
  folders: Folder[];
  onClose: () => void;
  onRenamed: (asset: Asset) => void;
  onDeleted: (asset: Asset) => void;
}

/** The rename, move and delete dialogs of an asset, opened from its card menu or its detail dialog. */
export function AssetActionDialogs({ dialog, folders, onClose, onRenamed, onDeleted }: AssetActionDialogsProps) {
  const t = useT();
  const rename = useRenameAsset();
  const move = useMoveAsset();
  const remove = useDeleteAsset();
  const asset = dialog?.asset ?? null;

  return (
    <>
      <NameDialog
        open={dialog?.kind === 'rename'}
        title={t('library.renameAsset')}
        label={t('library.name')}
        initialValue={asset?.name}
        rule={NAME_RULES.asset}
        pending={rename.isPending}
        onClose={onClose}
        onSubmit={(name) => {
          if (!asset) return;
          rename.mutate(
            { asset, name },
            {
              onSuccess: (updated) => {
                onRenamed({ ...asset, ...updated });
                onClose();
              },
            },
          );
        }}
      />
      <MoveAssetDialog
        asset={dialog?.kind === 'move' ? asset : null}
        folders={folders}
        pending={move.isPending}
        onClose={onClose}
        onMove={(folderId, folderName) => {
          if (!asset) return;
          move.mutate({ asset, folderId, folderName }, { onSuccess: onClose });
        }}
      />
      <ConfirmDialog
        open={dialog?.kind === 'delete'}
        title={t('library.deleteAsset')}
        message={LIBRARY_TEXT.deleteAssetConfirm}
        confirmLabel={t('common.delete')}
        pending={remove.isPending}
        onClose={onClose}
        onConfirm={() => {
          if (!asset) return;
          remove.mutate(asset, {
            onSuccess: () => {
              onDeleted(asset);
              onClose();
            },
          });
        }}
      />
    </>
  );
}
