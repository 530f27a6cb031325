import { BILLING_MESSAGES, isPurchasablePriceId, type CheckoutSessionResponse, type ProductType } from '@brandloom/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api';
import { failureDescription, redirectTo, useResetOnPageRestore } from '../../../lib/billing';
import { toast } from '../../../lib/toast';

const CHECKOUT = {
  subscription: {
    endpoint: '/api/stripe/create-subscription-session',
    errorTitle: 'Subscription error',
    fallback: BILLING_MESSAGES.subscriptionFailed,
    needsSetup: BILLING_MESSAGES.planNeedsSetup,
  },
  onetime: {
    endpoint: '/api/stripe/create-checkout-session',
    errorTitle: 'Payment error',
    fallback: BILLING_MESSAGES.paymentFailed,
    needsSetup: BILLING_MESSAGES.packageNeedsSetup,
  },
} as const satisfies Record<ProductType, unknown>;

export interface CheckoutItem {
  product_type: ProductType;
  stripe_price_id: string | null | undefined;
}

export function toastNoCheckoutUrl(): void {
  toast({ title: 'Error', description: BILLING_MESSAGES.noCheckoutUrl, variant: 'destructive' });
}

/**
 * Buys a plan (subscription checkout) or a credit pack (one-time checkout) and redirects to the
 * hosted checkout page. A price id that fails the product's rule is refused here, with the product's message.
 */
export function useCheckout() {
  const mutation = useMutation({
    mutationFn: ({ kind, priceId }: { kind: ProductType; priceId: string }) =>
      apiRequest<Partial<CheckoutSessionResponse> | undefined>('POST', CHECKOUT[kind].endpoint, { priceId }),
    onSuccess: (data) => {
      if (data?.url) redirectTo(data.url);
      else toastNoCheckoutUrl();
    },
    onError: (error, { kind }) => {
      toast({ title: CHECKOUT[kind].errorTitle, description: failureDescription(error, CHECKOUT[kind].fallback), variant: 'destructive' });
    },
  });

  useResetOnPageRestore(mutation.reset);

  const checkout = (item: CheckoutItem) => {
    const kind = item.product_type;
    if (!isPurchasablePriceId(item.stripe_price_id)) {
      toast({ title: CHECKOUT[kind].errorTitle, description: CHECKOUT[kind].needsSetup, variant: 'destructive' });
      return;
    }
    mutation.mutate({ kind, priceId: item.stripe_price_id });
  };

  // While a checkout is starting, or the browser is leaving for it, no second one can begin.
  const busy = mutation.isPending || (mutation.isSuccess && !!mutation.data?.url);
  return {
    checkout,
    busy,
    /** The price id of the checkout under way. */
    pendingPriceId: busy ? mutation.variables?.priceId : undefined,
  };
}
