import { ADMIN_METRICS_DEFAULT_DAYS, type AdminMetricsResponse } from '@brandloom/contracts';
import { Alert, Box, Card, CardContent, Skeleton, Typography } from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { apiRequest } from '../../lib/api';
import { metricsSeries } from './metricsSeries';

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
  const metrics = useQuery({
    queryKey: ['/api/admin/metrics', ADMIN_METRICS_DEFAULT_DAYS],
    queryFn: () => apiRequest<AdminMetricsResponse>('GET', `/api/admin/metrics?days=${ADMIN_METRICS_DEFAULT_DAYS}`),
  });
  if (metrics.isPending) return <Skeleton variant="rounded" height={CHART_HEIGHT} aria-label="Loading charts" />;
  if (metrics.isError) return <Alert severity="error">Could not load the charts.</Alert>;
  const { labels, signups, generations, credits } = metricsSeries(metrics.data.days);
  const xAxis = [{ scaleType: 'band' as const, data: labels }];
  const period = `in the last ${ADMIN_METRICS_DEFAULT_DAYS} days`;
  return (
    <Box component="section" aria-labelledby="admin-charts-heading" sx={{ display: 'grid', gap: 2 }}>
      <Typography id="admin-charts-heading" variant="h6" component="h3">
        Last {ADMIN_METRICS_DEFAULT_DAYS} days
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: 'repeat(3, 1fr)' } }}>
        <ChartCard title="Sign-ups" summary={`${signups.total} sign-ups ${period}`}>
          <BarChart height={CHART_HEIGHT} xAxis={xAxis} series={[{ data: signups.data, label: 'Sign-ups' }]} hideLegend />
        </ChartCard>
        <ChartCard title="Generations" summary={`${generations.completed.total} completed and ${generations.failed.total} failed ${period}`}>
          <LineChart
            height={CHART_HEIGHT}
            xAxis={[{ scaleType: 'point', data: labels }]}
            series={[
              { data: generations.completed.data, label: 'Completed', color: '#2e7d32' },
              { data: generations.failed.data, label: 'Failed', color: '#d32f2f' },
            ]}
          />
        </ChartCard>
        <ChartCard title="Credits" summary={`${credits.granted.total} granted and ${credits.used.total} used ${period}`}>
          <BarChart
            height={CHART_HEIGHT}
            xAxis={xAxis}
            series={[
              { data: credits.granted.data, label: 'Granted', color: '#1565c0' },
              { data: credits.used.data, label: 'Used', color: '#ef6c00' },
            ]}
          />
        </ChartCard>
      </Box>
    </Box>
  );
}
