import type { BrandData, BrandProfileDto, BrandUsageDto } from '@brandloom/contracts';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import { OrganizationsService } from '../organizations/organizations.service';
import { getBuffer, STORAGE_DRIVER, StorageDriver } from '../storage/storage-driver';
import { sanitizeBrandData } from './brand-data';
import {
  isUuid,
  BRAND_EXTRACTION_DAILY_LIMIT,
  BRAND_MESSAGES,
  BRAND_PROFILE_DESCRIPTION_MAX_LENGTH,
  BRAND_PROFILE_NAME_MAX_LENGTH,
  BRAND_PROFILE_NAME_MIN_LENGTH,
  brandExtractionsLimited,
  DEFAULT_PLAN_TIER,
  brandProfileLimitFor,
} from '@brandloom/contracts';
import { BrandExtractionNotFoundError, BrandProfileLimitError, BrandProfileNotFoundError, InvalidBrandProfileError } from './brand-profiles.errors';
import { toBrandProfileDto } from './brand-profiles.mapper';
import { BrandExtractionsRepository } from './brand-extractions.repository';
import { BrandLogosRepository, type BrandLogoListRow } from './brand-logos.repository';
import { BrandProfilesRepository } from './brand-profiles.repository';
import { BrandSourceImagesRepository } from './brand-source-images.repository';
import { BrandProfile } from './entities/brand-profile.entity';
import { BrandSourceImage } from './entities/brand-source-image.entity';

/** Style references sent to an image provider, at most. */
const MAX_STYLE_REFERENCES = 4;

export interface CreateBrandProfileInput {
  name: unknown;
  description?: unknown;
  brandData?: unknown;
  /** An extraction of the organization whose source images the new profile takes over. */
  brandDataId?: string | null;
}

export interface UpdateBrandProfileInput {
  name?: unknown;
  description?: unknown;
  brandData?: unknown;
}

/**
 * Brand profiles, always scoped to an organization: another organization's id reads exactly like a
 * missing one (BrandProfileNotFoundError, 404).
 */
@Injectable()
export class BrandProfilesService {
  private readonly logger = new Logger(BrandProfilesService.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly profiles: BrandProfilesRepository,
    private readonly extractions: BrandExtractionsRepository,
    private readonly sourceImages: BrandSourceImagesRepository,
    private readonly logos: BrandLogosRepository,
    @Inject(STORAGE_DRIVER) private readonly storage: StorageDriver,
    private readonly organizations: OrganizationsService,
  ) {}

  /**
   * The organization's profile, or null (also for a malformed id or another organization's profile).
   * The profile can load its source images' thumbnails as style references (loadStyleReferences).
   */
  async findForOrganization(organizationId: string, id: string, manager: EntityManager = this.dataSource.manager): Promise<BrandProfile | null> {
    if (!isUuid(id)) return null;
    const profile = await this.profiles.findForOrganization(organizationId, id, manager);
    if (profile) profile.loadStyleReferences = () => this.styleReferences(profile.id);
    return profile;
  }

  /** Like findForOrganization, but throws BrandProfileNotFoundError (404). */
  async getForOrganization(organizationId: string, id: string, manager?: EntityManager): Promise<BrandProfile> {
    const profile = await this.findForOrganization(organizationId, id, manager);
    if (!profile) throw new BrandProfileNotFoundError();
    return profile;
  }

  /** GET /api/brand-profiles: the organization's profiles, newest first. */
  async list(organizationId: string): Promise<BrandProfileDto[]> {
    const profiles = await this.profiles.listForOrganization(organizationId);
    const ids = profiles.map((p) => p.id);
    const [images, logos] = await Promise.all([this.sourceImagesOf(ids), this.logosOf(ids)]);
    return profiles.map((profile) => toBrandProfileDto(profile, images.get(profile.id), logos.get(profile.id)));
  }

  /** GET /api/brand-profiles/{id}. */
  async get(organizationId: string, id: string): Promise<BrandProfileDto> {
    const profile = await this.getForOrganization(organizationId, id);
    const [images, logos] = await Promise.all([this.sourceImagesOf([profile.id]), this.logosOf([profile.id])]);
    return toBrandProfileDto(profile, images.get(profile.id), logos.get(profile.id));
  }

  /**
   * POST /api/brand-profiles: a manual profile (default colours for those not given), or the
   * prefilled form of an extraction whose profile was not created (brandDataId: its source images
   * come along). 403 BrandProfileLimitError when the plan's allowance is used up.
   */
  async create(organizationId: string, userId: string | null, input: CreateBrandProfileInput): Promise<BrandProfileDto> {
    const name = checkName(input.name);
    const description = checkDescription(input.description);
    const brandData = sanitizeBrandData(input.brandData, { defaults: true });
    const extractionId = input.brandDataId ?? null;
    const profile = await this.dataSource.transaction(async (m) => {
      if (extractionId) {
        const extraction = isUuid(extractionId) ? await this.extractions.findCompletedOfOrganization(organizationId, extractionId, m) : null;
        if (!extraction) throw new BrandExtractionNotFoundError();
      }
      const created = await this.insertWithinLimit(m, { organizationId, userId, name, description, brandData });
      if (extractionId) await this.attachExtraction(m, organizationId, extractionId, created.id);
      return created;
    });
    return this.get(organizationId, profile.id);
  }

  /**
   * The profile an extraction creates automatically; null when the plan's allowance is used up
   * (the extraction still answers its brand data, with autoCreateFailed).
   */
  async createFromExtraction(
    organizationId: string,
    userId: string | null,
    extractionId: string,
    fields: { name: string; description: string; brandData: BrandData },
  ): Promise<{ profile: BrandProfileDto | null; limit: number | null }> {
    try {
      const created = await this.dataSource.transaction(async (m) => {
        const profile = await this.insertWithinLimit(m, { organizationId, userId, ...fields });
        await this.attachExtraction(m, organizationId, extractionId, profile.id);
        return profile;
      });
      return { profile: await this.get(organizationId, created.id), limit: null };
    } catch (error) {
      if (error instanceof BrandProfileLimitError) return { profile: null, limit: error.limit };
      throw error;
    }
  }

  /** PATCH /api/brand-profiles/{id}: name, description and brand data (merged into what is there). */
  async update(organizationId: string, id: string, input: UpdateBrandProfileInput): Promise<BrandProfileDto> {
    await this.dataSource.transaction(async (m) => {
      const profile = await this.getForOrganization(organizationId, id, m);
      const changes: Partial<BrandProfile> = {};
      if (input.name !== undefined) changes.name = checkName(input.name);
      if (input.description !== undefined) changes.description = checkDescription(input.description);
      if (input.brandData !== undefined) changes.brand_data = sanitizeBrandData(input.brandData, { base: profile.brand_data ?? {} });
      if (Object.keys(changes).length === 0) return;
      await this.profiles.update(organizationId, profile.id, { ...changes, updated_at: new Date() } as QueryDeepPartialEntity<BrandProfile>, m);
    });
    return this.get(organizationId, id);
  }

  /**
   * DELETE /api/brand-profiles/{id}: the profile, its source images and logos (rows and files). Generated
   * assets stay, with their brand_profile_name (assets.brand_profile_id is ON DELETE SET NULL).
   */
  async delete(organizationId: string, id: string): Promise<void> {
    const keys = await this.dataSource.transaction(async (m) => {
      const profile = await this.getForOrganization(organizationId, id, m);
      const images = await this.sourceImages.findForProfileOfOrganization(organizationId, profile.id, m);
      const logoKeys = await this.logos.storageKeysOfProfile(organizationId, profile.id, m);
      await this.profiles.delete(organizationId, profile.id, m);
      return [...images.flatMap((image) => [image.s3_key, ...(image.thumbnail_key ? [image.thumbnail_key] : [])]), ...logoKeys];
    });
    await Promise.all(
      keys.map((key) => this.storage.delete(key).catch((error: Error) => this.logger.warn(`could not delete ${key}: ${error.message}`))),
    );
  }

  /** What the plan allows and what is used (for the Brand Brain screen). */
  async usage(organizationId: string): Promise<BrandUsageDto> {
    const [tier, profiles, extractions] = await Promise.all([
      this.organizations.planTier(organizationId).then((t) => t ?? DEFAULT_PLAN_TIER),
      this.profiles.countForOrganization(organizationId),
      this.extractions.countTodayForOrganization(organizationId),
    ]);
    return {
      plan_tier: tier,
      profiles: { used: profiles, limit: brandProfileLimitFor(tier) },
      extractions: { usedToday: extractions, limit: brandExtractionsLimited(tier) ? BRAND_EXTRACTION_DAILY_LIMIT : null },
    };
  }

  /** Source images of the profiles, in request order, by profile id. */
  async sourceImagesOf(profileIds: string[]): Promise<Map<string, BrandSourceImage[]>> {
    const byProfile = new Map<string, BrandSourceImage[]>();
    if (profileIds.length === 0) return byProfile;
    const images = await this.sourceImages.findForProfiles(profileIds);
    for (const image of images) {
      const list = byProfile.get(image.brand_profile_id!) ?? [];
      list.push(image);
      byProfile.set(image.brand_profile_id!, list);
    }
    return byProfile;
  }

  /** The profiles' logos (the newest of each variant), by profile id. */
  private async logosOf(profileIds: string[]): Promise<Map<string, BrandLogoListRow[]>> {
    const byProfile = new Map<string, BrandLogoListRow[]>();
    for (const logo of await this.logos.findForProfiles(profileIds)) {
      const list = byProfile.get(logo.brand_profile_id) ?? [];
      if (!list.some((kept) => kept.variant === logo.variant)) list.push(logo);
      byProfile.set(logo.brand_profile_id, list);
    }
    return byProfile;
  }

  private async insertWithinLimit(
    m: EntityManager,
    fields: { organizationId: string; userId: string | null; name: string; description: string | null; brandData: BrandData },
  ): Promise<BrandProfile> {
    // Concurrent creations of one organization queue here, then count: no race gets past the plan's limit.
    await this.profiles.lockCreationsOf(fields.organizationId, m);
    const limit = brandProfileLimitFor(await this.organizations.planTier(fields.organizationId, m));
    if (limit !== null && (await this.profiles.countForOrganization(fields.organizationId, m)) >= limit) throw new BrandProfileLimitError(limit);
    return this.profiles.insert(
      { organization_id: fields.organizationId, user_id: fields.userId, name: fields.name, description: fields.description, brand_data: fields.brandData },
      m,
    );
  }

  private async attachExtraction(m: EntityManager, organizationId: string, extractionId: string, profileId: string): Promise<void> {
    await this.sourceImages.attachExtractionToProfile(organizationId, extractionId, profileId, m);
    await this.extractions.attachToProfile(organizationId, extractionId, profileId, m);
  }

  /** WebP thumbnails (else originals) of the profile's source images; missing files are skipped. */
  private async styleReferences(profileId: string): Promise<Buffer[]> {
    const images = await this.sourceImages.findFirstOfProfile(profileId, MAX_STYLE_REFERENCES);
    const loaded = await Promise.all(
      images.map((image) =>
        getBuffer(this.storage, image.thumbnail_key ?? image.s3_key)
          .then((object) => object.buffer)
          .catch((error: Error) => {
            this.logger.warn(`style reference ${image.s3_key} unavailable: ${error.message}`);
            return null;
          }),
      ),
    );
    return loaded.filter((buffer): buffer is Buffer => buffer !== null);
  }
}

function checkName(value: unknown): string {
  if (typeof value !== 'string') throw new InvalidBrandProfileError(BRAND_MESSAGES.nameTooShort);
  const name = value.replace(/\s+/g, ' ').trim();
  if (name.length < BRAND_PROFILE_NAME_MIN_LENGTH) throw new InvalidBrandProfileError(BRAND_MESSAGES.nameTooShort);
  if (name.length > BRAND_PROFILE_NAME_MAX_LENGTH) throw new InvalidBrandProfileError(BRAND_MESSAGES.nameTooLong);
  return name;
}

function checkDescription(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string') throw new InvalidBrandProfileError('Description must be text');
  const description = value.trim();
  if (description.length > BRAND_PROFILE_DESCRIPTION_MAX_LENGTH) throw new InvalidBrandProfileError(BRAND_MESSAGES.descriptionTooLong);
  return description || null;
}
