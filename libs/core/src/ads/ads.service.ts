import {
  AD_MESSAGES,
  adCopyProblem,
  checkPictureAds,
  isUuid,
  LIBRARY_MESSAGES,
  type AdCopy,
  type AdCtaType,
  type AdFitProblem,
  type Language,
  type AdFormatId,
  type AdLayers,
  type BrandLook,
  type LogoVariant,
  type PictureAdsSpec,
} from '@brandloom/contracts';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { DataSource, EntityManager } from 'typeorm';
import { AssetLibraryService } from '../assets/asset-library.service';
import { AssetNotFoundError } from '../assets/assets.errors';
import { BrandProfileNotFoundError } from '../brand-profiles/brand-profiles.errors';
import type { Asset } from '../assets/entities/asset.entity';
import { QueuePort } from '../infra/queue/queue.port';
import { getBuffer, STORAGE_DRIVER, StorageDriver, StorageNotFoundError } from '../storage/storage-driver';
import { AdComposer, withNoLogoNote, type AdLogo } from './ad-composer';
import { AD_JOBS, adRenderJobId, type AdRenderJob } from './ads-jobs.names';
import { AdCopyDoesNotFitError, AdNotFoundError, AdValidationError } from './ads.errors';
import { AdsRepository, type AdRow, type NewAd } from './ads.repository';

/** What an ad is asked for with: POST /api/ads, the public API, a bulk row. */
export interface AdsRequest {
  organizationId: string;
  userId: string | null;
  assetId: unknown;
  placements: unknown;
  layout: unknown;
  headline: unknown;
  body?: unknown;
  cta?: unknown;
  logo?: unknown;
  brandProfileId?: unknown;
  /** The language of the copy: a translation is saved as its own ad per language. */
  language?: unknown;
}

export interface AdChange {
  headline?: unknown;
  body?: unknown;
  cta?: unknown;
}

/** The request's values once checked. */
interface CheckedAds extends PictureAdsSpec {
  brandProfileId: string | null;
}

const LIST_LIMIT = 200;

/**
 * Ads: the copy, layout and logo set on a picture for each placement. A request is checked and laid
 * out at once (a text that does not fit at the smallest size is refused, naming the field, before
 * anything is stored); each placement becomes an ad whose render job makes a library asset. Composing
 * is free. A change renders a new version of the same ad; the previous asset stays in the library.
 */
@Injectable()
export class AdsService {
  private readonly logger = new Logger(AdsService.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly ads: AdsRepository,
    private readonly assets: AssetLibraryService,
    private readonly composer: AdComposer,
    private readonly queue: QueuePort,
    @Inject(STORAGE_DRIVER) private readonly storage: StorageDriver,
  ) {}

  async create(request: AdsRequest): Promise<AdRow[]> {
    const checked = checkRequest(request);
    if (typeof request.assetId !== 'string' || request.assetId === '') throw new AdValidationError('assetId', AD_MESSAGES.assetIdRequired);
    const source = await this.assets.get(request.organizationId, request.assetId);
    const brandProfileId = checked.brandProfileId ?? source.brand_profile_id ?? null;
    const rows = await this.layOut(source, { ...checked, brandProfileId }, request.userId, checked.brandProfileId !== null);
    const created = await this.ads.insert(rows);
    await this.enqueueAll(created);
    return created;
  }

  /**
   * The ads of a freshly generated picture (a bulk row with copy), in the caller's transaction: the
   * rows are returned for the caller to enqueue once committed. Copy that does not fit is stored as
   * a failed ad that says why, so the batch's other ads are made.
   */
  async createForGeneratedAsset(m: EntityManager, source: Asset, spec: PictureAdsSpec, userId: string | null): Promise<AdRow[]> {
    const picture = await this.pictureOf(source);
    const { brand, brandProfileId } = await this.lookOf(source.organization_id, source.brand_profile_id, false);
    const logo = await this.composer.logo(source.organization_id, brandProfileId, spec.logo);
    const group = randomUUID();
    const rows: NewAd[] = [];
    const failures: Array<{ id: string; message: string }> = [];
    for (const placement of spec.placements) {
      const { result } = await this.composer.compose(picture, { placement, layout: spec.layout, copy: spec.copy, brand, logo, language: spec.language });
      const id = randomUUID();
      rows.push(this.newAd(id, group, source, brandProfileId, userId, placement, spec, result.ok ? this.withLogoNote(result.layers, spec.logo, logo) : null));
      if (!result.ok) failures.push({ id, message: result.message });
    }
    const created = await this.ads.insert(rows, m);
    for (const failure of failures) await this.ads.markFailed(failure.id, 1, failure.message, m);
    return created.filter((ad) => !failures.some((failure) => failure.id === ad.id));
  }

  async get(organizationId: string, id: string): Promise<AdRow> {
    const ad = isUuid(id) ? await this.ads.findForOrganization(organizationId, id) : null;
    if (!ad) throw new AdNotFoundError();
    return ad;
  }

  /** The organization's ads, newest first; of one picture when assetId is given (404 unless the organization's). */
  async list(organizationId: string, assetId: string | null): Promise<AdRow[]> {
    if (assetId !== null) await this.assets.get(organizationId, assetId);
    return this.ads.listForOrganization(organizationId, assetId, LIST_LIMIT);
  }

  /** New copy renders a new version of the same ad (its asset is a new one; the previous stays). */
  async change(organizationId: string, id: string, change: AdChange): Promise<AdRow> {
    const ad = await this.get(organizationId, id);
    if (change.headline === undefined && change.body === undefined && change.cta === undefined) throw new AdValidationError('headline', AD_MESSAGES.nothingToChange);
    for (const field of ['headline', 'body', 'cta'] as const) {
      if (change[field] === undefined) continue;
      const problem = adCopyProblem(field, change[field]);
      if (problem) throw new AdValidationError(field, problem);
    }
    const copy: AdCopy = {
      headline: change.headline !== undefined ? String(change.headline).trim() : ad.headline,
      body: change.body !== undefined ? String(change.body ?? '').trim() : ad.body,
      cta: change.cta !== undefined ? ((change.cta as AdCtaType | null) ?? null) : ad.cta,
    };
    if (!ad.source_asset_id) throw new AssetNotFoundError(AD_MESSAGES.sourceMissing);
    const source = await this.assets.get(organizationId, ad.source_asset_id);
    const [row] = await this.layOut(source, { placements: [ad.placement], layout: ad.layout, copy, logo: ad.logo, language: ad.language, brandProfileId: ad.brand_profile_id }, null, false);
    const next = await this.dataSource.transaction(async (m) => {
      const locked = await this.ads.findLocked(ad.id, m);
      if (!locked) throw new AdNotFoundError();
      return this.ads.bumpVersion(ad.id, { headline: copy.headline, body: copy.body, cta: copy.cta, layers: row.layers }, AD_MESSAGES.queued, m);
    });
    await this.enqueueAll([next]);
    return next;
  }

  /**
   * Lays each copy out in the placement and layout on the picture, as POST /api/ads would, storing
   * nothing: null for a copy that fits, else the field that does not and why (in words and as a code).
   * Each copy is laid out in its own language (the button's label follows it).
   */
  async fitProblems(
    organizationId: string,
    assetId: string,
    brandProfileId: string | null,
    placement: AdFormatId,
    layout: string,
    copies: Array<AdCopy & { language?: Language | null }>,
  ): Promise<Array<({ field: string; message: string } & AdFitProblem) | null>> {
    const source = await this.assets.get(organizationId, assetId);
    const { brand, brandProfileId: profileId } = await this.lookOf(organizationId, brandProfileId ?? source.brand_profile_id ?? null, brandProfileId !== null);
    const logo = await this.composer.logo(organizationId, profileId, null);
    const picture = await this.pictureOf(source);
    const problems: Array<({ field: string; message: string } & AdFitProblem) | null> = [];
    for (const { language, ...copy } of copies) {
      const { result } = await this.composer.compose(picture, { placement, layout, copy, brand, logo, language });
      problems.push(result.ok ? null : ({ field: result.field, message: result.message, code: result.code, params: result.params } as { field: string; message: string } & AdFitProblem));
    }
    return problems;
  }

  /** Removes the ad; the assets it was rendered to stay in the library. */
  async delete(organizationId: string, id: string): Promise<void> {
    if (!isUuid(id) || !(await this.ads.delete(organizationId, id))) throw new AdNotFoundError();
  }

  /** Enqueues each ad's version under its own id (a repeat is a no-op); an ad the queue refuses fails and says so. */
  async enqueueAll(ads: Array<Pick<AdRow, 'id' | 'version'>>): Promise<void> {
    for (const ad of ads) {
      try {
        await this.queue.enqueue(AD_JOBS.render, { adId: ad.id, version: ad.version } satisfies AdRenderJob, { jobId: adRenderJobId(ad.id, ad.version), priority: 2 });
      } catch (error) {
        this.logger.error(`enqueueing ad ${ad.id} v${ad.version} failed: ${(error as Error).message}`);
        await this.ads.markFailed(ad.id, ad.version, AD_MESSAGES.failed).catch(() => false);
      }
    }
  }

  /** Lays the ad out in every placement on the picture (refusing copy that does not fit), as rows to insert. */
  private async layOut(source: Asset, checked: CheckedAds, userId: string | null, profileAskedFor: boolean): Promise<NewAd[]> {
    const { brand, brandProfileId } = await this.lookOf(source.organization_id, checked.brandProfileId, profileAskedFor);
    const logo = await this.composer.logo(source.organization_id, brandProfileId, checked.logo);
    const picture = await this.pictureOf(source);
    const group = randomUUID();
    const rows: NewAd[] = [];
    for (const placement of checked.placements) {
      const { result } = await this.composer.compose(picture, { placement, layout: checked.layout, copy: checked.copy, brand, logo, language: checked.language });
      if (!result.ok)
        throw result.field === 'layout'
          ? new AdValidationError('layout', result.message)
          : new AdCopyDoesNotFitError(result.field, `${placement}: ${result.message}`, { code: result.code, params: result.params, placement } as AdFitProblem & { placement: string });
      rows.push(this.newAd(randomUUID(), group, source, brandProfileId, userId, placement, checked, this.withLogoNote(result.layers, checked.logo, logo)));
    }
    return rows;
  }

  /** The brand's look: a profile asked for must be the organization's (404); the picture's own may have been deleted since. */
  private async lookOf(organizationId: string, brandProfileId: string | null, askedFor: boolean): Promise<{ brand: BrandLook; brandProfileId: string | null }> {
    try {
      return { brand: await this.composer.brandLook(organizationId, brandProfileId), brandProfileId };
    } catch (error) {
      if (askedFor || !(error instanceof BrandProfileNotFoundError)) throw error;
      return { brand: await this.composer.brandLook(organizationId, null), brandProfileId: null };
    }
  }

  private newAd(id: string, group: string, source: Asset, brandProfileId: string | null, userId: string | null, placement: AdFormatId, spec: Omit<CheckedAds, 'brandProfileId' | 'placements'>, layers: AdLayers | null): NewAd {
    return {
      id,
      organization_id: source.organization_id,
      source_asset_id: source.id,
      brand_profile_id: brandProfileId,
      placement,
      layout: spec.layout,
      headline: spec.copy.headline,
      body: spec.copy.body,
      cta: spec.copy.cta,
      logo: spec.logo,
      language: spec.language ?? null,
      layers,
      message: AD_MESSAGES.queued,
      ad_group_id: group,
      created_by: userId,
    };
  }

  /** A logo asked for that the profile does not have is left out, and the ad says so. */
  private withLogoNote(layers: AdLayers, asked: LogoVariant | null, logo: AdLogo | null): AdLayers {
    return asked && !logo ? withNoLogoNote(layers) : layers;
  }

  private async pictureOf(source: Asset): Promise<Buffer> {
    try {
      return (await getBuffer(this.storage, source.s3_key)).buffer;
    } catch (error) {
      if (error instanceof StorageNotFoundError) throw new AssetNotFoundError(LIBRARY_MESSAGES.assetNotFound);
      throw error;
    }
  }
}

/** Checks the request's values (400 naming the field); the picture and the profile are looked up after. */
export function checkRequest(request: Omit<AdsRequest, 'organizationId' | 'userId' | 'assetId'>): CheckedAds {
  const checked = checkPictureAds(request);
  if (!checked.ok) throw new AdValidationError(checked.field, checked.message);
  if (request.brandProfileId !== undefined && request.brandProfileId !== null && !isUuid(request.brandProfileId)) throw new AdValidationError('brandProfileId', 'brandProfileId must be a brand profile id');
  return { ...checked.spec, brandProfileId: (request.brandProfileId as string | null | undefined) ?? null };
}
