import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { translate } from '../../../lib/i18n/translate';
import { toast } from '../../../lib/toast';
import { refetchBillingData } from '../api/refetchBillingData';

/** Billing data is reloaded 1 s after a successful payment, giving the webhook time to land. */
export const BILLING_REFETCH_DELAY_MS = 1000;

/**
 * Handles the return from hosted checkout: `?success=true&session_id=…` toasts success and
 * reloads billing details, balance, transactions and the organization after 1 s; `?canceled=true`
 * toasts the cancellation. Either way the query string is removed (replace navigation).
 */
export function useCheckoutReturn(): void {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // Each history entry is handled once, also when StrictMode runs the effect twice.
  const handledKey = useRef<string | null>(null);

  useEffect(() => {
    const params = new URLSearchParams(location.search);
    const success = params.get('success') === 'true';
    const canceled = params.get('canceled') === 'true';
    if (!success && !canceled) return;
    if (handledKey.current === location.key) return;
    handledKey.current = location.key;

    if (success && params.get('session_id')) {
      toast({ title: translate('billing.checkout.successTitle'), description: translate('billing.checkout.success') });
      // Not cleared on unmount: the reload is wanted even if the user has moved on.
      setTimeout(() => void refetchBillingData(queryClient), BILLING_REFETCH_DELAY_MS);
    } else if (canceled) {
      toast({ title: translate('billing.checkout.canceledTitle'), description: translate('billing.checkout.canceled') });
    }
    void navigate({ pathname: location.pathname, hash: location.hash }, { replace: true });
  }, [location, navigate, queryClient]);
}
