import { GENERATION_MESSAGES, GENERATION_PROGRESS_MESSAGES } from '@brandloom/contracts';
import { Inject, Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import { AppConfig } from '../../infra/config/app-config';
import { isDatabaseUnavailable } from '../../infra/database/database-availability';
import { generatedAssetName } from '../../assets/asset.mapper';
import { AssetsRepository } from '../../assets/assets.repository';
import { BrandProfilesService } from '../../brand-profiles/brand-profiles.service';
import { brandStyleOf } from '../../brand-profiles/brand-style';
import type { JobContext } from '../../infra/queue/queue.port';
import { BackgroundThumbnails } from '../../storage/background-thumbnails';
import { ImageVariants } from '../../storage/image-variants';
import { STORAGE_DRIVER, StorageDriver } from '../../storage/storage-driver';
import { thumbnailKey } from '../../storage/storage-key';
import type { Generation } from '../entities/generation.entity';
import { GenerationsRepository, type ClaimedGeneration } from '../generations.repository';
import { GenerationProgress } from '../generation-progress.service';
import { ProgressReporter } from '../progress-reporter';
import { GenerationSettlement, type DeliveredImage } from '../generation-settlement';
import { PermanentGenerationError } from '../generation.errors';
import { generatedImageKey } from '../generation-keys';
import { ImageProviderError, providerGoneMessage, type BrandStyle, type ImageCallRecord, type ImageProvider } from '../providers/image-provider';
import { ImageProviders } from '../providers/image-provider.factory';
import { ReferenceImages } from '../reference-images';

export type GenerationRunOutcome = 'completed' | 'failed' | 'already-settled' | 'missing';

/** Progress milestones (0-100): provider progress is spread between PROVIDER_START and PROVIDER_END. */
const STARTED = 5;
const PROVIDER_START = 10;
const PROVIDER_END = 85;
const STORING = 90;
/**
 * A running job touches its row this often (at most; five beats fit in GENERATION_STALE_AFTER_SECONDS),
 * and the sweeper treats a silent processing row as orphaned.
 */
export const GENERATION_HEARTBEAT_MS = 15_000;

/**
 * The worker side of a generation: marks it processing, asks the provider for the variations not
 * delivered yet, stores each PNG under a key derived from the generation's seed (a retry overwrites
 * the same key), then adds their assets (unique per variation) and completes the generation in one
 * transaction; the WebP thumbnails follow. Retryable failures are thrown back to the queue while
 * attempts remain; after the last (or a permanent failure) the generation is settled and what was
 * not delivered is refunded.
 */
@Injectable()
export class GenerationRunner implements OnModuleDestroy {
  private readonly logger = new Logger(GenerationRunner.name);
  private readonly thumbnailsInFlight = new Set<Promise<void>>();

  constructor(
    private readonly generations: GenerationsRepository,
    private readonly assets: AssetsRepository,
    private readonly providers: ImageProviders,
    private readonly brandProfiles: BrandProfilesService,
    private readonly referenceImages: ReferenceImages,
    private readonly images: ImageVariants,
    private readonly thumbnails: BackgroundThumbnails,
    @Inject(STORAGE_DRIVER) private readonly storage: StorageDriver,
    private readonly progress: GenerationProgress,
    private readonly settlement: GenerationSettlement,
    private readonly config: AppConfig,
  ) {}

  async run(generationId: string, context: Pick<JobContext, 'attempt' | 'isLastAttempt'>): Promise<GenerationRunOutcome> {
    // Marks it processing, with the variations an earlier attempt delivered; null when it is settled
    // already (a repeated job is a no-op).
    const generation = await this.generations.claim(generationId, STARTED, GENERATION_PROGRESS_MESSAGES.starting);
    if (!generation) return (await this.generations.exists(generationId)) ? 'already-settled' : 'missing';
    // The claim wrote 'starting' to the row already: this only tells the watchers.
    const reporter = new ProgressReporter(this.generations, this.progress, generation.id, STARTED);
    await reporter.report(STARTED, GENERATION_PROGRESS_MESSAGES.starting);
    const heartbeat = setInterval(() => {
      void this.generations.touchProcessing(generation.id).catch(() => undefined);
    }, Math.min(GENERATION_HEARTBEAT_MS, (this.config.GENERATION_STALE_AFTER_SECONDS * 1000) / 5));
    heartbeat.unref();
    try {
      const delivered = await this.deliverMissing(generation, reporter);
      // No flush of the last progress step (completing the row sets its progress and message), and
      // no late publish of it: the final event supersedes it.
      reporter.stop();
      const settled = await this.settlement.complete(generation.id, delivered.map((d) => d.image));
      // The thumbnails come after the completion the client waits for, and outside the job: its
      // worker slot is free for the next generation meanwhile. They are a cache of the originals
      // (GET .../file?variant=thumb makes a missing one), so one lost to a crash costs nothing.
      if (settled) this.queueThumbnails(delivered);
      return settled ? (settled.status as 'completed' | 'failed') : 'already-settled';
    } catch (error) {
      reporter.stop();
      // An outage is not the generation's failure: the job is postponed (JobRegistry) and runs again.
      if (isDatabaseUnavailable(error)) throw error;
      const retryable = error instanceof ImageProviderError ? error.retryable : !(error instanceof PermanentGenerationError);
      if (retryable && !context.isLastAttempt) {
        this.logger.warn(`generation ${generation.id} attempt ${context.attempt} failed, will retry: ${(error as Error).message}`);
        await reporter.report(reporter.current, GENERATION_PROGRESS_MESSAGES.retrying, true);
        throw error;
      }
      if (!(error instanceof ImageProviderError) && !(error instanceof PermanentGenerationError)) {
        this.logger.error(`generation ${generation.id} failed: ${(error as Error).stack ?? String(error)}`);
      }
      const settled = await this.settlement.fail(generation.id, userMessage(error));
      return settled ? (settled.status as 'completed' | 'failed') : 'already-settled';
    } finally {
      clearInterval(heartbeat);
    }
  }

  /**
   * Gives up the thumbnails not encoded yet (the encoder waits for idle cores, which a busy machine
   * may not have for minutes) and waits for those being written.
   */
  async onModuleDestroy(): Promise<void> {
    this.thumbnails.abandon();
    await Promise.all([...this.thumbnailsInFlight]);
  }

  /**
   * The thumbnails wait for idle cores; under sustained load they would pile up (with their
   * originals in memory, and a shutdown waiting for all of them), so past THUMBNAIL_BACKLOG
   * generations they are left to be made when first asked for.
   */
  private queueThumbnails(variations: StoredVariation[]): void {
    if (this.thumbnailsInFlight.size >= this.config.THUMBNAIL_BACKLOG) {
      this.logger.debug(`${variations.length} thumbnails left to be made on request: ${this.thumbnailsInFlight.size} generations' thumbnails are waiting`);
      return;
    }
    this.track(this.storeThumbnails(variations));
  }

  private track(work: Promise<void>): void {
    this.thumbnailsInFlight.add(work);
    void work.finally(() => this.thumbnailsInFlight.delete(work));
  }

  /**
   * Asks the provider for the variations not delivered yet and stores each original. The assets of
   * those stored are recorded with the completion; when one fails, the others are recorded at once
   * (delivered, whatever happens next) and the failure goes to the retry or settlement logic.
   */
  private async deliverMissing(generation: ClaimedGeneration, reporter: ProgressReporter): Promise<StoredVariation[]> {
    const delivered = new Set(generation.deliveredIndexes);
    const missing = Array.from({ length: generation.variation_count }, (_, i) => i).filter((i) => !delivered.has(i));
    if (missing.length === 0) return [];

    const provider = this.providerFor(generation);
    const brand = await this.brandStyle(generation);
    const referenceImages = generation.reference_image_keys.length > 0 ? await this.referenceImages.load(generation.reference_image_keys) : undefined;
    const record: ImageCallRecord = {};
    let images: Buffer[];
    try {
      images = await provider.generate(
        { prompt: generation.prompt, quality: generation.quality, size: generation.size, n: missing.length, referenceImages, brand, record },
        (fraction, message) => void reporter.report(PROVIDER_START + Math.round(Math.max(0, Math.min(1, fraction)) * (PROVIDER_END - PROVIDER_START)), message),
      );
    } finally {
      await this.recordCall(generation.id, record);
    }
    await reporter.report(STORING, GENERATION_PROGRESS_MESSAGES.storing);
    const stored = await Promise.allSettled(images.slice(0, missing.length).map((image, i) => this.storeOriginal(generation, missing[i], image)));
    const failure = stored.find((result) => result.status === 'rejected');
    const variations = stored.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
    if (failure) {
      if (variations.length > 0) await this.settlement.addAssets(generation, variations.map((v) => v.image));
      throw failure.reason;
    }
    return variations;
  }

  /** The original PNG under its deterministic key (a retry overwrites it), with what its asset row records. */
  private async storeOriginal(generation: Generation, variationIndex: number, png: Buffer): Promise<StoredVariation> {
    const info = await this.images.inspect(png);
    const key = generatedImageKey(generation.organization_id, generation.storage_seed, variationIndex);
    await this.storage.put(key, png, 'image/png');
    const image: DeliveredImage = {
      variationIndex,
      name: generatedAssetName(generation.prompt, variationIndex, generation.variation_count),
      s3Key: key,
      thumbnailKey: thumbnailKey(key),
      width: info.width,
      height: info.height,
      fileSize: png.length,
    };
    return { image, png };
  }

  /**
   * WebP thumbnails of the stored originals, side by side; one that fails is made when first asked
   * for. An asset deleted meanwhile loses its thumbnail again (its deletion removed the files it
   * found; checked after writing, so one of the two always removes it).
   */
  private async storeThumbnails(variations: StoredVariation[]): Promise<void> {
    const written = await Promise.all(
      variations.map(async ({ image, png }) => {
        try {
          const thumbnail = await this.thumbnails.thumbnail(png);
          await this.storage.put(image.thumbnailKey, thumbnail.buffer, thumbnail.contentType);
          return [image];
        } catch (error) {
          this.logger.warn(`thumbnail of ${image.s3Key} not stored (made on first request instead): ${(error as Error).message}`);
          return [];
        }
      }),
    );
    const images = written.flat();
    if (images.length === 0) return;
    try {
      const keptKeys = await this.assets.findStoredKeys(images.map((i) => i.s3Key));
      await Promise.all(images.filter((i) => !keptKeys.has(i.s3Key)).map((i) => this.storage.delete(i.thumbnailKey)));
    } catch (error) {
      // At worst a few kB that nothing links to stay in storage.
      this.logger.warn(`thumbnails of deleted assets not checked: ${(error as Error).message}`);
    }
  }

  /** The provider the generation was accepted for; never another one under its name. */
  private providerFor(generation: Generation): ImageProvider {
    const provider = this.providers.byName(generation.provider);
    if (!provider) throw new PermanentGenerationError(providerGoneMessage(generation.provider));
    return provider;
  }

  /**
   * The model the provider sent the request to and the usage it answered (usage added to an earlier
   * attempt's); nothing to write for a provider that reports neither (the local renderer).
   */
  private async recordCall(generationId: string, record: ImageCallRecord): Promise<void> {
    if (!record.model && !record.usage) return;
    await this.generations
      .recordProviderCall(generationId, record.model ?? null, record.usage)
      .catch((error: Error) => this.logger.warn(`usage of generation ${generationId} not recorded: ${error.message}`));
  }

  private async brandStyle(generation: Generation): Promise<BrandStyle | undefined> {
    if (!generation.brand_profile_id) return undefined;
    const profile = await this.brandProfiles.findForOrganization(generation.organization_id, generation.brand_profile_id);
    return profile ? brandStyleOf(profile) : undefined;
  }
}

interface StoredVariation {
  image: DeliveredImage;
  png: Buffer;
}

function userMessage(error: unknown): string {
  if (error instanceof ImageProviderError || error instanceof PermanentGenerationError) return error.message;
  return GENERATION_MESSAGES.generationFailed;
}
