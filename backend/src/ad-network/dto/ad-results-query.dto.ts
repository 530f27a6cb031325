import { AD_RESULT_DEFAULT_RANGE, AD_RESULT_RANGES, AD_RESULTS_MESSAGES, type AdResultRange } from '@brandloom/contracts';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsOptional } from 'class-validator';

/** GET /api/ad-results */
export class AdResultsQueryDto {
  /** Days covered, today included. */
  @ApiPropertyOptional({ enum: AD_RESULT_RANGES, default: AD_RESULT_DEFAULT_RANGE, type: Number })
  @IsOptional()
  @Type(() => Number)
  @IsIn(AD_RESULT_RANGES, { message: AD_RESULTS_MESSAGES.invalidRange })
  range?: AdResultRange;
}
