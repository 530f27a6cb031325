import { Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ProgressBus } from '../../infra/progress/progress-bus';
import type { JobContext } from '../../infra/queue/queue.port';
import { ImageVariants } from '../../storage/image-variants';
import { getBuffer, STORAGE_DRIVER, StorageDriver, StorageNotFoundError } from '../../storage/storage-driver';
import { thumbnailKey } from '../../storage/storage-key';
import { BRAND_MESSAGES } from '@brandloom/contracts';
import { BrandExtractionsRepository } from '../brand-extractions.repository';
import { BrandSourceImagesRepository } from '../brand-source-images.repository';
import { BrandExtraction, BrandExtractionResult } from '../entities/brand-extraction.entity';
import { BrandAnalyzer } from '../extraction/brand-analyzer';

export type BrandExtractionOutcome = 'completed' | 'failed' | 'already-settled' | 'missing';

/** Progress channel of one extraction: the API waiting for it listens there. */
export function brandExtractionChannel(extractionId: string): string {
  return `brand-extraction:${extractionId}`;
}

export const BRAND_EXTRACTION_EVENTS = { completed: 'completed', failed: 'failed' } as const;

/** A failure that trying again will not fix (no image decodes). */
class PermanentExtractionError extends Error {}

/**
 * The worker side of an extraction ('brand.extract'): claims the row, reads the stored originals,
 * measures the palette and infers the style (BrandAnalyzer), stores a WebP thumbnail per image,
 * then records the result and the source image rows in one transaction and tells the waiting API
 * over the progress bus. A row the API already gave up on (timed out) is left alone and its files
 * removed.
 */
@Injectable()
export class BrandExtractionRunner {
  private readonly logger = new Logger(BrandExtractionRunner.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly extractions: BrandExtractionsRepository,
    private readonly sourceImages: BrandSourceImagesRepository,
    private readonly analyzer: BrandAnalyzer,
    private readonly images: ImageVariants,
    @Inject(STORAGE_DRIVER) private readonly storage: StorageDriver,
    private readonly bus: ProgressBus,
  ) {}

  async run(extractionId: string, context: Pick<JobContext, 'attempt' | 'isLastAttempt'>): Promise<BrandExtractionOutcome> {
    const extraction = await this.extractions.claimForProcessing(extractionId);
    if (!extraction) return (await this.extractions.exists(extractionId)) ? 'already-settled' : 'missing';
    try {
      const buffers = await Promise.all(
        extraction.sources.map((source) =>
          getBuffer(this.storage, source.key).then(
            (object) => object.buffer,
            (error: unknown) => {
              if (error instanceof StorageNotFoundError) throw new PermanentExtractionError('A brand image is no longer available');
              throw error;
            },
          ),
        ),
      );
      const analysis = await this.analyzer.analyse(buffers);
      if (!analysis) throw new PermanentExtractionError(BRAND_MESSAGES.extractionFailed);
      const thumbnails = await Promise.all(
        extraction.sources.map(async (source, index) => {
          if (analysis.unreadable.includes(index)) return null;
          const thumb = await this.images.thumbnail(buffers[index]);
          const key = thumbnailKey(source.key);
          await this.storage.put(key, thumb.buffer, thumb.contentType);
          return key;
        }),
      );
      const result: BrandExtractionResult = { brandData: analysis.brandData, description: analysis.description, unreadable: analysis.unreadable };
      const completed = await this.complete(extraction, result, thumbnails);
      if (!completed) {
        await this.discardFiles(extraction.sources.map((s) => s.key), thumbnails);
        return 'already-settled';
      }
      // Images that could not be decoded are not kept.
      await this.discardFiles(extraction.sources.filter((_, i) => analysis.unreadable.includes(i)).map((s) => s.key), []);
      await this.publish(extraction.id, BRAND_EXTRACTION_EVENTS.completed);
      return 'completed';
    } catch (error) {
      const permanent = error instanceof PermanentExtractionError;
      if (!permanent && !context.isLastAttempt) {
        this.logger.warn(`brand extraction ${extraction.id} attempt ${context.attempt} failed, will retry: ${(error as Error).message}`);
        throw error;
      }
      if (!permanent) this.logger.error(`brand extraction ${extraction.id} failed: ${(error as Error).stack ?? String(error)}`);
      const message = permanent ? (error as Error).message : BRAND_MESSAGES.extractionFailed;
      await this.extractions.markProcessingFailed(extraction.id, message);
      // Nothing will ever refer to the stored images of a failed extraction.
      await this.discardFiles(extraction.sources.map((s) => s.key), extraction.sources.map((s) => thumbnailKey(s.key)));
      await this.publish(extraction.id, BRAND_EXTRACTION_EVENTS.failed);
      return 'failed';
    }
  }

  /** The result and the source image rows, unless the row was settled meanwhile (then false). */
  private complete(extraction: BrandExtraction, result: BrandExtractionResult, thumbnails: Array<string | null>): Promise<boolean> {
    return this.dataSource.transaction(async (m) => {
      if (!(await this.extractions.markCompleted(extraction.id, result, m))) return false;
      for (const [position, source] of extraction.sources.entries()) {
        if (result.unreadable.includes(position)) continue;
        await this.sourceImages.insertUnlessStored(
          {
            organization_id: extraction.organization_id,
            extraction_id: extraction.id,
            position,
            file_name: source.fileName,
            s3_key: source.key,
            thumbnail_key: thumbnails[position],
            content_type: source.contentType,
            width: source.width,
            height: source.height,
            file_size: source.size,
          },
          m,
        );
      }
      return true;
    });
  }

  private async discardFiles(originals: string[], thumbnails: Array<string | null>): Promise<void> {
    const keys = [...originals, ...thumbnails.filter((k): k is string => Boolean(k))];
    await Promise.all(keys.map((key) => this.storage.delete(key).catch(() => undefined)));
  }

  private async publish(extractionId: string, event: string): Promise<void> {
    await this.bus.publish(brandExtractionChannel(extractionId), { event, data: { extractionId } }).catch((error: Error) => {
      // Best effort: the API also polls the row.
      this.logger.warn(`could not publish ${event} of brand extraction ${extractionId}: ${error.message}`);
    });
  }
}
