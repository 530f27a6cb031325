/** The outbox events the assets domain writes (composed with every domain's in libs/core/src/event-names.ts). */
export const ASSET_EVENTS = {
  assetCreated: 'asset.created',
  /** The library deleted an asset (row and files); payload: AssetDeletedPayload. */
  assetDeleted: 'asset.deleted',
} as const;
