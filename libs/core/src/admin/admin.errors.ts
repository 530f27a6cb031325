import { DomainError } from '../infra/errors/domain-error';

export class AdminInvalidError extends DomainError {
  readonly kind = 'invalid';
  declare readonly details?: { code: string };

  constructor(message: string, code?: string) {
    super(message);
    if (code) this.details = { code };
  }
}

export class AdminNotFoundError extends DomainError {
  readonly kind = 'not_found';
}

/** Removing the status of the only administrator (409). */
export class LastAdministratorError extends DomainError {
  readonly kind = 'conflict';
}

/** A retry of something that was retried already, or is not in a retryable state any more (409). */
export class JobRetryConflictError extends DomainError {
  readonly kind = 'conflict';
  readonly details: { code: string };

  constructor(message: string, code: string) {
    super(message);
    this.details = { code };
  }
}
