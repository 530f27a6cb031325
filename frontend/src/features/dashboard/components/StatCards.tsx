import { DASHBOARD_TREND_DAYS, DEFAULT_PLAN_TIER, type DashboardSummaryResponse } from '@brandloom/contracts';
import AutoAwesomeIcon from '@mui/icons-material/AutoAwesome';
import BoltIcon from '@mui/icons-material/Bolt';
import CardMembershipIcon from '@mui/icons-material/CardMembership';
import PaletteIcon from '@mui/icons-material/Palette';
import { Box, Card, CardContent, Skeleton, Stack, Typography } from '@mui/material';
import { useId, type ComponentType } from 'react';
import { assetsTrend, creditsUsedTrend, lastAddedTrend, renewalTrend } from '../format';
import { formatNumber } from '../../../lib/i18n/format';
import { translate, useT, type MessageKey } from '../../../lib/i18n/translate';

interface Stat {
  key: string;
  label: string;
  value: string;
  trend: string | null;
  icon: ComponentType<{ fontSize?: 'small' }>;
  /** A value in words rather than a number or a plan's name, set smaller so it fits the card. */
  wordy?: boolean;
}

function statsOf({ stats, trends }: DashboardSummaryResponse): Stat[] {
  return [
    {
      key: 'generated-assets',
      label: 'Generated Assets',
      value: formatNumber(stats.generated_assets),
      trend: assetsTrend(trends.generated_assets.change_percent, DASHBOARD_TREND_DAYS),
      icon: AutoAwesomeIcon,
    },
    {
      key: 'credits-remaining',
      label: 'Credits Remaining',
      value: formatNumber(stats.credits_remaining),
      trend: creditsUsedTrend(trends.credits_used_this_week),
      icon: BoltIcon,
    },
    {
      key: 'brand-profiles',
      label: 'Brand Profiles',
      value: formatNumber(stats.brand_profiles),
      trend: lastAddedTrend(trends.last_brand_profile_added_at),
      icon: PaletteIcon,
    },
    {
      key: 'subscription',
      label: 'Subscription',
      value: stats.subscribed ? stats.plan_tier || DEFAULT_PLAN_TIER : 'No subscription',
      wordy: !stats.subscribed,
      trend: stats.subscribed ? renewalTrend(trends.renews_at, trends.cancels_at_period_end) : translate('dashboard.trend.welcome', { plan: stats.plan_tier || DEFAULT_PLAN_TIER }),
      icon: CardMembershipIcon,
    },
  ];
}

const LABELS = ['Generated Assets', 'Credits Remaining', 'Brand Profiles', 'Subscription'];
const LABEL_KEYS: Record<string, MessageKey> = {
  'Generated Assets': 'dashboard.stats.assets',
  'Credits Remaining': 'dashboard.stats.credits',
  'Brand Profiles': 'dashboard.stats.brandProfiles',
  Subscription: 'dashboard.stats.subscription',
  'No subscription': 'dashboard.stats.noSubscription',
};

function StatCard({ label, value, trend, icon: Icon, wordy, testId }: { label: string; value?: string; trend?: string | null; icon?: Stat['icon']; wordy?: boolean; testId: string }) {
  const labelId = useId();
  const t = useT();
  const say = (text: string) => (LABEL_KEYS[text] ? t(LABEL_KEYS[text]) : text);
  return (
    <Card variant="outlined" component="article" aria-labelledby={labelId} data-testid={testId}>
      <CardContent>
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 1 }}>
          <Typography id={labelId} variant="body2" color="text.secondary" component="h3">
            {say(label)}
          </Typography>
          {Icon && (
            <Box sx={{ color: 'primary.main', display: 'flex' }} aria-hidden>
              <Icon fontSize="small" />
            </Box>
          )}
        </Stack>
        {value === undefined ? (
          <>
            <Skeleton variant="text" width="50%" sx={{ fontSize: '2rem' }} />
            <Skeleton variant="text" width="70%" />
          </>
        ) : (
          <>
            <Typography variant={wordy ? 'h5' : 'h4'} component="p" sx={{ fontWeight: 700 }} data-testid={`${testId}-value`}>
              {say(value)}
            </Typography>
            {trend && (
              <Typography variant="body2" color="text.secondary" data-testid={`${testId}-trend`}>
                {trend}
              </Typography>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}

/** The four stat cards; their trends are real figures, left out where there is nothing to compare. */
export function StatCards({ summary, isError }: { summary: DashboardSummaryResponse | undefined; isError: boolean }) {
  const grid = { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(4, 1fr)' } };
  if (!summary) {
    return (
      <Box sx={grid} data-testid="stat-cards" aria-busy={!isError}>
        {LABELS.map((label) => (
          <StatCard key={label} label={label} value={isError ? '—' : undefined} testId={`stat-${label.toLowerCase().replace(/ /g, '-')}`} />
        ))}
      </Box>
    );
  }
  return (
    <Box sx={grid} data-testid="stat-cards">
      {statsOf(summary).map(({ key, ...stat }) => (
        <StatCard key={key} {...stat} testId={`stat-${key}`} />
      ))}
    </Box>
  );
}
