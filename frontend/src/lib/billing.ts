import { DEFAULT_PLAN_TIER, type BillingDetailsResponse, type CheckoutSessionResponse } from '@brandloom/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ApiError, apiRequest, getErrorMessage } from './api';
import { useOrganization } from './auth';
import { translate } from './i18n/translate';
import { toast } from './toast';

// The organization's subscription and the customer portal are shown by /billing and by
// Settings → Billing: one query and one portal call, here (features never import each other).

export const billingDetailsQueryKey = ['/api/stripe/billing-details'];

/** GET /api/stripe/billing-details: the organization's subscription (or null) and its purchases. */
export function useBillingDetails() {
  const { data: organization } = useOrganization();
  return useQuery<BillingDetailsResponse>({ queryKey: billingDetailsQueryKey, enabled: !!organization });
}

/**
 * The organization's plan tier (the default tier until it is known), its billing details and
 * subscription (null without one), and whether the customer portal is offered: the portal manages
 * a subscription, so without one (or without payments configured) it is not.
 */
export function useCurrentPlan() {
  const { data: organization } = useOrganization();
  const details = useBillingDetails();
  const subscription = details.data?.subscription ?? null;
  return {
    planTier: organization?.organization.plan_tier || DEFAULT_PLAN_TIER,
    details,
    subscription,
    portalOffered: !!subscription && details.data?.payments_configured !== false,
  };
}

/** Leaves for the payment provider's hosted page. */
export function redirectTo(url: string): void {
  window.location.assign(url);
}

/**
 * The description of a failure toast: the server's message when it sent one (for example
 * 'Payments are not configured' or a price id rule message), else the product's fallback.
 * A 500 carries only a generic 'Internal server error', so it gets the fallback too.
 */
export function failureDescription(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.status === 500) return fallback;
  return getErrorMessage(error, fallback);
}

/**
 * Calls `reset` when the browser restores this page from the back/forward cache, as when the user
 * comes back from a hosted checkout with Back: buttons left busy by the redirect become usable again.
 */
export function useResetOnPageRestore(reset: () => void): void {
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) reset();
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, [reset]);
}

function toastPortalFailure(description: string = translate('billing.checkout.portalFailed')) {
  toast({ title: translate('billing.checkout.error'), description, variant: 'destructive' });
}

/** GET /api/stripe/customer-portal, then to the provider's customer portal. */
export function useCustomerPortal() {
  const mutation = useMutation({
    mutationFn: () => apiRequest<Partial<CheckoutSessionResponse> | undefined>('GET', '/api/stripe/customer-portal'),
    onSuccess: (data) => {
      if (data?.url) redirectTo(data.url);
      else toastPortalFailure();
    },
    onError: (error) => toastPortalFailure(failureDescription(error, translate('billing.checkout.portalFailed'))),
  });
  useResetOnPageRestore(mutation.reset);
  return {
    open: () => mutation.mutate(),
    /** While the request is in flight or the browser is leaving for the portal. */
    busy: mutation.isPending || (mutation.isSuccess && !!mutation.data?.url),
  };
}
