import { AUTH_MESSAGES } from '@brandloom/contracts';
import { DomainError, domainError } from '../infra/errors/domain-error';

export class EmailTakenError extends domainError('conflict', 'email_taken', AUTH_MESSAGES.emailTaken) {}

export class InvalidCredentialsError extends domainError('unauthorized', 'invalid_credentials', AUTH_MESSAGES.invalidCredentials) {}

/** A throttle's refusal: the message says when to try again in whole minutes (at least one), which its params name. */
abstract class ThrottledError extends DomainError {
  readonly kind = 'limit';
  readonly params: { minutes: number };

  constructor(readonly retryAfterSeconds: number, refusal: string) {
    const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
    super(`${refusal} Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`);
    this.params = { minutes };
  }
}

export class TooManyLoginAttemptsError extends ThrottledError {
  readonly code = 'login_attempts_limit';

  constructor(retryAfterSeconds: number) {
    super(retryAfterSeconds, 'Too many login attempts.');
  }
}

export class TooManyRegistrationsError extends ThrottledError {
  readonly code = 'registration_limit';

  constructor(retryAfterSeconds: number) {
    super(retryAfterSeconds, 'Too many sign-ups from your network.');
  }
}
