// Brand Brain numbers and messages (spec §2, §5, §8, §9 and DECISIONS), written once for the feature.
// The backend holds the same values in libs/core/src/brand-profiles/brand-profiles.constants.ts; they
// belong in libs/contracts once both sides read them from there.

/** Spec §9: the brand list refreshes every 5 s. */
export const BRAND_LIST_REFRESH_MS = 5000;

/** Spec §9: default brand colours of a new profile (accent empty). */
export const DEFAULT_BRAND_COLORS = { primary: '#0066FF', secondary: '#111827', accent: '' } as const;

/** Spec §5/§9: brand assets per extraction and their total size. */
export const BRAND_IMAGES_MAX_COUNT = 5;
export const BRAND_IMAGES_MAX_TOTAL_BYTES = 10 * 1024 * 1024;

export const BRAND_PROFILE_NAME_MIN_LENGTH = 2;
export const BRAND_PROFILE_NAME_MAX_LENGTH = 200;
export const BRAND_PROFILE_DESCRIPTION_MAX_LENGTH = 2000;
export const BRAND_PERSONALITY_MAX_TAGS = 12;
export const BRAND_PERSONALITY_TAG_MAX_LENGTH = 50;
/** Spec §2 / §9: personality tags shown on a card. */
export const CARD_PERSONALITY_TAGS = 3;

export const BRAND_MESSAGES = {
  // Spec §2
  title: 'Brand Brain',
  subtitle: 'Create and manage your brand profiles for consistent AI generation',
  emptyTitle: 'No brand profiles yet',
  emptyText: "Create your first brand profile to ensure AI-generated images match your brand's visual identity.",
  listError: 'Error loading brand profiles. Please try again.',
  noDescription: 'No description provided',
  notSpecified: 'Not specified',
  noPersonality: 'No personality tags specified',
  notFound: 'Brand profile not found',
  extractionNote: 'Free and Pro plans are limited to 25 brand extractions per day',
  // Spec §5
  nameTooShort: 'Name must be at least 2 characters',
  nameTooLong: 'Name must be at most 200 characters',
  descriptionTooLong: 'Description must be at most 2000 characters',
  invalidHexColor: 'Must be a valid hex color code',
  invalidFileType: 'Invalid file type',
  tooManyImages: 'Too many images',
  duplicateFile: 'Duplicate file',
  filesTooLarge: 'Files too large',
  invalidImage: 'Invalid image',
  noValidImages: 'No valid image URLs after sanitization...',
  // Spec §8
  extractionFailedTitle: 'Extraction failed',
  extractionFailed: 'Failed to extract brand information from images',
  autoCreateFailed: 'Brand extracted, but automatic profile creation failed. Please try again.',
  profileCreated: 'Brand profile created',
  deleteConfirm: 'Are you sure you want to delete this brand profile? This action cannot be undone.',
  deletedTitle: 'Brand profile deleted',
  deletedText: 'The brand profile has been successfully deleted.',
  deleteFailed: 'Failed to delete brand profile',
  updatedTitle: 'Brand profile updated',
  updatedText: 'The brand profile name has been successfully updated.',
  updateFailed: 'Failed to update brand profile',
  createFailed: 'Failed to create brand profile',
} as const;

/** Spec §7/§8: the brand list's fetch error. */
export function brandListFetchError(status: number, body: string): string {
  return `Failed to fetch brand profiles: ${status} ${body}`;
}

/** Spec §2: the details screen's error. */
export function brandProfileLoadError(message: string): string {
  return `Error loading brand profile: ${message}`;
}

/** Spec §8: the details screen's rename failure. */
export function profileNameUpdateError(message: string): string {
  return `Failed to update profile name: ${message}`;
}
