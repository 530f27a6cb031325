import {
  AD_CTA_TYPES,
  AD_LOGO_VARIANTS,
  type AdCopyProposal,
  type AdCopyTranslation,
  type AssetDataUrlDto,
  type BrandLogoDto,
  FONT_CATEGORIES,
  type FontDto,
  type FontsResponse,
  GENERATION_STATUSES,
  type GenerationJobDto,
  type GenerationOutputDto,
  type GenerationResponseDto,
  type GenerationVariationDto,
  LANGUAGES,
  QUALITIES,
  type SuggestAdCopyResponse,
  type TranslateAdCopyResponse,
} from '@brandloom/contracts';
import type { SchemaObject } from '@nestjs/swagger';
import { boolean, componentRef, integer, listOf, nullableText, objectOf, text } from './v1-schemas';

const id = text({ format: 'uuid' });
const status = text({ enum: [...GENERATION_STATUSES] });
const imageUrl = nullableText({ description: 'null until the generation completed' });

/** The studio's generations, its ad copy helpers, the ad fonts and the brand kit's logos. */
export const STUDIO_SCHEMAS = {
  GenerationVariation: objectOf<GenerationVariationDto>({
    id: { ...id, description: 'The asset id' },
    index: integer({ minimum: 0 }),
    s3Key: text(),
    apiProxyUrl: text(),
    directUrl: text(),
    publicUrl: text(),
    preview: text({ description: 'The WebP thumbnail' }),
    width: integer(),
    height: integer(),
  }),
  StartedGeneration: objectOf<GenerationResponseDto>({
    job: objectOf<GenerationJobDto>({ id, status, progress: integer({ minimum: 0, maximum: 100 }) }),
    generationId: id,
    status,
    prompt: text(),
    quality: text({ enum: [...QUALITIES] }),
    size: text({ description: 'The image size, WIDTHxHEIGHT' }),
    variationCount: integer(),
    brand_profile_id: nullableText({ format: 'uuid' }),
    creditsCharged: integer(),
    creditsRemaining: integer({ description: 'The balance after the debit' }),
    progressUrl: text({ description: 'Server-sent events of this job' }),
    testMode: boolean({ description: 'The local renderer draws it (TEST prompt, /api/generate/test or no provider configured)' }),
    imageUrl,
    dataUrl: imageUrl,
    apiUrl: imageUrl,
    directUrl: imageUrl,
    directImageUrl: imageUrl,
    variations: listOf(componentRef('GenerationVariation')),
    output: objectOf<GenerationOutputDto>({
      publicUrl: imageUrl,
      preview: imageUrl,
      directUrl: imageUrl,
      apiProxyUrl: imageUrl,
      imageDataUrl: imageUrl,
      directStorageUrl: imageUrl,
      variations: listOf(componentRef('GenerationVariation')),
    }),
  }),
  AdCopyProposals: objectOf<SuggestAdCopyResponse>({
    proposals: listOf(objectOf<AdCopyProposal>({ headline: text(), body: text(), cta: text({ enum: [...AD_CTA_TYPES] }) })),
  }),
  AdCopyTranslations: objectOf<TranslateAdCopyResponse>({
    translations: listOf(
      objectOf<AdCopyTranslation>(
        {
          language: text({ enum: [...LANGUAGES] }),
          headline: text(),
          body: text(),
          fits: boolean({ description: 'false when it breaks the copy limits or does not fit the layout; field and message say why' }),
          field: text({ enum: ['headline', 'body', 'cta'] }),
          message: text(),
          code: text({ enum: ['layout_unknown', 'missing_glyphs', 'word_too_wide', 'too_many_lines', 'button_too_wide'], description: 'Why it does not fit the layout' }),
          params: { type: 'object', description: 'The values the code names', properties: { layout: text(), role: text(), characters: text(), word: text() } },
        },
        ['field', 'message', 'code', 'params'],
      ),
    ),
  }),
  Fonts: objectOf<FontsResponse>({ fonts: listOf(objectOf<FontDto>({ id: text(), family: text(), category: text({ enum: [...FONT_CATEGORIES] }) })) }),
  AssetDataUrl: objectOf<AssetDataUrlDto>({ dataUrl: text({ description: 'The image as a data: URL' }) }),
  UploadedBrandLogo: objectOf<Omit<BrandLogoDto, 'width' | 'height'>>({ id, variant: text({ enum: [...AD_LOGO_VARIANTS] }), url: text() }),
} satisfies Record<string, SchemaObject>;
