import { DEFAULT_PLAN_TIER, PLANS, type BillingSubscriptionDto, type PaymentMethodDto } from '@brandloom/contracts';
import { Alert, Box, Button, Link, Skeleton, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { getErrorMessage } from '../../../lib/api';
import { useOrganization } from '../../../lib/auth';
import { useBillingDetails, useCustomerPortal } from '../../../lib/billing';
import { SettingsCard } from './SettingsCard';
import { formatDate, formatPrice } from '../../../lib/i18n/format';


/** The card on file, when the billing details carry one. */
function paymentMethodText(method: PaymentMethodDto | null | undefined): string | null {
  if (!method?.last4) return null;
  const brand = method.brand ? method.brand.charAt(0).toUpperCase() + method.brand.slice(1) : 'Card';
  const expiry = method.exp_month && method.exp_year ? `, expires ${String(method.exp_month).padStart(2, '0')}/${method.exp_year}` : '';
  return `${brand} ending in ${method.last4}${expiry}`;
}

function credits(subscription: BillingSubscriptionDto): string | null {
  const plan = PLANS.find((candidate) => candidate.tier === subscription.plan_tier);
  if (!plan) return null;
  return subscription.interval === 'year' ? `${plan.annual.credits} credits per year` : `${plan.monthly.credits} credits per month`;
}

/** Settings → Billing: the real plan, price, renewal and payment method from the billing details. */
export function BillingTab() {
  const { data: organization } = useOrganization();
  const details = useBillingDetails();
  const portal = useCustomerPortal();
  const planTier = organization?.organization.plan_tier || DEFAULT_PLAN_TIER;
  const subscription = details.data?.subscription ?? null;
  const paymentMethod = paymentMethodText(details.data?.payment_method);

  let body;
  if (details.isError) body = <Alert severity="error">{getErrorMessage(details.error, 'Error loading billing information')}</Alert>;
  else if (!details.data) body = <Skeleton variant="rounded" height={120} data-testid="billing-loading" />;
  else
    body = (
      <Stack spacing={1} data-testid="settings-billing">
        <Typography variant="h5" component="p" sx={{ fontWeight: 700 }}>
          {subscription ? subscription.productName || planTier : 'No subscription'}
        </Typography>
        {subscription ? (
          <>
            {subscription.price != null && (
              <Typography>
                {formatPrice(subscription.price, 'USD')}
                {subscription.interval ? ` / ${subscription.interval}` : ''}
                {credits(subscription) ? ` · ${credits(subscription)}` : ''}
              </Typography>
            )}
            {subscription.current_period_end && (
              <Typography variant="body2" color="text.secondary">
                {subscription.cancel_at_period_end ? 'Ends on' : 'Renews on'} {formatDate(subscription.current_period_end, { month: 'long', day: 'numeric', year: 'numeric' })}
              </Typography>
            )}
          </>
        ) : (
          <Typography variant="body2" color="text.secondary">
            You are using your welcome credits with {planTier}&apos;s features and buy credits as you go; a subscription adds credits every month.
          </Typography>
        )}
        <Typography variant="body2" color="text.secondary" data-testid="payment-method">
          Payment method: {paymentMethod ?? 'none on file'}
        </Typography>
      </Stack>
    );

  return (
    <SettingsCard title="Billing" description="Your plan and payment details.">
      {body}
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        {/* The Stripe portal manages a subscription: without one (or without payments) it is not offered. */}
        {subscription && details.data?.payments_configured !== false && (
          <Button variant="contained" onClick={portal.open} disabled={portal.busy}>
            Manage subscription
          </Button>
        )}
        <Box>
          <Link component={RouterLink} to="/billing">
            Credits &amp; Billing
          </Link>
        </Box>
      </Stack>
    </SettingsCard>
  );
}
