import { AD_COPY_LIMITS, adLanguagesProblem, isAdLanguage, LANGUAGES, type Language, AD_CTA_TYPES, AD_FORMAT_IDS, AD_LAYOUTS, AD_LOGO_VARIANTS, AD_MESSAGES, adCopyProblem, adPlacementsProblem, isAdFormatId, isAdLayoutId, isLogoVariant, isUuid, LIBRARY_MESSAGES, type AdCtaType, type AdFormatId, type LogoVariant } from '@brandloom/contracts';
import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional } from 'class-validator';
import { Rule } from '../../common/rule';

const LAYOUT_IDS = AD_LAYOUTS.map((layout) => layout.id);

// The fields an ad's copy and look take wherever they are sent: each with its document entry and rule.
const AdLayout = () => applyDecorators(ApiProperty({ enum: LAYOUT_IDS }), Rule((value) => (isAdLayoutId(value) ? null : AD_MESSAGES.layoutUnknown(value))));
const AdHeadline = () => applyDecorators(ApiProperty({ maxLength: AD_COPY_LIMITS.headline }), Rule((value) => adCopyProblem('headline', value)));
const OptionalAdBody = () => applyDecorators(ApiPropertyOptional({ maxLength: AD_COPY_LIMITS.body }), IsOptional(), Rule((value) => adCopyProblem('body', value)));
const OptionalAdCta = (description?: string) =>
  applyDecorators(ApiPropertyOptional({ enum: AD_CTA_TYPES, nullable: true, ...(description ? { description } : {}) }), IsOptional(), Rule((value) => adCopyProblem('cta', value)));
const PictureAssetId = (description: string) =>
  applyDecorators(ApiProperty({ format: 'uuid', description }), Rule((value) => (typeof value === 'string' && value !== '' ? null : AD_MESSAGES.assetIdRequired)));
const Placement = () => applyDecorators(ApiProperty({ enum: AD_FORMAT_IDS }), Rule((value) => (isAdFormatId(value) ? null : AD_MESSAGES.placementUnknown(value))));

/** POST /api/ads (and /api/v1/ads) */
export class CreateAdsDto {
  @ApiProperty({ description: 'The picture (a library asset of the organization)' })
  @Rule((value) => (typeof value === 'string' && value !== '' ? null : AD_MESSAGES.assetIdRequired))
  assetId: string;

  @ApiProperty({ type: [String], enum: AD_FORMAT_IDS, minItems: 1, maxItems: AD_FORMAT_IDS.length, uniqueItems: true })
  @Rule(adPlacementsProblem)
  placements: AdFormatId[];

  @AdLayout()
  layout: string;

  @AdHeadline()
  headline: string;

  @OptionalAdBody()
  body?: string;

  @OptionalAdCta("Meta's call-to-action type; the button shows its label")
  cta?: AdCtaType | null;

  @ApiPropertyOptional({ enum: AD_LOGO_VARIANTS, nullable: true, description: 'The brand profile logo variant, or null for no logo' })
  @IsOptional()
  @Rule((value) => (isLogoVariant(value) ? null : AD_MESSAGES.logoInvalid))
  logo?: LogoVariant | null;

  @ApiPropertyOptional({ type: String, format: 'uuid', nullable: true, description: "Colours, fonts and logo come from this profile (default: the picture's)" })
  @IsOptional()
  @Rule((value) => (isUuid(value) ? null : 'brandProfileId must be a brand profile id'))
  brandProfileId?: string | null;

  @ApiPropertyOptional({ enum: LANGUAGES, nullable: true, description: 'The language of the copy (saving translations: one request per language)' })
  @IsOptional()
  @Rule((value) => (isAdLanguage(value) ? null : AD_MESSAGES.languageUnknown(value)))
  language?: Language | null;
}

/** PATCH /api/ads/{id}: new copy renders a new version. */
export class ChangeAdDto {
  @ApiPropertyOptional({ maxLength: AD_COPY_LIMITS.headline })
  @IsOptional()
  @Rule((value) => adCopyProblem('headline', value, true))
  headline?: string;

  @OptionalAdBody()
  body?: string;

  @OptionalAdCta()
  cta?: AdCtaType | null;
}

/** GET /api/ads */
export class ListAdsQueryDto {
  @ApiPropertyOptional({ description: 'Only the ads made from this picture' })
  @IsOptional()
  @Rule((value) => (isUuid(value) ? null : LIBRARY_MESSAGES.assetNotFound))
  assetId?: string;
}

/** POST /api/ads/suggest-copy */
export class SuggestAdCopyDto {
  @PictureAssetId('The picture (a library asset of the organization)')
  assetId: string;

  @ApiPropertyOptional({ type: String, format: 'uuid', nullable: true, description: 'The brand profile whose tone and personality the copy takes' })
  @IsOptional()
  @Rule((value) => (typeof value === 'string' ? null : 'brandProfileId must be a brand profile id or null'))
  brandProfileId?: string | null;

  @Placement()
  placement: AdFormatId;
}

/** POST /api/ads/translate */
export class TranslateAdCopyDto {
  @PictureAssetId('The picture (a library asset of the organization) each translation is laid out on')
  assetId: string;

  @ApiPropertyOptional({ type: String, format: 'uuid', nullable: true, description: "The brand profile whose name and glossary stay untranslated, and whose look lays the ad out (default: the picture's)" })
  @IsOptional()
  @Rule((value) => (isUuid(value) ? null : 'brandProfileId must be a brand profile id or null'))
  brandProfileId?: string | null;

  @Placement()
  placement: AdFormatId;

  @AdLayout()
  layout: string;

  @AdHeadline()
  headline: string;

  @OptionalAdBody()
  body?: string;

  @OptionalAdCta()
  cta?: AdCtaType | null;

  @ApiProperty({ type: [String], enum: LANGUAGES, minItems: 1, uniqueItems: true })
  @Rule(adLanguagesProblem)
  languages: Language[];
}
