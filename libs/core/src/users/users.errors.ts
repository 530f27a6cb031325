import { DomainError } from '../infra/errors/domain-error';

/** Refused account input (wrong current password, mismatched confirmation, ...): 400 with the message. */
export class InvalidAccountInputError extends DomainError {
  readonly kind = 'invalid';
}

/** Something the account's state does not allow now (a sole owner with members leaving): 409. */
export class AccountConflictError extends DomainError {
  readonly kind = 'conflict';
}

export class ProfileImageError extends DomainError {
  constructor(message: string, readonly kind: 'too_large' | 'unsupported_type') {
    super(message);
  }
}

export class ProfileImageNotFoundError extends DomainError {
  readonly kind = 'not_found';

  constructor() {
    super('Image not found');
  }
}

export class TooManyResetRequestsError extends DomainError {
  readonly kind = 'limit';

  constructor(message: string, readonly retryAfterSeconds: number) {
    super(message);
  }
}
