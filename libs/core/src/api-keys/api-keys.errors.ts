import { API_KEY_MESSAGES, type ApiKeyScope } from '@brandloom/contracts';
import { DomainError, domainError } from '../infra/errors/domain-error';
import type { ApiRateLimitStatus } from './api-rate-limits';

/** An unknown, revoked or malformed key: one answer for all, so a caller learns nothing about which (401). */
export class ApiKeyInvalidError extends domainError('unauthorized', 'api_key_invalid', API_KEY_MESSAGES.invalidKey) {}

/** The key works but was not given the scope the route needs (403, naming the scope). */
export class ApiKeyScopeMissingError extends DomainError {
  readonly kind = 'forbidden';
  readonly code = 'api_key_scope_missing';
  readonly params: { scope: ApiKeyScope };

  constructor(scope: ApiKeyScope) {
    super(API_KEY_MESSAGES.missingScope(scope));
    this.params = { scope };
  }
}

/** A key, or its organization, used up its requests of the minute (429 with Retry-After). */
export class ApiRateLimitedError extends DomainError {
  readonly kind = 'limit';
  readonly code = 'api_key_rate_limited';
  readonly params: { retryAfterSeconds: number; limit: 'key' | 'organization' };

  readonly retryAfterSeconds: number;

  constructor(
    limit: 'key' | 'organization',
    /** The allowance that refused, for the RateLimit-* headers of the answer. */
    readonly status: ApiRateLimitStatus,
  ) {
    super(limit === 'key' ? API_KEY_MESSAGES.rateLimited(status.resetSeconds) : API_KEY_MESSAGES.organizationRateLimited(status.resetSeconds));
    this.retryAfterSeconds = status.resetSeconds;
    this.params = { retryAfterSeconds: status.resetSeconds, limit };
  }
}

/** Members who are not owner or admin manage no keys (403). */
export class ApiKeyPermissionError extends domainError('forbidden', 'api_key_permission', API_KEY_MESSAGES.managersOnly) {}

/** No active key with that id in the caller's organization (404). */
export class ApiKeyNotFoundError extends domainError('not_found', 'api_key_not_found', API_KEY_MESSAGES.notFound) {}

/** A name or scopes the HTTP layer validates too, checked again for other callers (400). */
export class ApiKeyValidationError extends domainError('invalid', 'api_key_input_invalid') {}

/** The organization holds API_KEYS_MAX_PER_ORGANIZATION active keys already (409). */
export class ApiKeyLimitError extends domainError('conflict', 'api_key_limit', API_KEY_MESSAGES.tooManyKeys) {}

/** An Idempotency-Key header that is empty, too long or not visible ASCII (400). */
export class IdempotencyKeyInvalidError extends domainError('invalid', 'idempotency_key_invalid', API_KEY_MESSAGES.idempotencyKeyInvalid) {}

/** The same Idempotency-Key with another request (method, path or body) within its 24 hours (422). */
export class IdempotencyKeyReusedError extends domainError('unprocessable', 'idempotency_key_reused', API_KEY_MESSAGES.idempotencyKeyReused) {}

/** The first request with this Idempotency-Key is still running (409): retry for its answer. */
export class IdempotencyRequestInFlightError extends domainError('conflict', 'idempotency_request_in_flight', API_KEY_MESSAGES.idempotencyInFlight) {
  override readonly retryAfterSeconds = 1;
}
