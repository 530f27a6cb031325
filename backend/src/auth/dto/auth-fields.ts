import { AUTH_MESSAGES } from '@brandloom/contracts';
import type { ValidationArguments } from 'class-validator';

/**
 * One validator per field (class-validator's Length also refuses non-strings), so a missing or
 * wrong field gives exactly one message, always the product's wording.
 */
export const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

/** Long enough for any passphrase, short enough that hashing it costs nothing extra. */
export const PASSWORD_MAX_LENGTH = 200;

const tooLong = (args: ValidationArguments, max: number) => typeof args.value === 'string' && args.value.length > max;

export const passwordMessage = (args: ValidationArguments) =>
  tooLong(args, PASSWORD_MAX_LENGTH) ? `Password must be at most ${PASSWORD_MAX_LENGTH} characters` : AUTH_MESSAGES.passwordTooShort;

export const usernameMessage = (args: ValidationArguments) =>
  tooLong(args, 100) ? 'Username must be at most 100 characters' : 'Username must be at least 2 characters';
