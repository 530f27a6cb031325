import { GENERATION_MESSAGES, GENERATION_SSE_EVENTS } from '@brandloom/contracts';
import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { AssetLibraryService } from '../assets/asset-library.service';
import { ASSET_EVENTS } from '../assets/assets.events';
import { AssetsRepository, type GeneratedImageRecord, type StoredImageFiles } from '../assets/assets.repository';
import type { Asset } from '../assets/entities/asset.entity';
import { CreditsService } from '../credits/credits.service';
import { GENERATION_EVENTS } from './generation.events';
import { Generation } from './entities/generation.entity';
import { GenerationsRepository } from './generations.repository';
import { GenerationProgress } from './generation-progress.service';
import { completedEvent, errorEvent, type VariationAsset } from './generation.mapper';

export interface DeliveredImage extends StoredImageFiles {
  variationIndex: number;
}

/**
 * The transactions that end a generation's story, each under a lock on its row so that concurrent
 * runs of one job (a stalled job picked up again while the first still runs) cannot disagree:
 * adding an image's asset (never twice, never after the generation was settled), and settling it.
 * Settling refunds the variations not delivered (one refund per generation, keyed by its id), so
 * the credits charged always equal the images delivered.
 */
@Injectable()
export class GenerationSettlement {
  constructor(
    private readonly dataSource: DataSource,
    private readonly generations: GenerationsRepository,
    private readonly assetRows: AssetsRepository,
    private readonly credits: CreditsService,
    private readonly progress: GenerationProgress,
    private readonly assets: AssetLibraryService,
  ) {}

  /** Adds the images' assets (each with its asset.created event); false when the generation is settled already. */
  async addAssets(generation: Generation, images: DeliveredImage[]): Promise<boolean> {
    return this.dataSource.transaction(async (m) => {
      const locked = await this.lockUnsettled(m, generation.id);
      if (!locked) return false;
      await this.insertAssets(m, locked.generation, images);
      return true;
    });
  }

  /**
   * Completes the generation (refunding what was not delivered; failed when nothing was), adding
   * the assets of `images` with it: usually in one statement (completeAtOnce), else in a transaction.
   */
  async complete(generationId: string, images: DeliveredImage[] = []): Promise<Generation | null> {
    const atOnce = images.length > 0 ? await this.completeAtOnce(generationId, images) : null;
    return atOnce ?? this.settle(generationId, null, images);
  }

  /**
   * A job's usual end in one statement (one round trip, atomic without a transaction): every
   * variation delivered by this run and none before, so nothing is refunded. The row is locked
   * within the statement; the assets, their events, the completion and its event are written
   * together. Null when that is not the case (settled already, a partial or earlier delivery):
   * then nothing was written and the transaction of settle() decides.
   */
  private async completeAtOnce(generationId: string, images: DeliveredImage[]): Promise<Generation | null> {
    const completed = await this.generations.completeAtOnce(generationId, images.map(imageRecord), {
      assetEventType: ASSET_EVENTS.assetCreated,
      message: GENERATION_MESSAGES.imageReady,
      completedEventType: GENERATION_EVENTS.generationCompleted,
    });
    if (!completed) return null;
    const { generation, added } = completed;
    // Assets another run of the job added meanwhile (skipped here) are read back for the final event.
    await this.publishFinal(generation, added.length === images.length ? added : undefined);
    return generation;
  }

  /** Fails the generation with the message, refunding what was not delivered; a partial delivery completes. */
  fail(generationId: string, message: string): Promise<Generation | null> {
    return this.settle(generationId, message || GENERATION_MESSAGES.generationFailed);
  }

  /** Null when it was already settled (then nothing changes and nothing is published). */
  private async settle(generationId: string, failure: string | null, images: DeliveredImage[] = []): Promise<Generation | null> {
    const settled = await this.dataSource.transaction(async (m) => {
      const locked = await this.lockUnsettled(m, generationId);
      if (!locked) return null;
      const { generation, deliveredBefore } = locked;
      const added = await this.insertAssets(m, generation, images);
      const delivered = deliveredBefore + added.length;
      const undelivered = Math.max(0, generation.variation_count - delivered);
      const refunded = await this.refund(m, generation, undelivered);
      const status = delivered > 0 ? 'completed' : 'failed';
      let message: string;
      if (status === 'failed') message = failure ?? 'The image provider returned no image';
      else if (undelivered === 0) message = GENERATION_MESSAGES.imageReady;
      else message = `${delivered} of ${generation.variation_count} images delivered; ${refunded} credits refunded`;
      const error = status === 'failed' ? message : failure;
      Object.assign(generation, { status, message, error, credits_refunded: generation.credits_refunded + refunded, progress: status === 'completed' ? 100 : generation.progress });
      await this.generations.markSettled(
        generationId,
        { status, progress: generation.progress, message, error, creditsRefunded: generation.credits_refunded },
        {
          type: status === 'completed' ? GENERATION_EVENTS.generationCompleted : GENERATION_EVENTS.generationFailed,
          payload: { generationId, delivered, creditsRefunded: refunded, batchId: generation.batch_id, message },
          organizationId: generation.organization_id,
        },
        m,
      );
      // When this transaction added every asset, they are known without reading them back.
      return { generation, assets: deliveredBefore === 0 ? added : undefined };
    });
    if (!settled) return null;
    await this.publishFinal(settled.generation, settled.assets);
    return settled.generation;
  }

  private async publishFinal(generation: Generation, known?: VariationAsset[]): Promise<void> {
    const assets: VariationAsset[] = known
      ? [...known].sort((a, b) => (a.variation_index ?? 0) - (b.variation_index ?? 0))
      : await this.assetRows.findByGeneration(generation.id);
    if (generation.status === 'completed') {
      await this.progress.publish(generation.id, { event: GENERATION_SSE_EVENTS.completed, data: { ...completedEvent(generation, assets) } });
    } else {
      await this.progress.publish(generation.id, { event: GENERATION_SSE_EVENTS.error, data: { ...errorEvent(generation) } });
    }
    if (generation.batch_id) {
      await this.progress.publishBatchItem(generation.batch_id, { generationId: generation.id, status: generation.status, delivered: assets.length });
    }
  }

  /**
   * The generation's row, locked until the transaction ends, with how many of its images have
   * assets (every asset is added under this lock); null when it is missing or settled.
   */
  private async lockUnsettled(m: EntityManager, generationId: string): Promise<{ generation: Generation; deliveredBefore: number } | null> {
    const locked = await this.generations.findLockedWithDelivered(generationId, m);
    if (!locked || locked.generation.status === 'completed' || locked.generation.status === 'failed') return null;
    return { generation: locked.generation, deliveredBefore: locked.delivered };
  }

  /**
   * One asset per image (never twice: unique per variation), in the brand and folder the locked row
   * has now; returns the rows added.
   */
  private insertAssets(m: EntityManager, generation: Generation, images: DeliveredImage[]): Promise<Asset[]> {
    return this.assets.addGenerated(m, generation.id, images.map(imageRecord));
  }

  private async refund(m: EntityManager, generation: Generation, undelivered: number): Promise<number> {
    const amount = Math.min(undelivered * generation.cost_per_image, generation.credits_charged - generation.credits_refunded);
    if (amount <= 0 || !generation.debit_transaction_id) return 0;
    const { applied, transaction } = await this.credits.refund(
      {
        organizationId: generation.organization_id,
        debitId: generation.debit_transaction_id,
        amount,
        idempotencyKey: `generation:${generation.id}:refund`,
        description: `Refund: ${undelivered} of ${generation.variation_count} images not delivered`,
        reference: { type: 'generation', id: generation.id },
      },
      m,
    );
    return applied ? amount : transaction.amount;
  }
}

/** An image as its asset row records it. */
function imageRecord(image: DeliveredImage): GeneratedImageRecord {
  return {
    variation_index: image.variationIndex,
    name: image.name,
    s3_key: image.s3Key,
    thumbnail_key: image.thumbnailKey,
    width: image.width,
    height: image.height,
    file_size: image.fileSize,
  };
}
