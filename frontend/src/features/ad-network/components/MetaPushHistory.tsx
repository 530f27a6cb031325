import { AD_RESULT_DEFAULT_RANGE, adsManagerUrl, isMetaAdGone, type MetaPushDto, type MetaPushStatus } from '@brandloom/contracts';
import { Alert, Box, Chip, CircularProgress, Link, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { pushFailureText, useMetaPushes } from '../api/meta';
import { ScrollShadowTableContainer } from '../../../components/ScrollShadowTableContainer';
import { formatCurrency, formatDate, formatNumber } from '../../../lib/i18n/format';
import { useT } from '../../../lib/i18n/translate';
import { metaStatusLabel } from '../metaStatus';

const STATUS_COLOR: Record<MetaPushStatus, 'default' | 'info' | 'success' | 'error'> = { pending: 'default', running: 'info', completed: 'success', failed: 'error' };

/** The ad's status in Meta: a chip (green while it runs, red when Meta refused it, struck out once deleted there). */
function AdStatusChip({ push }: { push: MetaPushDto }) {
  const t = useT();
  if (!push.adId) return <>—</>;
  if (!push.adStatus) return <Typography variant="body2" color="text.secondary">{t('meta.history.adStatus.unknown')}</Typography>;
  const label = metaStatusLabel(push.adStatus, t);
  const color = push.adStatus === 'ACTIVE' ? 'success' : push.adStatus === 'DISAPPROVED' || push.adStatus === 'WITH_ISSUES' ? 'error' : 'default';
  return <Chip size="small" variant="outlined" label={label} color={color} sx={isMetaAdGone(push.adStatus) ? { textDecoration: 'line-through' } : undefined} />;
}

/** Every push of the organization, newest first: what went where, and how it ended. */
export function MetaPushHistory() {
  const pushes = useMetaPushes();
  const t = useT();
  if (pushes.isPending) return <CircularProgress size={24} aria-label={t('meta.history.loading')} />;
  if (pushes.isError) return <Alert severity="error">{t('meta.history.loadError')}</Alert>;
  if (pushes.data.pushes.length === 0) return <Typography color="text.secondary">{t('meta.history.empty')}</Typography>;
  return (
    <ScrollShadowTableContainer tabIndex={0} role="region" aria-label={t('meta.history.table')}>
      <Table size="small" aria-label={t('meta.history.label')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('meta.history.when')}</TableCell>
            <TableCell>{t('meta.history.asset')}</TableCell>
            <TableCell>{t('performance.creative')}</TableCell>
            <TableCell>{t('meta.push.adAccount')}</TableCell>
            <TableCell>{t('meta.history.status')}</TableCell>
            <TableCell>{t('meta.history.inMeta')}</TableCell>
            <TableCell align="right">{t('meta.history.spend', { days: pushes.data.range ?? AD_RESULT_DEFAULT_RANGE })}</TableCell>
            <TableCell align="right">{t('performance.ctr')}</TableCell>
            <TableCell>{t('meta.history.ad')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {pushes.data.pushes.map((push) => (
            <TableRow key={push.id}>
              <TableCell>{formatDate(push.createdAt, { dateStyle: 'medium', timeStyle: 'short' })}</TableCell>
              <TableCell>{push.assetName ?? t('performance.deletedAsset')}</TableCell>
              <TableCell>{push.creativeName}</TableCell>
              <TableCell>{push.adAccountId.replace(/^act_/, '')}</TableCell>
              <TableCell>
                <Chip size="small" label={t(`status.${push.status}`)} color={STATUS_COLOR[push.status]} />
              </TableCell>
              <TableCell>
                <AdStatusChip push={push} />
              </TableCell>
              <TableCell align="right">{push.figures ? formatCurrency(push.figures.spend, push.figures.currency, { minimumFractionDigits: 2, maximumFractionDigits: 2 }) : '—'}</TableCell>
              <TableCell align="right">
                {push.figures?.ctr != null ? formatNumber(push.figures.ctr, { style: 'percent', minimumFractionDigits: 2, maximumFractionDigits: 2 }) : '—'}
              </TableCell>
              <TableCell>
                {push.adId && !isMetaAdGone(push.adStatus) ? (
                  <Link href={adsManagerUrl(push.adAccountId, push.adId)} target="_blank" rel="noopener noreferrer">
                    {t('meta.push.viewInAdsManager')}
                  </Link>
                ) : (
                  <Box component="span" sx={{ color: push.error ? 'error.main' : 'text.secondary' }}>
                    {push.error ? pushFailureText(push) : '—'}
                  </Box>
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </ScrollShadowTableContainer>
  );
}
