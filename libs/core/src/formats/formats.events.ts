import type { AdFormatId } from '@brandloom/contracts';

/** The outbox events the formats domain writes (composed with every domain's in libs/core/src/event-names.ts). */
export const FORMAT_EVENTS = {
  /** An ad format of an asset was made and stored as an asset of its own. */
  formatCompleted: 'format.completed',
} as const;

declare module '../infra/outbox/domain-event' {
  interface EventPayloads {
    [FORMAT_EVENTS.formatCompleted]: { formatJobId: string; assetId: string; sourceAssetId: string | null; format: AdFormatId };
  }
}
