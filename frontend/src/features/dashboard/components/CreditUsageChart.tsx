import { DASHBOARD_USAGE_DAYS, type DailyCreditUsage } from '@brandloom/contracts';
import { Box, Link, Skeleton, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { visuallyHidden } from '../../../components/visuallyHidden';
import { DashboardSection, SectionError } from './DashboardSection';
import { UsageBars } from './UsageBars';
import { formatDate } from '../../../lib/i18n/format';
import { useT } from '../../../lib/i18n/translate';

const labelOf = (date: string) => formatDate(`${date}T00:00:00Z`, { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** Credits spent per day over the last 30 days (UTC days, oldest first), with the figures as a table for screen readers. */
export function CreditUsageChart({ days, isLoading, isError }: { days: DailyCreditUsage[] | undefined; isLoading: boolean; isError: boolean }) {
  const t = useT();
  const title = t('dashboard.chart.caption', { days: DASHBOARD_USAGE_DAYS });
  let body;
  if (isLoading) {
    body = <Skeleton variant="rounded" height={240} data-testid="credit-chart-loading" />;
  } else if (isError || !days) {
    body = <SectionError>{t('dashboard.error.creditUsage')}</SectionError>;
  } else if (days.every((day) => day.credits_used === 0)) {
    // Nothing spent yet: an empty axis says nothing, this says what will appear and how (same height, nothing moves).
    body = (
      <Box
        data-testid="credit-chart-empty"
        sx={{ height: 240, display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', gap: 1, textAlign: 'center', px: 2, border: 1, borderColor: 'divider', borderStyle: 'dashed', borderRadius: 2 }}
      >
        <Typography sx={{ fontWeight: 600 }}>{t('dashboard.chart.empty')}</Typography>
        <Typography variant="body2" color="text.secondary">
          {t('dashboard.chart.emptyHint')}
        </Typography>
        <Link component={RouterLink} to="/studio" variant="body2">
          {t('dashboard.chart.generateFirst')}
        </Link>
      </Box>
    );
  } else {
    const total = days.reduce((sum, day) => sum + day.credits_used, 0);
    body = (
      <>
        <Typography variant="body2" color="text.secondary" data-testid="credit-chart-total">
          {t('dashboard.chart.total', { count: total, days: DASHBOARD_USAGE_DAYS })}
        </Typography>
        {/* The table below carries the figures for assistive technology; the drawing stays out of reach. */}
        <Box aria-hidden inert data-testid="credit-chart">
          <UsageBars days={days} label={labelOf} />
        </Box>
        <Box component="table" sx={visuallyHidden}>
          <caption>{title}</caption>
          <thead>
            <tr>
              <th scope="col">{t('dashboard.chart.day')}</th>
              <th scope="col">{t('dashboard.chart.creditsUsed')}</th>
            </tr>
          </thead>
          <tbody>
            {days.map((day) => (
              <tr key={day.date}>
                <th scope="row">{labelOf(day.date)}</th>
                <td>{day.credits_used}</td>
              </tr>
            ))}
          </tbody>
        </Box>
      </>
    );
  }
  return (
    <DashboardSection title={t('dashboard.section.creditUsage')} testId="credit-usage-chart">
      {body}
    </DashboardSection>
  );
}
