import { isUuid, type PictureAdsSpec } from '@brandloom/contracts';
import { Injectable, Logger } from '@nestjs/common';
import { AssetsRepository } from '../assets/assets.repository';
import { ASSET_EVENTS, type AssetCreatedPayload } from '../assets/assets.events';
import { GenerationBatchesRepository } from '../generation/bulk/generation-batches.repository';
import { GenerationsRepository } from '../generation/generations.repository';
import type { DomainEvent } from '../infra/outbox/domain-event';
import { OnDomainEvent } from '../infra/outbox/on-domain-event.decorator';
import { ProcessedEvents } from '../infra/outbox/processed-events';
import type { AdRow } from './ads.repository';
import { AdsService } from './ads.service';

/**
 * The bulk CSV's copy columns: when a batch row's picture is stored (asset.created of a generation
 * in a batch), the ads the row asked for are made from it, once per event, free. They are derived
 * assets of the picture, so they land in the batch's folder beside it.
 */
@Injectable()
export class GeneratedPictureAdsConsumer {
  static readonly CONSUMER = 'ads.generated-picture';
  private readonly logger = new Logger(GeneratedPictureAdsConsumer.name);

  constructor(
    private readonly batches: GenerationBatchesRepository,
    private readonly generations: GenerationsRepository,
    private readonly assets: AssetsRepository,
    private readonly processed: ProcessedEvents,
    private readonly ads: AdsService,
  ) {}

  @OnDomainEvent(ASSET_EVENTS.assetCreated)
  async onAssetCreated(event: DomainEvent<typeof ASSET_EVENTS.assetCreated>): Promise<void> {
    const payload: Partial<AssetCreatedPayload> = event.payload ?? {};
    const { generationId, assetId, batchId } = payload;
    if (!isUuid(generationId) || typeof assetId !== 'string') return;
    const row = await this.adsAskedFor(generationId, batchId, payload.adsRequested === true);
    if (!row) return;
    let made: AdRow[] = [];
    await this.processed.runOnce(GeneratedPictureAdsConsumer.CONSUMER, event.id, async (m) => {
      const picture = await this.assets.findById(assetId, m);
      if (!picture) return; // deleted meanwhile
      made = await this.ads.createForGeneratedAsset(m, picture, row.spec, row.userId);
    });
    if (made.length > 0) this.logger.debug?.(`${made.length} ads of picture ${assetId} queued`);
    await this.ads.enqueueAll(made);
  }

  /** The Studio's ads, kept on the generation, or else (older batches) the bulk row's copy columns. */
  private async adsAskedFor(generationId: string, batchId: unknown, requested: boolean): Promise<{ spec: PictureAdsSpec; userId: string | null } | null> {
    if (requested) {
      const generation = await this.generations.findAdRequest(generationId);
      return generation?.ad_request ? { spec: generation.ad_request, userId: generation.user_id } : null;
    }
    if (!isUuid(batchId)) return null;
    const row = await this.batches.findRowAd(batchId, generationId);
    return row ? { spec: { placements: row.ad.placements, layout: row.ad.layout, copy: row.ad.copy, logo: 'default', language: row.ad.language ?? null }, userId: row.userId } : null;
  }
}
