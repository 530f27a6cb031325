/** The outbox events every ad network writes (composed with every domain's in libs/core/src/event-names.ts). */
export const AD_NETWORK_EVENTS = {
  pushCompleted: 'ad_network.push_completed',
  pushFailed: 'ad_network.push_failed',
} as const;

/** A push settled: the paused ad made (`adId`), or why not (`error`), on the network named. */
export interface AdNetworkPushSettledPayload {
  network: string;
  pushId: string;
  assetId: string | null;
  adAccountId: string;
  adId: string | null;
  error: string | null;
}

declare module '../infra/outbox/domain-event' {
  interface EventPayloads {
    [AD_NETWORK_EVENTS.pushCompleted]: AdNetworkPushSettledPayload;
    [AD_NETWORK_EVENTS.pushFailed]: AdNetworkPushSettledPayload;
  }
}
