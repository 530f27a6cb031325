import { ADMIN_METRICS_DEFAULT_DAYS, type AdminModelUsageResponse } from '@brandloom/contracts';
import { Alert, Card, CardContent, Skeleton, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api';
import { formatCurrency } from '../../lib/i18n/format';


/** Images and estimated spend per model and day (generations and AI extend), newest day first. */
export function ModelUsagePanel() {
  const usage = useQuery({
    queryKey: ['/api/admin/model-usage', ADMIN_METRICS_DEFAULT_DAYS],
    queryFn: () => apiRequest<AdminModelUsageResponse>('GET', `/api/admin/model-usage?days=${ADMIN_METRICS_DEFAULT_DAYS}`),
  });
  return (
    <Card variant="outlined" component="section" aria-labelledby="model-usage-title">
      <CardContent sx={{ display: 'grid', gap: 1 }}>
        <Typography id="model-usage-title" variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
          Images by model
        </Typography>
        <Typography variant="body2" color="text.secondary">
          Per day in the last {ADMIN_METRICS_DEFAULT_DAYS} days; spend estimated from the tokens the provider reported, at list prices.
        </Typography>
        {usage.isPending && <Skeleton variant="rounded" height={96} aria-label="Loading images by model" />}
        {usage.isError && <Alert severity="error">Could not load the images by model.</Alert>}
        {usage.data && usage.data.days.length === 0 && <Typography color="text.secondary">No images in this period.</Typography>}
        {usage.data && usage.data.days.length > 0 && (
          <Table size="small" aria-label="Images and estimated spend per model and day" sx={{ '& td, & th': { px: 1 }, '& th': { whiteSpace: 'nowrap' } }}>
            <TableHead>
              <TableRow>
                <TableCell>Day</TableCell>
                <TableCell>Model</TableCell>
                <TableCell align="right">Images</TableCell>
                <TableCell align="right">Spend (est.)</TableCell>
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
