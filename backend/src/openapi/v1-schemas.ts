import {
  type ApiGenerationDto,
  type ApiPage,
  type AssetDto,
  AD_LOGO_VARIANTS,
  type BrandLogoDto,
  type BrandProfileDto,
  type BrandSourceImageDto,
  CREDIT_TRANSACTION_STATUSES,
  CREDIT_TRANSACTION_TYPES,
  type CreditBalanceDto,
  type CreditTransactionDto,
  GENERATION_STATUSES,
  QUALITIES,
} from '@brandloom/contracts';
import type { SchemaObject } from '@nestjs/swagger';

type V1SchemaName = 'V1BrandProfile' | 'V1BrandSourceImage' | 'V1BrandLogo' | 'V1Asset' | 'V1AssetPage' | 'V1Generation' | 'V1GenerationPage' | 'V1CreditBalance' | 'V1CreditTransaction' | 'V1CreditTransactionPage';

/** An object schema naming every field of T (the compiler refuses one that forgets a field). */
function objectOf<T>(properties: { [K in keyof Required<T>]: SchemaObject }, optional: Array<keyof T> = []): SchemaObject {
  const names = Object.keys(properties) as Array<keyof T & string>;
  return { type: 'object', required: names.filter((name) => !optional.includes(name)), properties };
}

const text = (extra: SchemaObject = {}): SchemaObject => ({ type: 'string', ...extra });
const nullableText = (extra: SchemaObject = {}): SchemaObject => ({ type: 'string', nullable: true, ...extra });
const integer = (extra: SchemaObject = {}): SchemaObject => ({ type: 'integer', ...extra });
const ref = (name: V1SchemaName) => ({ $ref: `#/components/schemas/${name}` });
const pageOf = (name: V1SchemaName): SchemaObject =>
  objectOf<ApiPage<unknown>>({ data: { type: 'array', items: ref(name) }, next_cursor: nullableText({ description: 'Pass back as `cursor` for the next page; null on the last' }) });

const asset = objectOf<AssetDto>(
  {
    id: text({ format: 'uuid' }),
    name: text(),
    s3_key: text(),
    thumbnail_key: nullableText(),
    content_type: text(),
    width: integer(),
    height: integer(),
    file_size: integer(),
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
  s3_key: text(),
  thumbnail_key: nullableText(),
  content_type: text(),
  width: integer(),
  height: integer(),
  file_size: integer(),
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
const brandProfile = objectOf<BrandProfileDto>({
  id: text({ format: 'uuid' }),
  name: text(),
  description: nullableText(),
  brand_data: {
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
  },
  asset_count: integer(),
  created_at: text({ format: 'date-time' }),
  updated_at: text({ format: 'date-time' }),
  source_images: { type: 'array', items: ref('V1BrandSourceImage') },
  logos: { type: 'array', items: ref('V1BrandLogo') },
});

/** The public API's answers as named components, so generated clients get real types for them. */
export const V1_SCHEMAS: Record<V1SchemaName, SchemaObject> = {
  V1BrandProfile: brandProfile,
  V1BrandSourceImage: brandSourceImage,
  V1BrandLogo: brandLogo,
  V1Asset: asset,
  V1AssetPage: pageOf('V1Asset'),
  V1Generation: generation,
  V1GenerationPage: pageOf('V1Generation'),
  V1CreditBalance: objectOf<CreditBalanceDto>({ credits: integer() }),
  V1CreditTransaction: creditTransaction,
  V1CreditTransactionPage: pageOf('V1CreditTransaction'),
};

/** A reference to one of V1_SCHEMAS, for ApiOkResponse({ schema }). */
export const v1Schema = (name: V1SchemaName) => ref(name);
