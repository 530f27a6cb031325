/**
 * Stable codes of every error answer, `{ statusCode, message, error, code, params?, ... }`: the same
 * in every language, so a client renders the message in its own words from `code` and `params`.
 * Snake case; a domain's codes start with its name where the word alone would be ambiguous. Each
 * domain error declares its code beside it (`libs/core/src/<domain>/<domain>.errors.ts`); the type
 * system checks it against this list. Renaming a code is a breaking change for clients.
 */

/** What the HTTP layer itself refuses: routes, sessions, origins, bodies, uploads, outages. */
export const COMMON_ERROR_CODES = [
  'validation_failed',
  'route_not_found',
  'not_authenticated',
  'admin_required',
  'foreign_origin',
  'json_only',
  'multipart_only',
  'form_only',
  'malformed_json',
  'malformed_multipart',
  'body_too_large',
  'body_unreadable',
  'body_encoding_unsupported',
  'input_too_deep',
  'input_invalid_text',
  'upload_file_too_large',
  'upload_refused',
  'image_damaged',
  'database_unavailable',
  'internal_error',
  // An error that carried no code of its own (a framework's), by its status.
  'bad_request',
  'unauthorized',
  'forbidden',
  'not_found',
  'method_not_allowed',
  'conflict',
  'payload_too_large',
  'unsupported_media_type',
  'too_many_requests',
  'service_unavailable',
  'request_failed',
] as const;

export const AUTH_ERROR_CODES = [
  'email_taken',
  'invalid_credentials',
  'login_attempts_limit',
  'registration_limit',
  'google_not_configured',
  'google_sign_in_failed',
  'google_sign_in_unverified',
] as const;

export const USERS_ERROR_CODES = [
  'account_input_invalid',
  'account_conflict',
  'nothing_to_update',
  'passwords_do_not_match',
  'profile_image_required',
  'profile_image_too_large',
  'profile_image_type',
  'profile_image_not_found',
  'password_reset_limit',
] as const;

export const ORGANIZATIONS_ERROR_CODES = [
  'organization_not_found',
  'organization_input_invalid',
  'team_permission',
  'member_not_found',
  'invitation_not_found',
  'team_conflict',
  'invitation_gone',
  'invitation_mail_limit',
  'logo_required',
  'logo_too_large',
  'logo_type',
] as const;

export const CREDITS_ERROR_CODES = ['insufficient_credits', 'credits_grant_too_large', 'credits_balance_limit', 'debit_not_found', 'refund_exceeds_debit', 'credits_cursor_invalid'] as const;

export const BILLING_ERROR_CODES = [
  'payments_not_configured',
  'product_not_purchasable',
  'product_not_found',
  'wrong_product_type',
  'subscription_exists',
  'webhook_invalid',
  'payment_provider_error',
] as const;

export const GENERATION_ERROR_CODES = [
  'generation_not_found',
  'generation_cursor_invalid',
  'generation_not_retryable',
  'image_size_unsupported',
  'reference_images_too_many',
  'reference_image_type',
  'reference_image_too_large',
  'reference_image_invalid',
  'reference_image_not_found',
  'reference_image_field_unexpected',
] as const;

export const BULK_ERROR_CODES = ['bulk_csv_invalid', 'bulk_csv_type', 'bulk_csv_required', 'bulk_csv_too_large', 'bulk_batch_not_found'] as const;

export const BRAND_PROFILES_ERROR_CODES = [
  'brand_profile_not_found',
  'brand_profile_limit',
  'brand_profile_invalid',
  'brand_extraction_limit',
  'brand_images_too_many',
  'brand_images_too_large',
  'brand_images_too_few',
  'brand_images_none_valid',
  'brand_extraction_failed',
  'brand_extraction_timeout',
  'brand_extraction_unavailable',
  'brand_extraction_not_found',
  'brand_logo_required',
  'brand_logo_type',
  'brand_logo_too_large',
  'brand_logo_variant_invalid',
  'brand_logo_not_found',
] as const;

export const LIBRARY_ERROR_CODES = ['asset_not_found', 'asset_cursor_invalid', 'asset_variant_invalid', 'library_invalid', 'folder_not_found', 'folder_invalid', 'folder_name_taken'] as const;

export const FORMATS_ERROR_CODES = ['format_invalid', 'format_job_not_found', 'format_queue_unavailable'] as const;

export const ADS_ERROR_CODES = ['ad_invalid', 'ad_not_found', 'ad_copy_does_not_fit', 'ad_queue_unavailable', 'ad_copy_not_configured', 'ad_copy_failed', 'ad_translation_not_configured', 'ad_translation_failed'] as const;

export const META_ERROR_CODES = [
  'meta_not_configured',
  'meta_plan_required',
  'meta_not_connected',
  'meta_state_invalid',
  'meta_token_expired',
  'meta_rate_limited',
  'meta_graph_retired',
  'meta_api_error',
  'meta_not_found',
  'meta_request_invalid',
  'meta_push_failed',
  'meta_unreachable',
] as const;
export type MetaErrorCode = (typeof META_ERROR_CODES)[number];
export const isMetaErrorCode = (value: unknown): value is MetaErrorCode => (META_ERROR_CODES as readonly unknown[]).includes(value);

/** Any ad network's (a network's own errors are in its list, as Meta's above). */
export const AD_NETWORK_ERROR_CODES = ['ad_network_unknown'] as const;

export const BLOG_ERROR_CODES = ['blog_invalid', 'blog_post_not_found', 'blog_slug_taken', 'blog_image_required', 'blog_image_too_large', 'blog_image_type'] as const;

export const ADMIN_ERROR_CODES = ['admin_invalid', 'job_not_retryable', 'job_kind_unknown', 'generation_already_retried', 'event_already_retried', 'admin_not_found', 'admin_list_query_invalid', 'last_administrator'] as const;

export const PAID_CALLS_ERROR_CODES = ['paid_call_limit'] as const;

export const API_KEYS_ERROR_CODES = [
  'api_key_invalid',
  'api_key_scope_missing',
  'api_key_rate_limited',
  'api_key_permission',
  'api_key_not_found',
  'api_key_input_invalid',
  'api_key_limit',
  'idempotency_key_invalid',
  'idempotency_key_reused',
  'idempotency_request_in_flight',
] as const;
export const WEBHOOKS_ERROR_CODES = ['webhook_endpoint_not_found', 'webhook_delivery_not_found', 'webhook_permission', 'webhook_endpoint_invalid', 'webhook_url_refused', 'webhook_endpoint_limit'] as const;

/** Every code an error answer may carry, one list per domain. */
export const ERROR_CODES = [
  ...COMMON_ERROR_CODES,
  ...AUTH_ERROR_CODES,
  ...USERS_ERROR_CODES,
  ...ORGANIZATIONS_ERROR_CODES,
  ...CREDITS_ERROR_CODES,
  ...BILLING_ERROR_CODES,
  ...GENERATION_ERROR_CODES,
  ...BULK_ERROR_CODES,
  ...BRAND_PROFILES_ERROR_CODES,
  ...LIBRARY_ERROR_CODES,
  ...FORMATS_ERROR_CODES,
  ...ADS_ERROR_CODES,
  ...META_ERROR_CODES,
  ...AD_NETWORK_ERROR_CODES,
  ...BLOG_ERROR_CODES,
  ...ADMIN_ERROR_CODES,
  ...PAID_CALLS_ERROR_CODES,
  ...API_KEYS_ERROR_CODES,
  ...WEBHOOKS_ERROR_CODES,
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** Values a message names (a minimum, a limit, a wait in seconds), for a translation to name them too. */
export type ErrorParams = Record<string, string | number | boolean | ReadonlyArray<string | number>>;

/**
 * Why one field of a request failed validation (`errors` of a `validation_failed` answer). Built-in
 * constraints map to these codes with their arguments as params (minLength → too_short {min}, ...);
 * a field rule says its own code, or `invalid`.
 */
export const FIELD_ERROR_CODES = [
  'invalid',
  'required',
  'unknown_field',
  'too_short',
  'too_long',
  'length_out_of_range',
  'too_small',
  'too_large',
  'out_of_range',
  'too_many',
  'not_allowed',
  'not_a_string',
  'not_a_number',
  'not_an_integer',
  'not_a_boolean',
  'not_an_email',
  'not_a_url',
  'not_a_uuid',
  'not_an_array',
  'not_an_object',
  'not_equal',
] as const;
export type FieldErrorCode = (typeof FIELD_ERROR_CODES)[number];

/** One failing field: `field` is its path (`items[0].name`), `message` the English text. */
export interface FieldError {
  field: string;
  code: FieldErrorCode;
  message: string;
  params?: ErrorParams;
}

/** A field rule's answer when a message alone does not say enough for a translation. */
export interface FieldProblem {
  code: FieldErrorCode;
  message: string;
  params?: ErrorParams;
}

/** The body of every error answer. */
export interface ErrorBody {
  statusCode: number;
  message: string | string[];
  error: string;
  code: ErrorCode;
  params?: ErrorParams;
  /** `validation_failed` only: every failing field. (A bulk CSV's `errors` are its refused rows instead.) */
  errors?: FieldError[] | unknown[];
}
