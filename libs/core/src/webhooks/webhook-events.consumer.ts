import type { WebhookEventType } from '@brandloom/contracts';
import { Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { ASSET_EVENTS } from '../assets/assets.events';
import { CREDITS_EVENTS } from '../credits/credits.events';
import { FORMAT_EVENTS } from '../formats/formats.events';
import { AD_EVENTS } from '../ads/ads.events';
import { isBatchFinished } from '../generation/bulk/bulk-batches';
import { BulkBatches } from '../generation/bulk/bulk-batches';
import { GENERATION_EVENTS } from '../generation/generation.events';
import type { DomainEvent, EventName } from '../infra/outbox/domain-event';
import { OnDomainEvent } from '../infra/outbox/on-domain-event.decorator';
import { ProcessedEvents } from '../infra/outbox/processed-events';
import { AD_NETWORK_EVENTS } from '../ad-network/ad-network.events';
import { WebhookDispatcher } from './webhook-dispatcher';

/**
 * The public webhook events, from the domain events that committed: each consumer maps one domain
 * event to its public type and data, and the dispatcher makes a delivery per subscribed endpoint
 * (once per event, whatever the relay replays). The public event's id is the domain event's, so a
 * receiver can deduplicate; `bulk.completed`, which no single statement writes, takes an id derived
 * from its batch, so the rows that settle a batch at once announce it once.
 */
@Injectable()
export class WebhookEventsConsumer {
  constructor(
    private readonly dispatcher: WebhookDispatcher,
    private readonly processed: ProcessedEvents,
    private readonly batches: BulkBatches,
  ) {}

  @OnDomainEvent([GENERATION_EVENTS.generationCompleted, GENERATION_EVENTS.generationFailed])
  async onGenerationSettled(event: DomainEvent<typeof GENERATION_EVENTS.generationCompleted | typeof GENERATION_EVENTS.generationFailed>): Promise<void> {
    const p = event.payload;
    const type = event.type === GENERATION_EVENTS.generationCompleted ? 'generation.completed' : 'generation.failed';
    await this.publish(event, type, {
      generation_id: p.generationId,
      status: type === 'generation.completed' ? 'completed' : 'failed',
      images_delivered: p.delivered,
      credits_refunded: p.creditsRefunded,
      batch_id: p.batchId,
      message: p.message,
    });
    if (p.batchId && event.organizationId && (await this.dispatcher.anyoneWants(event.organizationId, 'bulk.completed'))) {
      const status = await this.batches.status(event.organizationId, p.batchId);
      if (!isBatchFinished(status)) return;
      await this.publish(event, 'bulk.completed', { batch_id: p.batchId, total: status.total, completed: status.done, failed: status.failed }, nameBasedUuid(`bulk.completed:${p.batchId}`));
    }
  }

  @OnDomainEvent(ASSET_EVENTS.assetCreated)
  async onAssetCreated(event: DomainEvent<typeof ASSET_EVENTS.assetCreated>): Promise<void> {
    const p = event.payload;
    await this.publish(event, 'asset.created', {
      asset_id: p.assetId,
      generation_id: p.generationId,
      folder_id: p.folderId,
      brand_profile_id: p.brandProfileId,
      ...(p.format ? { format: p.format, parent_asset_id: p.parentAssetId ?? null } : {}),
    });
  }

  @OnDomainEvent(FORMAT_EVENTS.formatCompleted)
  async onFormatCompleted(event: DomainEvent<typeof FORMAT_EVENTS.formatCompleted>): Promise<void> {
    const p = event.payload;
    await this.publish(event, 'ad.created', { asset_id: p.assetId, source_asset_id: p.sourceAssetId, format: p.format, format_job_id: p.formatJobId });
  }

  /** A finished ad (copy, layout and logo on a picture) is an ad too, with its ad's id and version. */
  @OnDomainEvent(AD_EVENTS.adRendered)
  async onAdRendered(event: DomainEvent<typeof AD_EVENTS.adRendered>): Promise<void> {
    const p = event.payload;
    await this.publish(event, 'ad.created', { asset_id: p.assetId, source_asset_id: p.sourceAssetId, format: p.placement, ad_id: p.adId, version: p.version, layout: p.layout });
  }

  @OnDomainEvent([AD_NETWORK_EVENTS.pushCompleted, AD_NETWORK_EVENTS.pushFailed])
  async onPushSettled(event: DomainEvent<typeof AD_NETWORK_EVENTS.pushCompleted | typeof AD_NETWORK_EVENTS.pushFailed>): Promise<void> {
    const p = event.payload;
    await this.publish(event, event.type === AD_NETWORK_EVENTS.pushCompleted ? 'push.completed' : 'push.failed', {
      push_id: p.pushId,
      network: 'meta',
      asset_id: p.assetId,
      ad_account_id: p.adAccountId,
      ad_id: p.adId,
      error: p.error,
    });
  }

  @OnDomainEvent(CREDITS_EVENTS.creditsLow)
  async onCreditsLow(event: DomainEvent<typeof CREDITS_EVENTS.creditsLow>): Promise<void> {
    await this.publish(event, 'credits.low', { balance: event.payload.balance, threshold: event.payload.threshold });
  }

  private async publish(event: DomainEvent<EventName>, type: WebhookEventType, data: Record<string, unknown>, id = event.id): Promise<void> {
    const organizationId = event.organizationId;
    if (!organizationId || !(await this.dispatcher.anyoneWants(organizationId, type))) return;
    const created = Math.floor(new Date(event.occurredAt).getTime() / 1000);
    let deliveries: Array<{ id: string }> = [];
    await this.processed.runOnce(`webhooks.${type}`, id, async (m) => {
      deliveries = await this.dispatcher.fanOut(m, organizationId, { id, type, created, data });
    });
    await this.dispatcher.enqueue(deliveries);
  }
}

/** A UUID (version 5 layout) named by `name`: the same name always gives the same id. */
export function nameBasedUuid(name: string): string {
  const bytes = createHash('sha256').update(name).digest().subarray(0, 16);
  bytes[6] = (bytes[6] & 0x0f) | 0x50;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
