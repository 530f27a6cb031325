import { z } from 'zod';

// Spec §5 sign-in rules, shared by sign-in and registration.
export const emailField = z.string().trim().email('Please enter a valid email address');
export const passwordField = z.string().min(8, 'Password must be at least 8 characters');
