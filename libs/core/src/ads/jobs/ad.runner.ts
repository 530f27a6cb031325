import { AD_MESSAGES } from '@brandloom/contracts';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { DataSource } from 'typeorm';
import { AssetLibraryService } from '../../assets/asset-library.service';
import { AssetsRepository } from '../../assets/assets.repository';
import { formatAssetName } from '../../formats/format.mapper';
import { OutboxService } from '../../infra/outbox/outbox.service';
import type { JobContext } from '../../infra/queue/queue.port';
import { ImageVariants } from '../../storage/image-variants';
import { getBuffer, STORAGE_DRIVER, StorageDriver, StorageNotFoundError } from '../../storage/storage-driver';
import { assertValidStorageKey, thumbnailKey } from '../../storage/storage-key';
import { AdComposer, withNoLogoNote } from '../ad-composer';
import { AdProgress } from '../ad-progress';
import { renderAd } from '../ad-renderer';
import { AD_EVENTS } from '../ads.events';
import { PermanentAdError } from '../ads.errors';
import { AdsRepository, type AdRow } from '../ads.repository';

export type AdRenderOutcome = 'completed' | 'failed' | 'already-settled' | 'missing';

/** The storage key of one version of an ad's image (a retry of that version overwrites it). */
export function adImageKey(organizationId: string, adId: string, version: number): string {
  const digest = createHash('sha256').update(`${adId}:${version}:ad`).digest('hex').slice(0, 32);
  const key = `org/${organizationId}/ads/${digest}.png`;
  assertValidStorageKey(key);
  return key;
}

/**
 * The worker side of an ad: claims its version, lays it out again on the picture (the brand or its
 * logo may have changed since it was asked for), draws it with the shipped fonts, stores PNG and
 * thumbnail under a key of the ad and version, and in one transaction under the ad's lock adds the
 * library asset and completes the ad. A retried job finds the version settled and adds nothing.
 */
@Injectable()
export class AdRunner {
  private readonly logger = new Logger(AdRunner.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly ads: AdsRepository,
    private readonly assetRows: AssetsRepository,
    private readonly assets: AssetLibraryService,
    private readonly composer: AdComposer,
    private readonly progress: AdProgress,
    private readonly images: ImageVariants,
    private readonly outbox: OutboxService,
    @Inject(STORAGE_DRIVER) private readonly storage: StorageDriver,
  ) {}

  async run(adId: string, version: number, context: Pick<JobContext, 'attempt' | 'isLastAttempt'>): Promise<AdRenderOutcome> {
    const ad = await this.ads.claim(adId, version);
    if (!ad) return (await this.ads.findById(adId)) ? 'already-settled' : 'missing';
    try {
      await this.progress.report(ad.id, version, 10, AD_MESSAGES.starting);
      const source = ad.source_asset_id ? await this.assetRows.findForOrganization(ad.organization_id, ad.source_asset_id) : null;
      if (!source) throw new PermanentAdError(AD_MESSAGES.sourceMissing);
      let picture: Buffer;
      try {
        picture = (await getBuffer(this.storage, source.s3_key)).buffer;
      } catch (error) {
        if (error instanceof StorageNotFoundError) throw new PermanentAdError(AD_MESSAGES.sourceMissing);
        throw error;
      }
      await this.progress.report(ad.id, version, 30, AD_MESSAGES.rendering);
      const brand = await this.composer.brandLook(ad.organization_id, ad.brand_profile_id).catch(() => this.composer.brandLook(ad.organization_id, null));
      const logo = await this.composer.logo(ad.organization_id, ad.brand_profile_id, ad.logo).catch(() => null);
      const { pixels, result } = await this.composer.compose(picture, { placement: ad.placement, layout: ad.layout, copy: { headline: ad.headline, body: ad.body, cta: ad.cta }, brand, logo, language: ad.language });
      if (!result.ok) throw new PermanentAdError(result.message);
      const layers = ad.logo && !logo ? withNoLogoNote(result.layers) : result.layers;
      const png = await renderAd(pixels, layers, logo ? { bytes: logo.bytes, mime: logo.mime } : null);
      await this.progress.report(ad.id, version, 80, AD_MESSAGES.storing);
      const key = adImageKey(ad.organization_id, ad.id, version);
      const [info, thumbnail] = await Promise.all([this.images.inspect(png), this.images.thumbnail(png)]);
      await this.storage.put(key, png, 'image/png');
      await this.storage.put(thumbnailKey(key), thumbnail.buffer, thumbnail.contentType);
      const settled = await this.complete(ad, { key, width: info.width, height: info.height, fileSize: info.size, layers, sourceName: source.name });
      if (!settled) return 'already-settled';
      await this.progress.announceSettled(ad.id);
      return 'completed';
    } catch (error) {
      if (!(error instanceof PermanentAdError) && !context.isLastAttempt) {
        this.logger.warn(`ad ${ad.id} v${version} attempt ${context.attempt} failed, will retry: ${(error as Error).message}`);
        throw error;
      }
      if (!(error instanceof PermanentAdError)) this.logger.error(`ad ${ad.id} v${version} failed: ${(error as Error).stack ?? String(error)}`);
      const message = error instanceof PermanentAdError ? error.message : AD_MESSAGES.failed;
      if (!(await this.ads.markFailed(ad.id, version, message))) return 'already-settled';
      await this.progress.announceSettled(ad.id);
      return 'failed';
    }
  }

  /** Adds the asset and completes the version, once: false when it was settled or replaced meanwhile. */
  private async complete(ad: AdRow, image: { key: string; width: number; height: number; fileSize: number; layers: AdRow['layers']; sourceName: string }): Promise<boolean> {
    return this.dataSource.transaction(async (m) => {
      const locked = await this.ads.findLocked(ad.id, m);
      if (!locked || locked.version !== ad.version || locked.status !== 'processing') return false;
      const assetId = await this.assets.addDerived(m, {
        organizationId: ad.organization_id,
        parentAssetId: ad.source_asset_id!,
        formatJobId: null,
        format: ad.placement,
        method: 'ad',
        name: formatAssetName(image.sourceName, `ad ${ad.placement}${ad.version > 1 ? `, v${ad.version}` : ''}`),
        s3Key: image.key,
        thumbnailKey: thumbnailKey(image.key),
        width: image.width,
        height: image.height,
        fileSize: image.fileSize,
      });
      if (!assetId) throw new PermanentAdError(AD_MESSAGES.sourceMissing);
      await this.ads.markCompleted(ad.id, { assetId, layers: image.layers!, message: AD_MESSAGES.ready }, m);
      await this.outbox.record(m, AD_EVENTS.adRendered, { adId: ad.id, version: ad.version, assetId, sourceAssetId: ad.source_asset_id, placement: ad.placement, layout: ad.layout }, ad.organization_id);
      return true;
    });
  }
}
