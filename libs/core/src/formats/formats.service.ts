import {
  AD_FORMAT_IDS,
  formatCost,
  SIZE_MESSAGES,
  FORMAT_FILLS,
  FORMAT_MESSAGES,
  FORMAT_METHODS,
  QUALITIES,
  isAdFormatId,
  type AdFormatId,
  type FormatFill,
  type FormatMethod,
  type Quality,
} from '@brandloom/contracts';
import { Injectable, Logger } from '@nestjs/common';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { DataSource, EntityManager } from 'typeorm';
import { AssetLibraryService } from '../assets/asset-library.service';
import type { Asset } from '../assets/entities/asset.entity';
import { BrandProfilesService } from '../brand-profiles/brand-profiles.service';
import { CreditsService } from '../credits/credits.service';
import { drawnSizes, normalizeHexColor, supportsSize } from '../generation/providers/image-provider';
import { ImageProviders } from '../generation/providers/image-provider.factory';
import { QueuePort } from '../infra/queue/queue.port';
import { assertValidStorageKey } from '../storage/storage-key';
import type { FormatJob } from './entities/format-job.entity';
import { FormatJobsRepository } from './format-jobs.repository';
import { FORMAT_JOBS } from './format-jobs.names';
import { outpaintSize } from './format-renderer';
import { FormatSettlement } from './format-settlement';
import { FormatQueueUnavailableError, FormatValidationError } from './formats.errors';

export interface FormatsRequest {
  organizationId: string;
  userId: string | null;
  assetId: string;
  formats: unknown;
  method: unknown;
  fill?: unknown;
  quality?: unknown;
  /** The API key that asked for them (public API): AI extend's debits name the key. */
  apiKeyId?: string | null;
}

export interface RequestedFormats {
  jobs: FormatJob[];
  creditsCharged: number;
  /** The balance after the debit (unchanged for the free methods). */
  balance: number;
}

export interface FormatRunJob {
  formatJobId: string;
}

/** The storage key of a format job's image, derived from its secret seed (a retry overwrites it). */
export function formatImageKey(organizationId: string, storageSeed: string): string {
  const digest = createHash('sha256').update(`${storageSeed}:format`).digest('hex').slice(0, 32);
  const key = `org/${organizationId}/formats/${digest}.png`;
  assertValidStorageKey(key);
  return key;
}

/**
 * Accepts ad format requests: in one transaction a format job per format and, for AI extend, a
 * debit per job keyed by its id (a generation's price of its quality); then each job is enqueued
 * under its own id. Crop and extend are free.
 */
@Injectable()
export class FormatsService {
  private readonly logger = new Logger(FormatsService.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly formatJobs: FormatJobsRepository,
    private readonly assets: AssetLibraryService,
    private readonly brandProfiles: BrandProfilesService,
    private readonly credits: CreditsService,
    private readonly queue: QueuePort,
    private readonly providers: ImageProviders,
    private readonly settlement: FormatSettlement,
  ) {}

  /**
   * A format of the asset that is being made already (queued or running, same method, fill and
   * quality) is answered with that job rather than made and charged again: a double click, or two
   * tabs, gets one job and one debit. Requests for one asset decide one at a time.
   */
  async request(input: FormatsRequest): Promise<RequestedFormats> {
    const { formats, method, quality } = validate(input);
    const asset = await this.sourceOf(input.organizationId, input.assetId);
    const { fill, color } = await this.fillFor(asset, input.fill);
    // AI extend runs on the configured provider when it paints masks; crop and extend are drawn locally.
    const provider = method === 'ai_extend' && this.providers.primary.capabilities.masks ? this.providers.primary.name : this.providers.local.name;
    if (provider !== this.providers.local.name) {
      // AI extend paints at the placement's own size: a model that does not take it is told before any debit.
      const capabilities = this.providers.primary.capabilities;
      const refused = formats.map(outpaintSize).find((size) => !supportsSize(capabilities, size));
      if (refused) throw new FormatValidationError(SIZE_MESSAGES.sizeNotSupported(refused, this.providers.primary.apiName, drawnSizes(capabilities)));
    }
    const result = await this.dataSource.transaction(async (m) => {
      await this.formatJobs.lockRequestsFor(asset.id, m);
      const jobs: FormatJob[] = [];
      const created: FormatJob[] = [];
      let balance: number | null = null;
      for (const format of formats) {
        const running = await this.formatJobs.findRunning({ organizationId: input.organizationId, assetId: asset.id, format, method, fill, quality }, m);
        if (running) {
          jobs.push(running);
          continue;
        }
        const { job, balance: after } = await this.create(m, { organizationId: input.organizationId, userId: input.userId, asset, format, method, fill, color, quality, provider, apiKeyId: input.apiKeyId });
        jobs.push(job);
        created.push(job);
        if (after !== null) balance = after;
      }
      return { jobs, created, balance };
    });
    // A job being made already was enqueued by the request that made it.
    await Promise.all(result.created.map((job) => this.enqueue(job)));
    const creditsCharged = result.created.reduce((sum, job) => sum + job.credits_charged, 0);
    return { jobs: result.jobs, creditsCharged, balance: result.balance ?? (await this.credits.balance(input.organizationId)) };
  }

  /**
   * Free formats (smart crop, falling back to extend) of a freshly generated image, in the caller's
   * transaction: Studio's "Also make ad formats" and the bulk `formats` column. The jobs are
   * returned for the caller to enqueue once committed (the sweeper catches any it loses).
   */
  async createForGeneratedAsset(m: EntityManager, asset: Asset, formats: AdFormatId[], userId: string | null): Promise<FormatJob[]> {
    const { fill, color } = await this.fillFor(asset, undefined);
    const jobs: FormatJob[] = [];
    for (const format of formats) {
      jobs.push((await this.create(m, { organizationId: asset.organization_id, userId, asset, format, method: 'crop', fill, color, quality: 'medium', provider: this.providers.local.name })).job);
    }
    return jobs;
  }

  /** The organization's jobs of an asset, newest first (404 unless the organization's asset). */
  async jobsOf(organizationId: string, assetId: string): Promise<FormatJob[]> {
    const asset = await this.assets.get(organizationId, assetId);
    return this.formatJobs.findForAsset(organizationId, asset.id);
  }

  /** Enqueues the job under its id (a repeat is a no-op); a refused job is failed and refunded at once (503). */
  async enqueue(job: Pick<FormatJob, 'id' | 'quality'>): Promise<void> {
    try {
      await this.queue.enqueue(FORMAT_JOBS.run, { formatJobId: job.id } satisfies FormatRunJob, { jobId: job.id, priority: 2 });
    } catch (error) {
      this.logger.error(`enqueueing format job ${job.id} failed: ${(error as Error).message}`);
      await this.settlement.fail(job.id, FORMAT_MESSAGES.failed).catch(() => undefined);
      throw new FormatQueueUnavailableError();
    }
  }

  private async create(
    m: EntityManager,
    spec: { organizationId: string; userId: string | null; asset: Asset; format: AdFormatId; method: FormatMethod; fill: FormatFill; color: string | null; quality: Quality; provider: string; apiKeyId?: string | null },
  ): Promise<{ job: FormatJob; balance: number | null }> {
    const id = randomUUID();
    const cost = formatCost(spec.method, spec.quality, spec.format);
    const job = await this.formatJobs.insert(
      {
      id,
      organization_id: spec.organizationId,
      user_id: spec.userId,
      asset_id: spec.asset.id,
      format: spec.format,
      method: spec.method,
      fill: spec.fill,
      fill_color: spec.color,
      quality: spec.quality,
      provider: spec.provider,
      status: 'queued',
      progress: 0,
      message: FORMAT_MESSAGES.queued,
      credits_charged: cost,
      storage_seed: randomBytes(16).toString('hex'),
      },
      m,
    );
    if (cost === 0) return { job, balance: null };
    const { transaction, balance } = await this.credits.debit(
      {
        organizationId: spec.organizationId,
        amount: cost,
        idempotencyKey: id,
        description: `AI extend to ${spec.format}: 1 × ${spec.quality}`,
        brandName: spec.asset.brand_profile_name,
        reference: { type: 'format', id },
        apiKeyId: spec.apiKeyId ?? null,
      },
      m,
    );
    await this.formatJobs.setDebit(id, transaction.id, m);
    job.debit_transaction_id = transaction.id;
    return { job, balance };
  }

  /** The asset to work from: a format of a format is made from its original, while that exists. */
  private async sourceOf(organizationId: string, assetId: string): Promise<Asset> {
    const asset = await this.assets.get(organizationId, assetId);
    if (!asset.parent_asset_id) return asset;
    return this.assets.get(organizationId, asset.parent_asset_id).catch(() => asset);
  }

  /** The fill asked for, else the brand's colour when the asset's brand has one, else the blurred copy. */
  private async fillFor(asset: Asset, requested: unknown): Promise<{ fill: FormatFill; color: string | null }> {
    const color = await this.brandColor(asset);
    if (requested === 'blur') return { fill: 'blur', color: null };
    if (requested === 'brand') {
      if (!color) throw new FormatValidationError(FORMAT_MESSAGES.brandColorMissing);
      return { fill: 'brand', color };
    }
    return color ? { fill: 'brand', color } : { fill: 'blur', color: null };
  }

  private async brandColor(asset: Asset): Promise<string | null> {
    if (!asset.brand_profile_id) return null;
    try {
      const profile = await this.brandProfiles.getForOrganization(asset.organization_id, asset.brand_profile_id);
      return normalizeHexColor(profile.brand_data?.colors?.primary ?? null) ?? null;
    } catch {
      return null; // the profile was deleted: the asset keeps only its name
    }
  }
}

function validate(input: FormatsRequest): { formats: AdFormatId[]; method: FormatMethod; quality: Quality } {
  const formats = input.formats;
  if (!Array.isArray(formats) || formats.length === 0 || formats.length > AD_FORMAT_IDS.length || !formats.every(isAdFormatId) || new Set(formats).size !== formats.length) {
    throw new FormatValidationError(FORMAT_MESSAGES.formatsRequired);
  }
  if (typeof input.method !== 'string' || !(FORMAT_METHODS as readonly string[]).includes(input.method)) throw new FormatValidationError(FORMAT_MESSAGES.methodInvalid);
  if (input.fill !== undefined && input.fill !== null && !(FORMAT_FILLS as readonly unknown[]).includes(input.fill)) throw new FormatValidationError(FORMAT_MESSAGES.fillInvalid);
  if (input.quality !== undefined && input.quality !== null && !(QUALITIES as readonly unknown[]).includes(input.quality)) throw new FormatValidationError(FORMAT_MESSAGES.qualityInvalid);
  return { formats: formats as AdFormatId[], method: input.method as FormatMethod, quality: (input.quality as Quality | undefined) ?? 'medium' };
}
