import { ADMIN_METRICS_DEFAULT_DAYS, type AdminMetricsResponse } from '@brandloom/contracts';
import { Alert, Box, Card, CardContent, Skeleton, Typography } from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { apiRequest } from '../../lib/api';
import { metricsSeries } from './metricsSeries';
import { useT } from '../../lib/i18n/translate';

const CHART_HEIGHT = 220;

function ChartCard({ title, summary, children }: { title: string; summary: string; children: ReactNode }) {
  return (
    <Card variant="outlined" component="figure" sx={{ m: 0, minWidth: 0 }}>
      <CardContent>
        <Typography variant="subtitle1" component="figcaption" sx={{ fontWeight: 600 }}>
          {title}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {summary}
        </Typography>
        {/* The drawing repeats the summary above, day by day: inert, so screen readers and the tab order get the summary. */}
        <Box inert>{children}</Box>
      </CardContent>
    </Card>
  );
}

/** The console's charts: sign-ups, generations completed and failed, credits granted and used, per day. */
export function MetricsCharts() {
  const t = useT();
  const metrics = useQuery({
    queryKey: ['/api/admin/metrics', ADMIN_METRICS_DEFAULT_DAYS],
    queryFn: () => apiRequest<AdminMetricsResponse>('GET', `/api/admin/metrics?days=${ADMIN_METRICS_DEFAULT_DAYS}`),
  });
  if (metrics.isPending) return <Skeleton variant="rounded" height={CHART_HEIGHT} role="progressbar" aria-label={t('admin.charts.loading')} />;
  if (metrics.isError) return <Alert severity="error">{t('admin.charts.error')}</Alert>;
  const { labels, signups, generations, credits } = metricsSeries(metrics.data.days);
  const xAxis = [{ scaleType: 'band' as const, data: labels }];
  return (
    <Box component="section" aria-labelledby="admin-charts-heading" sx={{ display: 'grid', gap: 2 }}>
      <Typography id="admin-charts-heading" variant="h6" component="h3">
        {t('admin.charts.heading', { days: ADMIN_METRICS_DEFAULT_DAYS })}
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: 'repeat(3, 1fr)' } }}>
        <ChartCard title={t('admin.charts.signups')} summary={t('admin.charts.signupsSummary', { count: signups.total, days: ADMIN_METRICS_DEFAULT_DAYS })}>
          <BarChart height={CHART_HEIGHT} xAxis={xAxis} series={[{ data: signups.data, label: t('admin.charts.signups') }]} hideLegend />
        </ChartCard>
        <ChartCard title={t('admin.stat.generations')} summary={t('admin.charts.generationsSummary', { completed: generations.completed.total, failed: generations.failed.total, days: ADMIN_METRICS_DEFAULT_DAYS })}>
          <LineChart
            height={CHART_HEIGHT}
            xAxis={[{ scaleType: 'point', data: labels }]}
            series={[
              { data: generations.completed.data, label: t('admin.activity.status.Completed'), color: '#2e7d32' },
              { data: generations.failed.data, label: t('admin.activity.status.Failed'), color: '#d32f2f' },
            ]}
          />
        </ChartCard>
        <ChartCard title={t('admin.organizations.credits')} summary={t('admin.charts.creditsSummary', { granted: credits.granted.total, used: credits.used.total, days: ADMIN_METRICS_DEFAULT_DAYS })}>
          <BarChart
            height={CHART_HEIGHT}
            xAxis={xAxis}
            series={[
              { data: credits.granted.data, label: t('admin.charts.granted'), color: '#1565c0' },
              { data: credits.used.data, label: t('admin.charts.used'), color: '#ef6c00' },
            ]}
          />
        </ChartCard>
      </Box>
    </Box>
  );
}
