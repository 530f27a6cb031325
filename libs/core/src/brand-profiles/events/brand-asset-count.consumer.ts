import { isUuid } from '@brandloom/contracts';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { type DomainEvent } from '../../infra/outbox/domain-event';
import { ASSET_EVENTS } from '../../assets/assets.events';
import { OnDomainEvent } from '../../infra/outbox/on-domain-event.decorator';
import { ProcessedEvents } from '../../infra/outbox/processed-events';

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

  constructor(private readonly processed: ProcessedEvents) {}

  @OnDomainEvent([ASSET_EVENTS.assetCreated, ASSET_DELETED_EVENT])
  async onAssetChange(event: DomainEvent<typeof ASSET_EVENTS.assetCreated | typeof ASSET_DELETED_EVENT>): Promise<void> {
    // Older stored events spelt the key brand_profile_id.
    const payload: { brandProfileId?: unknown; brand_profile_id?: unknown } = event.payload ?? {};
    const profileId = payload.brandProfileId ?? payload.brand_profile_id;
    const ofProfile = isUuid(profileId);
    // An image made without a brand changes no profile's count: nothing to do, nothing to mark.
    if (!ofProfile && event.type !== ASSET_DELETED_EVENT) return;
    await this.processed.runOnce(BrandAssetCountConsumer.CONSUMER, event.id, async (manager) => {
      if (ofProfile) await recountProfile(manager, profileId);
      else if (event.type === ASSET_DELETED_EVENT && event.organizationId) await recountOrganization(manager, event.organizationId);
    });
  }
}

/** asset_count = the profile's assets now (lock first, so the count reads what committed before it). */
export async function recountProfile(manager: EntityManager, profileId: string): Promise<void> {
  const locked: unknown[] = await manager.query(`SELECT id FROM brand_profiles WHERE id = $1 FOR UPDATE`, [profileId]);
  if (locked.length === 0) return; // deleted meanwhile
  await manager.query(
    `UPDATE brand_profiles SET asset_count = (SELECT count(*)::int FROM assets WHERE brand_profile_id = $1)
      WHERE id = $1 AND asset_count IS DISTINCT FROM (SELECT count(*)::int FROM assets WHERE brand_profile_id = $1)`,
    [profileId],
  );
}

/** A deletion that did not say which profile: every profile of the organization is recounted. */
async function recountOrganization(manager: EntityManager, organizationId: string): Promise<void> {
  const profiles: Array<{ id: string }> = await manager.query(`SELECT id FROM brand_profiles WHERE organization_id = $1 ORDER BY id FOR UPDATE`, [organizationId]);
  if (profiles.length === 0) return;
  await manager.query(
    `UPDATE brand_profiles p SET asset_count = COALESCE(c.n, 0)
       FROM brand_profiles q LEFT JOIN (SELECT brand_profile_id, count(*)::int AS n FROM assets WHERE organization_id = $1 AND brand_profile_id IS NOT NULL GROUP BY brand_profile_id) c
         ON c.brand_profile_id = q.id
      WHERE p.id = q.id AND p.organization_id = $1 AND p.asset_count IS DISTINCT FROM COALESCE(c.n, 0)`,
    [organizationId],
  );
}
