// Brand Brain numbers and messages (see docs/decisions.md), shared by the API and the screens.
import { AD_FONTS } from './ads/fonts';
import type { LogoVariant } from './ads/compose';
import type { StoredImageFilesDto } from './library';
import { PROFILE_IMAGE_MAX_BYTES } from './users';

/** Default brand colours of a manual profile (accent empty). */
export const DEFAULT_BRAND_COLORS = { primary: '#0066FF', secondary: '#111827', accent: '' } as const;

/** docs/decisions.md: brand profiles per organization by plan; null is unlimited. Unknown tiers count as Starter. */
export const BRAND_PROFILE_LIMITS: Readonly<Record<string, number | null>> = { Starter: 1, Pro: 1, Agency: 10, 'Team+': null };

/** docs/decisions.md: extractions per organization per (UTC) day on these plans; others are unlimited. */
export const BRAND_EXTRACTION_DAILY_LIMIT = 25;
export const BRAND_EXTRACTION_LIMITED_TIERS: readonly string[] = ['Starter', 'Pro'];

/** 3 to 5 brand assets per extraction, and their total size. */
export const BRAND_IMAGES_MIN_COUNT = 3;
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
  tooFewImages: `Add ${BRAND_IMAGES_MIN_COUNT} to ${BRAND_IMAGES_MAX_COUNT} images of your brand to extract it`,
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
  logoRequired: 'Choose a logo file (PNG, JPEG or WebP) under the field "logo"',
  logoType: 'The logo must be a PNG, JPEG or WebP image',
  logoTooLarge: `The logo must be at most ${PROFILE_IMAGE_MAX_BYTES / 1024 / 1024} MB`,
  logoVariantInvalid: "variant must be 'default', 'light' or 'dark'",
  logoNotFound: 'The brand profile has no logo of that variant',
  fontUnknown: (field: string, value: unknown) => `${field}: unknown font '${String(value)}'; use one of ${AD_FONTS.map((font) => font.id).join(', ')}`,
} as const;

/** The multipart field of POST /api/brand-profiles/{id}/logos, and the longest side a stored logo keeps. */
export const BRAND_LOGO_FIELD = 'logo';
export const BRAND_LOGO_MAX_DIMENSION = 2048;

/** The plans that allow more brand profiles than `limit`, as "Agency includes 10 and Team+ unlimited". */
function plansWithMoreProfiles(limit: number): string {
  const more = Object.entries(BRAND_PROFILE_LIMITS)
    .filter(([, allowed]) => allowed === null || allowed > limit)
    .map(([tier, allowed]) => `${tier} includes ${allowed === null ? 'unlimited' : allowed}`);
  return more.length > 1 ? `${more.slice(0, -1).join(', ')} and ${more[more.length - 1]}` : (more[0] ?? '');
}

/** docs/decisions.md: 403 when the plan's brand profile allowance is used up; names the plans that allow more. */
export function brandProfileLimitMessage(limit: number): string {
  const used = limit === 1 ? 'Your plan includes 1 brand profile, and it is in use.' : `Your plan includes ${limit} brand profiles, and they are all in use.`;
  return `${used} ${plansWithMoreProfiles(limit)}: upgrade on the Billing page to add more.`;
}

/** The plans without a daily extraction limit, for the message shown when it is reached. */
export const UNLIMITED_EXTRACTION_TIERS: readonly string[] = Object.keys(BRAND_PROFILE_LIMITS).filter((tier) => !BRAND_EXTRACTION_LIMITED_TIERS.includes(tier));

/** 429 when the day's extractions are used up. */
export function brandExtractionLimitMessage(limit: number = BRAND_EXTRACTION_DAILY_LIMIT): string {
  return `You have reached the limit of ${limit} brand extractions per day on your plan. Try again tomorrow, or upgrade to ${UNLIMITED_EXTRACTION_TIERS.join(' or ')} for unlimited extractions.`;
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
 * One file → its name with underscores and dashes turned into spaces (extension dropped);
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

// --- Wire types of /api/brand-profiles (server and screens read these) ---

/** One colour of the extracted palette and the share of the image area it covers (0 to 1). */
export interface BrandPaletteEntry {
  hex: string;
  proportion: number;
}

/**
 * brand_data: colours as lowercase/uppercase '#RRGGBB' (accent may be ''), typography,
 * visual style, personality tags, the whole extracted palette with proportions, and other string
 * fields the extraction found, kept under metadata. Every key is optional: rows written before the
 * Brand Brain issue hold only some of them.
 */
export interface BrandData {
  colors?: { primary?: string | null; secondary?: string | null; accent?: string | null };
  typography?: { fontFamily?: string | null; headingStyle?: string | null };
  /** The shipped ad fonts (ids of GET /api/fonts) headlines and body text are set in. */
  fonts?: { heading?: string; body?: string };
  visualStyle?: { tone?: string | null; imageStyle?: string | null };
  brandPersonality?: string[];
  /** Words ad translations keep as they are (product names). */
  glossary?: string[];
  palette?: BrandPaletteEntry[];
  metadata?: Record<string, string>;
  [key: string]: unknown;
}

/** A source image as the API shows it; the URLs go through the organization-scoped file route. */
export interface BrandSourceImageDto extends StoredImageFilesDto {
  id: string;
  file_name: string | null;
  url: string;
  thumbnail_url: string;
  created_at: string;
}

/** One logo of the brand kit (at most one per variant); the url is the organization-scoped file route. */
export interface BrandLogoDto {
  id: string;
  variant: LogoVariant;
  url: string;
  width: number;
  height: number;
}

/** A brand profile as every /api/brand-profiles route answers it (its fields plus its source images and logos). */
export interface BrandProfileDto {
  id: string;
  name: string;
  description: string | null;
  brand_data: BrandData;
  asset_count: number;
  created_at: string;
  updated_at: string;
  source_images: BrandSourceImageDto[];
  logos: BrandLogoDto[];
}

export interface SkippedBrandImage {
  index: number;
  fileName: string | null;
  /** The product's message: 'Invalid image' or 'Duplicate file'. */
  reason: string;
  /** Why, in a few words (not shown by the product's screens). */
  detail?: string;
}

/** POST /api/brand-profiles/extract's answer (the extraction result plus what the form needs). */
export interface BrandExtractionResponse {
  profile: BrandProfileDto | null;
  autoCreateFailed: boolean;
  /** Why the profile was not created (e.g. the plan's limit), else null. */
  autoCreateError: string | null;
  brandData: BrandData & { dominant_colors: string[] };
  /** The extraction's id: POST /api/brand-profiles with it takes over its source images. */
  brandDataId: string;
  /** Prefill of the profile form. */
  name: string;
  description: string;
  /** Images left out, with the product's message ('Invalid image', 'Duplicate file'). */
  skipped: SkippedBrandImage[];
  message: string;
}

/** POST /api/brand-profiles (brandDataId: an extraction whose profile was not created; its source images come along). */
export interface CreateBrandProfileRequest {
  name: string;
  description?: string;
  brand_data?: BrandData;
  brandDataId?: string;
}

export interface BrandUsageDto {
  plan_tier: string;
  profiles: { used: number; limit: number | null };
  extractions: { usedToday: number; limit: number | null };
}
