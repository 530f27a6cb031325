import { isPurchasablePriceId, type CheckoutSessionResponse, type ProductType } from '@brandloom/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest, errorCode } from '../../../lib/api';
import { useUser } from '../../../lib/auth';
import { failureDescription, redirectTo, useResetOnPageRestore } from '../../../lib/billing';
import { translate, type MessageKey } from '../../../lib/i18n/translate';
import { toast } from '../../../lib/toast';

const CHECKOUT = {
  subscription: {
    endpoint: '/api/stripe/create-subscription-session',
    errorTitle: 'billing.checkout.subscriptionError',
    fallback: 'billing.checkout.subscriptionFailed',
  },
  onetime: {
    endpoint: '/api/stripe/create-checkout-session',
    errorTitle: 'billing.checkout.paymentError',
    fallback: 'billing.checkout.paymentFailed',
  },
} as const satisfies Record<ProductType, { endpoint: string; errorTitle: MessageKey; fallback: MessageKey }>;

export interface CheckoutItem {
  product_type: ProductType;
  stripe_price_id: string | null | undefined;
}

export function toastNoCheckoutUrl(): void {
  toast({ title: translate('billing.checkout.error'), description: translate('billing.checkout.noUrl'), variant: 'destructive' });
}

/**
 * What a refused purchase tells the reader: a member what they can do, an administrator what to
 * configure. The server's 'Payments are not configured' is written for the latter.
 */
export function purchaseFailureText(error: unknown, fallback: string, isAdmin: boolean): string {
  const code = errorCode(error);
  if (code === 'payments_not_configured') return translate(isAdmin ? 'billing.purchase.unavailableAdmin' : 'billing.purchase.unavailable');
  if (code === 'product_not_purchasable') return translate(isAdmin ? 'billing.checkout.priceNeedsSetupAdmin' : 'billing.checkout.priceUnavailable');
  return failureDescription(error, fallback);
}

/**
 * Buys a plan (subscription checkout) or a credit pack (one-time checkout) and redirects to the
 * hosted checkout page. A price id that fails the product's rule is refused here: a member reads that
 * the option cannot be bought yet, an administrator that it needs its Stripe price.
 */
export function useCheckout() {
  const isAdmin = Boolean(useUser().data?.is_admin);
  const mutation = useMutation({
    mutationFn: ({ kind, priceId }: { kind: ProductType; priceId: string }) =>
      apiRequest<Partial<CheckoutSessionResponse> | undefined>('POST', CHECKOUT[kind].endpoint, { priceId }),
    onSuccess: (data) => {
      if (data?.url) redirectTo(data.url);
      else toastNoCheckoutUrl();
    },
    onError: (error, { kind }) => {
      toast({ title: translate(CHECKOUT[kind].errorTitle), description: purchaseFailureText(error, translate(CHECKOUT[kind].fallback), isAdmin), variant: 'destructive' });
    },
  });

  useResetOnPageRestore(mutation.reset);

  const checkout = (item: CheckoutItem) => {
    const kind = item.product_type;
    if (!isPurchasablePriceId(item.stripe_price_id)) {
      toast({ title: translate(CHECKOUT[kind].errorTitle), description: translate(isAdmin ? 'billing.checkout.priceNeedsSetupAdmin' : 'billing.checkout.priceUnavailable'), variant: 'destructive' });
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
