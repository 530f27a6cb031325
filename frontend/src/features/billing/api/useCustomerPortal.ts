import { BILLING_MESSAGES, type CheckoutSessionResponse } from '@brandloom/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useResetOnPageRestore } from '../hooks/useResetOnPageRestore';
import { failureDescription } from './errors';
import { redirectTo } from './useCheckout';

function toastPortalFailure(description: string = BILLING_MESSAGES.portalFailed) {
  toast({ title: 'Error', description, variant: 'destructive' });
}

/** GET /api/stripe/customer-portal, then to the provider's customer portal. */
export function useCustomerPortal() {
  const mutation = useMutation({
    mutationFn: () => apiRequest<Partial<CheckoutSessionResponse> | undefined>('GET', '/api/stripe/customer-portal'),
    onSuccess: (data) => {
      if (data?.url) redirectTo(data.url);
      else toastPortalFailure();
    },
    onError: (error) => toastPortalFailure(failureDescription(error, BILLING_MESSAGES.portalFailed)),
  });
  useResetOnPageRestore(mutation.reset);
  return {
    open: () => mutation.mutate(),
    /** While the request is in flight or the browser is leaving for the portal. */
    busy: mutation.isPending || (mutation.isSuccess && !!mutation.data?.url),
  };
}
