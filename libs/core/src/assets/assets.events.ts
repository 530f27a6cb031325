import type { AssetDeletedPayload } from './asset-library.service';

/** The outbox events the assets domain writes (composed with every domain's in libs/core/src/event-names.ts). */
export const ASSET_EVENTS = {
  assetCreated: 'asset.created',
  /** The library deleted an asset (row and files); payload: AssetDeletedPayload. */
  assetDeleted: 'asset.deleted',
} as const;

/**
 * A stored image: a generation's (written by SQL, generatedAssetEventPayload in
 * asset-library.service.ts) or an ad format made from one (`parentAssetId`, `format`).
 */
export interface AssetCreatedPayload {
  assetId: string;
  generationId: string | null;
  s3Key: string;
  brandProfileId: string | null;
  folderId: string | null;
  variationIndex?: number;
  batchId?: string | null;
  adFormats?: string[];
  /** The generation asked for ads of its pictures (Studio "Also make ads"). */
  adsRequested?: boolean;
  parentAssetId?: string;
  format?: string;
}

declare module '../infra/outbox/domain-event' {
  interface EventPayloads {
    [ASSET_EVENTS.assetCreated]: AssetCreatedPayload;
    [ASSET_EVENTS.assetDeleted]: AssetDeletedPayload;
  }
}
