// Brand Brain screen values. Limits and defaults live in @brandloom/contracts; the sentences are
// the catalogues' (src/locales), in the active language.
import { translate, translatedMessages, type MessageKey } from '../../lib/i18n/translate';

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

const BRAND_MESSAGE_KEYS = {
  nameTooShort: 'brandBrain.msg.nameTooShort',
  nameTooLong: 'brandBrain.msg.nameTooLong',
  descriptionTooLong: 'brandBrain.msg.descriptionTooLong',
  invalidHexColor: 'brandBrain.msg.invalidHexColor',
  invalidFileType: 'brandBrain.msg.invalidFileType',
  tooManyImages: 'brandBrain.msg.tooManyImages',
  tooFewImages: 'brandBrain.msg.tooFewImages',
  duplicateFile: 'brandBrain.msg.duplicateFile',
  filesTooLarge: 'brandBrain.msg.filesTooLarge',
  invalidImage: 'brandBrain.msg.invalidImage',
  noValidImages: 'brandBrain.msg.noValidImages',
  extractionFailed: 'brandBrain.msg.extractionFailed',
  extractionFailedTitle: 'brandBrain.msg.extractionFailedTitle',
  autoCreateFailed: 'brandBrain.msg.autoCreateFailed',
  profileCreated: 'brandBrain.msg.profileCreated',
  extractionNote: 'brandBrain.msg.extractionNote',
  // Screens
  title: 'brandBrain.title',
  subtitle: 'brandBrain.subtitle',
  emptyTitle: 'brandBrain.emptyTitle',
  emptyText: 'brandBrain.emptyText',
  listError: 'brandBrain.listError',
  extractedWithoutProfile: 'brandBrain.msg.extractedWithoutProfile',
  noDescription: 'brandBrain.noDescription',
  notSpecified: 'brandBrain.notSpecified',
  noPersonality: 'brandBrain.noPersonality',
  notFound: 'brandBrain.notFound',
  // Toasts
  deleteConfirm: 'brandBrain.delete.confirm',
  deletedTitle: 'brandBrain.delete.doneTitle',
  deletedText: 'brandBrain.delete.doneText',
  deleteFailed: 'brandBrain.delete.failed',
  updatedTitle: 'brandBrain.rename.doneTitle',
  updatedText: 'brandBrain.rename.doneText',
  updateFailed: 'brandBrain.rename.failed',
  createFailed: 'brandBrain.msg.createFailed',
} as const satisfies Record<string, MessageKey>;

/** The Brand Brain's sentences, read in the active language each time (the contracts' en-US ones are the same words). */
export const BRAND_MESSAGES = translatedMessages(BRAND_MESSAGE_KEYS);


/** The details screen's error. */
export function brandProfileLoadError(message: string): string {
  return translate('brandBrain.details.loadError', { message });
}

/** The details screen's rename failure. */
export function profileNameUpdateError(message: string): string {
  return translate('brandBrain.details.renameError', { message });
}
