import { META_PAGES_SHOWN, META_REQUIRED_PLAN } from '@brandloom/contracts';
import CampaignIcon from '@mui/icons-material/Campaign';
import { Box, Button, Card, CardContent, CardHeader, Chip, CircularProgress, Link, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { connectMeta, disconnectMeta, refreshMeta, useMetaStatus, useRefreshMetaQueries } from '../api/meta';
import { getErrorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useMetaNotConfiguredText } from './MetaNotConfigured';
import { formatDate } from '../../../lib/i18n/format';
import { useT } from '../../../lib/i18n/translate';

/**
 * The Meta Ads integration card: not configured, not on the plan, not connected
 * (Connect), expired (Reconnect), or connected (Active) with the Meta user, pages, last sync,
 * Refresh and Disconnect. Used by the library and /settings/integrations.
 */
export function MetaIntegrationCard() {
  const status = useMetaStatus();
  const t = useT();
  const refreshQueries = useRefreshMetaQueries();
  const notConfiguredText = useMetaNotConfiguredText();
  const [busy, setBusy] = useState<'connect' | 'refresh' | 'disconnect' | null>(null);

  const run = async (kind: 'connect' | 'refresh' | 'disconnect', work: () => Promise<unknown>, failureTitle: string, success?: string) => {
    setBusy(kind);
    try {
      await work();
      if (success) toast({ title: success });
      if (kind !== 'connect') refreshQueries();
    } catch (error) {
      toast({ title: failureTitle, description: getErrorMessage(error, failureTitle), variant: 'destructive' });
    } finally {
      setBusy(null);
    }
  };
  const connect = () => run('connect', connectMeta, t('meta.push.connectionError'));

  const data = status.data;
  let body: React.ReactNode;
  if (status.isPending) {
    body = <CircularProgress size={20} aria-label={t('meta.push.loadingStatus')} />;
  } else if (status.isError || !data) {
    body = <Typography variant="body2" color="error">{t('meta.card.loadError')}</Typography>;
  } else if (!data.configured) {
    body = <Typography variant="body2" color="text.secondary">{notConfiguredText}</Typography>;
  } else if (!data.plan_allows) {
    body = (
      <Typography variant="body2" color="text.secondary">
        {t('meta.push.planUpgrade', { plan: META_REQUIRED_PLAN })}{' '}
        <Link component={RouterLink} to="/billing">
          {t('meta.push.upgrade', { plan: META_REQUIRED_PLAN })}
        </Link>
      </Typography>
    );
  } else if (!data.connected) {
    body = (
      <Stack spacing={1.5} sx={{ alignItems: 'flex-start' }}>
        <Typography variant="body2" color="text.secondary">
          {data.expired ? t('meta.card.expired') : t('meta.card.connectHint')}
        </Typography>
        <Button variant="contained" size="small" onClick={() => void connect()} disabled={busy !== null}>
          {data.expired ? t('meta.card.reconnect') : t('meta.card.connect')}
        </Button>
      </Stack>
    );
  } else {
    const hidden = Math.max(0, data.pages.length - META_PAGES_SHOWN);
    body = (
      <Stack spacing={1.5}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Chip label={t('meta.card.active')} color="success" size="small" />
          {data.metaUser?.name && <Typography variant="body2">{data.metaUser.name}</Typography>}
        </Box>
        <Typography variant="body2" color="text.secondary">
          {t('meta.card.adAccounts', { count: data.adAccounts.length })}
        </Typography>
        <Box>
          <Typography variant="body2" component="h4" sx={{ fontWeight: 500 }}>
            {t('meta.card.pages')}
          </Typography>
          {data.pages.length === 0 ? (
            <Typography variant="body2" color="text.secondary">{t('meta.push.noPages')}</Typography>
          ) : (
            <Box component="ul" sx={{ m: 0, pl: 2 }} aria-label={t('meta.card.connectedPages')}>
              {data.pages.slice(0, META_PAGES_SHOWN).map((page) => (
                <Typography component="li" variant="body2" key={page.id}>
                  {page.name}
                </Typography>
              ))}
              {hidden > 0 && (
                <Typography component="li" variant="body2" color="text.secondary" sx={{ listStyle: 'none' }}>
                  {t('meta.card.morePages', { count: hidden })}
                </Typography>
              )}
            </Box>
          )}
        </Box>
        {data.lastSync && (
          <Typography variant="caption" color="text.secondary">
            {t('meta.card.lastSynced', { date: formatDate(data.lastSync, { dateStyle: 'medium', timeStyle: 'short' }) })}
          </Typography>
        )}
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <Button size="small" variant="outlined" disabled={busy !== null} onClick={() => void run('refresh', refreshMeta, t('meta.card.refreshError'), t('meta.card.refreshed'))}>
            {t('meta.card.refresh')}
          </Button>
          <Button size="small" variant="outlined" color="error" disabled={busy !== null} onClick={() => void run('disconnect', disconnectMeta, t('meta.card.disconnectError'), t('meta.card.disconnected'))}>
            {t('meta.card.disconnect')}
          </Button>
        </Box>
      </Stack>
    );
  }

  return (
    <Card variant="outlined" component="section" aria-label={t('meta.card.title')}>
      <CardHeader avatar={<CampaignIcon color="primary" />} title={t('meta.card.title')} slotProps={{ title: { component: 'h3', variant: 'subtitle1' } }} sx={{ pb: 0 }} />
      <CardContent>{body}</CardContent>
    </Card>
  );
}
