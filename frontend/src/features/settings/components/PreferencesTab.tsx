import { LANGUAGE_LABELS, LANGUAGES, type Language, type UpdatePreferencesRequest } from '@brandloom/contracts';
import { Alert, FormControlLabel, FormHelperText, MenuItem, Skeleton, Stack, Switch, TextField } from '@mui/material';
import { useState } from 'react';
import { getErrorMessage } from '../../../lib/api';
import { notificationPermission, requestNotificationPermission, type NotificationPermissionState } from '../../../lib/notifications';
import { usePreferences, useUpdatePreferences } from '../../../lib/preferences';
import { toast } from '../../../lib/toast';
import { SettingsCard } from './SettingsCard';

const PERMISSION_NOTES: Partial<Record<NotificationPermissionState, string>> = {
  denied: 'Your browser blocks notifications from this site. Allow them in the site settings to receive them.',
  unsupported: 'This browser cannot show notifications.',
};

/** Settings → Preferences: saved on the account, so they follow you to another browser. */
export function PreferencesTab() {
  const preferences = usePreferences();
  const update = useUpdatePreferences();
  const [permission, setPermission] = useState(notificationPermission);

  if (preferences.isError) return <Alert severity="error">{getErrorMessage(preferences.error, 'Could not load your preferences. Please try again.')}</Alert>;
  if (!preferences.data) return <Skeleton variant="rounded" height={240} data-testid="preferences-loading" />;
  const values = preferences.data;

  const save = (changes: UpdatePreferencesRequest) =>
    update.mutate(changes, {
      onError: (error) => toast({ title: 'Could not save your preferences', description: getErrorMessage(error, 'Please try again.'), variant: 'destructive' }),
    });

  const toggleBrowserNotifications = async (on: boolean) => {
    if (on && permission === 'default') setPermission(await requestNotificationPermission());
    save({ browser_notifications: on });
  };

  return (
    <SettingsCard title="Preferences" description="Saved to your account.">
      <Stack spacing={2}>
        <FormControlLabel control={<Switch checked={values.dark_mode} onChange={(_, on) => save({ dark_mode: on })} />} label="Dark mode" />
        <div>
          <FormControlLabel
            control={<Switch checked={values.email_notifications} onChange={(_, on) => save({ email_notifications: on })} />}
            label="Email notifications"
          />
          <FormHelperText sx={{ mt: 0 }}>Product news and account mails beyond the ones we must send.</FormHelperText>
        </div>
        <div>
          <FormControlLabel
            control={<Switch checked={values.browser_notifications} onChange={(_, on) => void toggleBrowserNotifications(on)} />}
            label="Browser notifications"
          />
          <FormHelperText sx={{ mt: 0 }}>A notification when a generation or a bulk batch finishes while this tab is in the background.</FormHelperText>
          {values.browser_notifications && PERMISSION_NOTES[permission] && (
            <Alert severity="warning" sx={{ mt: 1 }}>
              {PERMISSION_NOTES[permission]}
            </Alert>
          )}
        </div>
        <TextField
          select
          label="Language"
          value={values.language}
          onChange={(event) => save({ language: event.target.value as Language })}
          sx={{ maxWidth: 280 }}
        >
          {LANGUAGES.map((language) => (
            <MenuItem key={language} value={language} lang={language}>
              {LANGUAGE_LABELS[language]}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
    </SettingsCard>
  );
}
