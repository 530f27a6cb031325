import { GENERATION_MESSAGES, GENERATION_PROGRESS_MESSAGES, GENERATION_SSE_EVENTS } from '@brandloom/contracts';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AppConfig } from '../infra/config/app-config';
import { isDatabaseUnavailable } from '../infra/database/database-availability';
import { generatedAssetName } from '../assets/asset.mapper';
import { BrandProfilesService } from '../brand-profiles/brand-profiles.service';
import { brandStyleOf } from '../brand-profiles/brand-style';
import type { JobContext } from '../infra/queue/queue.port';
import { ImageVariants } from '../storage/image-variants';
import { STORAGE_DRIVER, StorageDriver } from '../storage/storage-driver';
import { thumbnailKey } from '../storage/storage-key';
import { Generation } from './entities/generation.entity';
import { GenerationProgress } from './generation-progress.service';
import { GenerationSettlement } from './generation-settlement';
import { PermanentGenerationError } from './generation.errors';
import { generatedImageKey } from './generation-keys';
import { ImageProviderError, type BrandStyle, type ImageProvider } from './providers/image-provider';
import { ImageProviders } from './providers/image-provider.factory';
import { ReferenceImages } from './reference-images';

export type GenerationRunOutcome = 'completed' | 'failed' | 'already-settled' | 'missing';

/** Progress milestones (0-100): provider progress is spread between PROVIDER_START and PROVIDER_END. */
const STARTED = 5;
const PROVIDER_START = 10;
const PROVIDER_END = 85;
const STORING = 90;
/** Database writes of progress at most this often (every event still goes to the bus). */
const PROGRESS_WRITE_MS = 500;
/**
 * A running job touches its row this often (at most; five beats fit in GENERATION_STALE_AFTER_SECONDS),
 * and the sweeper treats a silent processing row as orphaned.
 */
export const GENERATION_HEARTBEAT_MS = 15_000;

/**
 * The worker side of a generation: marks it processing, asks the provider for the variations not
 * delivered yet, stores each as PNG + WebP thumbnail under a key derived from the generation's
 * seed (a retry overwrites the same key), adds its asset (unique per variation), then settles the
 * generation. Retryable failures are thrown back to the queue while attempts remain; after the last
 * (or a permanent failure) the generation is failed and what was not delivered is refunded.
 */
@Injectable()
export class GenerationRunner {
  private readonly logger = new Logger(GenerationRunner.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly providers: ImageProviders,
    private readonly brandProfiles: BrandProfilesService,
    private readonly referenceImages: ReferenceImages,
    private readonly images: ImageVariants,
    @Inject(STORAGE_DRIVER) private readonly storage: StorageDriver,
    private readonly progress: GenerationProgress,
    private readonly settlement: GenerationSettlement,
    private readonly config: AppConfig,
  ) {}

  async run(generationId: string, context: Pick<JobContext, 'attempt' | 'isLastAttempt'>): Promise<GenerationRunOutcome> {
    const generation = await this.claim(generationId);
    if (!generation) {
      const exists = await this.dataSource.getRepository(Generation).existsBy({ id: generationId });
      return exists ? 'already-settled' : 'missing';
    }
    // The claim wrote 'starting' to the row already: this only tells the watchers.
    const reporter = new ProgressReporter(this.dataSource, this.progress, generation.id, STARTED);
    await reporter.report(STARTED, GENERATION_PROGRESS_MESSAGES.starting);
    const heartbeat = setInterval(() => {
      void this.dataSource
        .query(`UPDATE generations SET updated_at = now() WHERE id = $1 AND status = 'processing'`, [generation.id])
        .catch(() => undefined);
    }, Math.min(GENERATION_HEARTBEAT_MS, (this.config.GENERATION_STALE_AFTER_SECONDS * 1000) / 5));
    heartbeat.unref();
    try {
      await this.deliverMissing(generation, reporter);
      // No flush of the last progress step: completing the row sets its progress and message.
      const settled = await this.settlement.complete(generation.id);
      return settled ? (settled.status as 'completed' | 'failed') : 'already-settled';
    } catch (error) {
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

  /** Marks the generation processing; null when it is settled already (a repeated job is a no-op). */
  private async claim(generationId: string): Promise<Generation | null> {
    const [rows]: [Generation[], number] = await this.dataSource.query(
      `UPDATE generations SET status = 'processing', started_at = COALESCE(started_at, now()), attempts = attempts + 1, updated_at = now(),
              progress = GREATEST(progress, $2), message = $3
        WHERE id = $1 AND status IN ('queued', 'processing') RETURNING *`,
      [generationId, STARTED, GENERATION_PROGRESS_MESSAGES.starting],
    );
    return rows.length === 0 ? null : this.dataSource.getRepository(Generation).create(rows[0]);
  }

  private async deliverMissing(generation: Generation, reporter: ProgressReporter): Promise<void> {
    const rows: Array<{ variation_index: number }> = await this.dataSource.query(
      `SELECT variation_index FROM assets WHERE generation_id = $1`,
      [generation.id],
    );
    const delivered = new Set(rows.map((r) => r.variation_index));
    const missing = Array.from({ length: generation.variation_count }, (_, i) => i).filter((i) => !delivered.has(i));
    if (missing.length === 0) return;

    const provider = this.providerFor(generation);
    const brand = await this.brandStyle(generation);
    const referenceImages = generation.reference_image_keys.length > 0 ? await this.referenceImages.load(generation.reference_image_keys) : undefined;
    const images = await provider.generate(
      { prompt: generation.prompt, quality: generation.quality, size: generation.size, n: missing.length, referenceImages, brand },
      (fraction, message) => void reporter.report(PROVIDER_START + Math.round(Math.max(0, Math.min(1, fraction)) * (PROVIDER_END - PROVIDER_START)), message),
    );
    await reporter.report(STORING, GENERATION_PROGRESS_MESSAGES.storing);
    // Thumbnails are the costly part: the images are processed side by side (at most 10).
    await Promise.all(images.slice(0, missing.length).map((image, i) => this.store(generation, missing[i], image)));
  }

  /** Original PNG + WebP thumbnail under deterministic keys, then the asset row. */
  private async store(generation: Generation, variationIndex: number, png: Buffer): Promise<void> {
    const info = await this.images.inspect(png);
    const key = generatedImageKey(generation.organization_id, generation.storage_seed, variationIndex);
    const thumbKey = thumbnailKey(key);
    // The original and the thumbnail are written side by side: the thumbnail's encoding overlaps the PNG's write.
    await Promise.all([
      this.storage.put(key, png, 'image/png'),
      this.images.thumbnail(png).then((thumbnail) => this.storage.put(thumbKey, thumbnail.buffer, thumbnail.contentType)),
    ]);
    await this.settlement.addAsset(generation, {
      variationIndex,
      name: generatedAssetName(generation.prompt, variationIndex, generation.variation_count),
      s3Key: key,
      thumbnailKey: thumbKey,
      width: info.width,
      height: info.height,
      fileSize: png.length,
    });
  }

  private providerFor(generation: Generation): ImageProvider {
    return generation.provider === 'local' ? this.providers.local : this.providers.primary;
  }

  private async brandStyle(generation: Generation): Promise<BrandStyle | undefined> {
    if (!generation.brand_profile_id) return undefined;
    const profile = await this.brandProfiles.findForOrganization(generation.organization_id, generation.brand_profile_id);
    return profile ? brandStyleOf(profile) : undefined;
  }
}

function userMessage(error: unknown): string {
  if (error instanceof ImageProviderError || error instanceof PermanentGenerationError) return error.message;
  return GENERATION_MESSAGES.generationFailed;
}

/** Publishes every progress step at once and writes it to the row at most every PROGRESS_WRITE_MS. */
class ProgressReporter {
  /** Created right after the claim, which wrote the row. */
  private written = Date.now();
  private pending?: { progress: number; message: string };

  constructor(
    private readonly dataSource: DataSource,
    private readonly bus: GenerationProgress,
    private readonly generationId: string,
    public current: number,
  ) {}

  async report(progress: number, message: string, force = false): Promise<void> {
    this.current = Math.max(this.current, Math.min(99, Math.round(progress)));
    const data = { progress: this.current, message, status: 'processing' };
    await this.bus.publish(this.generationId, { event: GENERATION_SSE_EVENTS.progress, data });
    this.pending = { progress: this.current, message };
    if (force || Date.now() - this.written >= PROGRESS_WRITE_MS) await this.flush();
  }

  async flush(): Promise<void> {
    const pending = this.pending;
    if (!pending) return;
    this.pending = undefined;
    this.written = Date.now();
    await this.dataSource
      .query(`UPDATE generations SET progress = GREATEST(progress, $2), message = $3, updated_at = now() WHERE id = $1 AND status = 'processing'`, [
        this.generationId,
        pending.progress,
        pending.message,
      ])
      .catch(() => undefined);
  }
}
