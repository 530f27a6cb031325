import type { BillingPeriod } from '@brandloom/contracts';
import { Alert, Box, Chip, Skeleton, Tab, Tabs, Typography } from '@mui/material';
import { useState, type Ref } from 'react';
import { useUser } from '../../../lib/auth';
import { useBillingDetails } from '../../../lib/billing';
import { useT } from '../../../lib/i18n/translate';
import { useCheckout } from '../api/useCheckout';
import { useProducts, type Product } from '../api/useProducts';
import { BundleCard, PlanCard } from './ProductCard';

export type PurchaseTab = 'plans' | 'onetime';

const cardGrid = {
  display: 'grid',
  gap: 2,
  gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(4, 1fr)' },
} as const;

function CardSkeletons() {
  return (
    <Box sx={cardGrid} data-testid="products-loading">
      {[0, 1, 2, 3].map((i) => (
        <Skeleton key={i} variant="rounded" height={320} />
      ))}
    </Box>
  );
}

function tabProps(group: string, value: string) {
  return { value, id: `${group}-tab-${value}`, 'aria-controls': `${group}-panel-${value}` };
}

interface PurchaseOptionsProps {
  tab: PurchaseTab;
  onTabChange: (tab: PurchaseTab) => void;
  ref?: Ref<HTMLElement>;
}

/** Tabs 'Monthly & Annual Plans' (Monthly and Annual sub-tabs) and 'One-time Credit Purchases'. */
export function PurchaseOptions({ tab, onTabChange, ref }: PurchaseOptionsProps) {
  const [period, setPeriod] = useState<BillingPeriod>('monthly');
  const products = useProducts();
  const { data: details } = useBillingDetails();
  const { checkout, busy, pendingPriceId } = useCheckout();
  const { data: user } = useUser();
  const t = useT();
  // Without Stripe nothing can be bought: the buttons are not offered as if they worked.
  const paymentsOff = details?.payments_configured === false;

  const buyProps = (product: Product) => ({
    product,
    onBuy: checkout,
    disabled: busy || paymentsOff,
    pending: busy && pendingPriceId === product.stripe_price_id,
  });

  const plans = (products.data ?? []).filter((p) => p.product_type === 'subscription' && p.billing_period === period);
  const bundles = (products.data ?? []).filter((p) => p.product_type === 'onetime');
  const currentProductId = details?.subscription?.productId ?? null;

  return (
    <Box component="section" ref={ref} aria-labelledby="purchase-heading" sx={{ scrollMarginTop: 80 }}>
      <Typography id="purchase-heading" variant="h5" component="h3" sx={{ fontWeight: 700, mb: 1 }}>
        {t('billing.purchase.heading')}
      </Typography>
      {paymentsOff && (
        <Alert severity="info" sx={{ mb: 2 }} data-testid="payments-unavailable">
          {user?.is_admin ? t('billing.purchase.unavailableAdmin') : t('billing.purchase.unavailable')}
        </Alert>
      )}
      {/* On a phone the second tab is past the edge: the scroll arrows say so. */}
      <Tabs value={tab} onChange={(_, value: PurchaseTab) => onTabChange(value)} aria-label={t('billing.purchase.options')} variant="scrollable" scrollButtons="auto" allowScrollButtonsMobile>
        <Tab label={t('billing.purchase.plansTab')} {...tabProps('purchase', 'plans')} />
        <Tab label={t('billing.purchase.packsTab')} {...tabProps('purchase', 'onetime')} />
      </Tabs>

      {tab === 'plans' ? (
        <Box role="tabpanel" id="purchase-panel-plans" aria-labelledby="purchase-tab-plans" sx={{ pt: 2 }}>
          <Tabs value={period} onChange={(_, value: BillingPeriod) => setPeriod(value)} aria-label={t('billing.purchase.period')} variant="scrollable" scrollButtons="auto" allowScrollButtonsMobile sx={{ mb: 2 }}>
            <Tab label={t('billing.purchase.monthly')} {...tabProps('period', 'monthly')} />
            <Tab
              {...tabProps('period', 'annual')}
              label={
                <Box component="span" sx={{ display: 'inline-flex', flexWrap: 'wrap', justifyContent: 'center', alignItems: 'center', gap: 1 }}>
                  {t('billing.purchase.annual')}
                  <Chip id="annual-savings" label={t('billing.purchase.savings')} color="success" size="small" component="span" />
                </Box>
              }
            />
          </Tabs>
          <Box role="tabpanel" id={`period-panel-${period}`} aria-labelledby={`period-tab-${period}`}>
            {products.isPending ? (
              <CardSkeletons />
            ) : products.isError ? null : plans.length === 0 ? (
              <Alert severity="info">{t('billing.purchase.noPlans')}</Alert>
            ) : (
              <Box sx={cardGrid}>
                {plans.map((plan) => (
                  <PlanCard key={plan.id} {...buyProps(plan)} current={plan.id === currentProductId} />
                ))}
              </Box>
            )}
          </Box>
        </Box>
      ) : (
        <Box role="tabpanel" id="purchase-panel-onetime" aria-labelledby="purchase-tab-onetime" sx={{ pt: 2 }}>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {t('billing.purchase.packsNote')}
          </Typography>
          {products.isPending ? (
            <CardSkeletons />
          ) : products.isError ? null : bundles.length === 0 ? (
            <Alert severity="info">{t('billing.purchase.noPacks')}</Alert>
          ) : (
            <Box sx={{ ...cardGrid, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(5, 1fr)' } }}>
              {bundles.map((bundle) => (
                <BundleCard key={bundle.id} {...buyProps(bundle)} />
              ))}
            </Box>
          )}
        </Box>
      )}
    </Box>
  );
}
