import { PLANS, type BillingSubscriptionDto, type PaymentMethodDto } from '@brandloom/contracts';
import { Alert, Box, Button, Link, Skeleton, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { getErrorMessage } from '../../../lib/api';
import { useCurrentPlan, useCustomerPortal } from '../../../lib/billing';
import { formatDate, formatPrice } from '../../../lib/i18n/format';
import { useT, type Translate } from '../../../lib/i18n/translate';
import { SettingsCard } from './SettingsCard';

/** The card on file, when the billing details carry one. */
function paymentMethodText(method: PaymentMethodDto | null | undefined, t: Translate): string | null {
  if (!method?.last4) return null;
  const brand = method.brand ? method.brand.charAt(0).toUpperCase() + method.brand.slice(1) : t('settings.billing.card');
  if (!method.exp_month || !method.exp_year) return t('settings.billing.cardEnding', { brand, last4: method.last4 });
  return t('settings.billing.cardEndingExpires', { brand, last4: method.last4, expiry: `${String(method.exp_month).padStart(2, '0')}/${method.exp_year}` });
}

function credits(subscription: BillingSubscriptionDto, t: Translate): string | null {
  const plan = PLANS.find((candidate) => candidate.tier === subscription.plan_tier);
  if (!plan) return null;
  return subscription.interval === 'year' ? t('settings.billing.perYear', { count: plan.annual.credits }) : t('settings.billing.perMonth', { count: plan.monthly.credits });
}

/** Settings → Billing: the real plan, price, renewal and payment method from the billing details. */
export function BillingTab() {
  const { planTier, details, subscription, portalOffered } = useCurrentPlan();
  const portal = useCustomerPortal();
  const t = useT();
  const paymentMethod = paymentMethodText(details.data?.payment_method, t);

  let body;
  if (details.isError) body = <Alert severity="error">{getErrorMessage(details.error, t('settings.billing.loadError'))}</Alert>;
  else if (!details.data) body = <Skeleton variant="rounded" height={120} data-testid="billing-loading" />;
  else
    body = (
      <Stack spacing={1} data-testid="settings-billing">
        <Typography variant="h5" component="p" sx={{ fontWeight: 700 }}>
          {subscription ? subscription.productName || planTier : t('billing.plan.none')}
        </Typography>
        {subscription ? (
          <>
            {subscription.price != null && (
              <Typography>
                {formatPrice(subscription.price, 'USD')}
                {subscription.interval ? ` / ${t('billing.plan.interval', { interval: subscription.interval })}` : ''}
                {credits(subscription, t) ? ` · ${credits(subscription, t)}` : ''}
              </Typography>
            )}
            {subscription.current_period_end && (
              <Typography variant="body2" color="text.secondary">
                {t(subscription.cancel_at_period_end ? 'settings.billing.endsOn' : 'billing.plan.renewsOn', {
                  date: formatDate(subscription.current_period_end, { month: 'long', day: 'numeric', year: 'numeric' }),
                })}
              </Typography>
            )}
          </>
        ) : (
          <Typography variant="body2" color="text.secondary">
            {t('settings.billing.payAsYouGo', { plan: planTier })}
          </Typography>
        )}
        <Typography variant="body2" color="text.secondary" data-testid="payment-method">
          {t('settings.billing.paymentMethod', { method: paymentMethod ?? t('settings.billing.noPaymentMethod') })}
        </Typography>
      </Stack>
    );

  return (
    <SettingsCard title={t('settings.billing.title')} description={t('settings.billing.description')}>
      {body}
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        {portalOffered && (
          <Button variant="contained" onClick={portal.open} disabled={portal.busy}>
            {t('billing.plan.manage')}
          </Button>
        )}
        <Box>
          <Link component={RouterLink} to="/billing">
            {t('nav.billing')}
          </Link>
        </Box>
      </Stack>
    </SettingsCard>
  );
}
