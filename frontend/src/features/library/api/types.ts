// The asset library's wire contract as the backend answers it (libs/core/src/assets/library.contracts.ts).
// That file is not part of @brandloom/contracts yet, and the frontend only imports the contracts
// package, so the shapes the screen reads are written here; move them once they are shared.

/** `sort` of GET /api/assets; newest is the server's default. */
export const ASSET_SORTS = ['newest', 'oldest', 'name-asc', 'name-desc'] as const;
export type AssetSort = (typeof ASSET_SORTS)[number];
export const DEFAULT_ASSET_SORT: AssetSort = 'newest';

export const ASSET_SORT_LABELS: Record<AssetSort, string> = {
  newest: 'Newest first',
  oldest: 'Oldest first',
  'name-asc': 'Name (A–Z)',
  'name-desc': 'Name (Z–A)',
};

/** Assets per keyset page: divisible by the 2 and 3 grid columns. The server allows 1 to 100. */
export const ASSETS_PAGE_SIZE = 30;
export const ASSET_NAME_MAX_LENGTH = 200;
export const FOLDER_NAME_MAX_LENGTH = 100;
export const ASSET_SEARCH_MAX_LENGTH = 200;

/** One asset as GET /api/assets lists it and PATCH /api/assets/{id} answers it. */
export interface Asset {
  id: string;
  name: string;
  s3_key: string;
  thumbnail_key: string | null;
  width: number;
  height: number;
  /** Bytes of the original. */
  file_size: number;
  created_at: string;
  brand_profile_name: string | null;
  brand_profile_id: string | null;
  /** null: in no folder (All Assets only). */
  folder_id: string | null;
  prompt: string | null;
  /** /api/assets/file/{key}: the original. */
  url: string;
  /** /api/assets/file/{key}?variant=thumb, or null while the asset has no thumbnail. */
  thumbnailUrl: string | null;
}

/** One folder as GET /api/folders lists it. */
export interface Folder {
  id: string;
  name: string;
  asset_count: number;
  created_at: string;
}

export interface AssetCount {
  count: number;
}

/** The list the screen shows: a folder (null: All Assets), a search (trimmed, '' for none) and a sort. */
export interface AssetFilters {
  folderId: string | null;
  search: string;
  sort: AssetSort;
}

export interface AssetPage {
  assets: Asset[];
  /** The X-Next-Cursor header; null on the last page. */
  nextCursor: string | null;
}

/** A brand profile as the library's list shows it. */
export interface BrandProfileSummary {
  id: string;
  name: string;
  asset_count: number | null;
}
