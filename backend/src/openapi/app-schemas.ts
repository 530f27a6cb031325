import { API_KEY_SCOPES, type ApiKeyDto, type AssetCountDto, type AuthProvidersDto, type BrandUsageDto, type CreatedApiKeyDto, type ProviderStatusDto } from '@brandloom/contracts';
import type { ReferenceObject, SchemaObject } from '@nestjs/swagger';
import { ACCOUNT_SCHEMAS } from './account-schemas';
import { ADMIN_SCHEMAS } from './admin-schemas';
import { BILLING_SCHEMAS } from './billing-schemas';
import { BLOG_SCHEMAS } from './blog-schemas';
import { META_SCHEMAS } from './meta-schemas';
import { RESULTS_SCHEMAS } from './results-schemas';
import { STUDIO_SCHEMAS } from './studio-schemas';
import { boolean, integer, listOf, nullableText, objectOf, text } from './v1-schemas';

type BaseSchemaName = 'Liveness' | 'ProviderStatus' | 'AssetCount' | 'BrandUsage' | 'AuthProviders' | 'ApiKey' | 'CreatedApiKey';

const limit = integer({ nullable: true, description: 'null: no limit' });

const apiKeyFields = {
  id: text({ format: 'uuid' }),
  name: text(),
  prefix: text({ description: 'The key’s first characters (bl_live_abcd), to tell keys apart' }),
  scopes: listOf(text({ enum: [...API_KEY_SCOPES] })),
  created_by: {
    ...objectOf<NonNullable<ApiKeyDto['created_by']>>({ id: text({ format: 'uuid' }), email: text(), username: text() }),
    nullable: true,
    description: 'Who created it (null once that account is deleted)',
  },
  created_at: text({ format: 'date-time' }),
  last_used_at: nullableText({ format: 'date-time' }),
};

const BASE_SCHEMAS: Record<BaseSchemaName, SchemaObject> = {
  Liveness: objectOf<{ status: 'ok' }>({ status: text({ enum: ['ok'] }) }),
  ProviderStatus: objectOf<ProviderStatusDto>({ isConfigured: boolean(), apiName: text(), features: listOf(text()) }),
  AssetCount: objectOf<AssetCountDto>({ count: integer() }),
  BrandUsage: objectOf<BrandUsageDto>({
    plan_tier: text(),
    profiles: objectOf<BrandUsageDto['profiles']>({ used: integer(), limit }),
    extractions: objectOf<BrandUsageDto['extractions']>({ usedToday: integer(), limit }),
  }),
  AuthProviders: objectOf<AuthProvidersDto>({ google: boolean({ description: 'Whether sign-in with Google is configured' }) }),
  ApiKey: objectOf<ApiKeyDto>(apiKeyFields),
  CreatedApiKey: objectOf<CreatedApiKeyDto>({ ...apiKeyFields, key: text({ description: 'The whole key, shown this once' }) }),
};

/** Answers of the app's own (session) routes as named components; the public API's are V1_SCHEMAS. */
export const APP_SCHEMAS = { ...BASE_SCHEMAS, ...ACCOUNT_SCHEMAS, ...BILLING_SCHEMAS, ...STUDIO_SCHEMAS, ...META_SCHEMAS, ...BLOG_SCHEMAS, ...RESULTS_SCHEMAS, ...ADMIN_SCHEMAS };
type AppSchemaName = keyof typeof APP_SCHEMAS;

/** A reference to one of APP_SCHEMAS, for ApiOkResponse({ schema }). */
export const appSchema = (name: AppSchemaName): ReferenceObject => ({ $ref: `#/components/schemas/${name}` });

/** The image files the app serves (avatars, organization logos, blog images). */
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
