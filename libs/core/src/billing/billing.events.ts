/** The outbox events the billing domain writes (composed with every domain's in libs/core/src/event-names.ts). */
export const BILLING_EVENTS = {
  subscriptionRenewed: 'subscription.renewed',
  /** Paid credits recorded as pending, not added: the grant is above a business maximum (an administrator decides). */
  purchaseCreditsHeld: 'purchase.credits_held',
} as const;
