import { DEFAULT_PLAN_TIER, type BillingSubscriptionDto } from '@brandloom/contracts';
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

/** The organization's plan tier and, from billing details, its subscription; the customer portal manages it. */
export function CurrentPlanCard() {
  const { data: organization } = useOrganization();
  const details = useBillingDetails();
  const portal = useCustomerPortal();
  const planTier = organization?.organization.plan_tier || DEFAULT_PLAN_TIER;

  return (
    <Card component="section" aria-labelledby="current-plan-heading">
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 1.5, height: '100%' }}>
        <Typography id="current-plan-heading" variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
          Current Plan
        </Typography>
        <Typography variant="h5" component="p" data-testid="plan-tier" sx={{ fontWeight: 700 }}>
          {planTier}
        </Typography>
        {details.data ? (
          details.data.subscription ? (
            <SubscriptionDetails subscription={details.data.subscription} planTier={planTier} />
          ) : (
            <Typography variant="body2" color="text.secondary">
              No active subscription. Choose a monthly or annual plan below.
            </Typography>
          )
        ) : details.isError ? null : (
          <Box data-testid="subscription-loading">
            <Skeleton variant="text" width="60%" />
            <Skeleton variant="text" width="40%" />
          </Box>
        )}
        <Box sx={{ mt: 'auto' }}>
          <Button variant="outlined" onClick={portal.open} disabled={portal.busy}>
            Manage subscription
          </Button>
        </Box>
      </CardContent>
    </Card>
  );
}
