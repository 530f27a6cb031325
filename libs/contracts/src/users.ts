import type { UserDto } from './auth';
import type { MembershipRole } from './organizations';

/** The product's name as mails and pages write it. */
export const PRODUCT_NAME = 'Brandloom';

export const USERNAME_MIN_LENGTH = 2;
export const USERNAME_MAX_LENGTH = 100;
export const BIO_MAX_LENGTH = 500;
/** Avatars and organization logos: the upload's size limit and the side of the stored square/box. */
export const PROFILE_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const AVATAR_SIZE = 256;
export const LOGO_MAX_DIMENSION = 512;
/** Multipart field names. */
export const AVATAR_FIELD = 'avatar';
export const LOGO_FIELD = 'logo';

/** What DELETE /api/users/me needs typed into its confirmation box. */
export const DELETE_ACCOUNT_CONFIRMATION = 'DELETE';

export const LANGUAGES = ['en-US', 'es', 'fr', 'de'] as const;
export type Language = (typeof LANGUAGES)[number];
export const LANGUAGE_LABELS: Record<Language, string> = { 'en-US': 'English (US)', es: 'Español', fr: 'Français', de: 'Deutsch' };

/** GET /api/users/me/preferences; PATCH takes any subset of the same fields. */
export interface PreferencesDto {
  dark_mode: boolean;
  email_notifications: boolean;
  browser_notifications: boolean;
  language: Language;
}
export type UpdatePreferencesRequest = Partial<PreferencesDto>;

export const DEFAULT_PREFERENCES: PreferencesDto = {
  dark_mode: false,
  email_notifications: true,
  browser_notifications: false,
  language: 'en-US',
};

/** GET /api/users/me, PATCH /api/users/me and POST /api/users/me/avatar answer the caller's account. */
export interface AccountDto extends UserDto {
  bio: string | null;
  /** false for a Google-only account: no password fields; deleting it takes `confirm` alone. */
  has_password: boolean;
  google_linked: boolean;
  organization_id: string | null;
  role: MembershipRole | null;
  preferences: PreferencesDto;
}

/** PATCH /api/users/me: any subset; `currentPassword` is required when `email` changes (password accounts). */
export interface UpdateProfileRequest {
  username?: string;
  email?: string;
  /** An empty string clears it. */
  bio?: string;
  currentPassword?: string;
}

/** POST /api/users/me/password: every other session of the user ends; this one stays signed in. Answers 200 { message: USER_MESSAGES.passwordChanged }. */
export interface ChangePasswordRequest {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/** DELETE /api/users/me: 204; the session ends. Google-only accounts send `confirm` alone. */
export interface DeleteAccountRequest {
  password?: string;
  confirm: typeof DELETE_ACCOUNT_CONFIRMATION;
}

/** POST /api/auth/forgot-password: always answers 202 with the same message. */
export interface ForgotPasswordRequest {
  email: string;
}
export interface ForgotPasswordResponse {
  message: string;
}

/** POST /api/auth/reset-password: answers the signed-in user (UserDto); every other session of that user ends. */
export interface ResetPasswordRequest {
  token: string;
  password: string;
}

export const PASSWORD_RESET_TTL_MINUTES = 60;

export const USER_MESSAGES = {
  usernameLength: `Username must be between ${USERNAME_MIN_LENGTH} and ${USERNAME_MAX_LENGTH} characters`,
  bioTooLong: `Bio must be at most ${BIO_MAX_LENGTH} characters`,
  nothingToUpdate: 'Nothing to update: send username, email and/or bio',
  currentPasswordRequired: 'Enter your current password to change your email',
  currentPasswordWrong: 'Current password is incorrect',
  passwordsDoNotMatch: 'Passwords do not match',
  samePassword: 'The new password must be different from the current one',
  noPassword: 'This account signs in with Google and has no password',
  googleEmail: 'This account signs in with Google: its email follows your Google account',
  passwordChanged: 'Password updated. Your other sessions have been signed out.',
  deleteConfirm: `Type ${DELETE_ACCOUNT_CONFIRMATION} to confirm`,
  deletePasswordRequired: 'Enter your password to delete your account',
  ownerMustHandOver: 'You own an organization with other members. Make another member an owner before you delete your account.',
  avatarRequired: `Attach an image in the '${AVATAR_FIELD}' field`,
  imageType: 'The file must be a PNG, JPEG, GIF or WebP image',
  imageTooLarge: 'Images may be at most 5 MB',
  invalidLanguage: `language must be one of ${LANGUAGES.join(', ')}`,
  invalidFlag: (field: string) => `${field} must be true or false`,
  nothingToUpdatePreferences: 'Nothing to update: send dark_mode, email_notifications, browser_notifications and/or language',
  forgotPasswordSent: 'If an account exists for that email, we have sent a link to reset the password.',
  tooManyResetRequests: 'Too many password reset requests. Please try again later.',
  resetTokenInvalid: 'This password reset link is invalid or has expired. Please request a new one.',
  resetTokenRequired: 'token is required',
} as const;

/** Uploaded avatars and logos are stored as `{prefix}{uuid}.webp` and served publicly (unguessable names, immutable). */
export const AVATAR_KEY_PREFIX = 'avatars/';
export const LOGO_KEY_PREFIX = 'logos/';
export const avatarUrlFor = (key: string): string => `/api/users/avatars/${key.slice(AVATAR_KEY_PREFIX.length)}`;
export const logoUrlFor = (key: string): string => `/api/organization/logos/${key.slice(LOGO_KEY_PREFIX.length)}`;
