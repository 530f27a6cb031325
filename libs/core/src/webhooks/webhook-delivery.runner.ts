import { WEBHOOK_MAX_ATTEMPTS, WEBHOOK_MESSAGES, WEBHOOK_RESPONSE_EXCERPT_CHARS, WEBHOOK_TIMEOUT_MS, webhookRetryDelayMs } from '@brandloom/contracts';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AppConfig } from '../infra/config/app-config';
import { GuardedPostError, guardedPost } from '../infra/http/guarded-post';
import { LOOPBACK_ADDRESSES } from '../infra/http/ssrf-guard';
import { OutboxService } from '../infra/outbox/outbox.service';
import type { WebhookDelivery } from './entities/webhook-delivery.entity';
import type { WebhookEndpoint } from './entities/webhook-endpoint.entity';
import { type DeliveryOutcome, WebhookDeliveriesRepository } from './webhook-deliveries.repository';
import { WebhookDispatcher } from './webhook-dispatcher';
import { WebhookEndpointsRepository } from './webhook-endpoints.repository';
import { WebhookSecrets } from './webhook-secrets';
import { webhookHeaders } from './webhook-signature';
import { WEBHOOK_EVENTS } from './webhooks.events';

export type WebhookDeliveryResult = 'succeeded' | 'failed' | 'skipped' | 'missing';

/**
 * One attempt: signs the stored body, POSTs it through the SSRF guard (no redirects followed), logs
 * the answer. A failed automatic attempt schedules the next (WEBHOOK_RETRY_BASE_MS × 2^(n-1) later);
 * when the last one fails, the endpoint is disabled and its owners are told (endpoint_disabled event).
 */
@Injectable()
export class WebhookDeliveryRunner {
  constructor(
    private readonly dataSource: DataSource,
    private readonly config: AppConfig,
    private readonly endpoints: WebhookEndpointsRepository,
    private readonly deliveries: WebhookDeliveriesRepository,
    private readonly dispatcher: WebhookDispatcher,
    private readonly secrets: WebhookSecrets,
    private readonly outbox: OutboxService,
  ) {}

  async deliver(deliveryId: string): Promise<WebhookDeliveryResult> {
    const delivery = await this.deliveries.claim(deliveryId);
    if (!delivery) return 'missing';
    const endpoint = await this.endpoints.findById(delivery.endpoint_id);
    if (!endpoint) return 'missing';
    if (!endpoint.enabled && !delivery.manual) {
      await this.deliveries.markSkipped(delivery.id, 'The endpoint is disabled');
      return 'skipped';
    }
    const outcome = await this.send(endpoint, delivery);
    if (outcome.statusCode !== null && outcome.statusCode >= 200 && outcome.statusCode < 300) {
      await this.dataSource.transaction(async (m) => {
        await this.deliveries.markSucceeded(delivery.id, outcome, m);
        await this.endpoints.recordSuccess(endpoint.id, m);
      });
      return 'succeeded';
    }
    await this.fail(endpoint, delivery, outcome);
    return 'failed';
  }

  private async send(endpoint: WebhookEndpoint, delivery: WebhookDelivery): Promise<DeliveryOutcome> {
    let secret: string;
    try {
      secret = this.secrets.open(endpoint.secret_sealed, endpoint.id);
    } catch {
      return { statusCode: null, durationMs: 0, error: 'The signing secret can no longer be read (the key changed): create the endpoint again' };
    }
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    try {
      const answer = await guardedPost(endpoint.url, delivery.body, {
        headers: webhookHeaders(secret, delivery.body, delivery.event_id),
        timeoutMs: WEBHOOK_TIMEOUT_MS,
        maxResponseChars: WEBHOOK_RESPONSE_EXCERPT_CHARS,
        allowAddresses: this.config.WEBHOOK_ALLOW_LOOPBACK ? LOOPBACK_ADDRESSES : [],
      });
      const ok = answer.statusCode >= 200 && answer.statusCode < 300;
      const redirect = answer.statusCode >= 300 && answer.statusCode < 400 ? ' (redirects are not followed)' : '';
      const said = answer.body.trim() ? `: ${answer.body.trim()}` : '';
      return { statusCode: answer.statusCode, durationMs: elapsed(), error: ok ? null : `Answered HTTP ${answer.statusCode}${redirect}${said}`.slice(0, WEBHOOK_RESPONSE_EXCERPT_CHARS) };
    } catch (error) {
      const message =
        error instanceof GuardedPostError && error.reason === 'blocked' ? `${WEBHOOK_MESSAGES.urlRefused} (${error.message})` : error instanceof Error ? error.message : String(error);
      return { statusCode: null, durationMs: elapsed(), error: message };
    }
  }

  private async fail(endpoint: WebhookEndpoint, delivery: WebhookDelivery, outcome: DeliveryOutcome): Promise<void> {
    const retries = !delivery.manual && delivery.attempt < WEBHOOK_MAX_ATTEMPTS;
    const delayMs = webhookRetryDelayMs(delivery.attempt, this.config.WEBHOOK_RETRY_BASE_MS);
    const nextAttemptAt = retries ? new Date(Date.now() + delayMs) : null;
    const next = await this.dataSource.transaction(async (m) => {
      await this.deliveries.markFailed(delivery.id, outcome, nextAttemptAt, m);
      await this.endpoints.recordFailure(endpoint.id, m);
      if (nextAttemptAt) {
        return this.deliveries.insertPending(
          [{ ...delivery, attempt: delivery.attempt + 1, manual: false, scheduled_at: nextAttemptAt }],
          m,
        );
      }
      if (!delivery.manual) {
        const reason = WEBHOOK_MESSAGES.disabledAfterFailures(WEBHOOK_MAX_ATTEMPTS);
        const disabled = await this.endpoints.disable(endpoint.id, reason, m);
        if (disabled) await this.outbox.record(m, WEBHOOK_EVENTS.endpointDisabled, { endpointId: endpoint.id, url: endpoint.url, reason }, endpoint.organization_id);
      }
      return [];
    });
    await this.dispatcher.enqueue(next, delayMs);
  }
}
