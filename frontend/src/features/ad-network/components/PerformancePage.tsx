import { AD_RESULT_DEFAULT_RANGE, AD_RESULT_RANGES, assetThumbnailUrl, type AdResultDto, type AdResultRange } from '@brandloom/contracts';
import AutoAwesomeIcon from '@mui/icons-material/AutoAwesome';
import InsightsIcon from '@mui/icons-material/Insights';
import ImageOutlinedIcon from '@mui/icons-material/ImageOutlined';
import RefreshIcon from '@mui/icons-material/Refresh';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  IconButton,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { Fragment, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { ScrollShadowTableContainer } from '../../../components/ScrollShadowTableContainer';
import { Tooltip } from '../../../components/Tooltip';
import { getErrorMessage } from '../../../lib/api';
import { formatCurrency, formatDate, formatNumber } from '../../../lib/i18n/format';
import { translate, useT, type MessageKey } from '../../../lib/i18n/translate';
import { toast } from '../../../lib/toast';
import { useAdResults, useRefreshAdResults } from '../api/adResults';
import { CreativeChartDialog, type ChartedCreative } from './CreativeChartDialog';

const THUMB_PX = 64;

/** CTR as a percentage with two decimals ('5.50%'), a dash without impressions. */
export function formatCtr(ctr: number | null): string {
  return ctr === null ? '—' : formatNumber(ctr, { style: 'percent', minimumFractionDigits: 2, maximumFractionDigits: 2 });
}

const money = (amount: number, currency: string) => formatCurrency(amount, currency, { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** The figures' names, in the table's order. */
const FIGURE_KEYS = ['performance.spend', 'performance.impressions', 'performance.clicks', 'performance.ctr', 'performance.cpc', 'performance.results', 'performance.costPerResult', 'performance.roas'] as const satisfies readonly MessageKey[];

/** A creative's figures as label and text, in the table's order. */
function figuresOf(result: AdResultDto): Array<[string, string]> {
  const orDash = (value: number | null, format: (value: number) => string) => (value === null ? '—' : format(value));
  const values: Record<(typeof FIGURE_KEYS)[number], string> = {
    'performance.spend': money(result.spend, result.currency),
    'performance.impressions': formatNumber(result.impressions),
    'performance.clicks': formatNumber(result.clicks),
    'performance.ctr': formatCtr(result.ctr),
    'performance.cpc': orDash(result.cpc, (cpc) => money(cpc, result.currency)),
    'performance.results': formatNumber(result.results),
    'performance.costPerResult': orDash(result.costPerResult, (cost) => money(cost, result.currency)),
    'performance.roas': orDash(result.roas, (roas) => `${formatNumber(roas, { minimumFractionDigits: 2, maximumFractionDigits: 2 })}×`),
  };
  return FIGURE_KEYS.map((key) => [translate(key), values[key]]);
}

/** Wide enough for the thumbnail beside a name, and the chart and 'Make more like this' buttons below them. */
const CREATIVE_COLUMN_PX = 200;
/** Eight figures beside the creative fit the content width at 1200 px: cells close together, headings wrap between words. */
const COMPACT_TABLE = { '& .MuiTableCell-root': { px: 1 }, '& .MuiTableCell-root:first-of-type': { pl: 2 }, '& .MuiTableCell-root:last-of-type': { pr: 2 } } as const;

/** The Studio, opened from a winner: its prompt and brand profile, and the winner itself as a reference image. */
export const moreLikeThisPath = (assetId: string) => `/studio?likeAsset=${encodeURIComponent(assetId)}`;

/** The creative's thumbnail in its real shape (a 9:16 stays tall) inside a square. */
function CreativeThumbnail({ result }: { result: AdResultDto }) {
  const [failed, setFailed] = useState(false);
  const t = useT();
  const label = result.assetName ?? t('performance.deletedAsset');
  const key = result.thumbnailKey ?? result.s3Key;
  return (
    <Box sx={{ position: 'relative', width: THUMB_PX, height: THUMB_PX, flexShrink: 0, bgcolor: 'action.hover', borderRadius: 1, overflow: 'hidden' }}>
      {key && !failed ? (
        <Box
          component="img"
          src={assetThumbnailUrl(result.s3Key ?? key)}
          alt={label}
          width={result.width ?? undefined}
          height={result.height ?? undefined}
          loading="lazy"
          onError={() => setFailed(true)}
          sx={{ position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'contain' }}
        />
      ) : (
        <Box role="img" aria-label={label} sx={{ position: 'absolute', inset: 0, display: 'flex', alignItems: 'center', justifyContent: 'center', color: 'text.disabled' }}>
          <ImageOutlinedIcon />
        </Box>
      )}
    </Box>
  );
}

/** The creative's thumbnail and name (the deleted asset's placeholder when gone). */
function CreativeName({ result }: { result: AdResultDto }) {
  const t = useT();
  return (
    <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
      <CreativeThumbnail result={result} />
      <Typography variant="body2" sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
        {result.assetName ?? t('performance.deletedAsset')}
      </Typography>
    </Stack>
  );
}

/** /performance: how each pushed creative delivers over 7, 14 or 28 days, best CTR first, and 'Make more like this'. */
export default function PerformancePage() {
  const [range, setRange] = useState<AdResultRange>(AD_RESULT_DEFAULT_RANGE);
  const results = useAdResults(range);
  const refresh = useRefreshAdResults();
  const [charted, setCharted] = useState<ChartedCreative | null>(null);
  const t = useT();
  const chartOf = (result: AdResultDto) => () => setCharted({ assetId: result.assetId, name: result.assetName ?? t('performance.deletedAsset') });

  const onRefresh = () =>
    refresh.mutate(undefined, {
      onSuccess: (answer) => toast({ title: answer.message }),
      onError: (error) => toast({ title: t('performance.refreshFailed'), description: getErrorMessage(error, t('common.pleaseTryAgain')), variant: 'destructive' }),
    });

  return (
    <Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 3, alignItems: { xs: 'stretch', sm: 'center' }, justifyContent: 'space-between' }}>
        <ToggleButtonGroup
          exclusive
          size="small"
          value={range}
          onChange={(_, value: AdResultRange | null) => value && setRange(value)}
          aria-label={t('performance.period')}
        >
          {AD_RESULT_RANGES.map((days) => (
            <ToggleButton key={days} value={days}>
              {t('performance.lastDays', { days })}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        <Button variant="outlined" startIcon={refresh.isPending ? <CircularProgress size={16} /> : <RefreshIcon />} onClick={onRefresh} disabled={refresh.isPending}>
          {t('performance.refresh')}
        </Button>
      </Stack>

      {results.data?.lastReadAt && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('performance.lastRead', { date: formatDate(results.data.lastReadAt, { dateStyle: 'medium', timeStyle: 'short' }) })}
        </Typography>
      )}

      {results.isPending && <CircularProgress size={24} aria-label={t('performance.loading')} />}
      {results.isError && <Alert severity="error">{t('performance.loadError')}</Alert>}
      {results.data && results.data.results.length === 0 && (
        <Paper variant="outlined" sx={{ p: 3 }}>
          <Typography component="h2" variant="h6">
            {t('performance.emptyTitle')}
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 1 }}>
            {t('performance.emptyText')}
          </Typography>
        </Paper>
      )}
      {results.data && results.data.results.length > 0 && (
        <Box
          component="ul"
          aria-label={t('performance.resultsLabel', { days: range })}
          sx={{ display: { xs: 'grid', lg: 'none' }, gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' }, gap: 1.5, listStyle: 'none', p: 0, m: 0 }}
        >
          {results.data.results.map((result) => (
            <Paper component="li" key={result.assetId} variant="outlined" sx={{ p: 1.5 }}>
              <CreativeName result={result} />
              <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5, my: 1.5, '& dt': { color: 'text.secondary' }, '& dd': { m: 0, textAlign: 'right' } }}>
                {figuresOf(result).map(([label, value]) => (
                  <Fragment key={label}>
                    <Typography component="dt" variant="body2">
                      {label}
                    </Typography>
                    <Typography component="dd" variant="body2">
                      {value}
                    </Typography>
                  </Fragment>
                ))}
              </Box>
              {result.assetName !== null && (
                <Stack spacing={1}>
                  <Button size="small" variant="outlined" fullWidth startIcon={<InsightsIcon />} onClick={chartOf(result)} aria-label={t('performance.chart.open', { name: result.assetName })}>
                    {t('performance.chart.button')}
                  </Button>
                  <Button component={RouterLink} to={moreLikeThisPath(result.assetId)} size="small" variant="outlined" fullWidth startIcon={<AutoAwesomeIcon />}>
                    {t('performance.moreLikeThis')}
                  </Button>
                </Stack>
              )}
            </Paper>
          ))}
        </Box>
      )}
      {results.data && results.data.results.length > 0 && (
        <ScrollShadowTableContainer sx={{ display: { xs: 'none', lg: 'block' }, border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: 'background.paper' }} tabIndex={0} role="region" aria-label={t('performance.table')}>
          <Table size="small" aria-label={t('performance.resultsLabel', { days: range })} sx={COMPACT_TABLE}>
            <TableHead>
              <TableRow>
                <TableCell>{t('performance.creative')}</TableCell>
                {FIGURE_KEYS.map((key) => (
                  <TableCell key={key} align="right">
                    {t(key)}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {results.data.results.map((result) => (
                <TableRow key={result.assetId}>
                  <TableCell sx={{ minWidth: CREATIVE_COLUMN_PX }}>
                    <CreativeName result={result} />
                    {/* The actions sit under the creative they act on: in view however narrow the table gets. */}
                    {result.assetName !== null && (
                      <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', mt: 0.5 }}>
                        <Tooltip title={t('performance.chart.open', { name: result.assetName })}>
                          <IconButton size="small" color="primary" onClick={chartOf(result)} aria-label={t('performance.chart.open', { name: result.assetName })}>
                            <InsightsIcon fontSize="small" />
                          </IconButton>
                        </Tooltip>
                        <Button component={RouterLink} to={moreLikeThisPath(result.assetId)} size="small" startIcon={<AutoAwesomeIcon />} sx={{ whiteSpace: 'nowrap' }}>
                          {t('performance.moreLikeThis')}
                        </Button>
                      </Stack>
                    )}
                  </TableCell>
                  {figuresOf(result).map(([label, value]) => (
                    <TableCell key={label} align="right" sx={{ whiteSpace: 'nowrap' }}>
                      {value}
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </ScrollShadowTableContainer>
      )}
      <CreativeChartDialog creative={charted} range={range} onClose={() => setCharted(null)} />
    </Box>
  );
}
