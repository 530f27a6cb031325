import { Alert, Box, Button, Link, Typography } from '@mui/material';
import type { BrandUsageDto } from '@brandloom/contracts';
import { Link as RouterLink } from 'react-router';
import { useT } from '../../../lib/i18n/translate';
import { extractionUsageText, profileUsageText, type ReachedLimit } from '../planLimits';

/** Where a plan's allowances are compared and changed. */
export const PLANS_PATH = '/billing';

/** "Starter plan: 1 of 1 brand profile used · 0 of 25 extractions today · Compare plans", before any action. */
export function PlanLimitsSummary({ usage }: { usage: BrandUsageDto }) {
  const t = useT();
  return (
    <Typography variant="body2" color="text.secondary" data-testid="brand-plan-limits" sx={{ mb: 2 }}>
      <Box component="span" sx={{ fontWeight: 600, color: 'text.primary' }}>
        {t('brandBrain.plan.label', { plan: usage.plan_tier })}
      </Box>{' '}
      {profileUsageText(usage.profiles)} · {extractionUsageText(usage.extractions)} ·{' '}
      <Link component={RouterLink} to={PLANS_PATH}>
        {t('brandBrain.plan.compare')}
      </Link>
    </Typography>
  );
}

/** Why an action is not offered (the plan's limit is reached), with the way to a plan that allows it. */
export function PlanLimitAlert({ limit }: { limit: ReachedLimit }) {
  const t = useT();
  return (
    <Alert
      severity="info"
      role="note"
      data-testid={`plan-limit-${limit.kind}`}
      action={
        <Button component={RouterLink} to={PLANS_PATH} color="inherit" size="small" sx={{ whiteSpace: 'nowrap' }}>
          {t('brandBrain.plan.see')}
        </Button>
      }
    >
      {limit.message}
    </Alert>
  );
}
