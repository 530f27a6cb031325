import { Box, Typography } from '@mui/material';
import { useDashboardSummary } from '../api/useDashboardSummary';
import { BrandProfilesSection } from './BrandProfilesSection';
import { CreditUsageChart } from './CreditUsageChart';
import { QuickActions } from './QuickActions';
import { RecentCreditUsage } from './RecentCreditUsage';
import { RecentGenerations } from './RecentGenerations';
import { StatCards } from './StatCards';
import { TopCreatives } from './TopCreatives';
import { useT } from '../../../lib/i18n/translate';

/**
 * /dashboard: stat cards, recent generations, brand profiles, recent credit usage, quick actions
 * and credits used per day, all from one request; each section shows its own skeleton, error,
 * empty state and data.
 */
export default function DashboardPage() {
  const summary = useDashboardSummary();
  const t = useT();
  const data = summary.data;
  // Loading until the answer (or the organization it waits for) arrives; a failure is an error.
  const isLoading = !data && !summary.isError;
  const state = { isLoading, isError: summary.isError };

  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <Typography variant="h4" component="h2">
        {t('nav.dashboard.title')}
      </Typography>
      <StatCards summary={data} isError={summary.isError} />
      <TopCreatives />
      {/* The right column is wide enough at common widths (1200 px and up) for a heading, 'View all' and 'New' on one line. */}
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 3fr) minmax(0, 2fr)' } }}>
        <RecentGenerations assets={data?.recent_generations} {...state} />
        <BrandProfilesSection profiles={data?.brand_profiles} {...state} />
        <CreditUsageChart days={data?.credits_per_day} {...state} />
        <RecentCreditUsage transactions={data?.recent_transactions} {...state} />
      </Box>
      <QuickActions />
    </Box>
  );
}
