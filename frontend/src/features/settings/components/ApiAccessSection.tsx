import { API_KEY_NAME_MAX_LENGTH, API_KEY_SCOPES, canManageTeam, type ApiKeyDto, type ApiKeyScope, type CreatedApiKeyDto } from '@brandloom/contracts';
import KeyIcon from '@mui/icons-material/Key';
import {
  Alert,
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Skeleton,
  Stack,
  TableCell,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { CheckboxFieldset } from '../../../components/CheckboxFieldset';
import { FormDialog } from '../../../components/FormDialog';
import { getErrorMessage } from '../../../lib/api';
import { useOrganization } from '../../../lib/auth';
import { formatDate } from '../../../lib/i18n/format';
import { translate, useRichT, useT } from '../../../lib/i18n/translate';
import { toast } from '../../../lib/toast';
import { useApiKeys, useCreateApiKey, useRevokeApiKey } from '../api/apiKeys';
import { useMyRole } from './OrganizationTab';
import { ConfirmRemovalDialog } from './ConfirmRemovalDialog';
import { SettingsCard } from './SettingsCard';
import { SettingsTable } from './SettingsTable';

const DATE = { month: 'short', day: 'numeric', year: 'numeric' } as const;

async function copyKey(key: string): Promise<void> {
  try {
    if (!navigator.clipboard?.writeText) throw new Error('Clipboard unavailable');
    await navigator.clipboard.writeText(key);
    toast({ title: translate('settings.apiKeys.copied'), description: translate('settings.apiKeys.copiedText') });
  } catch {
    toast({ title: translate('settings.apiKeys.copyFailed'), description: translate('settings.apiKeys.copyFailedText'), variant: 'destructive' });
  }
}

/** Name and scopes, then the new key, shown this once. */
function CreateKeyDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiKeyScope[]>([]);
  const [touched, setTouched] = useState(false);
  const [created, setCreated] = useState<CreatedApiKeyDto | null>(null);
  const create = useCreateApiKey();
  const t = useT();
  const nameError = touched && !name.trim() ? t('settings.apiKeys.nameRequired') : undefined;
  const scopesError = touched && scopes.length === 0 ? t('settings.apiKeys.scopesRequired') : undefined;
  const close = () => {
    setName('');
    setScopes([]);
    setTouched(false);
    setCreated(null);
    create.reset();
    onClose();
  };
  const submit = () => {
    setTouched(true);
    if (!name.trim() || scopes.length === 0) return;
    create.mutate({ name: name.trim(), scopes }, { onSuccess: setCreated });
  };

  if (created) {
    return (
      <Dialog open={open} onClose={close} aria-labelledby="api-key-created-title" fullWidth maxWidth="sm">
        <DialogTitle id="api-key-created-title">{t('settings.apiKeys.createdTitle')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2}>
            <Alert severity="warning">{t('settings.apiKeys.createdWarning')}</Alert>
            <TextField
              label={created.name}
              value={created.key}
              fullWidth
              multiline
              slotProps={{ htmlInput: { readOnly: true, 'aria-label': t('settings.apiKeys.newKey'), style: { fontFamily: 'monospace', wordBreak: 'break-all' } } }}
              onFocus={(event) => event.target.select()}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => void copyKey(created.key)}>{t('settings.apiKeys.copy')}</Button>
          <Button variant="contained" onClick={close}>
            {t('settings.apiKeys.done')}
          </Button>
        </DialogActions>
      </Dialog>
    );
  }

  return (
    <FormDialog
      open={open}
      title={t('settings.apiKeys.createTitle')}
      intro={t('settings.apiKeys.createText')}
      error={create.isError ? getErrorMessage(create.error, t('settings.apiKeys.createError')) : undefined}
      submitLabel={t('settings.apiKeys.create')}
      pending={create.isPending}
      onClose={close}
      onSubmit={submit}
    >
      <TextField
        label={t('settings.apiKeys.name')}
        value={name}
        onChange={(event) => setName(event.target.value)}
        onBlur={() => setTouched(true)}
        error={!!nameError}
        helperText={nameError ?? t('settings.apiKeys.nameHint')}
        slotProps={{ htmlInput: { maxLength: API_KEY_NAME_MAX_LENGTH } }}
        autoComplete="off"
        fullWidth
        autoFocus
      />
      <CheckboxFieldset
        legend={t('settings.apiKeys.scopes')}
        options={API_KEY_SCOPES}
        descriptions={Object.fromEntries(API_KEY_SCOPES.map((scope) => [scope, t(`settings.apiKeys.scope.${scope}`)])) as Record<(typeof API_KEY_SCOPES)[number], string>}
        value={scopes}
        onChange={setScopes}
        error={scopesError}
      />
    </FormDialog>
  );
}

function RevokeKeyDialog({ apiKey, onClose }: { apiKey: ApiKeyDto | null; onClose: () => void }) {
  const revoke = useRevokeApiKey();
  const t = useT();
  return (
    <ConfirmRemovalDialog
      item={apiKey}
      removal={revoke}
      title={t('settings.apiKeys.revokeTitle', { name: apiKey?.name ?? '' })}
      message={t('settings.apiKeys.revokeText')}
      confirmLabel={t('settings.apiKeys.revoke')}
      removedToast="settings.apiKeys.revoked"
      failedToast="settings.apiKeys.revokeFailed"
      onClose={onClose}
    />
  );
}

function KeyList({ onRevoke }: { onRevoke: (key: ApiKeyDto) => void }) {
  const keys = useApiKeys(true);
  const t = useT();
  if (keys.isError) return <Alert severity="error">{getErrorMessage(keys.error, t('settings.apiKeys.loadError'))}</Alert>;
  if (!keys.data) return <Skeleton variant="rounded" height={80} data-testid="api-keys-loading" />;
  if (!keys.data.length) return <Typography color="text.secondary">{t('settings.apiKeys.empty')}</Typography>;
  return (
    <SettingsTable
      regionLabel={t('settings.apiKeys.table')}
      label={t('settings.apiKeys.keys')}
      columns={[t('settings.apiKeys.name'), t('settings.apiKeys.key'), t('settings.apiKeys.scopes'), t('settings.apiKeys.created'), t('settings.apiKeys.lastUsed')]}
      size="small"
    >
      {keys.data.map((key) => (
        <TableRow key={key.id} data-testid="api-key-row">
          <TableCell sx={{ minWidth: 120 }}>{key.name}</TableCell>
          <TableCell sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>{key.prefix}…</TableCell>
          <TableCell>
            <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5, minWidth: 160 }}>
              {key.scopes.map((scope) => (
                <Chip key={scope} label={scope} size="small" variant="outlined" />
              ))}
            </Stack>
          </TableCell>
          <TableCell sx={{ minWidth: 140 }}>
            <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
              {formatDate(key.created_at, DATE)}
            </Box>
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {key.created_by ? t('settings.apiKeys.by', { email: key.created_by.email }) : t('settings.apiKeys.formerMember')}
            </Typography>
          </TableCell>
          <TableCell sx={{ whiteSpace: 'nowrap' }}>{key.last_used_at ? formatDate(key.last_used_at, DATE) : t('settings.apiKeys.never')}</TableCell>
          <TableCell align="right">
            <Button size="small" color="error" onClick={() => onRevoke(key)} aria-label={t('settings.apiKeys.revokeLabel', { name: key.name })}>
              {t('settings.apiKeys.revoke')}
            </Button>
          </TableCell>
        </TableRow>
      ))}
    </SettingsTable>
  );
}

/** Settings → API access: owners and admins create keys to the public API, see them listed and revoke them. */
export function ApiAccessSection() {
  const { data } = useOrganization();
  const manage = canManageTeam(useMyRole(data));
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiKeyDto | null>(null);
  const t = useT();
  const rich = useRichT();
  return (
    <SettingsCard
      title={t('settings.apiKeys.title')}
      description={rich('settings.apiKeys.description', { path: <code key="path">/api/v1</code>, header: <code key="header">Authorization: Bearer bl_…</code> })}
    >
      {!data ? (
        <Skeleton variant="rounded" height={80} />
      ) : manage ? (
        <Stack spacing={2}>
          <Box>
            <Button variant="contained" startIcon={<KeyIcon />} onClick={() => setCreating(true)}>
              {t('settings.apiKeys.create')}
            </Button>
          </Box>
          <KeyList onRevoke={setRevoking} />
          <CreateKeyDialog open={creating} onClose={() => setCreating(false)} />
          <RevokeKeyDialog apiKey={revoking} onClose={() => setRevoking(null)} />
        </Stack>
      ) : (
        <Typography color="text.secondary">{t('settings.apiKeys.managersOnly')}</Typography>
      )}
    </SettingsCard>
  );
}
