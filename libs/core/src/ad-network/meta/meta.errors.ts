import { isMetaErrorCode, META_MESSAGES, type MetaErrorCode } from '@brandloom/contracts';
import { DomainError, domainError } from '../../infra/errors/domain-error';

export class MetaNotConfiguredError extends domainError('unavailable', 'meta_not_configured', META_MESSAGES.notConfigured) {}

/** The organization's plan does not include the integration (docs/decisions.md: Team+ only). */
export class MetaPlanRequiredError extends domainError('forbidden', 'meta_plan_required', META_MESSAGES.planRequired) {}

export class MetaNotConnectedError extends domainError('conflict', 'meta_not_connected', `${META_MESSAGES.notConnected}. ${META_MESSAGES.notConnectedDescription}`) {}

/** The OAuth state is wrong, missing, expired or was used already. */
export class MetaInvalidStateError extends domainError('forbidden', 'meta_state_invalid', META_MESSAGES.invalidState) {}

/** Meta refused the token (Graph code 190): the connection is marked expired. */
export class MetaTokenExpiredError extends domainError('conflict', 'meta_token_expired', META_MESSAGES.expired) {}

/** Graph codes 4, 17, 32, 613. */
export class MetaRateLimitedError extends domainError('limit', 'meta_rate_limited', META_MESSAGES.rateLimited) {
  override readonly retryAfterSeconds = 300;
  override readonly params = { retryAfterSeconds: this.retryAfterSeconds };
}

/**
 * Meta answered that the Graph API version in use (code 2635), or a field or call of it (code 12,
 * code 100 'nonexisting field'), is retired: the user gets a message about the version, never
 * Meta's text; administrators get the details (MetaGraphWarnings).
 */
export class MetaGraphRetiredError extends DomainError {
  readonly kind = 'unavailable';
  readonly code = 'meta_graph_retired';
  readonly params: { graphVersion: string; wholeVersion: boolean };
  constructor(
    readonly graphVersion: string,
    readonly wholeVersion: boolean,
  ) {
    super(wholeVersion ? META_MESSAGES.versionRetired(graphVersion) : META_MESSAGES.featureRetired(graphVersion));
    this.params = { graphVersion, wholeVersion };
  }
}

/** Any other Graph error, with Meta's own message. */
export class MetaApiError extends DomainError {
  readonly kind = 'bad_gateway';
  readonly code = 'meta_api_error';
  constructor(metaMessage: string) {
    super(`Meta answered: ${metaMessage}`);
  }
}

export class MetaNotFoundError extends domainError('not_found', 'meta_not_found') {}

export class MetaInvalidRequestError extends domainError('invalid', 'meta_request_invalid') {}

/** A push that ended failed: the message says why (Meta's words, or the reconnect and rate-limit messages). */
/** A push that ended failed: its stored reason, answered with that reason's own code (meta_push_failed when it has none). */
export class MetaPushFailedError extends DomainError {
  readonly kind = 'bad_gateway';
  readonly code: MetaErrorCode;
  constructor(message: string, code: string | null) {
    super(message);
    this.code = isMetaErrorCode(code) ? code : 'meta_push_failed';
  }
}

/** Meta could not be reached (network, timeout): worth another attempt. */
export class MetaUnreachableError extends domainError('bad_gateway', 'meta_unreachable') {}
