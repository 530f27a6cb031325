import { Box, Stack, Typography } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { useBillingDetails } from '../../../lib/billing';
import { useT } from '../../../lib/i18n/translate';
import { useProducts } from '../api/useProducts';
import { useCheckoutReturn } from '../hooks/useCheckoutReturn';
import { BillingLoadError } from './BillingLoadError';
import { CreditBalanceCard } from './CreditBalanceCard';
import { CreditCostCard } from './CreditCostCard';
import { CurrentPlanCard } from './CurrentPlanCard';
import { PurchaseOptions, type PurchaseTab } from './PurchaseOptions';
import { TransactionHistory } from './TransactionHistory';

function scrollTo(element: HTMLElement | null) {
  // Not every environment implements it (some test DOMs do not).
  element?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
}

/** The Credits & Billing screen; /credits/buy opens it on the credit packs. */
export function BillingView({ initialPurchaseTab = 'plans' }: { initialPurchaseTab?: PurchaseTab }) {
  useCheckoutReturn();
  const [purchaseTab, setPurchaseTab] = useState<PurchaseTab>(initialPurchaseTab);
  const purchaseRef = useRef<HTMLElement>(null);
  const products = useProducts();
  const t = useT();
  const details = useBillingDetails();
  const loadError = products.error ?? details.error;

  useEffect(() => {
    if (initialPurchaseTab === 'onetime') scrollTo(purchaseRef.current);
  }, [initialPurchaseTab]);

  const showCreditPacks = () => {
    setPurchaseTab('onetime');
    scrollTo(purchaseRef.current);
  };

  const retry = () => {
    if (products.isError) void products.refetch();
    if (details.isError) void details.refetch();
  };

  return (
    <Stack spacing={3}>
      <Typography variant="h4" component="h2" sx={{ fontWeight: 700 }}>
        {t('billing.heading')}
      </Typography>
      {loadError && <BillingLoadError error={loadError} onRetry={retry} />}
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' } }}>
        <CreditBalanceCard onBuyCredits={showCreditPacks} />
        <CreditCostCard />
        <CurrentPlanCard />
      </Box>
      <PurchaseOptions ref={purchaseRef} tab={purchaseTab} onTabChange={setPurchaseTab} />
      <TransactionHistory />
    </Stack>
  );
}
