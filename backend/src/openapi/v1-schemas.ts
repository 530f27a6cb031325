import {
  AD_CTA_TYPES,
  AD_FORMAT_IDS,
  AD_STATUSES,
  type AdDto,
  type AdLayoutDto,
  type AdLayoutsResponseDto,
  type ApiGenerationDto,
  type ApiPage,
  type AssetDto,
  type AssetFormatsResponseDto,
  AD_LOGO_VARIANTS,
  type BrandLogoDto,
  type BrandProfileDto,
  type BrandExtractionResponse,
  type BrandSourceImageDto,
  type BulkBatchStatusDto,
  type BulkRowStatusDto,
  type BulkStartResponseDto,
  type CreateAdsResponseDto,
  type CreateFormatsResponseDto,
  CREDIT_TRANSACTION_STATUSES,
  CREDIT_TRANSACTION_TYPES,
  type CreditBalanceDto,
  type CreditTransactionDto,
  type FolderDto,
  FORMAT_JOB_STATUSES,
  FORMAT_METHODS,
  type FormatJobDto,
  GENERATION_STATUSES,
  LANGUAGES,
  QUALITIES,
  type SkippedBrandImage,
} from '@brandloom/contracts';
import type { ReferenceObject, SchemaObject } from '@nestjs/swagger';

type V1SchemaName =
  | 'V1BrandProfile'
  | 'V1BrandData'
  | 'V1BrandSourceImage'
  | 'V1BrandLogo'
  | 'V1BrandExtraction'
  | 'V1Asset'
  | 'V1AssetPage'
  | 'V1AssetFormats'
  | 'V1FormatJob'
  | 'V1FormatJobsCreated'
  | 'V1Folder'
  | 'V1Generation'
  | 'V1GenerationPage'
  | 'V1BulkStarted'
  | 'V1BulkStatus'
  | 'V1Ad'
  | 'V1AdList'
  | 'V1AdsCreated'
  | 'V1AdLayouts'
  | 'V1CreditBalance'
  | 'V1CreditTransaction'
  | 'V1CreditTransactionPage';

/** An object schema naming every field of T (the compiler refuses one that forgets a field). */
export function objectOf<T>(properties: { [K in keyof Required<T>]: SchemaObject | ReferenceObject }, optional: Array<keyof T> = []): SchemaObject {
  const names = Object.keys(properties) as Array<keyof T & string>;
  return { type: 'object', required: names.filter((name) => !optional.includes(name)), properties };
}

export const text = (extra: SchemaObject = {}): SchemaObject => ({ type: 'string', ...extra });
export const nullableText = (extra: SchemaObject = {}): SchemaObject => ({ type: 'string', nullable: true, ...extra });
export const integer = (extra: SchemaObject = {}): SchemaObject => ({ type: 'integer', ...extra });
export const number = (extra: SchemaObject = {}): SchemaObject => ({ type: 'number', ...extra });
export const boolean = (extra: SchemaObject = {}): SchemaObject => ({ type: 'boolean', ...extra });
export const listOf = (items: SchemaObject | ReferenceObject, extra: SchemaObject = {}): SchemaObject => ({ type: 'array', items, ...extra });
/** A nested structure the API answers as it is (described in words, its fields open). */
const structure = (description: string, extra: SchemaObject = {}): SchemaObject => ({ type: 'object', additionalProperties: true, description, ...extra });
/** A reference to a component of the document, by its name. */
export const componentRef = (name: string): ReferenceObject => ({ $ref: `#/components/schemas/${name}` });
const ref = (name: V1SchemaName): ReferenceObject => componentRef(name);
const pageOf = (name: V1SchemaName): SchemaObject =>
  objectOf<ApiPage<unknown>>({ data: { type: 'array', items: ref(name) }, next_cursor: nullableText({ description: 'Pass back as `cursor` for the next page; null on the last' }) });

/** The stored file's fields an asset and a brand source image share. */
const storedImage = { s3_key: text(), thumbnail_key: nullableText(), content_type: text(), width: integer(), height: integer(), file_size: integer() };

const asset = objectOf<AssetDto>(
  {
    id: text({ format: 'uuid' }),
    name: text(),
    ...storedImage,
    prompt: nullableText(),
    brand_profile_id: nullableText({ format: 'uuid' }),
    brand_profile_name: nullableText(),
    folder_id: nullableText({ format: 'uuid' }),
    generation_id: nullableText({ format: 'uuid' }),
    created_at: text({ format: 'date-time' }),
    updated_at: text({ format: 'date-time' }),
    url: text({ description: 'The image file (GET with the key)' }),
    thumbnailUrl: nullableText(),
    parent_asset_id: nullableText({ format: 'uuid' }),
    format: nullableText({ description: "'1:1', '4:5', '9:16' or '1.91:1'; null for an original" }),
    method: nullableText({ description: "'crop', 'extend' or 'ai_extend'; null for an original" }),
    test_image: { type: 'boolean' },
    format_count: integer(),
  },
  ['format_count'],
);

const generation = objectOf<ApiGenerationDto>({
  id: text({ format: 'uuid' }),
  status: text({ enum: [...GENERATION_STATUSES] }),
  progress: integer({ minimum: 0, maximum: 100 }),
  message: nullableText(),
  error: nullableText(),
  prompt: text(),
  quality: text({ enum: [...QUALITIES] }),
  size: text(),
  variation_count: integer(),
  brand_profile_id: nullableText({ format: 'uuid' }),
  batch_id: nullableText({ format: 'uuid' }),
  folder_id: nullableText({ format: 'uuid' }),
  credits_charged: integer(),
  credits_refunded: integer(),
  created_at: text({ format: 'date-time' }),
  completed_at: nullableText({ format: 'date-time' }),
  progress_url: text(),
  assets: { type: 'array', items: ref('V1Asset') },
});

const creditTransaction = objectOf<CreditTransactionDto>({
  id: text({ format: 'uuid' }),
  created_at: text({ format: 'date-time' }),
  type: text({ enum: [...CREDIT_TRANSACTION_TYPES] }),
  transaction_type: text({ enum: [...CREDIT_TRANSACTION_TYPES] }),
  description: text(),
  brand_name: nullableText(),
  amount: integer({ description: 'Signed: positive adds credits, negative spends them' }),
  status: text({ enum: [...CREDIT_TRANSACTION_STATUSES] }),
});

const brandSourceImage = objectOf<BrandSourceImageDto>({
  id: text({ format: 'uuid' }),
  file_name: nullableText(),
  ...storedImage,
  url: text(),
  thumbnail_url: text(),
  created_at: text({ format: 'date-time' }),
});

const brandLogo = objectOf<BrandLogoDto>({
  id: text({ format: 'uuid' }),
  variant: text({ enum: [...AD_LOGO_VARIANTS] }),
  url: text(),
  width: integer(),
  height: integer(),
});

const colour = nullableText({ description: '#RRGGBB' });
/** A brand profile's brand_data: the fields the product reads, and any others it keeps as they are. */
const brandData: SchemaObject = {
  type: 'object',
  additionalProperties: true,
  properties: {
    colors: { type: 'object', properties: { primary: colour, secondary: colour, accent: colour } },
    typography: { type: 'object', properties: { fontFamily: nullableText(), headingStyle: nullableText() } },
    visualStyle: { type: 'object', properties: { tone: nullableText(), imageStyle: nullableText() } },
    brandPersonality: { type: 'array', items: text() },
    glossary: { type: 'array', items: text(), description: 'Words ad translations keep as written (product names)' },
    palette: { type: 'array', items: { type: 'object', additionalProperties: true } },
    metadata: { type: 'object', additionalProperties: { type: 'string' } },
  },
};
const brandProfile = objectOf<BrandProfileDto>({
  id: text({ format: 'uuid' }),
  name: text(),
  description: nullableText(),
  brand_data: ref('V1BrandData'),
  asset_count: integer(),
  created_at: text({ format: 'date-time' }),
  updated_at: text({ format: 'date-time' }),
  source_images: { type: 'array', items: ref('V1BrandSourceImage') },
  logos: { type: 'array', items: ref('V1BrandLogo') },
});

const formatJob = objectOf<FormatJobDto>({
  id: text({ format: 'uuid' }),
  asset_id: nullableText({ format: 'uuid', description: 'The original asset' }),
  format: text({ enum: [...AD_FORMAT_IDS] }),
  method: text({ enum: [...FORMAT_METHODS] }),
  status: text({ enum: [...FORMAT_JOB_STATUSES] }),
  progress: integer({ minimum: 0, maximum: 100 }),
  message: nullableText(),
  result_asset_id: nullableText({ format: 'uuid', description: 'The derived asset once completed' }),
  credits_charged: integer(),
  progressUrl: text(),
});

const bulkRow = objectOf<BulkRowStatusDto>(
  {
    row: integer({ description: 'The CSV line number (the header is line 1)' }),
    generationId: text({ format: 'uuid' }),
    status: text({ enum: [...GENERATION_STATUSES] }),
    prompt: text(),
    quality: text(),
    size: text(),
    brandProfileName: text(),
    error: text(),
    assetUrl: text(),
    thumbnailUrl: text(),
    width: integer(),
    height: integer(),
  },
  ['prompt', 'quality', 'size', 'brandProfileName', 'error', 'assetUrl', 'thumbnailUrl', 'width', 'height'],
);

const ad = objectOf<AdDto>({
  id: text({ format: 'uuid' }),
  placement: text({ enum: [...AD_FORMAT_IDS] }),
  layout: text(),
  status: text({ enum: [...AD_STATUSES] }),
  message: nullableText(),
  error: nullableText(),
  progress: integer({ minimum: 0, maximum: 100 }),
  asset_id: nullableText({ format: 'uuid', description: 'The rendered ad in the library, once completed' }),
  source_asset_id: nullableText({ format: 'uuid' }),
  brand_profile_id: nullableText({ format: 'uuid' }),
  language: nullableText({ enum: [...LANGUAGES, null] }),
  version: integer(),
  headline: text(),
  body: text(),
  cta: nullableText({ enum: [...AD_CTA_TYPES, null] }),
  logo: nullableText({ enum: [...AD_LOGO_VARIANTS, null] }),
  layers: structure('The copy as positioned layers (placement, size, layout, copy, logo, elements, adjustments, contrast)', { nullable: true }),
  created_at: text({ format: 'date-time' }),
  updated_at: text({ format: 'date-time' }),
});

const box = objectOf<AdLayoutDto['safeZones'][number]>({ x: number(), y: number(), width: number(), height: number() });
const adLayout = objectOf<AdLayoutDto>({
  id: text(),
  name: text(),
  placement: text({ enum: [...AD_FORMAT_IDS] }),
  width: integer(),
  height: integer(),
  boxes: objectOf<AdLayoutDto['boxes']>({ headline: box, body: box, button: box, logo: box }),
  safeZones: listOf(box),
});

const skippedImage = objectOf<SkippedBrandImage>({ index: integer(), fileName: nullableText(), reason: text(), detail: text() }, ['detail']);

/** The public API's answers as named components, so generated clients get real types for them. */
export const V1_SCHEMAS: Record<V1SchemaName, SchemaObject> = {
  V1BrandProfile: brandProfile,
  V1BrandData: brandData,
  V1BrandSourceImage: brandSourceImage,
  V1BrandLogo: brandLogo,
  V1BrandExtraction: objectOf<BrandExtractionResponse>({
    profile: { anyOf: [ref('V1BrandProfile'), { type: 'object', nullable: true, enum: [null] }], description: 'The profile made from the images, or null when it was not created' },
    autoCreateFailed: boolean(),
    autoCreateError: nullableText({ description: 'Why the profile was not created (for example the plan’s limit)' }),
    brandData: structure('What the images say about the brand: colors, typography, visual style, personality, dominant_colors'),
    brandDataId: text({ format: 'uuid', description: 'POST /api/v1/brand-profiles with it takes over the source images' }),
    name: text(),
    description: text(),
    skipped: listOf(skippedImage),
    message: text(),
  }),
  V1Asset: asset,
  V1AssetPage: pageOf('V1Asset'),
  V1AssetFormats: objectOf<AssetFormatsResponseDto>({ original: ref('V1Asset'), formats: listOf(ref('V1Asset')), jobs: listOf(ref('V1FormatJob')) }),
  V1FormatJob: formatJob,
  V1FormatJobsCreated: objectOf<CreateFormatsResponseDto>({ jobs: listOf(ref('V1FormatJob')), creditsCharged: integer(), creditsRemaining: integer() }),
  V1Folder: objectOf<FolderDto>({ id: text({ format: 'uuid' }), name: text(), asset_count: integer(), created_at: text({ format: 'date-time' }), updated_at: text({ format: 'date-time' }) }),
  V1Generation: generation,
  V1GenerationPage: pageOf('V1Generation'),
  V1BulkStarted: objectOf<BulkStartResponseDto>({
    batchId: text({ format: 'uuid' }),
    total: integer(),
    folderId: text({ format: 'uuid' }),
    jobs: listOf(objectOf<BulkStartResponseDto['jobs'][number]>({ row: integer(), generationId: text({ format: 'uuid' }) })),
  }),
  V1BulkStatus: objectOf<BulkBatchStatusDto>({ batchId: text({ format: 'uuid' }), total: integer(), done: integer(), failed: integer(), rows: listOf(bulkRow) }),
  V1Ad: ad,
  V1AdList: objectOf<{ ads: AdDto[] }>({ ads: listOf(ref('V1Ad')) }),
  V1AdsCreated: objectOf<CreateAdsResponseDto>({
    ads: listOf(objectOf<CreateAdsResponseDto['ads'][number]>({ id: text({ format: 'uuid' }), placement: text({ enum: [...AD_FORMAT_IDS] }), status: text({ enum: [...AD_STATUSES] }) })),
  }),
  V1AdLayouts: objectOf<AdLayoutsResponseDto>({ layouts: listOf(adLayout) }),
  V1CreditBalance: objectOf<CreditBalanceDto>({ credits: integer() }),
  V1CreditTransaction: creditTransaction,
  V1CreditTransactionPage: pageOf('V1CreditTransaction'),
};

/** A reference to one of V1_SCHEMAS, for ApiOkResponse({ schema }). */
export const v1Schema = (name: V1SchemaName) => ref(name);
