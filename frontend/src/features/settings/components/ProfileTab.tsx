import { zodResolver } from '@hookform/resolvers/zod';
import {
  AUTH_MESSAGES,
  BIO_MAX_LENGTH,
  DELETE_ACCOUNT_CONFIRMATION,
  PASSWORD_MIN_LENGTH,
  USER_MESSAGES,
  USERNAME_MAX_LENGTH,
  USERNAME_MIN_LENGTH,
  type AccountDto,
} from '@brandloom/contracts';
import { Alert, Avatar, Box, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Skeleton, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { FormTextField } from '../../../components/FormTextField';
import { getErrorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useAccount, useChangePassword, useDeleteAccount, useUpdateProfile, useUploadAvatar } from '../api/account';
import { ImageUploadButton } from './ImageUploadButton';
import { SettingsCard } from './SettingsCard';
import { useT } from '../../../lib/i18n/translate';

const profileSchema = z.object({
  username: z.string().trim().min(USERNAME_MIN_LENGTH, USER_MESSAGES.usernameLength).max(USERNAME_MAX_LENGTH, USER_MESSAGES.usernameLength),
  email: z.string().trim().email(AUTH_MESSAGES.invalidEmail),
  bio: z.string().max(BIO_MAX_LENGTH, USER_MESSAGES.bioTooLong),
  currentPassword: z.string(),
});
type ProfileValues = z.infer<typeof profileSchema>;

function ProfileForm({ account }: { account: AccountDto }) {
  const update = useUpdateProfile();
  const upload = useUploadAvatar();
  const t = useT();
  const { control, handleSubmit, setError, reset } = useForm<ProfileValues>({
    resolver: zodResolver(profileSchema),
    defaultValues: { username: account.username, email: account.email, bio: account.bio ?? '', currentPassword: '' },
  });
  const email = useWatch({ control, name: 'email' });
  const emailChanged = email.trim().toLowerCase() !== account.email.toLowerCase();
  const needsPassword = emailChanged && account.has_password;

  const onSubmit = (values: ProfileValues) => {
    if (needsPassword && !values.currentPassword) {
      setError('currentPassword', { message: USER_MESSAGES.currentPasswordRequired });
      return;
    }
    update.mutate(
      {
        username: values.username,
        bio: values.bio,
        ...(emailChanged ? { email: values.email } : {}),
        ...(needsPassword ? { currentPassword: values.currentPassword } : {}),
      },
      {
        onSuccess: (saved) => {
          reset({ username: saved.username, email: saved.email, bio: saved.bio ?? '', currentPassword: '' });
          toast({ title: t('settings.profile.updated') });
        },
      },
    );
  };

  const uploadAvatar = (file: File) =>
    upload.mutate(file, {
      onSuccess: () => toast({ title: t('settings.profile.avatarUpdated') }),
      onError: (error) => toast({ title: t('settings.profile.avatarFailed'), description: getErrorMessage(error, t('settings.organization.tryAnotherImage')), variant: 'destructive' }),
    });

  return (
    <SettingsCard title={t('settings.tab.profile')} description={t('settings.profile.description')}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Avatar src={account.avatar_url ?? undefined} alt={account.username} sx={{ width: 64, height: 64 }} data-testid="profile-avatar">
          {account.username.charAt(0).toUpperCase()}
        </Avatar>
        <ImageUploadButton label={t('settings.profile.uploadAvatar')} onFile={uploadAvatar} loading={upload.isPending} />
      </Stack>
      <Stack component="form" spacing={2} noValidate onSubmit={handleSubmit(onSubmit)} aria-label={t('settings.tab.profile')}>
        {update.isError && <Alert severity="error">{getErrorMessage(update.error, t('settings.profile.saveError'))}</Alert>}
        <FormTextField control={control} name="username" label={t('common.username')} autoComplete="username" fullWidth />
        <FormTextField
          control={control}
          name="email"
          label={t('common.email')}
          type="email"
          autoComplete="email"
          fullWidth
          helperText={account.has_password ? undefined : USER_MESSAGES.googleEmail}
          slotProps={{ input: { readOnly: !account.has_password } }}
        />
        {needsPassword && (
          <FormTextField
            control={control}
            name="currentPassword"
            label={t('settings.profile.currentPassword')}
            type="password"
            autoComplete="current-password"
            helperText={t('settings.profile.passwordForEmail')}
            fullWidth
          />
        )}
        <FormTextField control={control} name="bio" label={t('settings.profile.bio')} multiline minRows={3} fullWidth />
        <Box>
          <Button type="submit" variant="contained" loading={update.isPending}>
            {t('settings.profile.save')}
          </Button>
        </Box>
      </Stack>
    </SettingsCard>
  );
}

const passwordSchema = z
  .object({
    currentPassword: z.string().min(1, 'Enter your current password'),
    newPassword: z.string().min(PASSWORD_MIN_LENGTH, AUTH_MESSAGES.passwordTooShort),
    confirmPassword: z.string(),
  })
  .refine((values) => values.newPassword === values.confirmPassword, { path: ['confirmPassword'], message: USER_MESSAGES.passwordsDoNotMatch });
type PasswordValues = z.infer<typeof passwordSchema>;

function PasswordForm({ account }: { account: AccountDto }) {
  const change = useChangePassword();
  const t = useT();
  const { control, handleSubmit, reset } = useForm<PasswordValues>({
    resolver: zodResolver(passwordSchema),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });
  if (!account.has_password) {
    return (
      <SettingsCard title={t('common.password')}>
        <Typography variant="body2" color="text.secondary">
          {USER_MESSAGES.noPassword}.
        </Typography>
      </SettingsCard>
    );
  }
  const onSubmit = (values: PasswordValues) =>
    change.mutate(values, {
      onSuccess: () => {
        reset();
        toast({ title: t('settings.profile.passwordUpdated'), description: USER_MESSAGES.passwordChanged });
      },
    });
  return (
    <SettingsCard title={t('common.password')} description={t('settings.profile.passwordDescription')}>
      <Stack component="form" spacing={2} noValidate onSubmit={handleSubmit(onSubmit)} aria-label={t('settings.profile.changePassword')}>
        {change.isError && <Alert severity="error">{getErrorMessage(change.error, t('settings.profile.passwordError'))}</Alert>}
        <FormTextField control={control} name="currentPassword" label={t('settings.profile.currentPassword')} type="password" autoComplete="current-password" fullWidth />
        <FormTextField control={control} name="newPassword" label={t('settings.profile.newPassword')} type="password" autoComplete="new-password" fullWidth />
        <FormTextField control={control} name="confirmPassword" label={t('settings.profile.confirmPassword')} type="password" autoComplete="new-password" fullWidth />
        <Box>
          <Button type="submit" variant="contained" loading={change.isPending}>
            {t('settings.profile.updatePassword')}
          </Button>
        </Box>
      </Stack>
    </SettingsCard>
  );
}

function DangerZone({ account }: { account: AccountDto }) {
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const remove = useDeleteAccount();
  const t = useT();
  const close = () => {
    setOpen(false);
    setPassword('');
    setConfirm('');
    remove.reset();
  };
  const confirmed = confirm === DELETE_ACCOUNT_CONFIRMATION && (!account.has_password || password.length > 0);
  const submit = () =>
    remove.mutate({ confirm: DELETE_ACCOUNT_CONFIRMATION, ...(account.has_password ? { password } : {}) }, { onSuccess: () => toast({ title: t('settings.profile.accountDeleted') }) });

  return (
    <SettingsCard title={t('settings.profile.dangerZone')} tone="danger" description={t('settings.profile.dangerDescription')}>
      <Box>
        <Button variant="outlined" color="error" onClick={() => setOpen(true)}>
          {t('settings.profile.deleteAccount')}
        </Button>
      </Box>
      <Dialog open={open} onClose={close} aria-labelledby="delete-account-title" fullWidth maxWidth="xs">
        <DialogTitle id="delete-account-title">{t('settings.profile.deleteTitle')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2}>
            <DialogContentText>
              {t('settings.profile.deleteText')}
            </DialogContentText>
            {remove.isError && <Alert severity="error">{getErrorMessage(remove.error, t('settings.profile.deleteError'))}</Alert>}
            {account.has_password && (
              <TextField label={t('common.password')} type="password" autoComplete="current-password" value={password} onChange={(event) => setPassword(event.target.value)} fullWidth />
            )}
            <TextField
              label={t('settings.profile.typeToConfirm', { word: DELETE_ACCOUNT_CONFIRMATION })}
              value={confirm}
              onChange={(event) => setConfirm(event.target.value)}
              autoComplete="off"
              fullWidth
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>{t('common.cancel')}</Button>
          <Button color="error" variant="contained" disabled={!confirmed} loading={remove.isPending} onClick={submit}>
            {t('settings.profile.deleteAccount')}
          </Button>
        </DialogActions>
      </Dialog>
    </SettingsCard>
  );
}

export function ProfileTab() {
  const account = useAccount();
  const t = useT();
  if (account.isError) return <Alert severity="error">{getErrorMessage(account.error, t('settings.profile.loadError'))}</Alert>;
  // A screen tall while it loads: the three cards are taller still, so what follows the tab starts below the fold and never jumps.
  if (!account.data) return <Skeleton variant="rounded" height="100vh" data-testid="profile-loading" />;
  return (
    <Stack spacing={3}>
      <ProfileForm key={account.data.id} account={account.data} />
      <PasswordForm account={account.data} />
      <DangerZone account={account.data} />
    </Stack>
  );
}
