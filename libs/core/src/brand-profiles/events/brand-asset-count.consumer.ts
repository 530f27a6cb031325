import { isUuid } from '@brandloom/contracts';
import { Injectable } from '@nestjs/common';
import { type DomainEvent } from '../../infra/outbox/domain-event';
import { ASSET_EVENTS } from '../../assets/assets.events';
import { OnDomainEvent } from '../../infra/outbox/on-domain-event.decorator';
import { ProcessedEvents } from '../../infra/outbox/processed-events';
import { BrandProfilesRepository } from '../brand-profiles.repository';

/** The library's event when an asset is deleted (its payload names brandProfileId when it had one). */
export const ASSET_DELETED_EVENT = ASSET_EVENTS.assetDeleted;


/**
 * Keeps brand_profiles.asset_count in step with the assets that name the profile, on asset.created
 * and asset.deleted. Idempotent twice over: each event is processed once per consumer
 * (ProcessedEvents), and the count is recomputed from the assets rather than incremented, under a
 * lock on the profile row, so replays, reordering, concurrent consumers, or another writer that also
 * adjusts the count all converge on the true number.
 */
@Injectable()
export class BrandAssetCountConsumer {
  static readonly CONSUMER = 'brand-profiles.asset-count';

  constructor(
    private readonly processed: ProcessedEvents,
    private readonly profiles: BrandProfilesRepository,
  ) {}

  @OnDomainEvent([ASSET_EVENTS.assetCreated, ASSET_DELETED_EVENT])
  async onAssetChange(event: DomainEvent<typeof ASSET_EVENTS.assetCreated | typeof ASSET_DELETED_EVENT>): Promise<void> {
    // Older stored events spelt the key brand_profile_id.
    const payload: { brandProfileId?: unknown; brand_profile_id?: unknown } = event.payload ?? {};
    const profileId = payload.brandProfileId ?? payload.brand_profile_id;
    const ofProfile = isUuid(profileId);
    // An image made without a brand changes no profile's count: nothing to do, nothing to mark.
    if (!ofProfile && event.type !== ASSET_DELETED_EVENT) return;
    await this.processed.runOnce(BrandAssetCountConsumer.CONSUMER, event.id, async (manager) => {
      if (ofProfile) await this.profiles.recountAssets(profileId, manager);
      // A deletion that did not say which profile: every profile of the organization is recounted.
      else if (event.type === ASSET_DELETED_EVENT && event.organizationId) await this.profiles.recountAssetsOfOrganization(event.organizationId, manager);
    });
  }
}
