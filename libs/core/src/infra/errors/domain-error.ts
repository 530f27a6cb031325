import type { ErrorCode, ErrorParams } from '@brandloom/contracts';

/**
 * What went wrong, in the domain's words. One filter (backend/src/common/domain-error.filter.ts)
 * turns each kind into its HTTP status, so domains never speak HTTP.
 */
export type DomainErrorKind =
  | 'invalid'
  | 'unauthorized'
  | 'payment_required'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'too_large'
  | 'unsupported_type'
  | 'unprocessable'
  | 'limit'
  | 'bad_gateway'
  | 'unavailable'
  | 'timeout';

/** The base of every error a domain raises for its caller to see (message included). */
export abstract class DomainError extends Error {
  abstract readonly kind: DomainErrorKind;
  /** Stable, the same in every language (one of ERROR_CODES): a client renders its own message from it. */
  abstract readonly code: ErrorCode;
  /** The values the message names (a limit, a wait), for a translation of the message to name them too. */
  readonly params?: ErrorParams;
  /** Fields added to the error body beside {statusCode, message, error} (e.g. a CSV's row errors). */
  readonly details?: Record<string, unknown>;
  /** For 'limit': when the caller may try again (the Retry-After header). */
  readonly retryAfterSeconds?: number;

  constructor(message?: string, options?: ErrorOptions) {
    super(message, options);
    this.name = new.target.name;
  }
}

/**
 * The base of an error whose kind, code and (usually) message are fixed, which is most of them:
 * `export class FolderNotFoundError extends domainError('not_found', 'folder_not_found', MESSAGES.folderNotFound) {}`.
 * A caller may still pass another message (a more precise one), as with any DomainError.
 */
export function domainError<K extends DomainErrorKind, C extends ErrorCode>(kind: K, code: C, defaultMessage?: string) {
  return class extends DomainError {
    readonly kind: K = kind;
    readonly code: C = code;

    constructor(message: string | undefined = defaultMessage, options?: ErrorOptions) {
      super(message, options);
    }
  };
}
