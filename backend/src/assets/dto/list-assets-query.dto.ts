import { ASSET_DELIVERY_FILTERS, ASSET_FORMAT_FILTERS, isUuid, FORMAT_MESSAGES, ASSET_SEARCH_MAX_LENGTH, ASSET_SORTS, ASSETS_DEFAULT_LIMIT, ASSETS_MAX_LIMIT, type AssetSort, LIBRARY_MESSAGES } from '@brandloom/contracts';

import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { IsIn, IsOptional, IsString } from 'class-validator';
import { Rule } from '../../common/rule';

/** A folder id, 'none' (every asset) or empty (the same). */
const isFolderFilter = (value: unknown) => value === '' || value === 'none' || isUuid(value);

/** GET /api/assets/count */
export class AssetCountQueryDto {
  @ApiPropertyOptional({ description: "A folder of the caller's organization; 'none' or absent: every asset (All Assets)" })
  @IsOptional()
  @Rule((value) => (isFolderFilter(value) ? null : LIBRARY_MESSAGES.invalidFolderFilter))
  folderId?: string;

  /** Case-insensitive substring of the name or the prompt (% and _ literal); trimmed, empty means no search. */
  @ApiPropertyOptional({ maxLength: ASSET_SEARCH_MAX_LENGTH })
  @IsOptional()
  @Transform(({ value }) => (typeof value === 'string' ? value.trim() : value))
  @Rule((value) => {
    if (typeof value !== 'string' || value.includes('\u0000')) return LIBRARY_MESSAGES.invalidSearch;
    return [...value].length > ASSET_SEARCH_MAX_LENGTH ? LIBRARY_MESSAGES.searchTooLong : null;
  })
  search?: string;

  /** An ad format (1:1, 4:5, 9:16, 1.91:1), or 'original' for images that are no format of another. */
  @ApiPropertyOptional({ enum: ASSET_FORMAT_FILTERS })
  @IsOptional()
  @IsIn(ASSET_FORMAT_FILTERS, { message: FORMAT_MESSAGES.formatFilterInvalid })
  format?: string;

  /** true: ad formats are stacked under their original (left out of the list; the original carries format_count). */
  @ApiPropertyOptional({ enum: ['true', 'false'] })
  @IsOptional()
  @IsIn(['true', 'false'], { message: LIBRARY_MESSAGES.invalidStacked })
  stacked?: 'true' | 'false';

  /** pushed: at least one ad made in Meta; running: an ad Meta last reported ACTIVE; no-results: pushed, no impression yet. */
  @ApiPropertyOptional({ enum: ASSET_DELIVERY_FILTERS })
  @IsOptional()
  @IsIn(ASSET_DELIVERY_FILTERS, { message: LIBRARY_MESSAGES.invalidDelivery })
  delivery?: string;
}

/** GET /api/assets */
export class ListAssetsQueryDto extends AssetCountQueryDto {
  @ApiPropertyOptional({ enum: ASSET_SORTS, default: 'newest' })
  @IsOptional()
  @IsIn(ASSET_SORTS, { message: LIBRARY_MESSAGES.invalidSort })
  sort?: AssetSort;

  /** The X-Next-Cursor header of the previous page (same sort, same filters). */
  @ApiPropertyOptional()
  @IsOptional()
  @IsString({ message: LIBRARY_MESSAGES.invalidCursor })
  cursor?: string;

  @ApiPropertyOptional({ minimum: 1, maximum: ASSETS_MAX_LIMIT, default: ASSETS_DEFAULT_LIMIT })
  @IsOptional()
  @Type(() => Number)
  @Rule((value) =>
    Number.isInteger(value) && (value as number) >= 1 && (value as number) <= ASSETS_MAX_LIMIT
      ? null
      : { code: 'out_of_range', message: LIBRARY_MESSAGES.invalidLimit, params: { min: 1, max: ASSETS_MAX_LIMIT } },
  )
  limit?: number;
}
