/** The outbox events the billing domain writes (composed with every domain's in libs/core/src/event-names.ts). */
export const BILLING_EVENTS = {
  subscriptionRenewed: 'subscription.renewed',
} as const;
