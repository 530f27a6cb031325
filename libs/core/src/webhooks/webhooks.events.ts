import type { WebhookEventType } from '@brandloom/contracts';

/** The outbox events the webhooks domain writes: what owners and admins did, and what Brandloom did to an endpoint (all audited). */
export const WEBHOOK_EVENTS = {
  endpointCreated: 'webhook.endpoint_created',
  endpointUpdated: 'webhook.endpoint_updated',
  endpointDeleted: 'webhook.endpoint_deleted',
  testRequested: 'webhook.test_requested',
  deliveryResent: 'webhook.delivery_resent',
  /** Switched off after its deliveries kept failing; its owners are mailed. */
  endpointDisabled: 'webhook.endpoint_disabled',
} as const;

interface EndpointAction {
  endpointId: string;
  /** Who did it: a signed-in user, or an API key (its id; userId null). */
  userId: string | null;
  apiKeyId?: string;
  url: string;
}

declare module '../infra/outbox/domain-event' {
  interface EventPayloads {
    [WEBHOOK_EVENTS.endpointCreated]: EndpointAction & { events: WebhookEventType[] };
    [WEBHOOK_EVENTS.endpointUpdated]: EndpointAction & { changes: { url?: string; events?: WebhookEventType[]; enabled?: boolean } };
    [WEBHOOK_EVENTS.endpointDeleted]: EndpointAction;
    [WEBHOOK_EVENTS.testRequested]: EndpointAction & { deliveryId: string };
    [WEBHOOK_EVENTS.deliveryResent]: EndpointAction & { deliveryId: string; eventId: string };
    [WEBHOOK_EVENTS.endpointDisabled]: { endpointId: string; url: string; reason: string };
  }
}
