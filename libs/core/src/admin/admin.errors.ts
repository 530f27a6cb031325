import type { ErrorCode } from '@brandloom/contracts';
import { DomainError, domainError } from '../infra/errors/domain-error';

export class AdminInvalidError extends DomainError {
  readonly kind = 'invalid';
  readonly code: ErrorCode;

  constructor(message: string, code: ErrorCode = 'admin_invalid') {
    super(message);
    this.code = code;
  }
}

export class AdminNotFoundError extends domainError('not_found', 'admin_not_found') {}

/** Removing the status of the only administrator (409). */
export class LastAdministratorError extends domainError('conflict', 'last_administrator') {}

/** A retry of something that was retried already, or is not in a retryable state any more (409). */
export class JobRetryConflictError extends DomainError {
  readonly kind = 'conflict';
  readonly code: ErrorCode;

  constructor(message: string, code: ErrorCode) {
    super(message);
    this.code = code;
  }
}
