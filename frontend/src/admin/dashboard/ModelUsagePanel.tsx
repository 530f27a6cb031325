import { ADMIN_METRICS_DEFAULT_DAYS, type AdminModelUsageResponse } from '@brandloom/contracts';
import { Alert, Card, CardContent, Skeleton, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api';
import { formatCurrency } from '../../lib/i18n/format';
import { useT } from '../../lib/i18n/translate';


/** Images and estimated spend per model and day (generations and AI extend), newest day first. */
export function ModelUsagePanel() {
  const t = useT();
  const usage = useQuery({
    queryKey: ['/api/admin/model-usage', ADMIN_METRICS_DEFAULT_DAYS],
    queryFn: () => apiRequest<AdminModelUsageResponse>('GET', `/api/admin/model-usage?days=${ADMIN_METRICS_DEFAULT_DAYS}`),
  });
  return (
    <Card variant="outlined" component="section" aria-labelledby="model-usage-title">
      <CardContent sx={{ display: 'grid', gap: 1 }}>
        <Typography id="model-usage-title" variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
          {t('admin.usage.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('admin.usage.description', { days: ADMIN_METRICS_DEFAULT_DAYS })}
        </Typography>
        {usage.isPending && <Skeleton variant="rounded" height={96} role="progressbar" aria-label={t('admin.usage.loading')} />}
        {usage.isError && <Alert severity="error">{t('admin.usage.error')}</Alert>}
        {usage.data && usage.data.days.length === 0 && <Typography color="text.secondary">{t('admin.usage.empty')}</Typography>}
        {usage.data && usage.data.days.length > 0 && (
          <Table size="small" aria-label={t('admin.usage.table')} sx={{ '& td, & th': { px: 1 }, '& th': { whiteSpace: 'nowrap' } }}>
            <TableHead>
              <TableRow>
                <TableCell>{t('admin.usage.day')}</TableCell>
                <TableCell>{t('admin.usage.model')}</TableCell>
                <TableCell align="right">{t('admin.usage.images')}</TableCell>
                <TableCell align="right">{t('admin.usage.spend')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {usage.data.days.map((row) => (
                <TableRow key={`${row.day}:${row.provider}:${row.model ?? ''}`}>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{row.day}</TableCell>
                  <TableCell sx={{ overflowWrap: 'break-word' }}>{row.model ?? `${row.provider} renderer`}</TableCell>
                  <TableCell align="right">{row.images}</TableCell>
                  <TableCell align="right">{row.estimatedCostUsd === null ? '—' : formatCurrency(row.estimatedCostUsd, 'USD', { minimumFractionDigits: 2, maximumFractionDigits: 4 })}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}
