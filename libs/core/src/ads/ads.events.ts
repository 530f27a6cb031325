import type { AdFormatId } from '@brandloom/contracts';

/** The outbox events the ads domain writes (composed with every domain's in libs/core/src/event-names.ts). */
export const AD_EVENTS = {
  /** A version of an ad was rendered and stored as a library asset of its own. */
  adRendered: 'ad.rendered',
} as const;

declare module '../infra/outbox/domain-event' {
  interface EventPayloads {
    [AD_EVENTS.adRendered]: { adId: string; version: number; assetId: string; sourceAssetId: string | null; placement: AdFormatId; layout: string };
  }
}
