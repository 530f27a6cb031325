import {
  creditsPerImage,
  GENERATION_PROGRESS_MESSAGES,
  generationQueuePriority,
  AD_FORMAT_IDS,
  isTestPrompt,
  placementOfSize,
  SIZE_MESSAGES,
  type AdFormatId,
  type ImageSize,
  type PictureAdsSpec,
  type Quality,
} from '@brandloom/contracts';
import { Injectable, Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { DataSource, EntityManager } from 'typeorm';
import { BrandProfilesService } from '../brand-profiles/brand-profiles.service';
import { CreditsService, type DebitCredits } from '../credits/credits.service';
import { GENERATION_EVENTS } from './generation.events';
import type { EventPayloads } from '../infra/outbox/domain-event';
import { OutboxService } from '../infra/outbox/outbox.service';
import { QueuePort } from '../infra/queue/queue.port';
import { Generation, GenerationProviderName } from './entities/generation.entity';
import { GenerationAlreadyRetriedError, GenerationNotFoundError, GenerationNotRetryableError, UnsupportedImageSizeError } from './generation.errors';
import { GENERATION_JOBS } from './generation-jobs.names';
import { newStorageSeed } from './generation-keys';
import { drawnSizes, supportsSize } from './providers/image-provider';
import { ImageProviders } from './providers/image-provider.factory';
import { ReferenceImageInput, ReferenceImages } from './reference-images';
import { OrganizationsService } from '../organizations/organizations.service';
import { GenerationsRepository, type StartedGenerationRow } from './generations.repository';

export interface GenerationRequest {
  organizationId: string;
  userId: string | null;
  prompt: string;
  quality: Quality;
  size: ImageSize;
  variationCount: number;
  brandProfileId?: string | null;
  referenceImages?: readonly ReferenceImageInput[];
  /** POST /api/generate/test: the local renderer draws it whatever the prompt says. */
  forceLocalRenderer?: boolean;
  /** Bulk generation: the batch the row belongs to and the folder its images land in. */
  batchId?: string | null;
  folderId?: string | null;
  /** Ad formats each image also gets, free ("Also make ad formats", bulk `formats`). */
  adFormats?: readonly AdFormatId[];
  /** Ads each image is also set as, free (Studio "Also make ads"); checked by the caller (checkPictureAds). */
  ads?: PictureAdsSpec | null;
  /** The API key that asked for it (public API): its debit's ledger row names the key. */
  apiKeyId?: string | null;
}

/** A request that passed the checks that need no transaction (brand profile, reference images). */
export interface PreparedGeneration extends GenerationRequest {
  id: string;
  provider: GenerationProviderName;
  brandProfileName: string | null;
  referenceImageKeys: string[];
}

export interface StartedGeneration {
  generation: Generation;
  /** The organization's balance after the debit. */
  balance: number;
}

export interface GenerationRunJob {
  generationId: string;
}

/**
 * Accepts generation requests: in one statement (atomic, so no transaction) the debit of cost ×
 * variations keyed by the generation id, the generation row (queued) and both events; then the job
 * is enqueued under the generation id with its priority. A bulk batch uses prepare() per row,
 * createMany() inside its own transaction, then enqueue(); an administrator's retry uses create().
 */
@Injectable()
export class GenerationService {
  private readonly logger = new Logger(GenerationService.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly generations: GenerationsRepository,
    private readonly credits: CreditsService,
    private readonly outbox: OutboxService,
    private readonly queue: QueuePort,
    private readonly providers: ImageProviders,
    private readonly brandProfiles: BrandProfilesService,
    private readonly referenceImages: ReferenceImages,
    private readonly organizations: OrganizationsService,
  ) {}

  async start(request: GenerationRequest): Promise<StartedGeneration> {
    const prepared = await this.prepare(request);
    let started: StartedGenerationRow;
    try {
      // The debit, the row with its event and the plan tier (the job's priority): one statement.
      const generation = this.newGeneration(this.dataSource.manager, prepared);
      const requested = { type: GENERATION_EVENTS.generationRequested, payload: this.requestedEvent(prepared) };
      started = await this.credits.debitWithin({ organizationId: prepared.organizationId, ...this.debitFor(prepared) }, (debit) => this.generations.startStatement(debit, generation, requested));
    } catch (error) {
      await this.referenceImages.discardUploads(prepared.referenceImageKeys);
      throw error;
    }
    const { debit_balance: balance, organization_plan_tier: planTier, ...row } = started;
    const generation = this.dataSource.manager.create(Generation, row);
    await this.enqueue(generation, planTier);
    return { generation, balance };
  }

  /**
   * Picks the provider and checks that it takes the size (400 otherwise, before anything is
   * stored or debited), checks the brand profile (404 unless the organization's), stores reference uploads.
   */
  async prepare(request: GenerationRequest): Promise<PreparedGeneration> {
    const local = request.forceLocalRenderer || isTestPrompt(request.prompt) || !this.providers.primary.isConfigured;
    const provider = local ? this.providers.local : this.providers.primary;
    if (!supportsSize(provider.capabilities, request.size)) throw new UnsupportedImageSizeError(SIZE_MESSAGES.sizeNotSupported(request.size, provider.apiName, drawnSizes(provider.capabilities)));
    const brandProfileId = request.brandProfileId || null;
    const profile = brandProfileId ? await this.brandProfiles.getForOrganization(request.organizationId, brandProfileId) : null;
    const referenceImageKeys = request.referenceImages?.length ? await this.referenceImages.prepare(request.organizationId, request.referenceImages) : [];
    // An image drawn in a placement's shape also gets that placement's exact pixels (a free
    // rescale), so it is ready for the ad without a Resize.
    const placement = placementOfSize(request.size);
    const adFormats = placement && !request.adFormats?.includes(placement) ? AD_FORMAT_IDS.filter((id) => id === placement || request.adFormats?.includes(id)) : request.adFormats;
    return {
      ...request,
      adFormats,
      id: randomUUID(),
      brandProfileId: profile?.id ?? null,
      brandProfileName: profile?.name ?? null,
      provider: local ? this.providers.local.name : this.providers.primary.name,
      referenceImageKeys,
    };
  }

  /** The row, the debit (InsufficientCreditsError when short) and the event, in the caller's transaction. */
  async create(manager: EntityManager, prepared: PreparedGeneration): Promise<StartedGeneration> {
    // The debit first: the row is then inserted with it (one statement fewer than inserting, then pointing it at its debit).
    const { transaction, balance } = await this.credits.debit({ organizationId: prepared.organizationId, ...this.debitFor(prepared) }, manager);
    const values = Object.assign(this.newGeneration(manager, prepared), { debit_transaction_id: transaction.id });
    // The row and its event in one statement; the whole row, defaults included, comes back.
    const generation = await this.generations.insertWithEvent(
      values,
      { type: GENERATION_EVENTS.generationRequested, payload: this.requestedEvent(prepared), organizationId: prepared.organizationId },
      manager,
    );
    return { generation, balance };
  }

  /**
   * create() for many generations of one organization (a bulk batch) in a fixed number of
   * statements: every debit at once (all or none), then the rows with their debits, then the events.
   */
  async createMany(manager: EntityManager, organizationId: string, prepared: PreparedGeneration[]): Promise<Generation[]> {
    if (prepared.length === 0) return [];
    const debits = await this.credits.debitMany(organizationId, prepared.map((p) => this.debitFor(p)), manager);
    const generations = prepared.map((p, i) => Object.assign(this.newGeneration(manager, p), { debit_transaction_id: debits[i].transaction.id }));
    await this.generations.insertMany(generations, manager);
    await this.outbox.recordMany(
      manager,
      GENERATION_EVENTS.generationRequested,
      prepared.map((p) => ({ payload: this.requestedEvent(p), organizationId })),
    );
    return generations;
  }

  private newGeneration(manager: EntityManager, prepared: PreparedGeneration): Generation {
    const costPerImage = creditsPerImage(prepared.quality, prepared.size);
    return manager.create(Generation, {
      id: prepared.id,
      organization_id: prepared.organizationId,
      user_id: prepared.userId,
      prompt: prepared.prompt,
      quality: prepared.quality,
      size: prepared.size,
      variation_count: prepared.variationCount,
      brand_profile_id: prepared.brandProfileId ?? null,
      brand_profile_name: prepared.brandProfileName,
      provider: prepared.provider,
      status: 'queued',
      progress: 0,
      message: GENERATION_PROGRESS_MESSAGES.queued,
      cost_per_image: costPerImage,
      credits_charged: costPerImage * prepared.variationCount,
      batch_id: prepared.batchId ?? null,
      folder_id: prepared.folderId ?? null,
      reference_image_keys: prepared.referenceImageKeys,
      ad_formats: [...(prepared.adFormats ?? [])],
      ad_request: prepared.ads ?? null,
      storage_seed: newStorageSeed(),
    });
  }

  /** The debit of cost × variations, keyed by the generation id. */
  private debitFor(prepared: PreparedGeneration): Omit<DebitCredits, 'organizationId'> {
    return {
      amount: creditsPerImage(prepared.quality, prepared.size) * prepared.variationCount,
      idempotencyKey: prepared.id,
      description: `Image generation: ${prepared.variationCount} × ${prepared.quality}`,
      brandName: prepared.brandProfileName,
      reference: { type: 'generation', id: prepared.id },
      apiKeyId: prepared.apiKeyId ?? null,
    };
  }

  private requestedEvent(prepared: PreparedGeneration): EventPayloads[typeof GENERATION_EVENTS.generationRequested] {
    return {
      generationId: prepared.id,
      userId: prepared.userId,
      quality: prepared.quality,
      size: prepared.size,
      variationCount: prepared.variationCount,
      creditsCharged: creditsPerImage(prepared.quality, prepared.size) * prepared.variationCount,
      provider: prepared.provider,
      batchId: prepared.batchId ?? null,
    };
  }

  /**
   * Runs a failed generation's request again as a new generation: the same prompt, settings, brand
   * profile, reference images and folder, with a new debit (the failed one was refunded). It happens
   * once: the transaction that creates the new one marks the failed one `retried_as` it, under the
   * failed row's lock, so a concurrent or later retry gets GenerationAlreadyRetriedError and nothing
   * is debited again. `inTransaction` runs in that transaction (the admin audit row).
   */
  async retryFailed(id: string, inTransaction?: (manager: EntityManager, generation: Generation) => Promise<void>): Promise<StartedGeneration> {
    const started = await this.dataSource.transaction(async (manager) => {
      const failed = await this.generations.findLocked(id, manager);
      if (!failed) throw new GenerationNotFoundError();
      if (failed.retried_as) throw new GenerationAlreadyRetriedError(failed.retried_as);
      if (failed.status !== 'failed') throw new GenerationNotRetryableError();
      const result = await this.create(manager, {
        id: randomUUID(),
        organizationId: failed.organization_id,
        userId: failed.user_id,
        prompt: failed.prompt,
        quality: failed.quality,
        size: failed.size,
        variationCount: failed.variation_count,
        brandProfileId: failed.brand_profile_id,
        brandProfileName: failed.brand_profile_name,
        // Today's provider (an administrator may have replaced the one that failed); test images stay local.
        provider: failed.provider === this.providers.local.name ? failed.provider : this.providers.primary.name,
        referenceImageKeys: failed.reference_image_keys,
        folderId: failed.folder_id,
      });
      await this.generations.markRetriedAs(failed.id, result.generation.id, manager);
      await inTransaction?.(manager, result.generation);
      return { ...result, planTier: await this.organizations.planTier(failed.organization_id, manager) };
    });
    await this.enqueue(started.generation, started.planTier);
    return { generation: started.generation, balance: started.balance };
  }

  /**
   * Enqueues the job (job id = generation id, so a repeat is a no-op). If the queue is unreachable
   * (Redis restarting), the generation stays queued, committed and paid: the sweeper enqueues it
   * again once it is GENERATION_REQUEUE_AFTER_SECONDS old. Returns whether the queue took it now.
   */
  async enqueue(generation: Pick<Generation, 'id' | 'quality'>, planTier: string | null): Promise<boolean> {
    try {
      await this.queue.enqueue(GENERATION_JOBS.run, { generationId: generation.id } satisfies GenerationRunJob, {
        jobId: generation.id,
        priority: generationQueuePriority(generation.quality, planTier),
      });
      return true;
    } catch (error) {
      this.logger.warn(`generation ${generation.id} stays queued for the sweeper: enqueueing failed: ${(error as Error).message}`);
      return false;
    }
  }

}
