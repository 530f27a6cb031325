export class EmailTakenError extends Error {}
export class InvalidCredentialsError extends Error {}
export class TooManyLoginAttemptsError extends Error {
  constructor(readonly retryAfterSeconds: number) {
    const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
    super(`Too many login attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`);
  }
}
