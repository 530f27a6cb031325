import { isAdCtaType, META_HEADLINE_MAX_LENGTH, META_MESSAGE_MAX_LENGTH, META_MESSAGES, type AdFormatId } from '@brandloom/contracts';
import { extend } from '../../../formats/format-renderer';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AssetLibraryService } from '../../../assets/asset-library.service';
import { AssetNotFoundError } from '../../../assets/assets.errors';
import type { Asset } from '../../../assets/entities/asset.entity';
import { AppConfig } from '../../../infra/config/app-config';
import type { DomainError } from '../../../infra/errors/domain-error';
import { OutboxService } from '../../../infra/outbox/outbox.service';
import type { JobContext } from '../../../infra/queue/queue.port';
import { OrganizationsService } from '../../../organizations/organizations.service';
import { getBuffer, STORAGE_DRIVER, type StorageDriver } from '../../../storage/storage-driver';
import { MetaPush } from '../entities/meta-push.entity';
import { MetaConnectionService } from '../meta-connection.service';
import { MetaGraphClient, type CreativeLinkData } from '../meta-graph.client';
import { MetaPushesRepository, type MetaPushOutcomeRow } from '../meta-pushes.repository';
import { AD_NETWORK_EVENTS } from '../../ad-network.events';
import { MetaApiError, MetaGraphRetiredError, MetaNotConnectedError, MetaRateLimitedError, MetaTokenExpiredError, MetaUnreachableError } from '../meta.errors';

export type MetaPushOutcome = 'completed' | 'failed' | 'settled' | 'missing';

/**
 * The 'meta.push' job: image upload → creative → paused ad, each step's result saved before the
 * next, so an attempt after a crash repeats none of them. An ad created by an attempt that died
 * before saving its id is found again in the ad set by its creative, never created twice.
 * Rate limits and unreachable Meta are retried (the queue's backoff); anything else fails the push.
 */
@Injectable()
export class MetaPushRunner {
  private readonly logger = new Logger(MetaPushRunner.name);

  constructor(
    private readonly config: AppConfig,
    private readonly graph: MetaGraphClient,
    private readonly connections: MetaConnectionService,
    private readonly organizations: OrganizationsService,
    private readonly assets: AssetLibraryService,
    private readonly pushes: MetaPushesRepository,
    @Inject(STORAGE_DRIVER) private readonly storage: StorageDriver,
    private readonly dataSource: DataSource,
    private readonly outbox: OutboxService,
  ) {}

  async run(pushId: string, context: Pick<JobContext, 'attempt' | 'isLastAttempt'>): Promise<MetaPushOutcome> {
    const push = await this.pushes.findById(pushId);
    if (!push) return 'missing';
    if (push.status === 'completed' || push.status === 'failed') return 'settled';
    await this.pushes.markRunning(pushId);
    try {
      await this.connections.withToken(push.organization_id, (token) => this.steps(push, token, context.attempt > 1));
      await this.settle(push, { status: 'completed', error: null, errorCode: null });
      return 'completed';
    } catch (error) {
      const retryable = error instanceof MetaRateLimitedError || error instanceof MetaUnreachableError || !isMetaOutcome(error);
      if (retryable && !context.isLastAttempt) throw error;
      if (!isMetaOutcome(error)) this.logger.error(`push ${pushId} failed: ${error instanceof Error ? error.stack : String(error)}`);
      await this.settle(push, isMetaOutcome(error) ? { status: 'failed', error: error.message, errorCode: error.code } : { status: 'failed', error: META_MESSAGES.pushFailed, errorCode: 'meta_push_failed' });
      return 'failed';
    }
  }

  /** Ends the push with its event, once: a push settled already is left as it is. */
  private async settle(push: MetaPush, outcome: MetaPushOutcomeRow): Promise<void> {
    await this.dataSource.transaction(async (m) => {
      const settled = await this.pushes.settle(push.id, outcome, m);
      if (!settled) return;
      await this.outbox.record(
        m,
        outcome.status === 'completed' ? AD_NETWORK_EVENTS.pushCompleted : AD_NETWORK_EVENTS.pushFailed,
        { network: 'meta', pushId: push.id, assetId: push.asset_id, adAccountId: push.ad_account_id, adId: settled.ad_id, error: outcome.error },
        push.organization_id,
      );
    });
  }

  private async steps(push: MetaPush, token: string, retried: boolean): Promise<void> {
    if (push.placements) return this.placementSteps(push, token, retried);
    if (push.language_variants) return this.languageSteps(push, token, retried);
    if (!push.image_hash) {
      const asset = await this.assetOf(push);
      if (!asset) throw new MetaApiError('the asset was deleted before it could be uploaded');
      const { buffer } = await getBuffer(this.storage, asset.s3_key);
      push.image_hash = await this.graph.uploadImage(token, push.ad_account_id, `${asset.id}.png`, buffer);
      await this.pushes.saveSteps(push.id, { image_hash: push.image_hash });
    }
    const imageHash = push.image_hash;
    const creativeId = await this.creativeOf(push, async () => this.graph.createCreative(token, push.ad_account_id, { name: push.creative_name, pageId: push.page_id, imageHash, ...(await this.linkData(push)) }));
    await this.pausedAdStep(push, creativeId, token, retried);
  }

  /**
   * What the creative's link_data says: an ad's body as the message, its headline as the name and
   * its call to action leading to the push's link; a plain picture's prompt as the message. The link
   * is the one kept on the push, else (pushes recorded before links were kept) the organization's
   * website, else the product.
   */
  private async linkData(push: MetaPush): Promise<CreativeLinkData> {
    const link = push.link ?? ((await this.organizations.findById(push.organization_id))?.website || this.config.appUrl);
    if (push.headline !== null) {
      return {
        link,
        message: (push.body ?? '').slice(0, META_MESSAGE_MAX_LENGTH),
        headline: push.headline.slice(0, META_HEADLINE_MAX_LENGTH),
        callToAction: push.cta && isAdCtaType(push.cta) ? push.cta : null,
      };
    }
    const asset = await this.assetOf(push);
    return { link, message: (asset?.prompt ?? push.creative_name).slice(0, META_MESSAGE_MAX_LENGTH), headline: null, callToAction: null };
  }

  /**
   * A multi-placement push: each group's image uploaded (saved as each upload ends), one creative
   * with an image per placement, then the paused ad (found again in the ad set after a crash).
   * The feed takes the asset's 4:5 (or 1:1) format, stories and reels its 9:16; a missing format is
   * made on the fly from the original (the whole picture on a blurred backdrop of itself).
   */
  private async placementSteps(push: MetaPush, token: string, retried: boolean): Promise<void> {
    const groups = push.placements as Array<'feed' | 'stories'>;
    const images: Record<string, string> = { ...(push.placement_images ?? {}) };
    for (const group of groups) {
      if (images[group]) continue;
      const asset = await this.assetOf(push);
      if (!asset) throw new MetaApiError('the asset was deleted before it could be uploaded');
      const bytes = await this.placementImage(push.organization_id, asset, group);
      images[group] = await this.graph.uploadImage(token, push.ad_account_id, `${asset.id}-${group}.png`, bytes);
      await this.pushes.saveSteps(push.id, { placement_images: { ...images } });
    }
    const creativeId = await this.creativeOf(push, async () => {
      const asset = await this.assetOf(push);
      const organization = await this.organizations.findById(push.organization_id);
      const copy = push.ad_copy ?? {};
      return this.graph.createPlacementCreative(token, push.ad_account_id, {
        name: push.creative_name,
        pageId: push.page_id,
        images: groups.map((group) => ({ group, hash: images[group] })),
        link: copy.link || organization?.website || this.config.appUrl,
        message: (copy.primaryText || asset?.prompt || push.creative_name).slice(0, 2200),
        headline: copy.headline,
        description: copy.description,
        callToAction: copy.callToAction || 'LEARN_MORE',
        featuresOn: push.creative_features ?? [],
      });
    });
    await this.pausedAdStep(push, creativeId, token, retried);
  }

  /**
   * A multi-language push: each language's rendered ad uploaded (its hash saved as each upload
   * ends), one creative carrying every language, then the paused ad (found again after a crash).
   */
  private async languageSteps(push: MetaPush, token: string, retried: boolean): Promise<void> {
    const variants = push.language_variants!.map((variant) => ({ ...variant }));
    for (const variant of variants) {
      if (variant.hash) continue;
      const asset = await this.assetOf({ ...push, asset_id: variant.assetId });
      if (!asset) throw new MetaApiError(`the ${variant.language} ad was deleted before it could be uploaded`);
      const { buffer } = await getBuffer(this.storage, asset.s3_key);
      variant.hash = await this.graph.uploadImage(token, push.ad_account_id, `${asset.id}.png`, buffer);
      await this.pushes.saveSteps(push.id, { language_variants: variants });
    }
    const creativeId = await this.creativeOf(push, async () => {
      const link = push.link ?? ((await this.organizations.findById(push.organization_id))?.website || this.config.appUrl);
      return this.graph.createLanguageCreative(token, push.ad_account_id, {
        name: push.creative_name,
        pageId: push.page_id,
        link,
        callToAction: push.cta && isAdCtaType(push.cta) ? push.cta : 'LEARN_MORE',
        variants: variants.map((variant) => ({ language: variant.language, hash: variant.hash!, headline: variant.headline, body: variant.body })),
      });
    });
    await this.pausedAdStep(push, creativeId, token, retried);
  }

  /** The push's creative, created (and saved) once: a run after a crash keeps the one saved before. */
  private async creativeOf(push: MetaPush, create: () => Promise<string>): Promise<string> {
    if (!push.creative_id) {
      push.creative_id = await create();
      await this.pushes.saveSteps(push.id, { creative_id: push.creative_id });
    }
    return push.creative_id;
  }

  /**
   * Creates the paused ad of the creative once. A retried job first looks for it in the ad set: the
   * crashed run may have made it without saving its id.
   */
  private async pausedAdStep(push: MetaPush, creativeId: string, token: string, retried: boolean): Promise<void> {
    if (push.ad_id) return;
    if (retried) {
      const ads = await this.graph.adsOfAdSet(token, push.ad_set_id);
      push.ad_id = ads.find((ad) => ad.creative?.id === creativeId)?.id ?? null;
    }
    push.ad_id ??= await this.graph.createPausedAd(token, push.ad_account_id, { name: push.creative_name, adSetId: push.ad_set_id, creativeId });
    await this.pushes.saveSteps(push.id, { ad_id: push.ad_id });
  }

  /** The bytes of the asset's image for a placement group: its format when made, else one made now. */
  private async placementImage(organizationId: string, asset: Asset, group: 'feed' | 'stories'): Promise<Buffer> {
    const formats: AdFormatId[] = group === 'feed' ? ['4:5', '1:1'] : ['9:16'];
    for (const format of formats) {
      const made = await this.assets.formatOf(organizationId, asset, format);
      if (made) return (await getBuffer(this.storage, made.s3_key)).buffer;
    }
    const { buffer } = await getBuffer(this.storage, asset.s3_key);
    const ratio = asset.width && asset.height ? asset.width / asset.height : 0;
    // The feed takes 4:5 to 1:1 as it is.
    if (group === 'feed' && ratio >= 0.8 && ratio <= 1) return buffer;
    return (await extend(buffer, group === 'feed' ? '4:5' : '9:16', { kind: 'blur' })).png;
  }

  /** The pushed image, or null once it was deleted from the library. */
  private async assetOf(push: MetaPush): Promise<Asset | null> {
    if (!push.asset_id) return null;
    try {
      return await this.assets.get(push.organization_id, push.asset_id);
    } catch (error) {
      if (error instanceof AssetNotFoundError) return null;
      throw error;
    }
  }
}

/** Errors whose message is meant for the user (Meta's, expired token, rate limit, retired version, not connected). */
function isMetaOutcome(error: unknown): error is DomainError {
  return (
    error instanceof MetaApiError ||
    error instanceof MetaGraphRetiredError ||
    error instanceof MetaRateLimitedError ||
    error instanceof MetaTokenExpiredError ||
    error instanceof MetaUnreachableError ||
    error instanceof MetaNotConnectedError
  );
}
