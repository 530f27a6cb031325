import { API_KEY_NAME_MAX_LENGTH, API_KEY_SCOPE_DESCRIPTIONS, API_KEY_SCOPES, canManageTeam, type ApiKeyDto, type ApiKeyScope, type CreatedApiKeyDto } from '@brandloom/contracts';
import KeyIcon from '@mui/icons-material/Key';
import {
  Alert,
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { CheckboxFieldset } from '../../../components/CheckboxFieldset';
import { scrollShadowsSx } from '../../../components/scrollShadowsSx';
import { getErrorMessage } from '../../../lib/api';
import { useOrganization } from '../../../lib/auth';
import { formatDate } from '../../../lib/i18n/format';
import { toast } from '../../../lib/toast';
import { useApiKeys, useCreateApiKey, useRevokeApiKey } from '../api/apiKeys';
import { useMyRole } from './OrganizationTab';
import { SettingsCard } from './SettingsCard';
import { ConfirmDialog } from '../../../components/ConfirmDialog';

const DATE = { month: 'short', day: 'numeric', year: 'numeric' } as const;

async function copyKey(key: string): Promise<void> {
  try {
    if (!navigator.clipboard?.writeText) throw new Error('Clipboard unavailable');
    await navigator.clipboard.writeText(key);
    toast({ title: 'Key copied', description: 'The API key is on your clipboard.' });
  } catch {
    toast({ title: 'Could not copy the key', description: 'Select the key and copy it yourself.', variant: 'destructive' });
  }
}

/** Name and scopes, then the new key, shown this once. */
function CreateKeyDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiKeyScope[]>([]);
  const [touched, setTouched] = useState(false);
  const [created, setCreated] = useState<CreatedApiKeyDto | null>(null);
  const create = useCreateApiKey();
  const nameError = touched && !name.trim() ? 'Name is required' : undefined;
  const scopesError = touched && scopes.length === 0 ? 'Choose at least one scope' : undefined;
  const close = () => {
    setName('');
    setScopes([]);
    setTouched(false);
    setCreated(null);
    create.reset();
    onClose();
  };
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!name.trim() || scopes.length === 0) return;
    create.mutate({ name: name.trim(), scopes }, { onSuccess: setCreated });
  };

  if (created) {
    return (
      <Dialog open={open} onClose={close} aria-labelledby="api-key-created-title" fullWidth maxWidth="sm">
        <DialogTitle id="api-key-created-title">Your new API key</DialogTitle>
        <DialogContent>
          <Stack spacing={2}>
            <Alert severity="warning">Copy it now: this is the only time it is shown. We keep only a fingerprint of it.</Alert>
            <TextField
              label={created.name}
              value={created.key}
              fullWidth
              multiline
              slotProps={{ htmlInput: { readOnly: true, 'aria-label': 'New API key', style: { fontFamily: 'monospace', wordBreak: 'break-all' } } }}
              onFocus={(event) => event.target.select()}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => void copyKey(created.key)}>Copy key</Button>
          <Button variant="contained" onClick={close}>
            Done
          </Button>
        </DialogActions>
      </Dialog>
    );
  }

  return (
    <Dialog open={open} onClose={close} aria-labelledby="api-key-create-title" fullWidth maxWidth="sm">
      <Box component="form" noValidate onSubmit={submit}>
        <DialogTitle id="api-key-create-title">Create an API key</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <DialogContentText>A key acts for this organization with the scopes you choose. Anyone holding it can spend your credits within them.</DialogContentText>
            {create.isError && <Alert severity="error">{getErrorMessage(create.error, 'Could not create the key. Please try again.')}</Alert>}
            <TextField
              label="Name"
              value={name}
              onChange={(event) => setName(event.target.value)}
              onBlur={() => setTouched(true)}
              error={!!nameError}
              helperText={nameError ?? 'What the key is for, e.g. "Product feed sync"'}
              slotProps={{ htmlInput: { maxLength: API_KEY_NAME_MAX_LENGTH } }}
              autoComplete="off"
              fullWidth
              autoFocus
            />
            <CheckboxFieldset legend="Scopes" options={API_KEY_SCOPES} descriptions={API_KEY_SCOPE_DESCRIPTIONS} value={scopes} onChange={setScopes} error={scopesError} />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>Cancel</Button>
          <Button type="submit" variant="contained" loading={create.isPending}>
            Create key
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

function RevokeKeyDialog({ apiKey, onClose }: { apiKey: ApiKeyDto | null; onClose: () => void }) {
  const revoke = useRevokeApiKey();
  return (
    <ConfirmDialog
      open={!!apiKey}
      title={`Revoke ${apiKey?.name ?? ''}?`}
      message="Requests with this key are refused from now on. This cannot be undone."
      confirmLabel="Revoke"
      pending={revoke.isPending}
      onClose={onClose}
      onConfirm={() =>
        apiKey &&
        revoke.mutate(apiKey.id, {
          onSuccess: () => {
            toast({ title: 'API key revoked' });
            onClose();
          },
          onError: (error) => toast({ title: 'Could not revoke the key', description: getErrorMessage(error, 'Please try again.'), variant: 'destructive' }),
        })
      }
    />
  );
}

function KeyList({ onRevoke }: { onRevoke: (key: ApiKeyDto) => void }) {
  const keys = useApiKeys(true);
  if (keys.isError) return <Alert severity="error">{getErrorMessage(keys.error, 'Could not load the API keys. Please try again.')}</Alert>;
  if (!keys.data) return <Skeleton variant="rounded" height={80} data-testid="api-keys-loading" />;
  if (!keys.data.length) return <Typography color="text.secondary">No API keys yet.</Typography>;
  return (
    <TableContainer tabIndex={0} role="region" aria-label="API keys table" sx={scrollShadowsSx}>
      <Table size="small" aria-label="API keys">
        <TableHead>
          <TableRow>
            <TableCell>Name</TableCell>
            <TableCell>Key</TableCell>
            <TableCell>Scopes</TableCell>
            <TableCell>Created</TableCell>
            <TableCell>Last used</TableCell>
            <TableCell align="right">Actions</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
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
                  by {key.created_by?.email ?? 'a former member'}
                </Typography>
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{key.last_used_at ? formatDate(key.last_used_at, DATE) : 'Never'}</TableCell>
              <TableCell align="right">
                <Button size="small" color="error" onClick={() => onRevoke(key)} aria-label={`Revoke ${key.name}`}>
                  Revoke
                </Button>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** Settings → API access: owners and admins create keys to the public API, see them listed and revoke them. */
export function ApiAccessSection() {
  const { data } = useOrganization();
  const manage = canManageTeam(useMyRole(data));
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiKeyDto | null>(null);
  return (
    <SettingsCard
      title="API access"
      description={
        <>
          Keys for the Brandloom API (<code>/api/v1</code>, sent as <code>Authorization: Bearer bl_…</code>). See the API guide in the docs for scopes, limits and examples.
        </>
      }
    >
      {!data ? (
        <Skeleton variant="rounded" height={80} />
      ) : manage ? (
        <Stack spacing={2}>
          <Box>
            <Button variant="contained" startIcon={<KeyIcon />} onClick={() => setCreating(true)}>
              Create key
            </Button>
          </Box>
          <KeyList onRevoke={setRevoking} />
          <CreateKeyDialog open={creating} onClose={() => setCreating(false)} />
          <RevokeKeyDialog apiKey={revoking} onClose={() => setRevoking(null)} />
        </Stack>
      ) : (
        <Typography color="text.secondary">Only owners and admins can manage API keys.</Typography>
      )}
    </SettingsCard>
  );
}
