import { LANGUAGE_LABELS, LANGUAGES, type Language, type UpdatePreferencesRequest } from '@brandloom/contracts';
import { Alert, FormControlLabel, FormHelperText, MenuItem, Skeleton, Stack, Switch, TextField } from '@mui/material';
import { useState } from 'react';
import { getErrorMessage } from '../../../lib/api';
import { useT, type MessageKey } from '../../../lib/i18n/translate';
import { notificationPermission, requestNotificationPermission, type NotificationPermissionState } from '../../../lib/notifications';
import { usePreferences, useUpdatePreferences } from '../../../lib/preferences';
import { toast } from '../../../lib/toast';
import { SettingsCard } from './SettingsCard';

const PERMISSION_NOTES: Partial<Record<NotificationPermissionState, MessageKey>> = {
  denied: 'settings.preferences.notificationsDenied',
  unsupported: 'settings.preferences.notificationsUnsupported',
};

/** Settings → Preferences: saved on the account, so they follow you to another browser. */
export function PreferencesTab() {
  const preferences = usePreferences();
  const update = useUpdatePreferences();
  const [permission, setPermission] = useState(notificationPermission);
  const t = useT();

  if (preferences.isError) return <Alert severity="error">{getErrorMessage(preferences.error, t('settings.preferences.loadError'))}</Alert>;
  if (!preferences.data) return <Skeleton variant="rounded" height={240} data-testid="preferences-loading" />;
  const values = preferences.data;

  const save = (changes: UpdatePreferencesRequest) =>
    update.mutate(changes, {
      onError: (error) => toast({ title: t('settings.preferences.saveError'), description: getErrorMessage(error, t('common.pleaseTryAgain')), variant: 'destructive' }),
    });

  const toggleBrowserNotifications = async (on: boolean) => {
    if (on && permission === 'default') setPermission(await requestNotificationPermission());
    save({ browser_notifications: on });
  };

  return (
    <SettingsCard title={t('settings.preferences.title')} description={t('settings.preferences.description')}>
      <Stack spacing={2}>
        <FormControlLabel control={<Switch checked={values.dark_mode} onChange={(_, on) => save({ dark_mode: on })} />} label={t('settings.preferences.darkMode')} />
        <div>
          <FormControlLabel
            control={<Switch checked={values.email_notifications} onChange={(_, on) => save({ email_notifications: on })} />}
            label={t('settings.preferences.emailNotifications')}
          />
          <FormHelperText sx={{ mt: 0 }}>{t('settings.preferences.emailNotificationsHint')}</FormHelperText>
        </div>
        <div>
          <FormControlLabel
            control={<Switch checked={values.browser_notifications} onChange={(_, on) => void toggleBrowserNotifications(on)} />}
            label={t('settings.preferences.browserNotifications')}
          />
          <FormHelperText sx={{ mt: 0 }}>{t('settings.preferences.browserNotificationsHint')}</FormHelperText>
          {values.browser_notifications && PERMISSION_NOTES[permission] && (
            <Alert severity="warning" sx={{ mt: 1 }}>
              {t(PERMISSION_NOTES[permission]!)}
            </Alert>
          )}
        </div>
        <TextField
          select
          label={t('settings.preferences.language')}
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
