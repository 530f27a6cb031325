import { AUTH_MESSAGES } from '@brandloom/contracts';
import { DomainError } from '../infra/errors/domain-error';

export class EmailTakenError extends DomainError {
  readonly kind = 'conflict';
  readonly code = 'email_taken';

  constructor(message: string = AUTH_MESSAGES.emailTaken) {
    super(message);
  }
}

export class InvalidCredentialsError extends DomainError {
  readonly kind = 'unauthorized';
  readonly code = 'invalid_credentials';

  constructor(message: string = AUTH_MESSAGES.invalidCredentials) {
    super(message);
  }
}

export class TooManyLoginAttemptsError extends DomainError {
  readonly kind = 'limit';
  readonly code = 'login_attempts_limit';
  readonly params: { minutes: number };

  constructor(readonly retryAfterSeconds: number) {
    const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
    super(`Too many login attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`);
    this.params = { minutes };
  }
}

export class TooManyRegistrationsError extends DomainError {
  readonly kind = 'limit';
  readonly code = 'registration_limit';
  readonly params: { minutes: number };

  constructor(readonly retryAfterSeconds: number) {
    const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
    super(`Too many sign-ups from your network. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`);
    this.params = { minutes };
  }
}
