import { BRAND_EXTRACTION_DAILY_LIMIT, brandExtractionsLimited, brandProfileLimitFor, metaAllowedOn, type BillingSubscriptionDto } from '@brandloom/contracts';
import { Box, Button, Card, CardContent, Chip, Skeleton, Typography } from '@mui/material';
import { useCurrentPlan, useCustomerPortal } from '../../../lib/billing';
import { translate, useT, type MessageKey } from '../../../lib/i18n/translate';
import { formatLongDate, formatUsd } from '../format';

const STATUS_LABELS: Record<string, MessageKey> = {
  trialing: 'billing.plan.status.trialing',
  past_due: 'billing.plan.status.pastDue',
  unpaid: 'billing.plan.status.unpaid',
  incomplete: 'billing.plan.status.incomplete',
};

function SubscriptionDetails({ subscription, planTier }: { subscription: BillingSubscriptionDto; planTier: string }) {
  const periodEnd = subscription.current_period_end ? formatLongDate(subscription.current_period_end) : null;
  const t = useT();
  const statusKey = STATUS_LABELS[subscription.status];
  const statusLabel = statusKey ? t(statusKey) : null;
  return (
    <Box data-testid="subscription-details" sx={{ display: 'flex', flexDirection: 'column', gap: 0.5 }}>
      {subscription.productName && subscription.productName !== planTier && (
        <Typography sx={{ fontWeight: 600 }}>{subscription.productName}</Typography>
      )}
      {subscription.price != null && (
        <Typography color="text.secondary">
          {formatUsd(subscription.price)}
          {subscription.interval ? ` / ${t('billing.plan.interval', { interval: subscription.interval })}` : ''}
        </Typography>
      )}
      {periodEnd && (
        <Typography variant="body2" color="text.secondary">
          {subscription.cancel_at_period_end ? t('billing.plan.cancelsOn', { date: periodEnd }) : t('billing.plan.renewsOn', { date: periodEnd })}
        </Typography>
      )}
      {statusLabel && <Chip label={statusLabel} color="warning" size="small" sx={{ alignSelf: 'flex-start' }} />}
    </Box>
  );
}

/** A tier's limits in a few words: '1 brand profile, 3 brand extractions a day, no Meta push'. */
function planTierFeatures(planTier: string): string {
  const profiles = brandProfileLimitFor(planTier);
  return [
    profiles === null ? translate('billing.plan.unlimitedProfiles') : translate('billing.plan.profiles', { count: profiles }),
    brandExtractionsLimited(planTier) ? translate('billing.plan.extractionsADay', { count: BRAND_EXTRACTION_DAILY_LIMIT }) : translate('billing.plan.unlimitedExtractions'),
    metaAllowedOn(planTier) ? translate('billing.plan.metaPush') : translate('billing.plan.noMetaPush'),
  ].join(', ');
}

/**
 * The organization's plan and, from billing details, its subscription; the customer portal manages
 * it. Without a subscription the card says so plainly, rather than naming the tier whose features
 * apply (the literal 'Current Plan: Starter' beside 'Subscribe to Starter' read as if Starter were
 * paid for), and offers no portal: there is nothing to manage.
 */
export function CurrentPlanCard() {
  const { planTier, details, subscription, portalOffered } = useCurrentPlan();
  const portal = useCustomerPortal();
  const t = useT();
  const unsubscribed = details.data !== undefined && subscription === null;

  return (
    <Card component="section" aria-labelledby="current-plan-heading">
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 1.5, height: '100%' }}>
        <Typography id="current-plan-heading" variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
          {t('billing.plan.title')}
        </Typography>
        {details.isPending ? (
          <Skeleton variant="text" width="50%" sx={{ typography: 'h5' }} />
        ) : (
          <Typography variant="h5" component="p" data-testid="plan-tier" sx={{ fontWeight: 700 }}>
            {unsubscribed ? t('billing.plan.none') : planTier}
          </Typography>
        )}
        {subscription ? (
          <SubscriptionDetails subscription={subscription} planTier={planTier} />
        ) : unsubscribed ? (
          <Box data-testid="no-subscription" sx={{ display: 'flex', flexDirection: 'column', gap: 0.5 }}>
            <Typography variant="body2">
              {t('billing.plan.welcome', { plan: planTier, features: planTierFeatures(planTier) })}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t('billing.plan.pitch')}
            </Typography>
          </Box>
        ) : details.isError ? null : (
          <Box data-testid="subscription-loading">
            <Skeleton variant="text" width="60%" />
            <Skeleton variant="text" width="40%" />
          </Box>
        )}
        {portalOffered && (
          <Box sx={{ mt: 'auto' }}>
            <Button variant="outlined" onClick={portal.open} disabled={portal.busy}>
              {t('billing.plan.manage')}
            </Button>
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
