import { AD_FORMAT_IDS, FORMAT_FILLS, FORMAT_MESSAGES, FORMAT_METHODS, QUALITIES, isAdFormatId, type AdFormatId, type FormatFill, type FormatMethod, type Quality } from '@brandloom/contracts';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional } from 'class-validator';
import { Rule } from '../../common/rule';

/** POST /api/assets/{id}/formats */
export class CreateFormatsDto {
  @ApiProperty({ type: [String], enum: AD_FORMAT_IDS, minItems: 1, maxItems: AD_FORMAT_IDS.length, uniqueItems: true })
  @Rule((value) =>
    Array.isArray(value) && value.length > 0 && value.length <= AD_FORMAT_IDS.length && value.every(isAdFormatId) && new Set(value).size === value.length
      ? null
      : FORMAT_MESSAGES.formatsRequired,
  )
  formats: AdFormatId[];

  @ApiProperty({ enum: FORMAT_METHODS })
  @IsIn(FORMAT_METHODS, { message: FORMAT_MESSAGES.methodInvalid })
  method: FormatMethod;

  @ApiPropertyOptional({ enum: FORMAT_FILLS, description: "Default: 'brand' when the asset's brand profile has a primary colour, else 'blur'" })
  @IsOptional()
  @IsIn(FORMAT_FILLS, { message: FORMAT_MESSAGES.fillInvalid })
  fill?: FormatFill;

  @ApiPropertyOptional({ enum: QUALITIES, default: 'medium', description: 'AI extend only: charged like a generation of this quality per format' })
  @IsOptional()
  @IsIn(QUALITIES, { message: FORMAT_MESSAGES.qualityInvalid })
  quality?: Quality;
}
