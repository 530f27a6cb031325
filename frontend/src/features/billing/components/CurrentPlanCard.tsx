import { BRAND_EXTRACTION_DAILY_LIMIT, DEFAULT_PLAN_TIER, brandExtractionsLimited, brandProfileLimitFor, metaAllowedOn, type BillingSubscriptionDto } from '@brandloom/contracts';
import { Box, Button, Card, CardContent, Chip, Skeleton, Typography } from '@mui/material';
import { useOrganization } from '../../../lib/auth';
import { useBillingDetails, useCustomerPortal } from '../../../lib/billing';
import { formatLongDate, formatUsd } from '../format';

const STATUS_LABELS: Record<string, string> = {
  trialing: 'Trial',
  past_due: 'Payment past due',
  unpaid: 'Unpaid',
  incomplete: 'Incomplete',
};

function SubscriptionDetails({ subscription, planTier }: { subscription: BillingSubscriptionDto; planTier: string }) {
  const periodEnd = subscription.current_period_end ? formatLongDate(subscription.current_period_end) : null;
  const statusLabel = STATUS_LABELS[subscription.status];
  return (
    <Box data-testid="subscription-details" sx={{ display: 'flex', flexDirection: 'column', gap: 0.5 }}>
      {subscription.productName && subscription.productName !== planTier && (
        <Typography sx={{ fontWeight: 600 }}>{subscription.productName}</Typography>
      )}
      {subscription.price != null && (
        <Typography color="text.secondary">
          {formatUsd(subscription.price)}
          {subscription.interval ? ` / ${subscription.interval}` : ''}
        </Typography>
      )}
      {periodEnd && (
        <Typography variant="body2" color="text.secondary">
          {subscription.cancel_at_period_end ? 'Cancels on' : 'Renews on'} {periodEnd}
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
    profiles === null ? 'unlimited brand profiles' : `${profiles} brand ${profiles === 1 ? 'profile' : 'profiles'}`,
    brandExtractionsLimited(planTier) ? `${BRAND_EXTRACTION_DAILY_LIMIT} brand extractions a day` : 'unlimited brand extractions',
    metaAllowedOn(planTier) ? 'Meta push' : 'no Meta push',
  ].join(', ');
}

/**
 * The organization's plan and, from billing details, its subscription; the customer portal manages
 * it. Without a subscription the card says so plainly, rather than naming the tier whose features
 * apply (the literal 'Current Plan: Starter' beside 'Subscribe to Starter' read as if Starter were
 * paid for), and offers no portal: there is nothing to manage.
 */
export function CurrentPlanCard() {
  const { data: organization } = useOrganization();
  const details = useBillingDetails();
  const portal = useCustomerPortal();
  const planTier = organization?.organization.plan_tier || DEFAULT_PLAN_TIER;
  const subscription = details.data?.subscription ?? null;
  const unsubscribed = details.data !== undefined && subscription === null;

  return (
    <Card component="section" aria-labelledby="current-plan-heading">
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 1.5, height: '100%' }}>
        <Typography id="current-plan-heading" variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
          Your plan
        </Typography>
        {details.isPending ? (
          <Skeleton variant="text" width="50%" sx={{ typography: 'h5' }} />
        ) : (
          <Typography variant="h5" component="p" data-testid="plan-tier" sx={{ fontWeight: 700 }}>
            {unsubscribed ? 'No subscription' : planTier}
          </Typography>
        )}
        {subscription ? (
          <SubscriptionDetails subscription={subscription} planTier={planTier} />
        ) : unsubscribed ? (
          <Box data-testid="no-subscription" sx={{ display: 'flex', flexDirection: 'column', gap: 0.5 }}>
            <Typography variant="body2">
              You are using your welcome credits with {planTier}&apos;s features ({planTierFeatures(planTier)}).
            </Typography>
            <Typography variant="body2" color="text.secondary">
              A subscription adds credits every month and, on higher plans, more brand profiles and team seats. Choose one below.
            </Typography>
          </Box>
        ) : details.isError ? null : (
          <Box data-testid="subscription-loading">
            <Skeleton variant="text" width="60%" />
            <Skeleton variant="text" width="40%" />
          </Box>
        )}
        {subscription && details.data?.payments_configured !== false && (
          <Box sx={{ mt: 'auto' }}>
            <Button variant="outlined" onClick={portal.open} disabled={portal.busy}>
              Manage subscription
            </Button>
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
