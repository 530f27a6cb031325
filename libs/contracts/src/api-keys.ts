// The public API's keys and its wire contract: scopes, key management answers, the /api/v1 headers
// and messages, shared by the API, its documentation and the Settings screen.
import type { GenerationStatus, Quality } from './generation';
import type { ImageSize } from './image-sizes';
import type { AssetDto } from './library';

/** What a key may do; a key carries at least one. */
export const API_KEY_SCOPES = ['generate', 'assets:read', 'assets:write', 'brand:read', 'brand:write', 'ads:write', 'webhooks'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** What each scope lets a key do (Settings shows these beside the checkboxes). */
export const API_KEY_SCOPE_DESCRIPTIONS: Record<ApiKeyScope, string> = {
  generate: 'Create generations and ad formats (spends credits)',
  'assets:read': 'List, read and download assets and folders',
  'assets:write': 'Rename, move and delete assets; manage folders',
  'brand:read': 'Read brand profiles',
  'brand:write': 'Create brand profiles and extract brands',
  'ads:write': 'Create ads',
  webhooks: 'Manage webhook endpoints',
};

/** `bl_live_` in production, `bl_test_` elsewhere, then the random part. */
export const API_KEY_PREFIXES = { live: 'bl_live_', test: 'bl_test_' } as const;
/** How many characters of a key are kept in the clear to tell keys apart (the environment prefix and 4 more). */
export const API_KEY_DISPLAY_LENGTH = 12;
export const API_KEY_NAME_MAX_LENGTH = 100;
/** Keys an organization may hold at once (revoked ones do not count). */
export const API_KEYS_MAX_PER_ORGANIZATION = 50;

/** The header a POST under /api/v1 may carry to be run at most once. */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
export const IDEMPOTENCY_KEY_MAX_LENGTH = 255;
/** How long an Idempotency-Key answers its first answer. */
export const IDEMPOTENCY_KEY_TTL_HOURS = 24;
/** Set on an answer repeated for an Idempotency-Key instead of doing the work again. */
export const IDEMPOTENT_REPLAYED_HEADER = 'Idempotent-Replayed';

/** The public surface's path, below /api. */
export const PUBLIC_API_PREFIX = 'v1';

export const API_KEY_MESSAGES = {
  invalidKey: 'Invalid API key',
  missingKey: 'Send an API key: Authorization: Bearer bl_…',
  missingScope: (scope: ApiKeyScope) => `This API key lacks the '${scope}' scope`,
  managersOnly: 'Only owners and admins can manage API keys',
  notFound: 'API key not found',
  nameRequired: 'Name is required',
  nameTooLong: `Name must be at most ${API_KEY_NAME_MAX_LENGTH} characters`,
  scopesRequired: 'Choose at least one scope',
  scopeUnknown: `scopes must be some of: ${API_KEY_SCOPES.join(', ')}`,
  tooManyKeys: `An organization can hold at most ${API_KEYS_MAX_PER_ORGANIZATION} active API keys; revoke one first`,
  rateLimited: (seconds: number) => `Too many requests for this API key; try again in ${Math.max(1, Math.ceil(seconds))} seconds`,
  organizationRateLimited: (seconds: number) => `Too many API requests for this organization; try again in ${Math.max(1, Math.ceil(seconds))} seconds`,
  idempotencyKeyInvalid: `Idempotency-Key must be 1 to ${IDEMPOTENCY_KEY_MAX_LENGTH} visible ASCII characters`,
  idempotencyKeyReused: 'This Idempotency-Key was used with a different request; use a new key for a new request',
  idempotencyInFlight: 'A request with this Idempotency-Key is still in progress; retry once it has finished',
} as const;

/** POST /api/api-keys */
export interface CreateApiKeyRequest {
  name: string;
  scopes: ApiKeyScope[];
}

/** One key as GET /api/api-keys lists it: never the key itself. */
export interface ApiKeyDto {
  id: string;
  name: string;
  /** The key's first characters (`bl_live_abcd`), to tell keys apart. */
  prefix: string;
  scopes: ApiKeyScope[];
  /** Who created it (null once that account is deleted). */
  created_by: { id: string; email: string; username: string } | null;
  created_at: string;
  last_used_at: string | null;
}

/** The answer of POST /api/api-keys: the key, shown this once. */
export interface CreatedApiKeyDto extends ApiKeyDto {
  key: string;
}

/** A page of a /api/v1 list: `next_cursor`, passed back as `cursor`, gives the next page. */
export interface ApiPage<T> {
  data: T[];
  next_cursor: string | null;
}

/** `limit` of the /api/v1 lists. */
export const API_LIST_DEFAULT_LIMIT = 30;
export const API_LIST_MAX_LIMIT = 100;
export const API_LIST_MESSAGES = {
  invalidLimit: `limit must be a whole number from 1 to ${API_LIST_MAX_LIMIT}`,
  invalidCursor: 'Invalid cursor',
} as const;

/** A generation as /api/v1/generations answers it; `assets` are its images once completed. */
export interface ApiGenerationDto {
  id: string;
  status: GenerationStatus;
  /** 0 to 100. */
  progress: number;
  message: string | null;
  /** Why it failed (status 'failed'). */
  error: string | null;
  prompt: string;
  quality: Quality;
  size: ImageSize;
  variation_count: number;
  brand_profile_id: string | null;
  batch_id: string | null;
  folder_id: string | null;
  credits_charged: number;
  credits_refunded: number;
  created_at: string;
  completed_at: string | null;
  /** Server-sent events of its progress (`progress`, `completed`, `error`, then `close`). */
  progress_url: string;
  assets: AssetDto[];
}

/** POST /api/v1/generations/bulk: the app's bulk CSV (same columns and rules), as text. */
export interface ApiBulkGenerationRequest {
  csv: string;
  defaultBrandProfileId?: string;
  defaultQuality?: Quality;
  defaultFormats?: string;
}
