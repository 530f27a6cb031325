import { FORMAT_MESSAGES, GENERATION_SSE_EVENTS } from '@brandloom/contracts';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AssetLibraryService } from '../assets/asset-library.service';
import { AssetsRepository, type NewDerivedAsset } from '../assets/assets.repository';
import { CreditsService } from '../credits/credits.service';
import { OutboxService } from '../infra/outbox/outbox.service';
import type { FormatJob } from './entities/format-job.entity';
import { FormatJobsRepository } from './format-jobs.repository';
import { FormatProgress } from './format-progress';
import { FORMAT_EVENTS } from './formats.events';
import { formatCompletedEvent } from './format.mapper';
import { PermanentFormatError } from './formats.errors';

/**
 * The transactions that end a format job, under a lock on its row: completing it with its asset
 * (inserted once: a retried job finds the one it made) and its `format.completed` event, and failing
 * it with a refund of its debit (once, keyed by the job).
 */
@Injectable()
export class FormatSettlement {
  constructor(
    private readonly dataSource: DataSource,
    private readonly formatJobs: FormatJobsRepository,
    private readonly assetRows: AssetsRepository,
    private readonly assets: AssetLibraryService,
    private readonly credits: CreditsService,
    private readonly progress: FormatProgress,
    private readonly outbox: OutboxService,
  ) {}

  /** Adds the derived asset and completes the job; null when the job was settled already. */
  async complete(jobId: string, image: Omit<NewDerivedAsset, 'formatJobId'>): Promise<FormatJob | null> {
    const settled = await this.dataSource.transaction(async (m) => {
      const job = await this.formatJobs.findLocked(jobId, m);
      if (!job || job.status === 'completed' || job.status === 'failed') return null;
      let assetId = await this.assets.addDerived(m, { ...image, formatJobId: jobId });
      if (!assetId) {
        assetId = await this.assetRows.findIdByFormatJob(jobId, m);
        if (!assetId) throw new PermanentFormatError(FORMAT_MESSAGES.sourceMissing);
      }
      await this.formatJobs.markCompleted(jobId, { progress: 100, message: FORMAT_MESSAGES.ready, result_asset_id: assetId }, m);
      await this.outbox.record(m, FORMAT_EVENTS.formatCompleted, { formatJobId: jobId, assetId, sourceAssetId: job.asset_id, format: job.format }, job.organization_id);
      return { ...job, status: 'completed' as const, progress: 100, result_asset_id: assetId };
    });
    if (settled) {
      const asset = await this.assetRows.getById(settled.result_asset_id!);
      await this.progress.publish(jobId, { event: GENERATION_SSE_EVENTS.completed, data: { ...formatCompletedEvent(settled, asset) } });
    }
    return settled;
  }

  /** Fails the job with the message and refunds its debit; null when it was settled already. */
  async fail(jobId: string, message: string): Promise<FormatJob | null> {
    const settled = await this.dataSource.transaction(async (m) => {
      const job = await this.formatJobs.findLocked(jobId, m);
      if (!job || job.status === 'completed' || job.status === 'failed') return null;
      let refunded = 0;
      if (job.debit_transaction_id && job.credits_charged > job.credits_refunded) {
        const amount = job.credits_charged - job.credits_refunded;
        const { applied, transaction } = await this.credits.refund(
          {
            organizationId: job.organization_id,
            debitId: job.debit_transaction_id,
            amount,
            idempotencyKey: `format:${job.id}:refund`,
            description: `Refund: AI extend to ${job.format} not delivered`,
            reference: { type: 'format', id: job.id },
          },
          m,
        );
        refunded = applied ? amount : transaction.amount;
      }
      await this.formatJobs.markFailed(jobId, { error: message, message, credits_refunded: job.credits_refunded + refunded }, m);
      return { ...job, status: 'failed' as const, error: message, credits_refunded: job.credits_refunded + refunded };
    });
    if (settled) await this.progress.publish(jobId, { event: GENERATION_SSE_EVENTS.error, data: { message, creditsRefunded: settled.credits_refunded } });
    return settled;
  }
}
