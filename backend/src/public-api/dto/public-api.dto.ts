import { API_LIST_DEFAULT_LIMIT, API_LIST_MAX_LIMIT, API_LIST_MESSAGES, BULK_MESSAGES, GENERATION_MESSAGES, VARIATIONS_MAX, VARIATIONS_MIN } from '@brandloom/contracts';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsOptional, IsString } from 'class-validator';
import { Rule } from '../../common/rule';
import { BulkGenerationFormDto } from '../../generation/dto/bulk-generation.dto';
import { GenerateImageDto } from '../../generation/dto/generate-image.dto';

/** POST /api/v1/generations: the app's fields; `variation_count` is accepted beside `variationCount`. */
export class ApiGenerateDto extends GenerateImageDto {
  @ApiPropertyOptional({ minimum: VARIATIONS_MIN, maximum: VARIATIONS_MAX, description: 'Same as variationCount' })
  @IsOptional()
  @Rule((value) =>
    Number.isInteger(value) && (value as number) >= VARIATIONS_MIN && (value as number) <= VARIATIONS_MAX
      ? null
      : { code: 'out_of_range', message: GENERATION_MESSAGES.variationCountRange, params: { min: VARIATIONS_MIN, max: VARIATIONS_MAX } },
  )
  variation_count?: number;
}

/** POST /api/v1/generations/bulk: the app's bulk CSV as text (same columns and rules), with the app's defaults. */
export class ApiBulkGenerationDto extends BulkGenerationFormDto {
  @ApiProperty({ description: "CSV: a prompt column, optional brand_profile, quality, size, formats (as the app's template)" })
  @Rule((value) => (typeof value === 'string' && value.trim() !== '' ? null : BULK_MESSAGES.fileRequired))
  csv: string;
}

/** `limit` and `cursor` of a /api/v1 list. */
export class ApiPageQueryDto {
  @ApiPropertyOptional({ minimum: 1, maximum: API_LIST_MAX_LIMIT, default: API_LIST_DEFAULT_LIMIT })
  @IsOptional()
  @Type(() => Number)
  @Rule((value) =>
    Number.isInteger(value) && (value as number) >= 1 && (value as number) <= API_LIST_MAX_LIMIT
      ? null
      : { code: 'out_of_range', message: API_LIST_MESSAGES.invalidLimit, params: { min: 1, max: API_LIST_MAX_LIMIT } },
  )
  limit?: number;

  /** The `next_cursor` of the previous page. */
  @ApiPropertyOptional()
  @IsOptional()
  @IsString({ message: API_LIST_MESSAGES.invalidCursor })
  cursor?: string;
}
