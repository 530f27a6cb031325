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
          toast({ title: 'Profile updated' });
        },
      },
    );
  };

  const uploadAvatar = (file: File) =>
    upload.mutate(file, {
      onSuccess: () => toast({ title: 'Avatar updated' }),
      onError: (error) => toast({ title: 'Avatar upload failed', description: getErrorMessage(error, 'Please try another image.'), variant: 'destructive' }),
    });

  return (
    <SettingsCard title="Profile" description="How your team sees you.">
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Avatar src={account.avatar_url ?? undefined} alt={account.username} sx={{ width: 64, height: 64 }} data-testid="profile-avatar">
          {account.username.charAt(0).toUpperCase()}
        </Avatar>
        <ImageUploadButton label="Upload avatar" onFile={uploadAvatar} loading={upload.isPending} />
      </Stack>
      <Stack component="form" spacing={2} noValidate onSubmit={handleSubmit(onSubmit)} aria-label="Profile">
        {update.isError && <Alert severity="error">{getErrorMessage(update.error, 'Could not save your profile. Please try again.')}</Alert>}
        <FormTextField control={control} name="username" label="Username" autoComplete="username" fullWidth />
        <FormTextField
          control={control}
          name="email"
          label="Email"
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
            label="Current password"
            type="password"
            autoComplete="current-password"
            helperText="Required to change your email"
            fullWidth
          />
        )}
        <FormTextField control={control} name="bio" label="Bio" multiline minRows={3} fullWidth />
        <Box>
          <Button type="submit" variant="contained" loading={update.isPending}>
            Save profile
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
  const { control, handleSubmit, reset } = useForm<PasswordValues>({
    resolver: zodResolver(passwordSchema),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });
  if (!account.has_password) {
    return (
      <SettingsCard title="Password">
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
        toast({ title: 'Password updated', description: USER_MESSAGES.passwordChanged });
      },
    });
  return (
    <SettingsCard title="Password" description="Changing it signs you out everywhere else.">
      <Stack component="form" spacing={2} noValidate onSubmit={handleSubmit(onSubmit)} aria-label="Change password">
        {change.isError && <Alert severity="error">{getErrorMessage(change.error, 'Could not change your password. Please try again.')}</Alert>}
        <FormTextField control={control} name="currentPassword" label="Current password" type="password" autoComplete="current-password" fullWidth />
        <FormTextField control={control} name="newPassword" label="New password" type="password" autoComplete="new-password" fullWidth />
        <FormTextField control={control} name="confirmPassword" label="Confirm new password" type="password" autoComplete="new-password" fullWidth />
        <Box>
          <Button type="submit" variant="contained" loading={change.isPending}>
            Update password
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
  const close = () => {
    setOpen(false);
    setPassword('');
    setConfirm('');
    remove.reset();
  };
  const confirmed = confirm === DELETE_ACCOUNT_CONFIRMATION && (!account.has_password || password.length > 0);
  const submit = () =>
    remove.mutate({ confirm: DELETE_ACCOUNT_CONFIRMATION, ...(account.has_password ? { password } : {}) }, { onSuccess: () => toast({ title: 'Account deleted' }) });

  return (
    <SettingsCard title="Danger Zone" tone="danger" description="Deleting your account removes it and signs you out everywhere. This cannot be undone.">
      <Box>
        <Button variant="outlined" color="error" onClick={() => setOpen(true)}>
          Delete account
        </Button>
      </Box>
      <Dialog open={open} onClose={close} aria-labelledby="delete-account-title" fullWidth maxWidth="xs">
        <DialogTitle id="delete-account-title">Delete your account?</DialogTitle>
        <DialogContent>
          <Stack spacing={2}>
            <DialogContentText>
              Your account and sessions are removed. If you are the only member of your organization, it is deleted too, with its files, brand profiles
              and Meta connection, and its subscription is cancelled. An owner of an organization with other members must first make another member an
              owner.
            </DialogContentText>
            {remove.isError && <Alert severity="error">{getErrorMessage(remove.error, 'Could not delete your account. Please try again.')}</Alert>}
            {account.has_password && (
              <TextField label="Password" type="password" autoComplete="current-password" value={password} onChange={(event) => setPassword(event.target.value)} fullWidth />
            )}
            <TextField
              label={`Type ${DELETE_ACCOUNT_CONFIRMATION} to confirm`}
              value={confirm}
              onChange={(event) => setConfirm(event.target.value)}
              autoComplete="off"
              fullWidth
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>Cancel</Button>
          <Button color="error" variant="contained" disabled={!confirmed} loading={remove.isPending} onClick={submit}>
            Delete account
          </Button>
        </DialogActions>
      </Dialog>
    </SettingsCard>
  );
}

export function ProfileTab() {
  const account = useAccount();
  if (account.isError) return <Alert severity="error">{getErrorMessage(account.error, 'Could not load your profile. Please try again.')}</Alert>;
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
