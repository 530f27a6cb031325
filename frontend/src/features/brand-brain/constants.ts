// Brand Brain screen values. Limits, defaults and the messages the API shares live in
// @brandloom/contracts; this file adds what only the screens say.
import { BRAND_MESSAGES as SHARED_BRAND_MESSAGES } from '@brandloom/contracts';

export {
  BRAND_IMAGES_MAX_COUNT,
  BRAND_IMAGES_MIN_COUNT,
  BRAND_IMAGES_MAX_TOTAL_BYTES,
  BRAND_PERSONALITY_MAX_TAGS,
  BRAND_PROFILE_DESCRIPTION_MAX_LENGTH,
  BRAND_PROFILE_NAME_MAX_LENGTH,
  BRAND_PROFILE_NAME_MIN_LENGTH,
  DEFAULT_BRAND_COLORS,
} from '@brandloom/contracts';


export const BRAND_PERSONALITY_TAG_MAX_LENGTH = 50;
/** Personality tags shown on a card. */
export const CARD_PERSONALITY_TAGS = 3;

export const BRAND_MESSAGES = {
  ...SHARED_BRAND_MESSAGES,
  // Screens
  title: 'Brand Brain',
  subtitle: 'Create and manage your brand profiles for consistent AI generation',
  emptyTitle: 'No brand profiles yet',
  emptyText: "Create your first brand profile to ensure AI-generated images match your brand's visual identity.",
  listError: 'Error loading brand profiles. Please try again.',
  extractedWithoutProfile: 'Brand extracted, but no profile was created',
  noDescription: 'No description provided',
  notSpecified: 'Not specified',
  noPersonality: 'No personality tags specified',
  notFound: 'Brand profile not found',
  // Toasts
  deleteConfirm: 'Are you sure you want to delete this brand profile? This action cannot be undone.',
  deletedTitle: 'Brand profile deleted',
  deletedText: 'The brand profile has been successfully deleted.',
  deleteFailed: 'Failed to delete brand profile',
  updatedTitle: 'Brand profile updated',
  updatedText: 'The brand profile name has been successfully updated.',
  updateFailed: 'Failed to update brand profile',
  createFailed: 'Failed to create brand profile',
} as const;


/** The details screen's error. */
export function brandProfileLoadError(message: string): string {
  return `Error loading brand profile: ${message}`;
}

/** The details screen's rename failure. */
export function profileNameUpdateError(message: string): string {
  return `Failed to update profile name: ${message}`;
}
