import type { AssetCountDto, AuthProvidersDto, BrandUsageDto, ProviderStatusDto } from '@brandloom/contracts';
import type { ReferenceObject, SchemaObject } from '@nestjs/swagger';
import { boolean, integer, listOf, objectOf, text } from './v1-schemas';

type AppSchemaName = 'Liveness' | 'ProviderStatus' | 'AssetCount' | 'BrandUsage' | 'AuthProviders';

const limit = integer({ nullable: true, description: 'null: no limit' });

/** Answers of the app's own (session) routes as named components; the public API's are V1_SCHEMAS. */
export const APP_SCHEMAS: Record<AppSchemaName, SchemaObject> = {
  Liveness: objectOf<{ status: 'ok' }>({ status: text({ enum: ['ok'] }) }),
  ProviderStatus: objectOf<ProviderStatusDto>({ isConfigured: boolean(), apiName: text(), features: listOf(text()) }),
  AssetCount: objectOf<AssetCountDto>({ count: integer() }),
  BrandUsage: objectOf<BrandUsageDto>({
    plan_tier: text(),
    profiles: objectOf<BrandUsageDto['profiles']>({ used: integer(), limit }),
    extractions: objectOf<BrandUsageDto['extractions']>({ usedToday: integer(), limit }),
  }),
  AuthProviders: objectOf<AuthProvidersDto>({ google: boolean({ description: 'Whether sign-in with Google is configured' }) }),
};

/** A reference to one of APP_SCHEMAS, for ApiOkResponse({ schema }). */
export const appSchema = (name: AppSchemaName): ReferenceObject => ({ $ref: `#/components/schemas/${name}` });

/** The image files the app serves (avatars, organization logos, blog images). */
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
