import { GENERATION_MESSAGES, GENERATION_SSE_EVENTS } from '@brandloom/contracts';
import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { AssetLibraryService } from '../assets/asset-library.service';
import { Asset } from '../assets/entities/asset.entity';
import { CreditsService } from '../credits/credits.service';
import { GENERATION_EVENTS } from './generation.events';
import { OutboxService } from '../infra/outbox/outbox.service';
import { Generation } from './entities/generation.entity';
import { GenerationProgress } from './generation-progress.service';
import { completedEvent, errorEvent } from './generation.mapper';

export interface DeliveredImage {
  variationIndex: number;
  name: string;
  s3Key: string;
  thumbnailKey: string;
  width: number;
  height: number;
  fileSize: number;
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
    private readonly credits: CreditsService,
    private readonly outbox: OutboxService,
    private readonly progress: GenerationProgress,
    private readonly assets: AssetLibraryService,
  ) {}

  /** Adds the image's asset (with its asset.created event); false when it exists already or the generation is settled. */
  async addAsset(generation: Generation, asset: DeliveredImage): Promise<boolean> {
    return this.dataSource.transaction(async (m) => {
      const [row]: Array<{ status: string; brand_profile_id: string | null; folder_id: string | null }> = await m.query(
        `SELECT status, brand_profile_id, folder_id FROM generations WHERE id = $1 FOR UPDATE`,
        [generation.id],
      );
      if (!row || row.status === 'completed' || row.status === 'failed') return false;
      return this.assets.addGenerated(m, {
        organizationId: generation.organization_id,
        generationId: generation.id,
        variationIndex: asset.variationIndex,
        name: asset.name,
        s3Key: asset.s3Key,
        thumbnailKey: asset.thumbnailKey,
        width: asset.width,
        height: asset.height,
        fileSize: asset.fileSize,
        prompt: generation.prompt,
        brandProfileId: row.brand_profile_id,
        brandProfileName: generation.brand_profile_name,
        folderId: row.folder_id,
        batchId: generation.batch_id,
      });
    });
  }

  /** Completes the generation (refunding what was not delivered); failed when nothing was. */
  complete(generationId: string): Promise<Generation | null> {
    return this.settle(generationId, null);
  }

  /** Fails the generation with the message, refunding what was not delivered; a partial delivery completes. */
  fail(generationId: string, message: string): Promise<Generation | null> {
    return this.settle(generationId, message || GENERATION_MESSAGES.generationFailed);
  }

  /** Null when it was already settled (then nothing changes and nothing is published). */
  private async settle(generationId: string, failure: string | null): Promise<Generation | null> {
    const settled = await this.dataSource.transaction(async (m) => {
      const generation = await m.findOne(Generation, { where: { id: generationId }, lock: { mode: 'pessimistic_write' } });
      if (!generation || generation.status === 'completed' || generation.status === 'failed') return null;
      const delivered = await this.deliveredCount(m, generationId);
      const undelivered = Math.max(0, generation.variation_count - delivered);
      const refunded = await this.refund(m, generation, undelivered);
      const status = delivered > 0 ? 'completed' : 'failed';
      let message: string;
      if (status === 'failed') message = failure ?? 'The image provider returned no image';
      else if (undelivered === 0) message = GENERATION_MESSAGES.imageReady;
      else message = `${delivered} of ${generation.variation_count} images delivered; ${refunded} credits refunded`;
      const error = status === 'failed' ? message : failure;
      await m.update(Generation, { id: generationId }, {
        status,
        progress: status === 'completed' ? 100 : generation.progress,
        message,
        error,
        credits_refunded: generation.credits_refunded + refunded,
        completed_at: new Date(),
      });
      Object.assign(generation, { status, message, error, credits_refunded: generation.credits_refunded + refunded, progress: status === 'completed' ? 100 : generation.progress });
      await this.outbox.record(
        m,
        status === 'completed' ? GENERATION_EVENTS.generationCompleted : GENERATION_EVENTS.generationFailed,
        { generationId, delivered, creditsRefunded: refunded, batchId: generation.batch_id, message },
        generation.organization_id,
      );
      return generation;
    });
    if (settled) await this.publishFinal(settled);
    return settled;
  }

  private async publishFinal(generation: Generation): Promise<void> {
    const assets = await this.dataSource.getRepository(Asset).find({ where: { generation_id: generation.id }, order: { variation_index: 'ASC' } });
    if (generation.status === 'completed') {
      await this.progress.publish(generation.id, { event: GENERATION_SSE_EVENTS.completed, data: { ...completedEvent(generation, assets) } });
    } else {
      await this.progress.publish(generation.id, { event: GENERATION_SSE_EVENTS.error, data: { ...errorEvent(generation) } });
    }
    if (generation.batch_id) {
      await this.progress.publishBatchItem(generation.batch_id, { generationId: generation.id, status: generation.status, delivered: assets.length });
    }
  }

  private async deliveredCount(m: EntityManager, generationId: string): Promise<number> {
    const [{ count }]: Array<{ count: number }> = await m.query(`SELECT count(*)::int AS count FROM assets WHERE generation_id = $1`, [generationId]);
    return count;
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
