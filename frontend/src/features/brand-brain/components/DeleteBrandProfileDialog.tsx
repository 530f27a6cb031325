import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useT } from '../../../lib/i18n/translate';
import { toast } from '../../../lib/toast';
import { errorMessage } from '../api/errors';
import { useDeleteBrandProfile } from '../api/mutations';
import { BRAND_MESSAGES } from '../constants';
import type { BrandProfileDto } from '@brandloom/contracts';

interface DeleteBrandProfileDialogProps {
  profile: BrandProfileDto | null;
  onClose: () => void;
  onDeleted?: () => void;
}

/** The delete confirmation and its toasts. */
export function DeleteBrandProfileDialog({ profile, onClose, onDeleted }: DeleteBrandProfileDialogProps) {
  const remove = useDeleteBrandProfile();
  const t = useT();

  const confirm = () => {
    if (!profile) return;
    remove.mutate(profile.id, {
      onSuccess: () => {
        toast({ title: BRAND_MESSAGES.deletedTitle, description: BRAND_MESSAGES.deletedText });
        onClose();
        onDeleted?.();
      },
      onError: (error) => {
        toast({ title: BRAND_MESSAGES.deleteFailed, description: errorMessage(error, BRAND_MESSAGES.deleteFailed), variant: 'destructive' });
        onClose();
      },
    });
  };

  return (
    <Dialog
      open={!!profile}
      onClose={remove.isPending ? undefined : onClose}
      maxWidth="xs"
      fullWidth
      aria-labelledby="delete-brand-profile-title"
      aria-describedby="delete-brand-profile-text"
    >
      <DialogTitle id="delete-brand-profile-title">{profile ? t('brandBrain.delete.title', { name: profile.name }) : t('brandBrain.delete.titleNoName')}</DialogTitle>
      <DialogContent>
        <DialogContentText id="delete-brand-profile-text">{BRAND_MESSAGES.deleteConfirm}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={remove.isPending}>
          {t('common.cancel')}
        </Button>
        <Button color="error" variant="contained" onClick={confirm} disabled={remove.isPending}>
          {remove.isPending ? t('brandBrain.delete.deleting') : t('common.delete')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
