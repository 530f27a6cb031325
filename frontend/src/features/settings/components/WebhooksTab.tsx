import {
  canManageTeam,
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_MESSAGES,
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
import { SettingsCard } from './SettingsCard';
import { ConfirmDialog } from '../../../components/ConfirmDialog';

const failed = (title: string) => (error: unknown) => toast({ title, description: getErrorMessage(error, 'Please try again.'), variant: 'destructive' });
const HTTP_URL = /^https?:\/\/\S+$/i;

const STATUS_LABELS: Record<WebhookDeliveryStatus, string> = { pending: 'Pending', sending: 'Sending', succeeded: 'Delivered', failed: 'Failed', skipped: 'Skipped' };
const STATUS_COLORS: Record<WebhookDeliveryStatus, 'default' | 'success' | 'error' | 'info'> = { pending: 'info', sending: 'info', succeeded: 'success', failed: 'error', skipped: 'default' };
const when = (iso: string) => formatDate(iso, { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', second: '2-digit' });

function AddEndpointDialog({ open, onClose, onCreated }: { open: boolean; onClose: () => void; onCreated: (endpoint: CreatedWebhookEndpointDto) => void }) {
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEventType[]>([]);
  const [touched, setTouched] = useState(false);
  const create = useCreateWebhookEndpoint();
  const urlError = touched && !HTTP_URL.test(url.trim()) ? WEBHOOK_MESSAGES.urlInvalid : undefined;
  const eventsError = touched && events.length === 0 ? 'Choose at least one event' : undefined;
  const close = () => {
    setUrl('');
    setEvents([]);
    setTouched(false);
    create.reset();
    onClose();
  };
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
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
    <Dialog open={open} onClose={close} aria-labelledby="add-webhook-title" fullWidth maxWidth="sm">
      <Box component="form" noValidate onSubmit={submit}>
        <DialogTitle id="add-webhook-title">Add a webhook endpoint</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {create.isError && <Alert severity="error">{getErrorMessage(create.error, 'Could not add the endpoint. Please try again.')}</Alert>}
            <TextField
              label="Endpoint URL"
              type="url"
              placeholder="https://example.com/brandloom-webhook"
              value={url}
              onChange={(event) => setUrl(event.target.value)}
              onBlur={() => setTouched(true)}
              error={!!urlError}
              helperText={urlError ?? 'We POST signed JSON to this address. It must be reachable on the public internet.'}
              autoComplete="off"
              fullWidth
              autoFocus
            />
            <CheckboxFieldset legend="Events to send" options={WEBHOOK_EVENT_TYPES} descriptions={WEBHOOK_EVENT_LABELS} value={events} onChange={setEvents} error={eventsError} />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>Cancel</Button>
          <Button type="submit" variant="contained" loading={create.isPending}>
            Add endpoint
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

/** The signing secret, shown once with a copy button. */
function SecretDialog({ endpoint, onClose }: { endpoint: CreatedWebhookEndpointDto | null; onClose: () => void }) {
  const copy = async () => {
    if (!endpoint) return;
    try {
      await navigator.clipboard.writeText(endpoint.secret);
      toast({ title: 'Signing secret copied' });
    } catch {
      toast({ title: 'Could not copy', description: 'Select the secret and copy it by hand.', variant: 'destructive' });
    }
  };
  return (
    <Dialog open={!!endpoint} onClose={onClose} aria-labelledby="webhook-secret-title" fullWidth maxWidth="sm">
      <DialogTitle id="webhook-secret-title">Your signing secret</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <DialogContentText>
            Use it to check the <code>Brandloom-Signature</code> header of every delivery. This is the only time it is shown: copy it now and keep it secret.
          </DialogContentText>
          <TextField
            label="Signing secret"
            value={endpoint?.secret ?? ''}
            fullWidth
            slotProps={{ htmlInput: { readOnly: true, spellCheck: false, style: { fontFamily: 'monospace' } } }}
            onFocus={(event) => event.target.select()}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button startIcon={<ContentCopyIcon />} onClick={() => void copy()}>
          Copy secret
        </Button>
        <Button variant="contained" onClick={onClose}>
          Done
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function DeleteEndpointDialog({ endpoint, onClose }: { endpoint: WebhookEndpointDto | null; onClose: () => void }) {
  const remove = useDeleteWebhookEndpoint();
  return (
    <ConfirmDialog
      open={!!endpoint}
      title="Delete this endpoint?"
      message={
        <>
          <Box component="span" sx={{ display: 'block', wordBreak: 'break-all' }}>
            {endpoint?.url}
          </Box>
          <Box component="span" sx={{ display: 'block', mt: 1 }}>
            It stops receiving events at once, and its delivery log is deleted with it.
          </Box>
        </>
      }
      confirmLabel="Delete endpoint"
      pending={remove.isPending}
      onClose={onClose}
      onConfirm={() =>
        endpoint &&
        remove.mutate(endpoint.id, {
          onSuccess: () => {
            toast({ title: 'Endpoint deleted' });
            onClose();
          },
          onError: failed('Could not delete the endpoint'),
        })
      }
    />
  );
}

function DeliveryLog({ endpoint }: { endpoint: WebhookEndpointDto }) {
  const log = useWebhookDeliveries(endpoint.id, true);
  const resend = useResendDelivery();
  if (log.isError) return <Alert severity="error">{getErrorMessage(log.error, 'Could not load the delivery log. Please try again.')}</Alert>;
  if (!log.data) return <Skeleton variant="rounded" height={80} data-testid="deliveries-loading" />;
  if (!log.data.length) return <Typography variant="body2" color="text.secondary">No deliveries yet. Send a test event to try the endpoint.</Typography>;
  return (
    <TableContainer tabIndex={0} role="region" aria-label={`Delivery log table of ${endpoint.url}`} sx={scrollShadowsSx}>
      <Table size="small" aria-label={`Delivery log of ${endpoint.url}`}>
        <TableHead>
          <TableRow>
            <TableCell>Time</TableCell>
            <TableCell>Event</TableCell>
            <TableCell>Status</TableCell>
            <TableCell>Answer</TableCell>
            <TableCell align="right">Actions</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {log.data.map((delivery: WebhookDeliveryDto) => (
            <TableRow key={delivery.id} data-testid="delivery-row">
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{when(delivery.attempted_at ?? delivery.scheduled_at)}</TableCell>
              <TableCell>
                <Box component="code" sx={{ fontSize: 13 }}>
                  {delivery.type}
                </Box>
                <Typography variant="caption" color="text.secondary" component="div">
                  {delivery.manual ? 'Sent by hand' : `Attempt ${delivery.attempt}`}
                </Typography>
              </TableCell>
              <TableCell>
                <Chip size="small" label={STATUS_LABELS[delivery.status]} color={STATUS_COLORS[delivery.status]} variant="outlined" />
                {delivery.next_attempt_at && (
                  <Typography variant="caption" color="text.secondary" component="div">
                    Retry {when(delivery.next_attempt_at)}
                  </Typography>
                )}
              </TableCell>
              <TableCell sx={{ maxWidth: 280 }}>
                {delivery.status_code !== null ? `HTTP ${delivery.status_code}` : delivery.status === 'pending' || delivery.status === 'sending' ? '—' : 'No answer'}
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
                  aria-label={`Re-send ${delivery.type} of ${when(delivery.attempted_at ?? delivery.scheduled_at)}`}
                  onClick={() =>
                    resend.mutate({ endpointId: endpoint.id, deliveryId: delivery.id }, { onSuccess: () => toast({ title: 'Event re-sent' }), onError: failed('Could not re-send the event') })
                  }
                >
                  Re-send
                </Button>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function EndpointCard({ endpoint, onDelete }: { endpoint: WebhookEndpointDto; onDelete: (endpoint: WebhookEndpointDto) => void }) {
  const [showLog, setShowLog] = useState(false);
  const update = useUpdateWebhookEndpoint();
  const test = useSendTestEvent();
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
                    { onSuccess: (saved) => toast({ title: saved.enabled ? 'Endpoint enabled' : 'Endpoint disabled' }), onError: failed('Could not change the endpoint') },
                  )
                }
              />
            }
            label="Enabled"
          />
        </Stack>
        {endpoint.disabled_reason && <Alert severity="warning">Brandloom disabled this endpoint: {endpoint.disabled_reason}. Fix the receiver, then enable it again.</Alert>}
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.75 }} aria-label="Events">
          {endpoint.events.map((type) => (
            <Chip key={type} size="small" label={type} />
          ))}
        </Stack>
        {endpoint.consecutive_failures > 0 && (
          <Typography variant="body2" color="error">
            {endpoint.consecutive_failures} failed {endpoint.consecutive_failures === 1 ? 'attempt' : 'attempts'} since the last success
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
                  toast({ title: 'Test event sent', description: 'Its result appears in the delivery log.' });
                },
                onError: failed('Could not send the test event'),
              })
            }
          >
            Send test event
          </Button>
          <Button size="small" aria-expanded={showLog} onClick={() => setShowLog((open) => !open)}>
            {showLog ? 'Hide delivery log' : 'Delivery log'}
          </Button>
          <Button size="small" color="error" onClick={() => onDelete(endpoint)}>
            Delete
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

  if (organization.isError) return <Alert severity="error">{getErrorMessage(organization.error, 'Could not load your organization. Please try again.')}</Alert>;
  if (!organization.data) return <Skeleton variant="rounded" height={200} data-testid="webhooks-loading" />;
  if (!manage) return <Alert severity="info">{WEBHOOK_MESSAGES.managersOnly}.</Alert>;

  let body;
  if (endpoints.isError) body = <Alert severity="error">{getErrorMessage(endpoints.error, 'Could not load the endpoints. Please try again.')}</Alert>;
  else if (!endpoints.data) body = <Skeleton variant="rounded" height={120} data-testid="webhooks-loading" />;
  else if (!endpoints.data.length) body = <Typography color="text.secondary">No endpoints yet.</Typography>;
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
      title="Webhooks"
      description="Brandloom POSTs signed JSON to your endpoints when generations, batches, assets, ads, pushes or your credits change, and retries failed deliveries for 34 hours."
    >
      <Box>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setAdding(true)}>
          Add endpoint
        </Button>
      </Box>
      {body}
      <AddEndpointDialog open={adding} onClose={() => setAdding(false)} onCreated={setCreated} />
      <SecretDialog endpoint={created} onClose={() => setCreated(null)} />
      <DeleteEndpointDialog endpoint={deleting} onClose={() => setDeleting(null)} />
    </SettingsCard>
  );
}
