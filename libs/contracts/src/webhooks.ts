// Webhooks: an organization's endpoints, the events they receive, and the log of each delivery attempt.

/** The events an endpoint may subscribe to. */
export const WEBHOOK_EVENT_TYPES = [
  'generation.completed',
  'generation.failed',
  'bulk.completed',
  'asset.created',
  'ad.created',
  'push.completed',
  'push.failed',
  'credits.low',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

export const WEBHOOK_EVENT_LABELS: Record<WebhookEventType, string> = {
  'generation.completed': 'A generation finished with images',
  'generation.failed': 'A generation failed',
  'bulk.completed': 'A bulk batch finished',
  'asset.created': 'An image was added to the library',
  'ad.created': 'An ad format was made',
  'push.completed': 'An ad was pushed to Meta',
  'push.failed': 'A push to Meta failed',
  'credits.low': 'The credit balance fell low',
};

/** The type of the event 'Send test event' delivers (never subscribed to: every endpoint can be tested). */
export const WEBHOOK_TEST_EVENT_TYPE = 'webhook.test';

/** The header carrying `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>`. */
export const WEBHOOK_SIGNATURE_HEADER = 'Brandloom-Signature';

/** Every automatic attempt of one event: the first and its retries. */
export const WEBHOOK_MAX_ATTEMPTS = 12;

/**
 * The wait after failed attempt `attempt` (1-based) before the next: base × 2^(attempt-1). With the
 * default base of one minute the 11 retries span 2047 minutes (34 hours).
 */
export const webhookRetryDelayMs = (attempt: number, baseMs: number): number => baseMs * 2 ** (attempt - 1);

/** How long a receiver has to answer one delivery. */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** How much of a receiver's answer is kept in the delivery log. */
export const WEBHOOK_RESPONSE_EXCERPT_CHARS = 500;

export const WEBHOOK_URL_MAX_LENGTH = 2000;
export const WEBHOOK_ENDPOINTS_PER_ORGANIZATION = 20;
export const WEBHOOK_DELIVERIES_PAGE_SIZE = 100;

export interface WebhookEndpointDto {
  id: string;
  url: string;
  events: WebhookEventType[];
  enabled: boolean;
  /** Why the endpoint was switched off by Brandloom (null when enabled, or disabled by a person). */
  disabled_reason: string | null;
  /** Failed attempts since the last success. */
  consecutive_failures: number;
  created_by: string | null;
  created_at: string;
}

/** The answer to creating an endpoint: the signing secret, shown this once. */
export interface CreatedWebhookEndpointDto extends WebhookEndpointDto {
  secret: string;
}

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'sending', 'succeeded', 'failed', 'skipped'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/** One attempt to deliver one event to one endpoint. */
export interface WebhookDeliveryDto {
  id: string;
  event_id: string;
  type: string;
  attempt: number;
  /** A re-send or a test event, asked for by a person: never retried automatically. */
  manual: boolean;
  status: WebhookDeliveryStatus;
  /** The receiver's HTTP status; null when it did not answer (refused address, timeout, network). */
  status_code: number | null;
  duration_ms: number | null;
  error: string | null;
  /** When this attempt is due. */
  scheduled_at: string;
  attempted_at: string | null;
  /** On a failed attempt: when the next one is due (null when there is none). */
  next_attempt_at: string | null;
  delivered_at: string | null;
}

export interface CreateWebhookEndpointRequest {
  url: string;
  events: WebhookEventType[];
}

export interface UpdateWebhookEndpointRequest {
  url?: string;
  events?: WebhookEventType[];
  enabled?: boolean;
}

/** What a receiver gets: the same `id` on every attempt of one event. */
export interface WebhookEventBody<T = Record<string, unknown>> {
  id: string;
  type: WebhookEventType | typeof WEBHOOK_TEST_EVENT_TYPE;
  /** Unix seconds when the event happened. */
  created: number;
  data: T;
}

export const WEBHOOK_MESSAGES = {
  endpointNotFound: 'Webhook endpoint not found',
  deliveryNotFound: 'Webhook delivery not found',
  managersOnly: 'Only owners and admins can manage webhooks',
  urlInvalid: 'The URL must be an http(s) URL without credentials',
  urlTooLong: `The URL must be at most ${WEBHOOK_URL_MAX_LENGTH} characters`,
  urlRefused: 'This URL points at a private, loopback or reserved address: webhooks are delivered to public addresses only',
  eventsRequired: `events must list one or more of: ${WEBHOOK_EVENT_TYPES.join(', ')}`,
  nothingToUpdate: 'Give url, events or enabled',
  endpointLimit: `An organization can have at most ${WEBHOOK_ENDPOINTS_PER_ORGANIZATION} webhook endpoints`,
  disabledAfterFailures: (attempts: number) => `Disabled after ${attempts} failed attempts to deliver one event`,
} as const;
