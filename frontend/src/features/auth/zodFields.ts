import { z } from 'zod';
import { EMAIL_MESSAGE, isEmail, PASSWORD_MESSAGE, PASSWORD_MIN_LENGTH } from './validation';

// The rules of validation.ts as zod fields, for the account forms built on react-hook-form.
export const emailField = z.string().trim().refine(isEmail, EMAIL_MESSAGE);
export const passwordField = z.string().min(PASSWORD_MIN_LENGTH, PASSWORD_MESSAGE);
