/** The outbox events the credits domain writes (composed with every domain's in libs/core/src/event-names.ts). */
export const CREDITS_EVENTS = {
  creditsGranted: 'credits.granted',
  creditsDebited: 'credits.debited',
  creditsRefunded: 'credits.refunded',
} as const;
