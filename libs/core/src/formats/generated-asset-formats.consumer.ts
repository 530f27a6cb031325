import { isUuid, isAdFormatId, type AdFormatId } from '@brandloom/contracts';
import { Injectable, Logger } from '@nestjs/common';
import { AssetsRepository } from '../assets/assets.repository';
import { ASSET_EVENTS, type AssetCreatedPayload } from '../assets/assets.events';
import type { DomainEvent } from '../infra/outbox/domain-event';
import { OnDomainEvent } from '../infra/outbox/on-domain-event.decorator';
import { ProcessedEvents } from '../infra/outbox/processed-events';
import { GenerationsRepository } from '../generation/generations.repository';
import type { FormatJob } from './entities/format-job.entity';
import { FormatsService } from './formats.service';


/**
 * Studio's "Also make ad formats" and the bulk `formats` column: when a generated image is stored
 * (asset.created of a generation whose ad_formats is not empty), its formats are requested, free
 * (smart crop, extended when the crop would cut too much), once per event. They inherit the
 * image's folder, so a bulk batch's folder holds every format.
 */
@Injectable()
export class GeneratedAssetFormatsConsumer {
  static readonly CONSUMER = 'formats.generated-asset';
  private readonly logger = new Logger(GeneratedAssetFormatsConsumer.name);

  constructor(
    private readonly generations: GenerationsRepository,
    private readonly assets: AssetsRepository,
    private readonly processed: ProcessedEvents,
    private readonly formats: FormatsService,
  ) {}

  @OnDomainEvent(ASSET_EVENTS.assetCreated)
  async onAssetCreated(event: DomainEvent<typeof ASSET_EVENTS.assetCreated>): Promise<void> {
    // Checked still: a stored event may predate a key (adFormats).
    const payload: Partial<AssetCreatedPayload> = event.payload ?? {};
    const generationId = payload.generationId;
    const assetId = payload.assetId;
    if (!isUuid(generationId) || typeof assetId !== 'string') return;
    // A generation's formats are fixed when it is created: most ask for none, and then there is
    // nothing to do and nothing to mark as done. The event names them (events recorded before it
    // did are looked up).
    if (Array.isArray(payload.adFormats) && !payload.adFormats.some(isAdFormatId)) return;
    const generation = await this.generations.findAdFormats(generationId);
    const wanted: unknown[] = generation && Array.isArray(generation.ad_formats) ? (generation.ad_formats as unknown[]).filter(isAdFormatId) : [];
    if (!generation || wanted.length === 0) return;
    let jobs: FormatJob[] = [];
    await this.processed.runOnce(GeneratedAssetFormatsConsumer.CONSUMER, event.id, async (m) => {
      const asset = await this.assets.findById(assetId, m);
      if (!asset) return; // deleted meanwhile
      jobs = await this.formats.createForGeneratedAsset(m, asset, wanted as AdFormatId[], generation.user_id);
    });
    for (const job of jobs) {
      // A refused enqueue fails the free job; the image itself is stored either way.
      await this.formats.enqueue(job).catch((error: Error) => this.logger.warn(`format job ${job.id} not enqueued: ${error.message}`));
    }
  }
}
