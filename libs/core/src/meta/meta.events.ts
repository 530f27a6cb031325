/** The outbox events the Meta integration writes (composed with every domain's in libs/core/src/event-names.ts). */
export const META_EVENTS = {
  pushCompleted: 'meta.push_completed',
  pushFailed: 'meta.push_failed',
} as const;

/** A push settled: the paused ad made (`adId`), or why not (`error`). */
export interface MetaPushSettledPayload {
  pushId: string;
  assetId: string | null;
  adAccountId: string;
  adId: string | null;
  error: string | null;
}

declare module '../infra/outbox/domain-event' {
  interface EventPayloads {
    [META_EVENTS.pushCompleted]: MetaPushSettledPayload;
    [META_EVENTS.pushFailed]: MetaPushSettledPayload;
  }
}
