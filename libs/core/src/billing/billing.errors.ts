import { DomainError, domainError } from '../infra/errors/domain-error';
import { BILLING_MESSAGES } from '@brandloom/contracts';

/** Buying, the portal and webhooks need STRIPE_SECRET_KEY (503). */
export class PaymentsNotConfiguredError extends domainError('unavailable', 'payments_not_configured', BILLING_MESSAGES.paymentsNotConfigured) {}

/** The price id has not been set up in Stripe (400). */
export class ProductNotPurchasableError extends DomainError {
  readonly kind = 'invalid';
  readonly code = 'product_not_purchasable';

  constructor(kind: 'subscription' | 'onetime') {
    super(kind === 'subscription' ? BILLING_MESSAGES.planNeedsSetup : BILLING_MESSAGES.packageNeedsSetup);
  }
}

/** No product has this price id (404). */
export class ProductNotFoundError extends DomainError {
  readonly kind = 'not_found';
  readonly code = 'product_not_found';

  constructor(kind: 'subscription' | 'onetime') {
    super(kind === 'subscription' ? BILLING_MESSAGES.planNotFound : BILLING_MESSAGES.packageNotFound);
  }
}

/** A plan's price sent to the credit-pack checkout, or the other way round (400). */
export class WrongProductTypeError extends DomainError {
  readonly kind = 'invalid';
  readonly code = 'wrong_product_type';

  constructor(expected: 'subscription' | 'onetime') {
    super(expected === 'subscription' ? BILLING_MESSAGES.notAPlan : BILLING_MESSAGES.notAPackage);
  }
}

/** A second subscription would bill the organization twice; plan changes go through the portal (409). */
export class SubscriptionExistsError extends domainError('conflict', 'subscription_exists', BILLING_MESSAGES.subscriptionExists) {}

/** Missing or wrong Stripe-Signature, or a timestamp outside the tolerance (400). */
export class InvalidWebhookError extends DomainError {
  readonly kind = 'invalid';
  readonly code = 'webhook_invalid';

  constructor(detail?: string) {
    super(detail ? `${BILLING_MESSAGES.invalidWebhook}: ${detail}` : BILLING_MESSAGES.invalidWebhook);
  }
}

/** Stripe refused or could not be reached (502). */
export class PaymentProviderError extends DomainError {
  readonly kind = 'bad_gateway';
  readonly code = 'payment_provider_error';

  constructor(cause?: unknown) {
    super(BILLING_MESSAGES.providerError, { cause });
  }
}
