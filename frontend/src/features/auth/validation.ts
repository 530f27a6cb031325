import { translate } from '../../lib/i18n/translate';

// Sign-in rules, shared by sign-in and registration. Plain functions, so the pre-rendered
// sign-in and sign-up pages check them without a schema library; zodFields.ts gives the other
// account forms the same rules as zod fields.

export const EMAIL_MESSAGE = 'Please enter a valid email address';
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MESSAGE = `Password must be at least ${PASSWORD_MIN_LENGTH} characters`;

// The address pattern of zod's string().email().
const EMAIL_PATTERN = /^(?!\.)(?!.*\.\.)([A-Z0-9_'+\-.]*)[A-Z0-9_+-]@([A-Z0-9][A-Z0-9-]*\.)+[A-Z]{2,}$/i;

export const isEmail = (value: string): boolean => EMAIL_PATTERN.test(value);

// The messages are in the active language (en-US: EMAIL_MESSAGE and PASSWORD_MESSAGE).

/** The message for an email field's value (spaces around it do not count), or undefined when it is valid. */
export const checkEmail = (value: string): string | undefined => (isEmail(value.trim()) ? undefined : translate('auth.emailInvalid'));

/** The message for a password field's value, or undefined when it is long enough. */
export const checkPassword = (value: string): string | undefined =>
  value.length >= PASSWORD_MIN_LENGTH ? undefined : translate('auth.passwordTooShort', { min: PASSWORD_MIN_LENGTH });
