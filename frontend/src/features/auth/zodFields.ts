import { z } from 'zod';
import { translate } from '../../lib/i18n/translate';
import { isEmail, PASSWORD_MIN_LENGTH } from './validation';

// The rules of validation.ts as zod fields, for the account forms built on react-hook-form. Their
// messages are functions: written in the language active when the form is checked.
export const emailField = z.string().trim().refine(isEmail, () => ({ message: translate('auth.emailInvalid') }));
export const passwordField = z.string().refine(
  (value) => value.length >= PASSWORD_MIN_LENGTH,
  () => ({ message: translate('auth.passwordTooShort', { min: PASSWORD_MIN_LENGTH }) }),
);
