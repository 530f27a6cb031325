export const DOMAIN_EVENTS = {
  userRegistered: 'user.registered',
  organizationCreated: 'organization.created',
  creditsGranted: 'credits.granted',
  creditsDebited: 'credits.debited',
  creditsRefunded: 'credits.refunded',
  subscriptionRenewed: 'subscription.renewed',
  generationRequested: 'generation.requested',
  generationCompleted: 'generation.completed',
  generationFailed: 'generation.failed',
  assetCreated: 'asset.created',
  /** The library deleted an asset (row and files); payload: AssetDeletedPayload. */
  assetDeleted: 'asset.deleted',
} as const;

/** What handlers and jobs receive for an outbox row. */
export interface DomainEvent<P = Record<string, unknown>> {
  id: string;
  type: string;
  organizationId: string | null;
  payload: P;
  occurredAt: string;
}
