import { CreditsService } from '../../credits/credits.service';
import { OrganizationsService } from '../../organizations/organizations.service';
import { isUuid, creditsPerImage, type AdFormatId, type Quality } from '@brandloom/contracts';
import { Injectable, Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { BrandProfilesRepository } from '../../brand-profiles/brand-profiles.repository';
import { BrandProfilesService } from '../../brand-profiles/brand-profiles.service';
import { InsufficientCreditsError } from '../../credits/credits.errors';
import { FoldersService } from '../../folders/folders.service';
import { OutboxService } from '../../infra/outbox/outbox.service';
import type { Generation } from '../entities/generation.entity';
import { GenerationService, type PreparedGeneration } from '../generation.service';
import { parseBulkCsv, validateBulkRows, type BrandProfileLookup, type BulkRowRequest } from './bulk-csv';
import { BULK_MESSAGES, type BulkStartResponseDto } from '@brandloom/contracts';
import { BULK_BATCH_REQUESTED_EVENT } from './bulk.events';
import { GenerationBatchesRepository } from './generation-batches.repository';

export interface BulkGenerationRequest {
  organizationId: string;
  userId: string | null;
  /** The uploaded CSV's bytes (the controller enforces the 1 MB limit while streaming). */
  file: Buffer;
  /** Fills empty brand_profile cells; must be the organization's (BrandProfileNotFoundError otherwise). */
  defaultBrandProfileId?: string | null;
  /** Fills empty quality cells. */
  defaultQuality?: Quality | null;
  /** Fills empty formats cells (ad formats). */
  defaultFormats?: AdFormatId[] | null;
  /** The API key that asked for it (public API): each row's debit names the key. */
  apiKeyId?: string | null;
}

/** Jobs added to the queue side by side. */
const ENQUEUE_CONCURRENCY = 25;

/**
 * Bulk generation: a CSV of up to 500 rows becomes one batch. Every row is checked first (errors
 * name their CSV line numbers); nothing is written or charged unless the whole file is valid and
 * the organization can pay for all of it. Then, in one transaction, the batch, its library folder,
 * every row's generation with its own debit (keyed by the generation id) and the outbox events;
 * after the commit each row is enqueued as one job. The runner reports each settled row on the
 * batch's progress channel (BulkProgress turns that into the batch's SSE stream).
 */
@Injectable()
export class BulkGenerationService {
  private readonly logger = new Logger(BulkGenerationService.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly batches: GenerationBatchesRepository,
    private readonly generations: GenerationService,
    private readonly brandProfiles: BrandProfilesService,
    private readonly brandProfileRows: BrandProfilesRepository,
    private readonly outbox: OutboxService,
    private readonly folders: FoldersService,
    private readonly credits: CreditsService,
    private readonly organizations: OrganizationsService,
  ) {}

  async start(request: BulkGenerationRequest): Promise<BulkStartResponseDto> {
    const { organizationId, userId } = request;
    const defaultProfile = request.defaultBrandProfileId
      ? await this.brandProfiles.getForOrganization(organizationId, request.defaultBrandProfileId)
      : null;
    const csv = parseBulkCsv(request.file);
    const lookup = await this.brandProfileLookup(organizationId, csv.rows.map((r) => r.brand_profile).filter((cell) => cell !== ''));
    if (defaultProfile) lookup.names.set(defaultProfile.id, defaultProfile.name);
    const rows = validateBulkRows(csv, { quality: request.defaultQuality ?? null, brandProfileId: defaultProfile?.id ?? null, formats: request.defaultFormats ?? null }, lookup.resolve);

    const batchId = randomUUID();
    const prepared = await Promise.all(rows.map((row) => this.prepare(request, row, lookup.names, batchId)));
    const jobs = rows.map((row, i) => ({ row: row.row, generationId: prepared[i].id }));
    // A row's ads are made once its picture is stored (AdsOfGeneratedPictures reads them from the batch).
    const batchJobs = rows.map((row, i) => (row.ad ? { ...jobs[i], ad: row.ad } : jobs[i]));
    const cost = prepared.reduce((sum, p) => sum + creditsPerImage(p.quality, p.size), 0);

    const { created, planTier, folderId } = await this.dataSource.transaction(async (m) => {
      // The organization's row stays locked to the commit: the balance checked is the balance debited.
      const balance = await this.credits.lockBalance(organizationId, m);
      if (balance < cost) throw new InsufficientCreditsError(cost, balance);
      // Named after the batch; ' (2)', ' (3)', ... when the organization has a folder of that name.
      const folder = await this.folders.createWithAvailableName(organizationId, batchName(new Date(), rows.length), m);
      await this.batches.insert({ id: batchId, organization_id: organizationId, user_id: userId, name: folder.name, folder_id: folder.id, total: rows.length, jobs: batchJobs }, m);
      const generations = await this.generations.createMany(m, organizationId, prepared.map((p) => ({ ...p, folderId: folder.id })));
      await this.outbox.record(m, BULK_BATCH_REQUESTED_EVENT, { batchId, folderId: folder.id, userId, total: rows.length, creditsCharged: cost }, organizationId);
      return { created: generations, planTier: await this.organizations.planTier(organizationId, m), folderId: folder.id };
    });

    await this.enqueueAll(batchId, created, planTier);
    return { batchId, total: rows.length, folderId, jobs };
  }

  /** Each row as one job; a row the queue cannot take now stays queued for the sweeper (see GenerationService.enqueue). */
  private async enqueueAll(batchId: string, generations: Generation[], planTier: string | null): Promise<void> {
    let deferred = 0;
    for (let i = 0; i < generations.length; i += ENQUEUE_CONCURRENCY) {
      const taken = await Promise.all(generations.slice(i, i + ENQUEUE_CONCURRENCY).map((g) => this.generations.enqueue(g, planTier)));
      deferred += taken.filter((ok) => !ok).length;
    }
    if (deferred > 0) this.logger.warn(`batch ${batchId}: ${deferred} of ${generations.length} jobs left to the sweeper (queue unavailable)`);
  }

  private async prepare(
    request: BulkGenerationRequest,
    row: BulkRowRequest,
    profileNames: Map<string, string>,
    batchId: string,
  ): Promise<PreparedGeneration> {
    // The brand profile was resolved already: prepare() only picks the provider and the id here.
    const prepared = await this.generations.prepare({
      organizationId: request.organizationId,
      userId: request.userId,
      prompt: row.prompt,
      quality: row.quality,
      size: row.size,
      variationCount: 1,
      brandProfileId: null,
      batchId,
      adFormats: row.adFormats,
      apiKeyId: request.apiKeyId ?? null,
      // The folder is created in the transaction.
      folderId: null,
    });
    return { ...prepared, brandProfileId: row.brandProfileId, brandProfileName: row.brandProfileId ? (profileNames.get(row.brandProfileId) ?? null) : null };
  }

  /**
   * Resolves brand_profile cells within the organization: an id, or a name (case-insensitive,
   * surrounding spaces ignored). `names` holds the name of every profile found.
   */
  private async brandProfileLookup(organizationId: string, cells: string[]): Promise<{ resolve: BrandProfileLookup; names: Map<string, string> }> {
    const keys = [...new Set(cells.map(nameKey))];
    const ids = [...new Set(cells.filter((cell) => isUuid(cell)).map((cell) => cell.toLowerCase()))];
    const profiles = keys.length === 0 ? [] : await this.brandProfileRows.findByIdsOrNameKeys(organizationId, ids, keys);
    const names = new Map(profiles.map((p) => [p.id, p.name]));
    const byName = new Map<string, Array<{ id: string }>>();
    for (const profile of profiles) {
      const key = nameKey(profile.name);
      byName.set(key, [...(byName.get(key) ?? []), profile]);
    }
    const resolve: BrandProfileLookup = (cell) => {
      const byId = isUuid(cell) ? profiles.find((p) => p.id === cell.toLowerCase()) : undefined;
      if (byId) return { id: byId.id };
      const named = byName.get(nameKey(cell)) ?? [];
      if (named.length === 1) return { id: named[0].id };
      return { error: named.length > 1 ? BULK_MESSAGES.brandProfileAmbiguous(cell) : BULK_MESSAGES.brandProfileNotFound(cell) };
    };
    return { resolve, names };
  }
}

function nameKey(value: string): string {
  return value.trim().toLowerCase();
}

/** 'Bulk 2026-11-22 14:05 (5 images)' (UTC): the batch's and its folder's name. */
export function batchName(at: Date, count: number): string {
  const iso = at.toISOString();
  return `Bulk ${iso.slice(0, 10)} ${iso.slice(11, 16)} (${count} ${count === 1 ? 'image' : 'images'})`;
}
