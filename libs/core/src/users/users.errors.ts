import { DomainError, domainError } from '../infra/errors/domain-error';

/** Refused account input (wrong current password, mismatched confirmation, ...): 400 with the message. */
export class InvalidAccountInputError extends domainError('invalid', 'account_input_invalid') {}

/** Something the account's state does not allow now (a sole owner with members leaving): 409. */
export class AccountConflictError extends domainError('conflict', 'account_conflict') {}

export class ProfileImageError extends DomainError {
  readonly code: 'profile_image_too_large' | 'profile_image_type';

  constructor(message: string, readonly kind: 'too_large' | 'unsupported_type') {
    super(message);
    this.code = kind === 'too_large' ? 'profile_image_too_large' : 'profile_image_type';
  }
}

export class ProfileImageNotFoundError extends domainError('not_found', 'profile_image_not_found', 'Image not found') {}

export class TooManyResetRequestsError extends DomainError {
  readonly kind = 'limit';
  readonly code = 'password_reset_limit';
  readonly params: { retryAfterSeconds: number };

  constructor(message: string, readonly retryAfterSeconds: number) {
    super(message);
    this.params = { retryAfterSeconds: Math.ceil(retryAfterSeconds) };
  }
}
