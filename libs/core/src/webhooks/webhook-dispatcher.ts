import { type WebhookEventBody, type WebhookEventType } from '@brandloom/contracts';
import { Injectable, Logger } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { QueuePort } from '../infra/queue/queue.port';
import type { WebhookDelivery } from './entities/webhook-delivery.entity';
import { WebhookDeliveriesRepository } from './webhook-deliveries.repository';
import { WebhookEndpointsRepository } from './webhook-endpoints.repository';
import { WEBHOOK_JOBS } from './webhooks-jobs.names';

/** Turns a public event into pending deliveries, and hands deliveries to the queue once they committed. */
@Injectable()
export class WebhookDispatcher {
  private readonly logger = new Logger(WebhookDispatcher.name);

  constructor(
    private readonly endpoints: WebhookEndpointsRepository,
    private readonly deliveries: WebhookDeliveriesRepository,
    private readonly queue: QueuePort,
  ) {}

  /** Whether any enabled endpoint of the organization wants `type` (most do not: the caller can stop here). */
  async anyoneWants(organizationId: string, type: WebhookEventType): Promise<boolean> {
    return (await this.endpoints.findSubscribed(organizationId, type)).length > 0;
  }

  /** In the caller's transaction: a pending first attempt for each enabled endpoint that wants the event. */
  async fanOut(manager: EntityManager, organizationId: string, event: WebhookEventBody & { type: WebhookEventType }): Promise<WebhookDelivery[]> {
    const targets = await this.endpoints.findSubscribed(organizationId, event.type, manager);
    const body = JSON.stringify(event);
    const scheduledAt = new Date();
    return this.deliveries.insertPending(
      targets.map((endpoint) => ({ endpoint_id: endpoint.id, organization_id: organizationId, event_id: event.id, type: event.type, body, attempt: 1, manual: false, scheduled_at: scheduledAt })),
      manager,
    );
  }

  /**
   * Queues committed attempts, each after `delayMs`. A refused enqueue (Redis away) is only logged:
   * the sweeper finds the attempt by its row. `retake` gives a fresh job id, for attempts the queue
   * may still hold under their first one.
   */
  async enqueue(deliveries: Array<Pick<WebhookDelivery, 'id'>>, delayMs = 0, retake = false): Promise<void> {
    for (const { id } of deliveries) {
      const jobId = retake ? `webhook-delivery-${id}-${Date.now()}` : `webhook-delivery-${id}`;
      await this.queue.enqueue(WEBHOOK_JOBS.deliver, { deliveryId: id }, { jobId, delayMs, attempts: 1 }).catch((error: Error) => {
        this.logger.warn(`webhook delivery ${id} not enqueued (the sweeper will): ${error.message}`);
      });
    }
  }
}
