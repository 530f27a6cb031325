import {
  AD_PLACEMENT_ALIASES,
  AD_PLACEMENT_VALUES,
  AD_RESULTS_MESSAGES,
  isUuid,
  META_CALLS_TO_ACTION,
  META_COPY_LIMITS,
  META_CREATIVE_FEATURES,
  META_PUSH_MAX_ASSETS,
} from '@brandloom/contracts';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional } from 'class-validator';
import { Rule } from '../../../common/rule';
import { MetaPushTargetDto } from './push-asset.dto';

const optionalText = (name: string, max: number) => (value: unknown) =>
  value === undefined || value === null ? null : typeof value !== 'string' ? `${name} must be text` : value.length > max ? `${name} must be at most ${max} characters` : null;

/** POST /api/meta/push-ads: 1 to 10 assets into one ad set, each its own paused ad with an image per placement (named after its asset when creativeName is absent). */
export class PushAdsDto extends MetaPushTargetDto {
  @ApiProperty({ type: [String], format: 'uuid', minItems: 1, maxItems: META_PUSH_MAX_ASSETS })
  @Rule((value) =>
    Array.isArray(value) && value.length >= 1 && value.length <= META_PUSH_MAX_ASSETS && value.every(isUuid) && new Set(value).size === value.length ? null : AD_RESULTS_MESSAGES.invalidAssetIds,
  )
  assetIds: string[];

  /** Where the ad shows: feed (its 4:5 or 1:1 image) and/or stories and reels (its 9:16 image). Both by default. */
  @ApiPropertyOptional({ type: [String], enum: AD_PLACEMENT_VALUES, example: ['feed', 'stories'] })
  @IsOptional()
  @Rule((value) => (Array.isArray(value) && value.length >= 1 && value.every((v) => typeof v === 'string' && Object.hasOwn(AD_PLACEMENT_ALIASES, v)) ? null : AD_RESULTS_MESSAGES.invalidPlacements))
  placements?: string[];

  /** Meta's automatic creative changes to turn on (all others are sent opted out). */
  @ApiPropertyOptional({ type: [String], enum: META_CREATIVE_FEATURES, default: [] })
  @IsOptional()
  @Rule((value) => (Array.isArray(value) && value.every((v) => (META_CREATIVE_FEATURES as readonly unknown[]).includes(v)) ? null : AD_RESULTS_MESSAGES.invalidCreativeFeatures))
  creativeFeatures?: string[];

  @ApiPropertyOptional({ maxLength: META_COPY_LIMITS.primaryText })
  @IsOptional()
  @Rule(optionalText('primaryText', META_COPY_LIMITS.primaryText))
  primaryText?: string;

  @ApiPropertyOptional({ maxLength: META_COPY_LIMITS.headline })
  @IsOptional()
  @Rule(optionalText('headline', META_COPY_LIMITS.headline))
  headline?: string;

  @ApiPropertyOptional({ maxLength: META_COPY_LIMITS.description })
  @IsOptional()
  @Rule(optionalText('description', META_COPY_LIMITS.description))
  description?: string;

  @ApiPropertyOptional({ enum: META_CALLS_TO_ACTION })
  @IsOptional()
  @Rule((value) => ((META_CALLS_TO_ACTION as readonly unknown[]).includes(value) ? null : `callToAction must be one of: ${META_CALLS_TO_ACTION.join(', ')}`))
  callToAction?: string;

  @ApiPropertyOptional({ format: 'uri', maxLength: META_COPY_LIMITS.link })
  @IsOptional()
  @Rule((value) => (typeof value === 'string' && value.length <= META_COPY_LIMITS.link && /^https?:\/\/[^\s]+$/.test(value) ? null : 'link must be an http(s) URL'))
  link?: string;
}
