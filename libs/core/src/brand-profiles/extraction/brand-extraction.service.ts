import type { BrandExtractionResponse, BrandProfileDto, SkippedBrandImage } from '@brandloom/contracts';
import { OrganizationsService } from '../../organizations/organizations.service';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AppConfig } from '../../infra/config/app-config';
import { ProgressBus, type ProgressSubscription } from '../../infra/progress/progress-bus';
import { QueuePort } from '../../infra/queue/queue.port';
import { IMAGE_EXTENSIONS } from '../../storage/content-sniffing';
import { ImageVariants } from '../../storage/image-variants';
import { STORAGE_DRIVER, StorageDriver } from '../../storage/storage-driver';
import { organizationScopedKey } from '../../storage/storage-key';
import {
  BRAND_EXTRACTION_DAILY_LIMIT,
  BRAND_MESSAGES,
  brandExtractionsLimited,
  brandProfileLimitMessage,
  defaultProfileName,
} from '@brandloom/contracts';
import { BrandExtractionFailedError, BrandExtractionLimitError, BrandExtractionTimeoutError, BrandExtractionUnavailableError, BrandImagesTooLargeError, NoValidBrandImagesError, TooFewBrandImagesError, TooManyBrandImagesError } from '../brand-profiles.errors';
import { BrandExtractionsRepository } from '../brand-extractions.repository';
import { BrandProfilesService } from '../brand-profiles.service';
import { BrandSourceImagesRepository } from '../brand-source-images.repository';
import { BrandExtraction, BrandExtractionSource } from '../entities/brand-extraction.entity';
import { brandExtractionChannel } from '../jobs/brand-extraction.runner';
import { intakeBrandImages, precheckBrandImages, type BrandImageIntakeOptions } from './brand-image-intake';

/** Job name of the worker side (composed with the others in libs/core/src/job-names.ts). */
export const BRAND_EXTRACT_JOB = 'brand.extract';

/** An extraction's images wait this long for the profile to be created from them (the prefilled form). */
const UNCLAIMED_SOURCES_KEEP_HOURS = 24;

export interface BrandExtractJob {
  extractionId: string;
}

declare module '../../infra/queue/queue.port' {
  interface JobPayloads {
    [BRAND_EXTRACT_JOB]: BrandExtractJob;
  }
}

export interface ExtractBrandRequest {
  organizationId: string;
  userId: string | null;
  imageUrls: unknown;
  /** Optional, parallel to imageUrls: the files' names (data URLs carry none), for the default profile name. */
  fileNames?: unknown;
}


/** Polling interval of the extraction row while waiting (the bus usually wakes the wait first). */
const POLL_MS = 250;

/**
 * The API side of an extraction: checks and reads the images, reserves one of the day's extractions
 * (atomically, under a per-organization lock), stores the originals, enqueues 'brand.extract' and
 * waits for its result (progress bus, plus polling the row: works across processes), then creates
 * the profile within the plan's limit.
 */
@Injectable()
export class BrandExtractionService {
  private readonly logger = new Logger(BrandExtractionService.name);
  /** Tests may point fetches at a DNS table or an allowlisted local server. */
  fetchOptions: BrandImageIntakeOptions['fetchOptions'];

  constructor(
    private readonly dataSource: DataSource,
    private readonly extractions: BrandExtractionsRepository,
    private readonly sourceImages: BrandSourceImagesRepository,
    private readonly config: AppConfig,
    private readonly images: ImageVariants,
    @Inject(STORAGE_DRIVER) private readonly storage: StorageDriver,
    private readonly queue: QueuePort,
    private readonly bus: ProgressBus,
    private readonly profiles: BrandProfilesService,
    private readonly organizations: OrganizationsService,
  ) {}

  /**
   * maintenance.prune: source images of extractions whose profile was never created, once they are
   * older than `olderThanHours`: their rows, then their files (original and thumbnail).
   */
  async pruneUnclaimedSources(olderThanHours = UNCLAIMED_SOURCES_KEEP_HOURS): Promise<number> {
    const rows = await this.sourceImages.deleteUnclaimedOlderThan(olderThanHours);
    const keys = rows.flatMap((row) => (row.thumbnail_key ? [row.s3_key, row.thumbnail_key] : [row.s3_key]));
    await Promise.all(keys.map((key) => this.storage.delete(key).catch((error: Error) => this.logger.warn(`could not delete ${key}: ${error.message}`))));
    return rows.length;
  }

  async extract(request: ExtractBrandRequest): Promise<BrandExtractionResponse> {
    precheckBrandImages(request.imageUrls);
    const extractionId = await this.reserve(request.organizationId, request.userId);
    const sources: BrandExtractionSource[] = [];
    let skipped: SkippedBrandImage[];
    try {
      const intake = await intakeBrandImages(request.imageUrls, request.fileNames, this.images, {
        fetchTimeoutMs: this.config.BRAND_IMAGE_FETCH_TIMEOUT_MS,
        fetchOptions: this.fetchOptions,
      });
      skipped = intake.skipped;
      for (const image of intake.images) {
        const key = organizationScopedKey(request.organizationId, 'brand-sources', IMAGE_EXTENSIONS[image.type]);
        await this.storage.put(key, image.buffer, image.type);
        sources.push({ key, fileName: image.fileName, contentType: image.type, size: image.buffer.length, width: image.width, height: image.height });
      }
      await this.extractions.setSources(extractionId, sources);
    } catch (error) {
      // Refused input does not use up one of the day's extractions.
      // Only the product's own messages are kept: never a driver's or the database's text.
      const userFacing = error instanceof TooFewBrandImagesError || error instanceof TooManyBrandImagesError || error instanceof BrandImagesTooLargeError || error instanceof NoValidBrandImagesError;
      if (!userFacing) this.logger.error(`brand extraction ${extractionId} intake failed: ${(error as Error).stack ?? String(error)}`);
      await this.markFailed(extractionId, userFacing ? (error as Error).message : BRAND_MESSAGES.extractionFailed);
      await Promise.all(sources.map((source) => this.storage.delete(source.key).catch(() => undefined)));
      throw error;
    }

    const extraction = await this.runAndWait(extractionId, sources);
    if (extraction.status !== 'completed' || !extraction.result) throw new BrandExtractionFailedError(BRAND_MESSAGES.extractionFailed);
    const { brandData, description } = extraction.result;
    const readable = sources.filter((_, index) => !extraction.result!.unreadable.includes(index));
    const name = defaultProfileName(readable.map((s) => s.fileName ?? ''));

    let profile: BrandProfileDto | null = null;
    let autoCreateError: string | null = null;
    try {
      const created = await this.profiles.createFromExtraction(request.organizationId, request.userId, extraction.id, { name, description, brandData });
      profile = created.profile;
      if (created.limit !== null) autoCreateError = brandProfileLimitMessage(created.limit);
    } catch (error) {
      this.logger.error(`automatic profile creation of extraction ${extraction.id} failed: ${(error as Error).stack ?? String(error)}`);
      autoCreateError = BRAND_MESSAGES.autoCreateFailed;
    }
    return {
      profile,
      autoCreateFailed: profile === null,
      autoCreateError,
      brandData: { ...brandData, dominant_colors: (brandData.palette ?? []).map((c) => c.hex) },
      brandDataId: extraction.id,
      name,
      description,
      skipped,
      message: profile ? BRAND_MESSAGES.profileCreated : BRAND_MESSAGES.autoCreateFailed,
    };
  }

  /**
   * Inserts the extraction row (pending) unless the organization's plan has used up today's
   * extractions (UTC day; failed ones do not count). A transaction-scoped advisory lock per
   * organization makes count-then-insert atomic: concurrent requests never get past the limit.
   */
  async reserve(organizationId: string, userId: string | null): Promise<string> {
    return this.dataSource.transaction(async (m) => {
      await this.extractions.lockReservationsOf(organizationId, m);
      if (brandExtractionsLimited(await this.organizations.planTier(organizationId, m))) {
        const count = await this.extractions.countTodayForOrganization(organizationId, m);
        if (count >= BRAND_EXTRACTION_DAILY_LIMIT) throw new BrandExtractionLimitError(BRAND_EXTRACTION_DAILY_LIMIT);
      }
      return this.extractions.insertPending(organizationId, userId, m);
    });
  }

  /** Enqueues the job and waits for the row to settle, at most BRAND_EXTRACTION_TIMEOUT_MS. */
  private async runAndWait(extractionId: string, sources: BrandExtractionSource[]): Promise<BrandExtraction> {
    let wake: (() => void) | undefined;
    let subscription: ProgressSubscription | undefined;
    try {
      subscription = await this.bus.subscribe(brandExtractionChannel(extractionId), () => wake?.());
    } catch (error) {
      this.logger.warn(`progress bus unavailable, polling extraction ${extractionId}: ${(error as Error).message}`);
    }
    try {
      try {
        await this.queue.enqueue(BRAND_EXTRACT_JOB, { extractionId } satisfies BrandExtractJob, { jobId: `brand-extract-${extractionId}` });
      } catch (error) {
        this.logger.error(`enqueueing brand extraction ${extractionId} failed: ${(error as Error).message}`);
        await this.markFailed(extractionId, BRAND_MESSAGES.extractionUnavailable);
        throw new BrandExtractionUnavailableError();
      }
      const deadline = Date.now() + this.config.BRAND_EXTRACTION_TIMEOUT_MS;
      for (;;) {
        const row = await this.extractions.getById(extractionId);
        if (row.status === 'completed' || row.status === 'failed') return row;
        const remaining = deadline - Date.now();
        if (remaining <= 0) break;
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, Math.min(POLL_MS, remaining));
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
      }
      // Gave up: the job's late result must not land (it checks the status), nor count for the day.
      const failed = await this.markFailed(extractionId, 'Timed out');
      if (!failed) {
        const row = await this.extractions.getById(extractionId);
        if (row.status === 'completed') return row;
      }
      // Nothing will refer to its images (a job still running discards its own thumbnails).
      await Promise.all(sources.map((source) => this.storage.delete(source.key).catch(() => undefined)));
      throw new BrandExtractionTimeoutError();
    } finally {
      wake = undefined;
      await subscription?.unsubscribe().catch(() => undefined);
    }
  }

  private async markFailed(extractionId: string, message: string): Promise<boolean> {
    return this.extractions.markFailed(extractionId, message.slice(0, 1000));
  }
}
