import { FORMAT_MESSAGES, GENERATION_SSE_EVENTS, type FormatMethod } from '@brandloom/contracts';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { AssetsRepository } from '../../assets/assets.repository';
import type { Asset } from '../../assets/entities/asset.entity';
import { ImageProviderError, type ImageCallRecord } from '../../generation/providers/image-provider';
import { AppConfig } from '../../infra/config/app-config';
import type { JobContext } from '../../infra/queue/queue.port';
import { ImageVariants } from '../../storage/image-variants';
import { getBuffer, STORAGE_DRIVER, StorageDriver, StorageNotFoundError } from '../../storage/storage-driver';
import { thumbnailKey } from '../../storage/storage-key';
import type { FormatJob } from '../entities/format-job.entity';
import { FormatJobsRepository } from '../format-jobs.repository';
import { cropShare, extend, finishOutpaint, outpaintInput, smartCrop, type MarginFill } from '../format-renderer';
import { FormatProgress } from '../format-progress';
import { FormatSettlement } from '../format-settlement';
import { formatAssetName } from '../format.mapper';
import { formatImageKey } from '../formats.service';
import { PermanentFormatError } from '../formats.errors';
import { Outpainters } from '../outpainters/outpainters';

export type FormatRunOutcome = 'completed' | 'failed' | 'already-settled' | 'missing';

/** The image of a format and how it was made (a crop that would cut too much is an extend). */
export interface RenderedFormat {
  png: Buffer;
  method: FormatMethod;
}

/**
 * The worker side of a format job: claims it, reads the original, renders the format (smart crop,
 * extend or AI extend), stores PNG + WebP thumbnail under a key derived from the job's seed (a retry
 * overwrites it) and completes the job with its asset (inserted once). Retryable failures go back
 * to the queue while attempts remain; then the job fails and its credits are refunded.
 */
@Injectable()
export class FormatRunner {
  private readonly logger = new Logger(FormatRunner.name);

  constructor(
    private readonly formatJobs: FormatJobsRepository,
    private readonly assets: AssetsRepository,
    private readonly images: ImageVariants,
    @Inject(STORAGE_DRIVER) private readonly storage: StorageDriver,
    private readonly progress: FormatProgress,
    private readonly settlement: FormatSettlement,
    private readonly outpainters: Outpainters,
    private readonly config: AppConfig,
  ) {}

  async run(jobId: string, context: Pick<JobContext, 'attempt' | 'isLastAttempt'>): Promise<FormatRunOutcome> {
    const job = await this.formatJobs.claim(jobId);
    if (!job) return (await this.formatJobs.exists(jobId)) ? 'already-settled' : 'missing';
    try {
      await this.report(job, 5, FORMAT_MESSAGES.starting);
      const original = job.asset_id ? await this.assets.findForOrganization(job.organization_id, job.asset_id) : null;
      if (!original) throw new PermanentFormatError(FORMAT_MESSAGES.sourceMissing);
      let source: Buffer;
      try {
        source = (await getBuffer(this.storage, original.s3_key)).buffer;
      } catch (error) {
        if (error instanceof StorageNotFoundError) throw new PermanentFormatError(FORMAT_MESSAGES.sourceMissing);
        throw error;
      }
      const rendered = await this.render(job, original, source);
      await this.report(job, 85, FORMAT_MESSAGES.storing);
      const key = formatImageKey(job.organization_id, job.storage_seed);
      const [info, thumbnail] = await Promise.all([this.images.inspect(rendered.png), this.images.thumbnail(rendered.png)]);
      await this.storage.put(key, rendered.png, 'image/png');
      await this.storage.put(thumbnailKey(key), thumbnail.buffer, thumbnail.contentType);
      const settled = await this.settlement.complete(job.id, {
        organizationId: job.organization_id,
        parentAssetId: original.id,
        format: job.format,
        method: rendered.method,
        name: formatAssetName(original.name, job.format),
        s3Key: key,
        thumbnailKey: thumbnailKey(key),
        width: info.width,
        height: info.height,
        fileSize: info.size,
      });
      return settled ? 'completed' : 'already-settled';
    } catch (error) {
      const retryable = error instanceof ImageProviderError ? error.retryable : !(error instanceof PermanentFormatError);
      if (retryable && !context.isLastAttempt) {
        this.logger.warn(`format job ${job.id} attempt ${context.attempt} failed, will retry: ${(error as Error).message}`);
        throw error;
      }
      if (!(error instanceof PermanentFormatError) && !(error instanceof ImageProviderError)) this.logger.error(`format job ${job.id} failed: ${(error as Error).stack ?? String(error)}`);
      const message = error instanceof PermanentFormatError || error instanceof ImageProviderError ? error.message : FORMAT_MESSAGES.failed;
      return (await this.settlement.fail(job.id, message)) ? 'failed' : 'already-settled';
    }
  }

  /** The format's image; crop falls back to extend when the crop would keep less than the configured share. */
  async render(job: Pick<FormatJob, 'id' | 'format' | 'method' | 'fill' | 'fill_color' | 'quality' | 'provider'>, original: Pick<Asset, 'prompt' | 'name'>, source: Buffer): Promise<RenderedFormat> {
    const fill: MarginFill = job.fill === 'brand' && job.fill_color ? { kind: 'color', hex: job.fill_color } : { kind: 'blur' };
    await this.report(job, 20, job.method === 'ai_extend' ? FORMAT_MESSAGES.outpainting : FORMAT_MESSAGES.rendering);
    if (job.method === 'crop') {
      const info = await this.images.inspect(source);
      if (cropShare(info.width, info.height, job.format) >= this.config.FORMATS_SMART_CROP_MIN_KEEP) return { png: await smartCrop(source, job.format), method: 'crop' };
      return { png: (await extend(source, job.format, fill)).png, method: 'extend' };
    }
    if (job.method === 'extend') return { png: (await extend(source, job.format, fill)).png, method: 'extend' };
    await this.images.inspect(source);
    const input = await outpaintInput(source, job.format);
    const record: ImageCallRecord = {};
    let outpainted: Buffer;
    try {
      outpainted = await this.outpainters.get(job.provider).outpaint({ ...input, prompt: original.prompt ?? original.name, quality: job.quality, record });
    } finally {
      await this.recordCall(job.id, record);
    }
    let finished;
    try {
      finished = await finishOutpaint(outpainted, source, job.format);
    } catch (error) {
      throw new ImageProviderError(`The extended image could not be read: ${(error as Error).message}`, { code: 'bad_output', retryable: true, cause: error });
    }
    return { png: finished.png, method: 'ai_extend' };
  }

  /** The model AI extend sent the request to and the usage it answered (nothing for the local outpainter). */
  private async recordCall(jobId: string, record: ImageCallRecord): Promise<void> {
    if (!record.model && !record.usage) return;
    await this.formatJobs
      .recordProviderCall(jobId, record.model ?? null, record.usage)
      .catch((error: Error) => this.logger.warn(`usage of format job ${jobId} not recorded: ${error.message}`));
  }

  private async report(job: Pick<FormatJob, 'id'>, progress: number, message: string): Promise<void> {
    await this.progress.publish(job.id, { event: GENERATION_SSE_EVENTS.progress, data: { progress, message, status: 'processing' } });
    await this.formatJobs.writeProgress(job.id, progress, message).catch(() => undefined);
  }
}
