// Brand Brain numbers and messages (spec §5, §8, §9 and DECISIONS), shared by the API and the screens.

/** Spec §9: default brand colours of a manual profile (accent empty). */
export const DEFAULT_BRAND_COLORS = { primary: '#0066FF', secondary: '#111827', accent: '' } as const;

/** DECISIONS: brand profiles per organization by plan; null is unlimited. Unknown tiers count as Starter. */
export const BRAND_PROFILE_LIMITS: Readonly<Record<string, number | null>> = { Starter: 1, Pro: 1, Agency: 10, 'Team+': null };

/** DECISIONS / spec §9: extractions per organization per (UTC) day on these plans; others are unlimited. */
export const BRAND_EXTRACTION_DAILY_LIMIT = 25;
export const BRAND_EXTRACTION_LIMITED_TIERS: readonly string[] = ['Starter', 'Pro'];

/** Spec §5/§9: brand assets per extraction and their total size. */
export const BRAND_IMAGES_MAX_COUNT = 5;
export const BRAND_IMAGES_MAX_TOTAL_BYTES = 10 * 1024 * 1024;
/** Redirects followed when fetching an image URL (each hop checked again). */
export const BRAND_IMAGE_MAX_REDIRECTS = 3;

export const BRAND_PROFILE_NAME_MIN_LENGTH = 2;
export const BRAND_PROFILE_NAME_MAX_LENGTH = 200;
export const BRAND_PROFILE_DESCRIPTION_MAX_LENGTH = 2000;
export const BRAND_PERSONALITY_MAX_TAGS = 12;

export const BRAND_MESSAGES = {
  nameTooShort: 'Name must be at least 2 characters',
  nameTooLong: 'Name must be at most 200 characters',
  descriptionTooLong: 'Description must be at most 2000 characters',
  invalidHexColor: 'Must be a valid hex color code',
  invalidBrandData: 'brand_data must be an object',
  invalidFileType: 'Invalid file type',
  tooManyImages: 'Too many images',
  duplicateFile: 'Duplicate file',
  filesTooLarge: 'Files too large',
  invalidImage: 'Invalid image',
  noValidImages: 'No valid image URLs after sanitization...',
  extractionFailed: 'Failed to extract brand information from images',
  extractionFailedTitle: 'Extraction failed',
  extractionTimedOut: 'Brand extraction took too long. Please try again.',
  extractionUnavailable: 'Brand extraction is unavailable right now. Please try again in a moment.',
  autoCreateFailed: 'Brand extracted, but automatic profile creation failed. Please try again.',
  profileCreated: 'Brand profile created',
  extractionNote: 'Free and Pro plans are limited to 25 brand extractions per day',
  profileNotFound: 'Brand profile not found',
  extractionNotFound: 'Brand extraction not found',
} as const;

/** DECISIONS: 403 when the plan's brand profile allowance is used up. */
export function brandProfileLimitMessage(limit: number): string {
  return `Your plan includes ${limit} brand profile(s). Upgrade to add more.`;
}

/** 429 when the day's extractions are used up. */
export function brandExtractionLimitMessage(limit: number = BRAND_EXTRACTION_DAILY_LIMIT): string {
  return `You have reached the limit of ${limit} brand extractions per day on your plan. Try again tomorrow or upgrade.`;
}

/** The plan's profile allowance (null: unlimited). */
export function brandProfileLimitFor(planTier: string | null | undefined): number | null {
  const tier = planTier && planTier in BRAND_PROFILE_LIMITS ? planTier : 'Starter';
  return BRAND_PROFILE_LIMITS[tier];
}

/** Whether the plan is held to BRAND_EXTRACTION_DAILY_LIMIT. */
export function brandExtractionsLimited(planTier: string | null | undefined): boolean {
  return !planTier || !(planTier in BRAND_PROFILE_LIMITS) || BRAND_EXTRACTION_LIMITED_TIERS.includes(planTier);
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** 'Brand Profile - {Mon} {day}' (UTC). */
export function datedProfileName(date: Date = new Date()): string {
  return `Brand Profile - ${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}`;
}

/**
 * Spec §9: one file → its name with underscores and dashes turned into spaces (extension dropped);
 * several files, or a name that says nothing → 'Brand Profile - {Mon} {day}'.
 */
export function defaultProfileName(fileNames: ReadonlyArray<string | null | undefined>, date: Date = new Date()): string {
  if (fileNames.length !== 1) return datedProfileName(date);
  const raw = (fileNames[0] ?? '').split(/[\\/]/).pop() ?? '';
  const name = raw
    .replace(/\.[a-z0-9]{1,5}$/i, '')
    .replace(/[_-]+/g, ' ')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, BRAND_PROFILE_NAME_MAX_LENGTH)
    .trim();
  return name.length >= BRAND_PROFILE_NAME_MIN_LENGTH ? name : datedProfileName(date);
}
