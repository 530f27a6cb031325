import FolderOutlinedIcon from '@mui/icons-material/FolderOutlined';
import PhotoLibraryOutlinedIcon from '@mui/icons-material/PhotoLibraryOutlined';
import { Dialog, DialogContent, DialogContentText, DialogTitle, List, ListItemButton, ListItemIcon, ListItemText } from '@mui/material';
import { useId, useState } from 'react';
import type { Asset, Folder } from '../api/types';
import { LIBRARY_TEXT } from '../messages';
import { useT } from '../../../lib/i18n/translate';
import { PendingDialogActions } from '../../../components/PendingDialogActions';

interface MoveAssetDialogProps {
  asset: Asset | null;
  folders: Folder[];
  pending: boolean;
  onClose: () => void;
  /** null: All Assets only (out of its folder). */
  onMove: (folderId: string | null, folderName: string) => void;
}

/** Moves an asset into a folder, or out of its folder (All Assets). */
export function MoveAssetDialog({ asset, ...props }: MoveAssetDialogProps) {
  return (
    <Dialog open={!!asset} onClose={props.pending ? undefined : props.onClose} fullWidth maxWidth="xs">
      {asset && <MoveForm key={asset.id} asset={asset} {...props} />}
    </Dialog>
  );
}

function MoveForm({ asset, folders, pending, onClose, onMove }: MoveAssetDialogProps & { asset: Asset }) {
  const t = useT();
  const [target, setTarget] = useState<string | null>(asset.folder_id);
  const listLabel = useId();
  const choices: { id: string | null; name: string }[] = [{ id: null, name: LIBRARY_TEXT.allAssets }, ...folders];
  const targetName = choices.find((choice) => choice.id === target)?.name ?? LIBRARY_TEXT.allAssets;

  return (
    <>
      <DialogTitle>{t('library.move.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText id={listLabel} sx={{ mb: 1, overflowWrap: 'anywhere' }}>
          {t('library.move.choose', { name: asset.name })}
        </DialogContentText>
        <List role="listbox" aria-labelledby={listLabel} dense sx={{ maxHeight: 320, overflowY: 'auto' }}>
          {choices.map((choice) => (
            <ListItemButton
              key={choice.id ?? 'all'}
              role="option"
              aria-selected={choice.id === target}
              selected={choice.id === target}
              onClick={() => setTarget(choice.id)}
            >
              <ListItemIcon sx={{ minWidth: 36 }}>
                {choice.id ? <FolderOutlinedIcon fontSize="small" /> : <PhotoLibraryOutlinedIcon fontSize="small" />}
              </ListItemIcon>
              <ListItemText primary={choice.name} />
            </ListItemButton>
          ))}
        </List>
        {folders.length === 0 && (
          <DialogContentText variant="body2" sx={{ mt: 1 }}>
            {t('library.move.noFolders')}
          </DialogContentText>
        )}
      </DialogContent>
      <PendingDialogActions
        pending={pending}
        onCancel={onClose}
        actionLabel={t('library.move.submit')}
        actionDisabled={target === asset.folder_id}
        onAction={() => onMove(target, targetName)}
      />
    </>
  );
}
