import { QUALITIES, type Quality, BULK_MESSAGES, parseFormatsCell, type AdFormatId } from '@brandloom/contracts';

import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsArray, IsIn, IsOptional, IsString, MaxLength } from 'class-validator';

/** The studio's "None" / "use CSV value" arrive as '', 'none', 'csv' or null: no default. */
const noDefault = ({ value }: { value: unknown }) =>
  value === null || (typeof value === 'string' && ['', 'none', 'null', 'undefined', 'csv'].includes(value.trim().toLowerCase())) ? undefined : value;
const lowerTrimmed = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim().toLowerCase() : value);

/** Multipart fields of POST /api/generate/bulk, beside the CSV under `file`. */
export class BulkGenerationFormDto {
  /** Fills empty brand_profile cells; must be a profile of the caller's organization (404 otherwise). */
  @ApiPropertyOptional({ format: 'uuid' })
  @IsOptional()
  @Transform(noDefault)
  @IsString({ message: 'defaultBrandProfileId must be a brand profile id' })
  @MaxLength(100, { message: 'defaultBrandProfileId must be a brand profile id' })
  defaultBrandProfileId?: string;

  /** Fills empty quality cells (else medium). */
  @ApiPropertyOptional({ enum: QUALITIES })
  @IsOptional()
  @Transform((params) => noDefault({ value: lowerTrimmed(params) }))
  @IsIn(QUALITIES, { message: BULK_MESSAGES.qualityInvalid })
  defaultQuality?: Quality;

  /** Fills empty formats cells: ad formats every image also gets, e.g. '1:1;9:16' (the studio's "Also make ad formats"). */
  @ApiPropertyOptional({ type: String, description: 'Formats separated by semicolons, as in the CSV template', example: '1:1;9:16' })
  @IsOptional()
  @Transform(({ value }) => (typeof value === 'string' ? (value.trim() === '' ? [] : (parseFormatsCell(value) ?? value)) : value))
  @IsArray({ message: BULK_MESSAGES.formatsInvalid })
  defaultFormats?: AdFormatId[];
}
