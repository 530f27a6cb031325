import {
  canManageTeam,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_SIGNATURE_HEADER,
  type CreatedWebhookEndpointDto,
  type WebhookDeliveryDto,
  type WebhookDeliveryStatus,
  type WebhookEndpointDto,
  type WebhookEventType,
} from '@brandloom/contracts';
import AddIcon from '@mui/icons-material/Add';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
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
  FormControlLabel,
  Skeleton,
  Stack,
  Switch,
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
import { translate, useRichT, useT, type MessageKey, type Translate } from '../../../lib/i18n/translate';
import { failureToast, toast } from '../../../lib/toast';
import {
  useCreateWebhookEndpoint,
  useDeleteWebhookEndpoint,
  useResendDelivery,
  useSendTestEvent,
  useUpdateWebhookEndpoint,
  useWebhookDeliveries,
  useWebhookEndpoints,
} from '../api/webhooks';
import { useMyRole } from './OrganizationTab';
import { ConfirmRemovalDialog } from './ConfirmRemovalDialog';
import { SettingsCard } from './SettingsCard';
import { SettingsTable } from './SettingsTable';

const HTTP_URL = /^https?:\/\/\S+$/i;

const STATUS_LABELS: Record<WebhookDeliveryStatus, MessageKey> = {
  pending: 'settings.webhooks.status.pending',
  sending: 'settings.webhooks.status.sending',
  succeeded: 'settings.webhooks.status.succeeded',
  failed: 'settings.webhooks.status.failed',
  skipped: 'settings.webhooks.status.skipped',
};
const STATUS_COLORS: Record<WebhookDeliveryStatus, 'default' | 'success' | 'error' | 'info'> = { pending: 'info', sending: 'info', succeeded: 'success', failed: 'error', skipped: 'default' };
/** Why Brandloom disabled an endpoint: the server stores its own words; the one reason it gives is said in the active language. */
const AFTER_FAILURES = /^Disabled after (\d+) failed attempts/;
const disabledReason = (reason: string, t: Translate) => {
  const match = AFTER_FAILURES.exec(reason);
  return match ? t('settings.webhooks.disabledAfterFailures', { attempts: Number(match[1]) }) : reason;
};
const when = (iso: string) => formatDate(iso, { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', second: '2-digit' });

function AddEndpointDialog({ open, onClose, onCreated }: { open: boolean; onClose: () => void; onCreated: (endpoint: CreatedWebhookEndpointDto) => void }) {
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEventType[]>([]);
  const [touched, setTouched] = useState(false);
  const create = useCreateWebhookEndpoint();
  const t = useT();
  const urlError = touched && !HTTP_URL.test(url.trim()) ? t('settings.webhooks.urlInvalid') : undefined;
  const eventsError = touched && events.length === 0 ? t('settings.webhooks.eventsRequired') : undefined;
  const close = () => {
    setUrl('');
    setEvents([]);
    setTouched(false);
    create.reset();
    onClose();
  };
  const submit = () => {
    setTouched(true);
    if (!HTTP_URL.test(url.trim()) || events.length === 0) return;
    create.mutate(
      { url: url.trim(), events },
      {
        onSuccess: (endpoint) => {
          close();
          onCreated(endpoint);
        },
      },
    );
  };
  return (
    <FormDialog
      open={open}
      title={t('settings.webhooks.addTitle')}
      error={create.isError ? getErrorMessage(create.error, t('settings.webhooks.addError')) : undefined}
      submitLabel={t('settings.webhooks.add')}
      pending={create.isPending}
      onClose={close}
      onSubmit={submit}
    >
      <TextField
        label={t('settings.webhooks.url')}
        type="url"
        placeholder="https://example.com/brandloom-webhook"
        value={url}
        onChange={(event) => setUrl(event.target.value)}
        onBlur={() => setTouched(true)}
        error={!!urlError}
        helperText={urlError ?? t('settings.webhooks.urlHint')}
        autoComplete="off"
        fullWidth
        autoFocus
      />
      <CheckboxFieldset
        legend={t('settings.webhooks.events')}
        options={WEBHOOK_EVENT_TYPES}
        descriptions={Object.fromEntries(WEBHOOK_EVENT_TYPES.map((type) => [type, t(`settings.webhooks.event.${type}`)])) as Record<(typeof WEBHOOK_EVENT_TYPES)[number], string>}
        value={events}
        onChange={setEvents}
        error={eventsError}
      />
    </FormDialog>
  );
}

/** The signing secret, shown once with a copy button. */
function SecretDialog({ endpoint, onClose }: { endpoint: CreatedWebhookEndpointDto | null; onClose: () => void }) {
  const t = useT();
  const rich = useRichT();
  const copy = async () => {
    if (!endpoint) return;
    try {
      await navigator.clipboard.writeText(endpoint.secret);
      toast({ title: translate('settings.webhooks.secretCopied') });
    } catch {
      toast({ title: translate('settings.webhooks.copyFailed'), description: translate('settings.webhooks.copyFailedText'), variant: 'destructive' });
    }
  };
  return (
    <Dialog open={!!endpoint} onClose={onClose} aria-labelledby="webhook-secret-title" fullWidth maxWidth="sm">
      <DialogTitle id="webhook-secret-title">{t('settings.webhooks.secretTitle')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <DialogContentText>{rich('settings.webhooks.secretText', { header: <code key="header">{WEBHOOK_SIGNATURE_HEADER}</code> })}</DialogContentText>
          <TextField
            label={t('settings.webhooks.secret')}
            value={endpoint?.secret ?? ''}
            fullWidth
            slotProps={{ htmlInput: { readOnly: true, spellCheck: false, style: { fontFamily: 'monospace' } } }}
            onFocus={(event) => event.target.select()}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button startIcon={<ContentCopyIcon />} onClick={() => void copy()}>
          {t('settings.webhooks.copySecret')}
        </Button>
        <Button variant="contained" onClick={onClose}>
          {t('settings.apiKeys.done')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function DeleteEndpointDialog({ endpoint, onClose }: { endpoint: WebhookEndpointDto | null; onClose: () => void }) {
  const remove = useDeleteWebhookEndpoint();
  const t = useT();
  return (
    <ConfirmRemovalDialog
      item={endpoint}
      removal={remove}
      title={t('settings.webhooks.deleteTitle')}
      message={
        <>
          <Box component="span" sx={{ display: 'block', wordBreak: 'break-all' }}>
            {endpoint?.url}
          </Box>
          <Box component="span" sx={{ display: 'block', mt: 1 }}>
            {t('settings.webhooks.deleteText')}
          </Box>
        </>
      }
      confirmLabel={t('settings.webhooks.delete')}
      removedToast="settings.webhooks.deleted"
      failedToast="settings.webhooks.deleteFailed"
      onClose={onClose}
    />
  );
}

function DeliveryLog({ endpoint }: { endpoint: WebhookEndpointDto }) {
  const log = useWebhookDeliveries(endpoint.id, true);
  const resend = useResendDelivery();
  const t = useT();
  if (log.isError) return <Alert severity="error">{getErrorMessage(log.error, t('settings.webhooks.logError'))}</Alert>;
  if (!log.data) return <Skeleton variant="rounded" height={80} data-testid="deliveries-loading" />;
  if (!log.data.length) return <Typography variant="body2" color="text.secondary">{t('settings.webhooks.noDeliveries')}</Typography>;
  return (
    <SettingsTable
      regionLabel={t('settings.webhooks.logTable', { url: endpoint.url })}
      label={t('settings.webhooks.logOf', { url: endpoint.url })}
      columns={[t('settings.webhooks.time'), t('settings.webhooks.event'), t('settings.team.status'), t('settings.webhooks.answer')]}
      size="small"
    >
      {log.data.map((delivery: WebhookDeliveryDto) => (
        <TableRow key={delivery.id} data-testid="delivery-row">
          <TableCell sx={{ whiteSpace: 'nowrap' }}>{when(delivery.attempted_at ?? delivery.scheduled_at)}</TableCell>
          <TableCell>
            <Box component="code" sx={{ fontSize: 13 }}>
              {delivery.type}
            </Box>
            <Typography variant="caption" color="text.secondary" component="div">
              {delivery.manual ? t('settings.webhooks.manual') : t('settings.webhooks.attempt', { attempt: delivery.attempt })}
            </Typography>
          </TableCell>
          <TableCell>
            <Chip size="small" label={t(STATUS_LABELS[delivery.status])} color={STATUS_COLORS[delivery.status]} variant="outlined" />
            {delivery.next_attempt_at && (
              <Typography variant="caption" color="text.secondary" component="div">
                {t('settings.webhooks.retry', { when: when(delivery.next_attempt_at) })}
              </Typography>
            )}
          </TableCell>
          <TableCell sx={{ maxWidth: 280 }}>
            {delivery.status_code !== null ? `HTTP ${delivery.status_code}` : delivery.status === 'pending' || delivery.status === 'sending' ? '—' : t('settings.webhooks.noAnswer')}
            {delivery.duration_ms !== null && (
              <Typography variant="caption" color="text.secondary" component="span">
                {' '}
                · {delivery.duration_ms} ms
              </Typography>
            )}
            {delivery.error && (
              <Typography variant="caption" color="text.secondary" component="div" sx={{ overflowWrap: 'anywhere' }}>
                {delivery.error}
              </Typography>
            )}
          </TableCell>
          <TableCell align="right">
            <Button
              size="small"
              disabled={resend.isPending}
              aria-label={t('settings.webhooks.resendLabel', { type: delivery.type, when: when(delivery.attempted_at ?? delivery.scheduled_at) })}
              onClick={() =>
                resend.mutate({ endpointId: endpoint.id, deliveryId: delivery.id }, { onSuccess: () => toast({ title: translate('settings.webhooks.resent') }), onError: failureToast('settings.webhooks.resendFailed') })
              }
            >
              {t('settings.webhooks.resend')}
            </Button>
          </TableCell>
        </TableRow>
      ))}
    </SettingsTable>
  );
}

function EndpointCard({ endpoint, onDelete }: { endpoint: WebhookEndpointDto; onDelete: (endpoint: WebhookEndpointDto) => void }) {
  const [showLog, setShowLog] = useState(false);
  const update = useUpdateWebhookEndpoint();
  const test = useSendTestEvent();
  const t = useT();
  return (
    <Box component="article" aria-label={endpoint.url} data-testid="webhook-endpoint" sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2 }}>
      <Stack spacing={1.5}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}>
          <Typography sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>{endpoint.url}</Typography>
          <FormControlLabel
            sx={{ flexShrink: 0 }}
            control={
              <Switch
                checked={endpoint.enabled}
                disabled={update.isPending}
                onChange={(event) =>
                  update.mutate(
                    { id: endpoint.id, enabled: event.target.checked },
                    { onSuccess: (saved) => toast({ title: translate(saved.enabled ? 'settings.webhooks.enabledToast' : 'settings.webhooks.disabledToast') }), onError: failureToast('settings.webhooks.changeFailed') },
                  )
                }
              />
            }
            label={t('settings.webhooks.enabled')}
          />
        </Stack>
        {endpoint.disabled_reason && <Alert severity="warning">{t('settings.webhooks.disabledBy', { reason: disabledReason(endpoint.disabled_reason, t) })}</Alert>}
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.75 }} aria-label={t('settings.webhooks.eventsLabel')}>
          {endpoint.events.map((type) => (
            <Chip key={type} size="small" label={type} />
          ))}
        </Stack>
        {endpoint.consecutive_failures > 0 && (
          <Typography variant="body2" color="error">
            {t('settings.webhooks.failures', { count: endpoint.consecutive_failures })}
          </Typography>
        )}
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
          <Button
            size="small"
            variant="outlined"
            loading={test.isPending}
            onClick={() =>
              test.mutate(endpoint.id, {
                onSuccess: () => {
                  setShowLog(true);
                  toast({ title: translate('settings.webhooks.testSent'), description: translate('settings.webhooks.testSentText') });
                },
                onError: failureToast('settings.webhooks.testFailed'),
              })
            }
          >
            {t('settings.webhooks.sendTest')}
          </Button>
          <Button size="small" aria-expanded={showLog} onClick={() => setShowLog((open) => !open)}>
            {showLog ? t('settings.webhooks.hideLog') : t('settings.webhooks.log')}
          </Button>
          <Button size="small" color="error" onClick={() => onDelete(endpoint)}>
            {t('common.delete')}
          </Button>
        </Stack>
        {showLog && <DeliveryLog endpoint={endpoint} />}
      </Stack>
    </Box>
  );
}

/** Settings → Webhooks: owners and admins add endpoints, see the secret once, test them, read and re-send deliveries. */
export function WebhooksTab() {
  const organization = useOrganization();
  const manage = canManageTeam(useMyRole(organization.data));
  const endpoints = useWebhookEndpoints(manage);
  const [adding, setAdding] = useState(false);
  const [created, setCreated] = useState<CreatedWebhookEndpointDto | null>(null);
  const [deleting, setDeleting] = useState<WebhookEndpointDto | null>(null);
  const t = useT();

  if (organization.isError) return <Alert severity="error">{getErrorMessage(organization.error, t('settings.webhooks.orgLoadError'))}</Alert>;
  if (!organization.data) return <Skeleton variant="rounded" height={200} data-testid="webhooks-loading" />;
  if (!manage) return <Alert severity="info">{t('settings.webhooks.managersOnly')}</Alert>;

  let body;
  if (endpoints.isError) body = <Alert severity="error">{getErrorMessage(endpoints.error, t('settings.webhooks.loadError'))}</Alert>;
  else if (!endpoints.data) body = <Skeleton variant="rounded" height={120} data-testid="webhooks-loading" />;
  else if (!endpoints.data.length) body = <Typography color="text.secondary">{t('settings.webhooks.empty')}</Typography>;
  else
    body = (
      <Stack spacing={2}>
        {endpoints.data.map((endpoint) => (
          <EndpointCard key={endpoint.id} endpoint={endpoint} onDelete={setDeleting} />
        ))}
      </Stack>
    );

  return (
    <SettingsCard
      title={t('settings.tab.webhooks')}
      description={t('settings.webhooks.description')}
    >
      <Box>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setAdding(true)}>
          {t('settings.webhooks.add')}
        </Button>
      </Box>
      {body}
      <AddEndpointDialog open={adding} onClose={() => setAdding(false)} onCreated={setCreated} />
      <SecretDialog endpoint={created} onClose={() => setCreated(null)} />
      <DeleteEndpointDialog endpoint={deleting} onClose={() => setDeleting(null)} />
    </SettingsCard>
  );
}
