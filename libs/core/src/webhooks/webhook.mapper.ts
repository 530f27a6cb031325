import type { WebhookDeliveryDto, WebhookEndpointDto } from '@brandloom/contracts';
import type { WebhookDelivery } from './entities/webhook-delivery.entity';
import type { WebhookEndpoint } from './entities/webhook-endpoint.entity';

const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());

/** The endpoint as owners see it: never its secret. */
export function toWebhookEndpointDto(endpoint: WebhookEndpoint): WebhookEndpointDto {
  return {
    id: endpoint.id,
    url: endpoint.url,
    events: endpoint.events,
    enabled: endpoint.enabled,
    disabled_reason: endpoint.disabled_reason,
    consecutive_failures: endpoint.consecutive_failures,
    created_by: endpoint.created_by,
    created_at: iso(endpoint.created_at)!,
  };
}

export function toWebhookDeliveryDto(delivery: WebhookDelivery): WebhookDeliveryDto {
  return {
    id: delivery.id,
    event_id: delivery.event_id,
    type: delivery.type,
    attempt: delivery.attempt,
    manual: delivery.manual,
    status: delivery.status,
    status_code: delivery.status_code,
    duration_ms: delivery.duration_ms,
    error: delivery.error,
    scheduled_at: iso(delivery.scheduled_at)!,
    attempted_at: iso(delivery.attempted_at),
    next_attempt_at: iso(delivery.next_attempt_at),
    delivered_at: iso(delivery.delivered_at),
  };
}
