import {
  AD_CTA_TYPES,
  AD_FORMAT_IDS,
  AD_LOGO_VARIANTS,
  checkPictureAds,
  type PictureAdsSpec,
  FORMAT_MESSAGES,
  GENERATION_MESSAGES,
  isAdFormatId,
  parseFormatsCell,
  type AdFormatId,
  type FieldProblem,
  PROMPT_MAX_LENGTH,
  PROMPT_MIN_LENGTH,
  QUALITIES,
  REFERENCE_IMAGES_MAX_COUNT,
  isImageSize,
  resolveImageSize,
  SIZE_CHOICES,
  SIZE_MESSAGES,
  VARIATIONS_MAX,
  VARIATIONS_MIN,
  type ImageSize,
  type Quality,
} from '@brandloom/contracts';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsIn, IsOptional, IsString } from 'class-validator';
import { Rule } from '../../common/rule';

/** Multipart fields arrive as strings: '2' → 2 (anything else is left for the validator to name). */
const toInteger = ({ value }: { value: unknown }) => (typeof value === 'string' && /^\s*-?\d+\s*$/.test(value) ? Number(value) : value);
/** 'true'/'false' (multipart, any case) → booleans. */
const toBoolean = ({ value }: { value: unknown }) => {
  if (typeof value !== 'string') return value;
  const word = value.trim().toLowerCase();
  if (['true', '1', 'on', 'yes'].includes(word)) return true;
  if (['false', '0', 'off', 'no'].includes(word)) return false;
  return value;
};
const trimmed = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
/** The studio's "None" arrives as '', 'none' or null. */
const noneToUndefined = ({ value }: { value: unknown }) =>
  value === null || (typeof value === 'string' && ['', 'none', 'null', 'undefined'].includes(value.trim().toLowerCase())) ? undefined : value;
/** A single multipart value for a list field becomes a list of one. */
const toList = ({ value }: { value: unknown }) => (typeof value === 'string' ? [value] : value);

/**
 * Body of POST /api/generate, /api/generate/test (JSON) and /api/studio (multipart fields; the
 * reference files come under `images`). Messages are the product's own.
 */
export class GenerateImageDto {
  @ApiProperty({ minLength: PROMPT_MIN_LENGTH, example: 'A sunlit product shot of a reusable water bottle' })
  @Transform(trimmed)
  @Rule((value): FieldProblem | null => {
    if (typeof value !== 'string' || value.length < PROMPT_MIN_LENGTH) return { code: 'too_short', message: GENERATION_MESSAGES.promptTooShort, params: { min: PROMPT_MIN_LENGTH } };
    return value.length > PROMPT_MAX_LENGTH ? { code: 'too_long', message: GENERATION_MESSAGES.promptTooLong, params: { max: PROMPT_MAX_LENGTH } } : null;
  })
  prompt: string;

  @ApiProperty({ enum: QUALITIES })
  @IsIn(QUALITIES, { message: GENERATION_MESSAGES.qualityRequired })
  quality: Quality;

  /** The product's sizes, an ad placement's own size, or the placement's id for it ('4:5' is 1088x1360). */
  @ApiProperty({ enum: SIZE_CHOICES, description: 'A width×height, or an ad placement id standing for its size' })
  @Transform(({ value }) => (typeof value === 'string' ? (resolveImageSize(value.trim()) ?? value) : value))
  @Rule((value) => (value === undefined || value === null || value === '' ? GENERATION_MESSAGES.sizeRequired : isImageSize(value) ? null : SIZE_MESSAGES.sizeInvalid))
  size: ImageSize;

  @ApiPropertyOptional({ minimum: VARIATIONS_MIN, maximum: VARIATIONS_MAX, default: 1 })
  @IsOptional()
  @Transform(toInteger)
  @Rule((value) =>
    Number.isInteger(value) && (value as number) >= VARIATIONS_MIN && (value as number) <= VARIATIONS_MAX
      ? null
      : { code: 'out_of_range', message: GENERATION_MESSAGES.variationCountRange, params: { min: VARIATIONS_MIN, max: VARIATIONS_MAX } },
  )
  variationCount?: number;

  /** Defaults to accepted (the studio's checkbox is on by default); false is refused. */
  @ApiPropertyOptional({ default: true })
  @IsOptional()
  @Transform(toBoolean)
  @IsIn([true], { message: GENERATION_MESSAGES.contentPolicyRequired })
  contentPolicyScan?: boolean;

  @ApiPropertyOptional({ format: 'uuid', nullable: true })
  @IsOptional()
  @Transform(noneToUndefined)
  @IsString({ message: GENERATION_MESSAGES.brandProfileNotFound })
  brand_profile_id?: string;

  /** Same as brand_profile_id (the multipart studio form's name). */
  @ApiPropertyOptional({ format: 'uuid', nullable: true })
  @IsOptional()
  @Transform(noneToUndefined)
  @IsString({ message: GENERATION_MESSAGES.brandProfileNotFound })
  brandProfileId?: string;

  /** PNG/JPEG data URLs, or keys (or /api/assets/file/ URLs) of the organization's stored images. */
  @ApiPropertyOptional({ type: [String], maxItems: REFERENCE_IMAGES_MAX_COUNT })
  @IsOptional()
  @Transform(toList)
  @IsArray({ message: 'reference_images must be a list' })
  @ArrayMaxSize(REFERENCE_IMAGES_MAX_COUNT, { message: GENERATION_MESSAGES.referenceImagesTooMany })
  @IsString({ each: true, message: 'Each reference image must be a data URL or a stored image key' })
  reference_images?: string[];

  /** Ad formats every image also gets, free (smart crop, else extend): a list, or '1:1;9:16' in a multipart form. */
  @ApiPropertyOptional({ type: [String], enum: AD_FORMAT_IDS })
  @IsOptional()
  @Transform(({ value }) => (typeof value === 'string' ? (value.trim() === '' ? [] : (parseFormatsCell(value) ?? value)) : value))
  @Rule((value) => (Array.isArray(value) && value.length <= AD_FORMAT_IDS.length && value.every(isAdFormatId) && new Set(value).size === value.length ? null : FORMAT_MESSAGES.csvFormatsInvalid))
  formats?: AdFormatId[];

  /**
   * "Also make ads": each image is also set as these ads once stored, free (an object, or its JSON in
   * a multipart form). Checked like POST /api/ads, without the picture.
   */
  @ApiPropertyOptional({
    type: 'object',
    required: ['placements', 'layout', 'headline'],
    properties: {
      placements: { type: 'array', items: { type: 'string', enum: [...AD_FORMAT_IDS] } },
      layout: { type: 'string', example: 'bottom-band' },
      headline: { type: 'string' },
      body: { type: 'string' },
      cta: { type: 'string', enum: [...AD_CTA_TYPES], nullable: true },
      logo: { type: 'string', enum: [...AD_LOGO_VARIANTS], nullable: true },
    },
  })
  @IsOptional()
  @Transform(({ value }) => (typeof value === 'string' ? parseJsonObject(value) : value))
  @Rule((value) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return GENERATION_MESSAGES.adsInvalid;
    const checked = checkPictureAds(value);
    return checked.ok ? null : `ads.${checked.field}: ${checked.message}`;
  })
  ads?: Record<string, unknown>;
}

/** The checked "Also make ads" of a request that passed validation (null when none was asked for). */
export function pictureAdsOf(dto: Pick<GenerateImageDto, 'ads'>): PictureAdsSpec | null {
  if (!dto.ads) return null;
  const checked = checkPictureAds(dto.ads);
  return checked.ok ? checked.spec : null;
}

function parseJsonObject(value: string): unknown {
  if (value.trim() === '') return undefined;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}
