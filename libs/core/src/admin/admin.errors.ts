import { DomainError } from '../infra/errors/domain-error';

export class AdminInvalidError extends DomainError {
  readonly kind = 'invalid';
  readonly code = 'admin_invalid';
}

export class AdminNotFoundError extends DomainError {
  readonly kind = 'not_found';
  readonly code = 'admin_not_found';
}

/** Removing the status of the only administrator (409). */
export class LastAdministratorError extends DomainError {
  readonly kind = 'conflict';
  readonly code = 'last_administrator';
}
