// The asset library's wire contract: query values, limits, messages and answer shapes of
// GET/PATCH/DELETE /api/assets and /api/folders, shared by the API and the screens.

/**
 * `sort` of GET /api/assets; newest is the default. ctr, spend and results sort by the asset's
 * pushed ads' results over the last 28 days, highest first; cost-per-result lowest first; assets
 * without results (or without any result, for cost-per-result) come last, ties in id order.
 */
export const ASSET_SORTS = ['newest', 'oldest', 'name-asc', 'name-desc', 'ctr', 'spend', 'cost-per-result', 'results'] as const;
export type AssetSort = (typeof ASSET_SORTS)[number];
export const ASSET_DEFAULT_SORT: AssetSort = 'newest';

/**
 * `delivery` of GET /api/assets and /api/assets/count: pushed (at least one ad made in Meta),
 * running (an ad whose status Meta last reported as ACTIVE), no-results (pushed, but no ad has
 * delivered an impression yet).
 */
export const ASSET_DELIVERY_FILTERS = ['pushed', 'running', 'no-results'] as const;
export type AssetDeliveryFilter = (typeof ASSET_DELIVERY_FILTERS)[number];

export const ASSETS_DEFAULT_LIMIT = 30;
export const ASSETS_MAX_LIMIT = 100;
/** Longest `search`, after trimming. */
export const ASSET_SEARCH_MAX_LENGTH = 200;
export const ASSET_NAME_MAX_LENGTH = 200;
export const FOLDER_NAME_MAX_LENGTH = 100;
/** `folderId=none` (or no folderId) lists every asset: the sidebar's "All Assets". */
export const ALL_ASSETS_FOLDER = 'none';

export const LIBRARY_MESSAGES = {
  assetNotFound: 'Asset not found',
  folderNotFound: 'Folder not found',
  folderNameTaken: 'A folder with this name already exists',
  folderNameRequired: 'Folder name is required',
  folderNameTooLong: `Folder name must be at most ${FOLDER_NAME_MAX_LENGTH} characters`,
  assetNameRequired: 'Name is required',
  assetNameTooLong: `Name must be at most ${ASSET_NAME_MAX_LENGTH} characters`,
  nameControlCharacters: 'Names cannot contain control characters',
  invalidCursor: 'Invalid cursor',
  invalidSort: `sort must be one of: ${ASSET_SORTS.join(', ')}`,
  invalidLimit: `limit must be a whole number from 1 to ${ASSETS_MAX_LIMIT}`,
  searchTooLong: `search must be at most ${ASSET_SEARCH_MAX_LENGTH} characters`,
  invalidSearch: 'search must be a single text value without NUL characters',
  invalidFolderFilter: `folderId must be a folder id or '${ALL_ASSETS_FOLDER}'`,
  invalidStacked: "stacked must be 'true' or 'false'",
  invalidDelivery: `delivery must be one of: ${ASSET_DELIVERY_FILTERS.join(', ')}`,
  invalidFolderId: 'folderId must be a folder id or null',
  nothingToUpdate: 'Nothing to update: send name and/or folderId',
} as const;

/** A stored image's files as the API shows them: the keys of the original and its thumbnail, its type, pixels and bytes. */
export interface StoredImageFilesDto {
  /** Storage key (spec name). */
  s3_key: string;
  thumbnail_key: string | null;
  content_type: string;
  width: number;
  height: number;
  /** Bytes of the original. */
  file_size: number;
}

/** One asset as GET /api/assets lists it (its fields plus what the library shows). */
export interface AssetDto extends StoredImageFilesDto {
  id: string;
  name: string;
  prompt: string | null;
  brand_profile_id: string | null;
  brand_profile_name: string | null;
  /** null: not in a folder (only in All Assets). */
  folder_id: string | null;
  generation_id: string | null;
  created_at: string;
  updated_at: string;
  /** /api/assets/file/<key> */
  url: string;
  /** /api/assets/file/<key>?variant=thumb, or null when the asset has no thumbnail. */
  thumbnailUrl: string | null;
  /** Ad formats: the image this one was made from (null for originals, or once it was deleted). */
  parent_asset_id: string | null;
  /** '1:1' | '4:5' | '9:16' | '1.91:1'; null for an original image. */
  format: string | null;
  /** 'crop' | 'extend' | 'ai_extend'; null for an original image. */
  method: string | null;
  /** Drawn by the local test renderer (no image provider was configured), or made from such an image. */
  test_image: boolean;
  /** In GET /api/assets: how many ad formats were made from this image (the library stacks them under it). */
  format_count?: number;
}

/** GET /api/assets/count */
export interface AssetCountDto {
  count: number;
}

/** PATCH /api/assets/{id}: either field or both. */
export interface UpdateAssetRequest {
  name?: string;
  /** A folder of the caller's organization, or null to take the asset out of its folder. */
  folderId?: string | null;
}

/** One folder as GET/POST/PATCH /api/folders answer it. */
export interface FolderDto {
  id: string;
  name: string;
  asset_count: number;
  created_at: string;
  updated_at: string;
}

/** POST /api/folders and PATCH /api/folders/{id}. */
export interface FolderNameRequest {
  name: string;
}

/** Characters as PostgreSQL counts them (code points, not UTF-16 units). */
const characters = (text: string) => [...text].length;
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

/** The message for an asset name that cannot be saved, or null. Names are judged (and saved) trimmed. */
export function assetNameProblem(name: unknown): string | null {
  if (typeof name !== 'string' || name.trim() === '') return LIBRARY_MESSAGES.assetNameRequired;
  if (CONTROL_CHARACTERS.test(name.trim())) return LIBRARY_MESSAGES.nameControlCharacters;
  return characters(name.trim()) > ASSET_NAME_MAX_LENGTH ? LIBRARY_MESSAGES.assetNameTooLong : null;
}

/** The message for a folder name that cannot be saved, or null. Names are judged (and saved) trimmed. */
export function folderNameProblem(name: unknown): string | null {
  if (typeof name !== 'string' || name.trim() === '') return LIBRARY_MESSAGES.folderNameRequired;
  if (CONTROL_CHARACTERS.test(name.trim())) return LIBRARY_MESSAGES.nameControlCharacters;
  return characters(name.trim()) > FOLDER_NAME_MAX_LENGTH ? LIBRARY_MESSAGES.folderNameTooLong : null;
}
