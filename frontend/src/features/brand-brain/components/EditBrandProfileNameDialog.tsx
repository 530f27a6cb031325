import { Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useT } from '../../../lib/i18n/translate';
import { toast } from '../../../lib/toast';
import { errorMessage } from '../api/errors';
import { useUpdateBrandProfile } from '../api/mutations';
import { BRAND_MESSAGES, BRAND_PROFILE_NAME_MAX_LENGTH, BRAND_PROFILE_NAME_MIN_LENGTH } from '../constants';
import type { BrandProfileDto } from '@brandloom/contracts';

interface EditBrandProfileNameDialogProps {
  profile: BrandProfileDto | null;
  onClose: () => void;
}

/** 'Edit Brand Profile Name' with its toasts. */
export function EditBrandProfileNameDialog({ profile, onClose }: EditBrandProfileNameDialogProps) {
  const update = useUpdateBrandProfile();
  const pending = update.isPending;
  return (
    <Dialog open={!!profile} onClose={pending ? undefined : onClose} fullWidth maxWidth="xs" aria-labelledby="edit-brand-profile-name-title">
      {profile && <EditNameForm key={profile.id} profile={profile} update={update} onClose={onClose} />}
    </Dialog>
  );
}

function EditNameForm({
  profile,
  update,
  onClose,
}: {
  profile: BrandProfileDto;
  update: ReturnType<typeof useUpdateBrandProfile>;
  onClose: () => void;
}) {
  const [name, setName] = useState(profile.name);
  const [error, setError] = useState<string | null>(null);
  const t = useT();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.replace(/\s+/g, ' ').trim();
    if (trimmed.length < BRAND_PROFILE_NAME_MIN_LENGTH) return setError(BRAND_MESSAGES.nameTooShort);
    if (trimmed.length > BRAND_PROFILE_NAME_MAX_LENGTH) return setError(BRAND_MESSAGES.nameTooLong);
    if (trimmed === profile.name) return onClose();
    update.mutate(
      { id: profile.id, name: trimmed },
      {
        onSuccess: () => {
          toast({ title: BRAND_MESSAGES.updatedTitle, description: BRAND_MESSAGES.updatedText });
          onClose();
        },
        onError: (err) => {
          toast({ title: BRAND_MESSAGES.updateFailed, description: errorMessage(err, BRAND_MESSAGES.updateFailed), variant: 'destructive' });
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <DialogTitle id="edit-brand-profile-name-title">{t('brandBrain.rename.title')}</DialogTitle>
      <DialogContent>
        <TextField
          autoFocus
          fullWidth
          margin="dense"
          label={t('brandBrain.rename.label')}
          placeholder={t('brandBrain.rename.placeholder')}
          value={name}
          onChange={(event) => {
            setName(event.target.value);
            setError(null);
          }}
          error={!!error}
          helperText={error ?? ' '}
          disabled={update.isPending}
          slotProps={{ htmlInput: { maxLength: BRAND_PROFILE_NAME_MAX_LENGTH } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={update.isPending}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" variant="contained" disabled={update.isPending}>
          {update.isPending ? t('brandBrain.saving') : t('brandBrain.saveChanges')}
        </Button>
      </DialogActions>
    </form>
  );
}
