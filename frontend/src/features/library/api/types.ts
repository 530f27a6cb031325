// The asset library's wire types come from @brandloom/contracts (shared with the API); the screen
// keeps only the fields it reads, so fixtures and mocks stay small.
import {
  ASSET_DEFAULT_SORT,
  ASSETS_DEFAULT_LIMIT,
  type AssetCountDto,
  type AssetDto,
  type AssetDeliveryFilter,
  type AssetSort,
  type FolderDto,
} from '@brandloom/contracts';
import { translate } from '../../../lib/i18n/translate';

export { ASSET_NAME_MAX_LENGTH, ASSET_SEARCH_MAX_LENGTH, ASSET_SORTS, FOLDER_NAME_MAX_LENGTH } from '@brandloom/contracts';
export { ASSET_DELIVERY_FILTERS } from '@brandloom/contracts';
export type { AssetDeliveryFilter, AssetSort };

export const DEFAULT_ASSET_SORT: AssetSort = ASSET_DEFAULT_SORT;

/** The sort orders' names in the active language, read when shown. */
export const ASSET_SORT_LABELS = Object.defineProperties({} as Record<AssetSort, string>, {
  newest: { get: () => translate('library.sort.newest'), enumerable: true },
  oldest: { get: () => translate('library.sort.oldest'), enumerable: true },
  'name-asc': { get: () => translate('library.sort.name-asc'), enumerable: true },
  'name-desc': { get: () => translate('library.sort.name-desc'), enumerable: true },
  ctr: { get: () => translate('library.sort.ctr'), enumerable: true },
  spend: { get: () => translate('library.sort.spend'), enumerable: true },
  'cost-per-result': { get: () => translate('library.sort.cost-per-result'), enumerable: true },
  results: { get: () => translate('library.sort.results'), enumerable: true },
});

/** Assets per keyset page: divisible by the 2 and 3 grid columns. */
export const ASSETS_PAGE_SIZE = ASSETS_DEFAULT_LIMIT;

/** One asset as GET /api/assets lists it and PATCH /api/assets/{id} answers it (the fields the screen reads). */
export type Asset = Pick<
  AssetDto,
  | 'id'
  | 'name'
  | 's3_key'
  | 'thumbnail_key'
  | 'width'
  | 'height'
  | 'file_size'
  | 'created_at'
  | 'brand_profile_name'
  | 'brand_profile_id'
  | 'folder_id'
  | 'prompt'
  | 'url'
  | 'thumbnailUrl'
> &
  Partial<Pick<AssetDto, 'parent_asset_id' | 'format' | 'method' | 'test_image' | 'format_count'>>;

/** One folder as GET /api/folders lists it. */
export type Folder = Pick<FolderDto, 'id' | 'name' | 'asset_count' | 'created_at'>;

export type AssetCount = AssetCountDto;

/** The list the screen shows: a folder (null: All Assets), a search (trimmed, '' for none) and a sort. */
export interface AssetFilters {
  folderId: string | null;
  search: string;
  sort: AssetSort;
  /** An ad format, 'original', or absent/null for every image with its formats stacked under it. */
  format?: string | null;
  /** pushed, running or no-results (ads in Meta), absent/null for every image. */
  delivery?: AssetDeliveryFilter | null;
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
