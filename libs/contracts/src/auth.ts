export interface UserDto {
  id: string;
  username: string;
  email: string;
  avatar_url: string | null;
  is_admin: boolean;
  created_at: string;
}

export interface AuthProvidersDto {
  google: boolean;
}

export const PASSWORD_MIN_LENGTH = 8;

export const AUTH_MESSAGES = {
  invalidEmail: 'Please enter a valid email address',
  passwordTooShort: 'Password must be at least 8 characters',
  invalidCredentials: 'Invalid email or password',
  emailTaken: 'An account with this email already exists',
  googleNotConfigured: 'Google sign-in is not configured',
  foreignOrigin: 'Cross-origin request refused',
} as const;

/**
 * A non-secret cookie the server sets beside the session cookie while a session is signed in, and
 * clears with it: readable by page script, so public pages ask `/api/auth/user` only when there is
 * a session to find. It proves nothing; the session cookie alone signs requests in.
 */
export const SIGNED_IN_HINT_COOKIE = 'brandloom.signed_in';
