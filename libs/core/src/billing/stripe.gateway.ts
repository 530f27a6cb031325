import { Injectable } from '@nestjs/common';
import Stripe from 'stripe';
import { AppConfig } from '../infra/config/app-config';
import { InvalidWebhookError, PaymentProviderError, PaymentsNotConfiguredError } from './billing.errors';

/** The Stripe SDK client built from config (STRIPE_API_BASE lets tests point it at a local fake). */
@Injectable()
export class StripeGateway {
  private readonly client: Stripe | null;

  constructor(private readonly config: AppConfig) {
    this.client = config.stripeConfigured ? createStripeClient(config) : null;
  }

  get configured(): boolean {
    return this.client !== null;
  }

  assertConfigured(): void {
    this.require();
  }

  /** Runs one Stripe call; Stripe's own errors become PaymentProviderError (502). */
  async call<T>(request: (stripe: Stripe) => Promise<T>): Promise<T> {
    const stripe = this.require();
    try {
      return await request(stripe);
    } catch (error) {
      if (error instanceof Stripe.errors.StripeError) throw new PaymentProviderError(error);
      throw error;
    }
  }

  /** Verifies the Stripe-Signature header over the raw body and parses the event. */
  constructEvent(rawBody: Buffer | undefined, signature: string | undefined): Stripe.Event {
    const stripe = this.require();
    if (!rawBody || rawBody.length === 0) throw new InvalidWebhookError('empty body');
    if (!signature) throw new InvalidWebhookError('missing Stripe-Signature header');
    try {
      return stripe.webhooks.constructEvent(rawBody, signature, this.config.STRIPE_WEBHOOK_SECRET!, this.config.STRIPE_WEBHOOK_TOLERANCE_SECONDS);
    } catch (error) {
      if (error instanceof Stripe.errors.StripeSignatureVerificationError) throw new InvalidWebhookError();
      // A correctly signed body that is not JSON.
      if (error instanceof SyntaxError) throw new InvalidWebhookError('malformed payload');
      throw error;
    }
  }

  private require(): Stripe {
    if (!this.client) throw new PaymentsNotConfiguredError();
    return this.client;
  }
}

/** True for Stripe's 404 (`resource_missing`). */
export const isStripeNotFound = (error: unknown): boolean =>
  error instanceof PaymentProviderError && (error.cause as { code?: string } | undefined)?.code === 'resource_missing';

function createStripeClient(config: AppConfig): Stripe {
  const base = new URL(config.STRIPE_API_BASE);
  const protocol = base.protocol === 'http:' ? 'http' : 'https';
  return new Stripe(config.STRIPE_SECRET_KEY!, {
    host: base.hostname,
    port: base.port || (protocol === 'http' ? 80 : 443),
    protocol,
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    appInfo: { name: 'Brandloom' },
  });
}
