import {
  AD_PLACEMENT_ALIASES,
  AD_PLACEMENT_GROUPS,
  defaultCreativeName,
  isUuid,
  type MetaPushAdsRequest,
  type MetaPushAdsResponse,
  FORMAT_MESSAGES,
  isAdFormatId,
  isPushLink,
  META_CREATIVE_NAME_MAX_LENGTH,
  META_MESSAGES,
  type MetaPushAcceptedResponse,
  type MetaPushDto,
  type MetaPushRequest,
  type MetaPushResponse,
} from '@brandloom/contracts';
import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AdsRepository } from '../../ads/ads.repository';
import { AssetLibraryService } from '../../assets/asset-library.service';
import { AppConfig } from '../../infra/config/app-config';
import { QueuePort } from '../../infra/queue/queue.port';
import { OrganizationsService } from '../../organizations/organizations.service';
import type { AdNetworkCaller } from '../ad-network.port';
import { MetaPush, type MetaPushLanguageVariant } from './entities/meta-push.entity';
import { MetaConnectionService } from './meta-connection.service';
import { MetaGraphClient } from './meta-graph.client';
import { META_JOBS } from './meta-jobs.names';
import { MetaPushesRepository, type MetaPushCopy, type MetaPushTarget } from './meta-pushes.repository';
import { MetaInvalidRequestError, MetaNotFoundError, MetaPushFailedError } from './meta.errors';

const POLL_MS = 150;
const HISTORY_LIMIT = 100;
/** Rate limits are retried with BullMQ's exponential backoff (1 s, 2 s, 4 s, ...). */
export const META_PUSH_ATTEMPTS = 5;

export interface MetaPushJob {
  pushId: string;
}

/** The checks of a push request that need no Meta call, in the product's words (the DTO applies the same). */
export function creativeNameProblem(value: unknown): string | null {
  if (typeof value !== 'string' || value.trim() === '') return META_MESSAGES.enterCreativeName;
  return value.trim().length > META_CREATIVE_NAME_MAX_LENGTH ? META_MESSAGES.creativeNameTooLong : null;
}

/**
 * Pushes a library image to Meta as a paused ad: checks the request, records the push, runs it as
 * a 'meta.push' job and waits for it up to META_PUSH_WAIT_MS (then the caller follows the push id).
 * The same push asked for again while it is under way is answered by that push (one ad).
 */
@Injectable()
export class MetaPushService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly config: AppConfig,
    private readonly queue: QueuePort,
    private readonly connections: MetaConnectionService,
    private readonly assets: AssetLibraryService,
    private readonly graph: MetaGraphClient,
    private readonly pushes: MetaPushesRepository,
    private readonly ads: AdsRepository,
    private readonly organizations: OrganizationsService,
  ) {}

  async push(caller: AdNetworkCaller, request: MetaPushRequest): Promise<MetaPushResponse | MetaPushAcceptedResponse> {
    const problem = creativeNameProblem(request.creativeName);
    if (problem) throw new MetaInvalidRequestError(problem);
    if (request.link !== undefined && request.link !== null && !isPushLink(request.link)) throw new MetaInvalidRequestError(META_MESSAGES.linkInvalid);
    await this.connections.assertUsable(caller.organizationId);
    const account = await this.connections.adAccountOf(caller.organizationId, request.adAccountId);
    if (!this.connections.isActive(account)) throw new MetaInvalidRequestError(META_MESSAGES.accountInactive);
    await this.connections.pageOf(caller.organizationId, request.pageId);
    const asset = await this.imageToPush(caller.organizationId, request);
    const creative = await this.creativeOf(caller.organizationId, asset.id, request.link ?? null);
    const languageVariants = request.multiLanguage === true ? await this.languageVariantsOf(caller.organizationId, asset.id) : null;
    const metaUserId = await this.connections.withToken(caller.organizationId, async (token, metaUser) => {
      const adSet = await this.graph.adSet(token, String(request.adSetId));
      if (adSet.campaign_id !== request.campaignId) throw new MetaInvalidRequestError(META_MESSAGES.adSetNotInCampaign);
      return metaUser;
    });
    const target: MetaPushTarget = {
      organizationId: caller.organizationId,
      assetId: asset.id,
      adAccountId: account.id,
      campaignId: request.campaignId,
      adSetId: request.adSetId,
      pageId: request.pageId,
      creativeName: request.creativeName.trim(),
    };
    const push = await this.dataSource.transaction(async (m) => {
      // The same push still under way (a double click, a second tab) is followed, not made again: one ad.
      await this.pushes.lockForAsset(asset.id, m);
      const running = await this.pushes.findUnderWay(target, m);
      if (running) return { id: running, created: false };
      const id = await this.pushes.insertPending({ ...target, ...creative, languageVariants, userId: caller.userId, metaUserId, assetName: asset.name }, m);
      return { id, created: true };
    });
    if (push.created) await this.queue.enqueue(META_JOBS.push, { pushId: push.id } satisfies MetaPushJob, { jobId: push.id, attempts: META_PUSH_ATTEMPTS });
    return this.waitFor(caller.organizationId, push.id);
  }

  /**
   * What the creative says besides its image: an ad's headline, body and call to action (kept on the
   * push, so a retry sends the same), and where it leads: the link asked for, else the organization's
   * website. A plain picture without either leads to Brandloom, as before; an ad's button needs a
   * link of the organization's own.
   */
  private async creativeOf(organizationId: string, assetId: string, link: string | null): Promise<MetaPushCopy> {
    const ad = await this.ads.findByAsset(organizationId, assetId);
    const website = link ? null : ((await this.organizations.findById(organizationId))?.website ?? null);
    const target = link ?? website;
    if (!ad) return { link: target, headline: null, body: null, cta: null };
    if (!target) throw new MetaInvalidRequestError(META_MESSAGES.linkRequired);
    return { link: target, headline: ad.headline, body: ad.body, cta: ad.cta };
  }

  /**
   * The languages of a multi-language push: the ad of this asset and its rendered translations (same
   * picture, placement and layout), its own language first. Refused (400) for an asset that is no
   * ad, or an ad without a translation.
   */
  private async languageVariantsOf(organizationId: string, assetId: string): Promise<MetaPushLanguageVariant[]> {
    const ad = await this.ads.findByAsset(organizationId, assetId);
    if (!ad) throw new MetaInvalidRequestError(META_MESSAGES.multiLanguageNeedsAd);
    const variants = await this.ads.languageVariants(organizationId, ad);
    if (variants.length < 2) throw new MetaInvalidRequestError(META_MESSAGES.noTranslations);
    return variants.map((variant) => ({ language: variant.language ?? 'en-US', assetId: variant.asset_id!, headline: variant.headline, body: variant.body }));
  }

  /**
   * Pushes 1 to 10 assets into one ad set, each its own paused ad whose creative carries an image
   * per placement (feed, stories). Each asset goes into the ad set once: asked again (a retry, a
   * double click) the push that has not failed is answered, never a second ad. Answers every push
   * once they have ended or the wait is over (a failed one says why).
   */
  async pushAds(caller: AdNetworkCaller, request: MetaPushAdsRequest): Promise<MetaPushAdsResponse> {
    await this.connections.assertUsable(caller.organizationId);
    const account = await this.connections.adAccountOf(caller.organizationId, request.adAccountId);
    if (!this.connections.isActive(account)) throw new MetaInvalidRequestError(META_MESSAGES.accountInactive);
    await this.connections.pageOf(caller.organizationId, request.pageId);
    const assets = [];
    for (const assetId of request.assetIds) assets.push(await this.assets.get(caller.organizationId, assetId));
    const placements = [...new Set((request.placements ?? [...AD_PLACEMENT_GROUPS]).map((p) => AD_PLACEMENT_ALIASES[p]))];
    const metaUserId = await this.connections.withToken(caller.organizationId, async (token, metaUser) => {
      const adSet = await this.graph.adSet(token, String(request.adSetId));
      if (adSet.campaign_id !== request.campaignId) throw new MetaInvalidRequestError(META_MESSAGES.adSetNotInCampaign);
      return metaUser;
    });
    const copy = Object.fromEntries(
      (['primaryText', 'headline', 'description', 'callToAction', 'link'] as const).filter((key) => typeof request[key] === 'string' && request[key]!.trim()).map((key) => [key, request[key]!.trim()]),
    );
    const batchId = randomUUID();
    const ids: string[] = [];
    for (const asset of assets) {
      const baseName = request.creativeName?.trim() || defaultCreativeName(asset.name);
      const creativeName = (assets.length > 1 && request.creativeName?.trim() ? `${baseName} - ${asset.name}` : baseName).slice(0, META_CREATIVE_NAME_MAX_LENGTH);
      const target: MetaPushTarget = { organizationId: caller.organizationId, assetId: asset.id, adAccountId: account.id, campaignId: request.campaignId, adSetId: request.adSetId, pageId: request.pageId, creativeName };
      const push = await this.dataSource.transaction(async (m) => {
        await this.pushes.lockForAsset(asset.id, m);
        const live = await this.pushes.findLiveInAdSet(caller.organizationId, asset.id, request.adSetId, m);
        if (live) return { id: live, created: false };
        const id = await this.pushes.insertPendingAd(
          { ...target, userId: caller.userId, metaUserId, assetName: asset.name, placements, creativeFeatures: request.creativeFeatures ?? [], batchId, copy },
          m,
        );
        return { id, created: true };
      });
      if (push.created) await this.queue.enqueue(META_JOBS.push, { pushId: push.id } satisfies MetaPushJob, { jobId: push.id, attempts: META_PUSH_ATTEMPTS });
      ids.push(push.id);
    }
    const deadline = Date.now() + this.config.META_PUSH_WAIT_MS;
    for (;;) {
      const pushes = await Promise.all(ids.map((id) => this.get(caller.organizationId, id)));
      const ended = pushes.every((p) => p.status === 'completed' || p.status === 'failed');
      if (ended || Date.now() >= deadline) {
        const failed = pushes.filter((p) => p.status === 'failed').length;
        return { message: failed === 0 ? (ended ? META_MESSAGES.pushed : 'The push is still running') : `${failed} of ${pushes.length} ads could not be pushed`, batchId, pushes };
      }
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  }

  /** The asset, or its format when one is asked for (the creative then uses that image). */
  private async imageToPush(organizationId: string, request: MetaPushRequest) {
    const asset = await this.assets.get(organizationId, request.assetId);
    if (request.format === undefined || request.format === null) return asset;
    if (!isAdFormatId(request.format)) throw new MetaInvalidRequestError(FORMAT_MESSAGES.formatsRequired);
    const derived = await this.assets.formatOf(organizationId, asset, request.format);
    if (!derived) throw new MetaInvalidRequestError(FORMAT_MESSAGES.formatMissing(request.format));
    return derived;
  }

  async get(organizationId: string, pushId: string): Promise<MetaPushDto> {
    if (!isUuid(pushId)) throw new MetaNotFoundError(META_MESSAGES.pushNotFound);
    const row = await this.pushes.findForOrganization(organizationId, pushId);
    if (!row) throw new MetaNotFoundError(META_MESSAGES.pushNotFound);
    return toMetaPushDto(row);
  }

  /** The organization's pushes, newest first. */
  async list(organizationId: string): Promise<MetaPushDto[]> {
    return (await this.pushes.listForOrganization(organizationId, HISTORY_LIMIT)).map(toMetaPushDto);
  }

  private async waitFor(organizationId: string, pushId: string): Promise<MetaPushResponse | MetaPushAcceptedResponse> {
    const deadline = Date.now() + this.config.META_PUSH_WAIT_MS;
    for (;;) {
      const push = await this.get(organizationId, pushId);
      if (push.status === 'completed') return { message: META_MESSAGES.pushed, adResult: { id: push.adId! }, push };
      if (push.status === 'failed') throw new MetaPushFailedError(push.error ?? META_MESSAGES.pushFailed, push.errorCode);
      if (Date.now() >= deadline) return { message: 'The push is still running', pushId };
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  }
}

export function toMetaPushDto(p: MetaPush & { pushed_by?: string | null }): MetaPushDto {
  return {
    id: p.id,
    status: p.status,
    assetId: p.asset_id,
    assetName: p.asset_name,
    adAccountId: p.ad_account_id,
    campaignId: p.campaign_id,
    adSetId: p.ad_set_id,
    pageId: p.page_id,
    creativeName: p.creative_name,
    placements: p.placements ?? null,
    creativeFeatures: p.creative_features ?? null,
    creativeId: p.creative_id,
    adId: p.ad_id,
    error: p.error,
    errorCode: p.error_code ?? null,
    pushedBy: p.pushed_by ?? null,
    adStatus: p.ad_status ?? null,
    adStatusReadAt: p.ad_status_read_at ? new Date(p.ad_status_read_at).toISOString() : null,
    createdAt: new Date(p.created_at).toISOString(),
    completedAt: p.completed_at ? new Date(p.completed_at).toISOString() : null,
  };
}
