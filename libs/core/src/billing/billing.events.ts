import type { CreditsReference } from '../credits/credits.service';

/** The outbox events the billing domain writes (composed with every domain's in libs/core/src/event-names.ts). */
export const BILLING_EVENTS = {
  subscriptionRenewed: 'subscription.renewed',
  /** Paid credits recorded as pending, not added: the grant is above a business maximum (an administrator decides). */
  purchaseCreditsHeld: 'purchase.credits_held',
} as const;

declare module '../infra/outbox/domain-event' {
  interface EventPayloads {
    [BILLING_EVENTS.subscriptionRenewed]: { subscriptionId: string; invoiceId: string; productId: string; credits: number; transactionId: string; balance: number };
    [BILLING_EVENTS.purchaseCreditsHeld]: { transactionId: string; amount: number; code: string; reason: string; reference: CreditsReference | null };
  }
}
