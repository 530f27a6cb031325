import { AUTH_MESSAGES } from '@brandloom/contracts';
import { DomainError, domainError } from '../infra/errors/domain-error';

export class EmailTakenError extends domainError('conflict', 'email_taken', AUTH_MESSAGES.emailTaken) {}

export class InvalidCredentialsError extends domainError('unauthorized', 'invalid_credentials', AUTH_MESSAGES.invalidCredentials) {}

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
