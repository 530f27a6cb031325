import type { AdResultDailyResponse, AdResultRange } from '@brandloom/contracts';
import { Alert, Box, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import type { ReactNode } from 'react';
import { visuallyHidden } from '../../../components/visuallyHidden';
import { formatCurrency, formatDate, formatNumber } from '../../../lib/i18n/format';
import { useT } from '../../../lib/i18n/translate';
import { useAdResultDaily } from '../api/adResults';

const CHART_HEIGHT = 200;

/** A creative whose chart is open: its asset id and the name the dialog shows. */
export interface ChartedCreative {
  assetId: string;
  name: string;
}

/** 'Nov 24' for a YYYY-MM-DD day (read as the UTC day it names). */
const dayLabel = (date: string) => formatDate(`${date}T00:00:00Z`, { month: 'short', day: 'numeric', timeZone: 'UTC' });
const percent = (value: number | null) => (value === null ? '—' : formatNumber(value, { style: 'percent', minimumFractionDigits: 2, maximumFractionDigits: 2 }));

/** The day-by-day series of a creative's answer: labels, spend (in the currency) and CTR (in percent, null without impressions). */
export function dailySeries(daily: AdResultDailyResponse): { labels: string[]; spend: number[]; ctr: Array<number | null> } {
  return {
    labels: daily.days.map((day) => dayLabel(day.date)),
    spend: daily.days.map((day) => day.spend),
    ctr: daily.days.map((day) => (day.ctr === null ? null : Math.round(day.ctr * 10_000) / 100)),
  };
}

function ChartFigure({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="figure" sx={{ m: 0, minWidth: 0 }}>
      <Typography variant="subtitle2" component="figcaption">
        {title}
      </Typography>
      {/* The drawing repeats the summary and the table (read by screen readers) day by day: inert, out of the tab order. */}
      <Box inert>{children}</Box>
    </Box>
  );
}

/** A creative's daily spend and CTR over the range, with a summary and a day-by-day table as its text alternative. */
export function CreativeChartDialog({ creative, range, onClose }: { creative: ChartedCreative | null; range: AdResultRange; onClose: () => void }) {
  const t = useT();
  const daily = useAdResultDaily(creative?.assetId ?? null, range);
  const data = daily.data;
  const currency = data?.currency ?? null;
  const money = (amount: number) => (currency ? formatCurrency(amount, currency, { minimumFractionDigits: 2, maximumFractionDigits: 2 }) : formatNumber(amount, { minimumFractionDigits: 2, maximumFractionDigits: 2 }));
  const series = data ? dailySeries(data) : null;
  return (
    <Dialog open={creative !== null} onClose={onClose} fullWidth maxWidth="md" aria-labelledby="creative-chart-title">
      <DialogTitle id="creative-chart-title" sx={{ overflowWrap: 'anywhere' }}>
        {t('performance.chart.title', { name: creative?.name ?? '' })}
      </DialogTitle>
      <DialogContent>
        {daily.isPending && <CircularProgress size={24} aria-label={t('performance.loading')} />}
        {daily.isError && <Alert severity="error">{t('performance.loadError')}</Alert>}
        {data && series && (
          <Box data-testid="creative-chart" sx={{ display: 'grid', gap: 2 }}>
            <Typography variant="body2" color="text.secondary">
              {t('performance.chart.summary', {
                days: range,
                spend: money(data.totals.spend),
                impressions: formatNumber(data.totals.impressions),
                clicks: formatNumber(data.totals.clicks),
                ctr: percent(data.totals.ctr),
              })}
            </Typography>
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' } }}>
              <ChartFigure title={currency ? t('performance.chart.spendIn', { currency }) : t('performance.spend')}>
                <BarChart height={CHART_HEIGHT} xAxis={[{ scaleType: 'band', data: series.labels }]} yAxis={[{ min: 0 }]} series={[{ data: series.spend, label: t('performance.spend') }]} hideLegend />
              </ChartFigure>
              <ChartFigure title={t('performance.chart.ctrPercent')}>
                <LineChart
                  height={CHART_HEIGHT}
                  xAxis={[{ scaleType: 'point', data: series.labels }]}
                  yAxis={[{ min: 0 }]}
                  series={[{ data: series.ctr, label: t('performance.ctr'), connectNulls: true, showMark: true }]}
                  hideLegend
                />
              </ChartFigure>
            </Box>
            <Table size="small" sx={visuallyHidden} aria-label={t('performance.chart.table')}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('performance.chart.day')}</TableCell>
                  <TableCell>{t('performance.spend')}</TableCell>
                  <TableCell>{t('performance.impressions')}</TableCell>
                  <TableCell>{t('performance.clicks')}</TableCell>
                  <TableCell>{t('performance.ctr')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {data.days.map((day) => (
                  <TableRow key={day.date}>
                    <TableCell>{dayLabel(day.date)}</TableCell>
                    <TableCell>{money(day.spend)}</TableCell>
                    <TableCell>{formatNumber(day.impressions)}</TableCell>
                    <TableCell>{formatNumber(day.clicks)}</TableCell>
                    <TableCell>{percent(day.ctr)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
