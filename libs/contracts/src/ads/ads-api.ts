import { AD_FORMAT_IDS, type AdFormatId } from '../formats';
import { LANGUAGES, type Language } from '../users';
import { AD_COPY_LIMITS, AD_CTA_TYPES, type AdCtaType } from './call-to-action';
import type { AdCopy, AdFitProblem, AdLayers, LogoVariant } from './compose';
import { isAdLayoutId, type AdLayoutDto } from './layouts';

export const AD_LOGO_VARIANTS = ['default', 'light', 'dark'] as const satisfies readonly LogoVariant[];
export const AD_STATUSES = ['queued', 'processing', 'completed', 'failed'] as const;
export type AdStatus = (typeof AD_STATUSES)[number];

export const AD_MESSAGES = {
  layoutUnknown: (value: unknown) => `Unknown layout '${String(value)}'`,
  placementsRequired: `placements must be a non-empty list of distinct placements: ${AD_FORMAT_IDS.join(', ')}`,
  placementUnknown: (value: unknown) => `Unknown placement '${String(value)}': use ${AD_FORMAT_IDS.join(', ')}`,
  headlineRequired: 'The headline is required',
  headlineTooLong: `The headline is longer than ${AD_COPY_LIMITS.headline} characters`,
  bodyTooLong: `The body is longer than ${AD_COPY_LIMITS.body} characters`,
  textInvalid: (field: string) => `The ${field} must be text`,
  ctaUnknown: (value: unknown) => `Unknown call to action '${String(value)}': use ${AD_CTA_TYPES.join(', ')}`,
  logoInvalid: "logo must be 'default', 'light', 'dark' or null",
  assetIdRequired: 'assetId is required',
  notFound: 'Ad not found',
  nothingToChange: 'Give a headline, a body or a cta to change',
  queued: 'Waiting to be rendered',
  starting: 'Reading the picture',
  rendering: 'Setting the copy and the logo',
  storing: 'Saving the ad',
  ready: 'Ad ready',
  failed: 'The ad could not be rendered',
  interrupted: 'Rendering stopped before it finished; ask for the ad again',
  sourceMissing: 'The picture this ad is made from was deleted',
  noLogo: 'No logo: the brand profile has none of that variant',
  copyNotConfigured: 'AI copy is not available: it is written by OpenAI, and this server has no OpenAI API key (OPENAI_API_KEY).',
  copyFailed: 'OpenAI could not write ad copy right now. Please try again in a moment.',
  placementRequired: `placement is required: ${AD_FORMAT_IDS.join(', ')}`,
  languageUnknown: (value: unknown) => `Unknown language '${String(value)}': use ${LANGUAGES.join(', ')}`,
  languagesRequired: `languages must be a non-empty list of distinct languages: ${LANGUAGES.join(', ')}`,
  translationNotConfigured: 'Translation is not available: it is done by OpenAI, and this server has no OpenAI API key (OPENAI_API_KEY).',
  translationFailed: 'OpenAI could not translate the ad copy right now. Please try again in a moment.',
} as const;

export function isAdLanguage(value: unknown): value is Language {
  return (LANGUAGES as readonly unknown[]).includes(value);
}

/** Why a languages list is refused (null when it passes). */
export function adLanguagesProblem(value: unknown): string | null {
  if (!Array.isArray(value) || value.length === 0 || value.length > LANGUAGES.length) return AD_MESSAGES.languagesRequired;
  const unknown = value.find((language) => !isAdLanguage(language));
  if (unknown !== undefined) return AD_MESSAGES.languageUnknown(unknown);
  return new Set(value).size === value.length ? null : AD_MESSAGES.languagesRequired;
}

/** POST /api/ads/translate */
export interface TranslateAdCopyRequest {
  assetId: string;
  brandProfileId?: string | null;
  placement: AdFormatId;
  layout: string;
  headline: string;
  body?: string;
  cta?: AdCtaType | null;
  languages: Language[];
}

/** One language's proposal; `fits` false when it breaks the limits or does not fit the layout, `field` and `message` saying why. */
export interface AdCopyTranslation {
  language: Language;
  headline: string;
  body: string;
  fits: boolean;
  field?: 'headline' | 'body' | 'cta';
  message?: string;
  /** Why it does not fit the layout, as the layout's code and the values it names (absent for a copy limit). */
  code?: AdFitProblem['code'];
  params?: AdFitProblem['params'];
}

export interface TranslateAdCopyResponse {
  translations: AdCopyTranslation[];
}

/** How many copy proposals POST /api/ads/suggest-copy answers. */
export const AD_COPY_PROPOSAL_COUNT = 3;

/** POST /api/ads/suggest-copy */
export interface SuggestAdCopyRequest {
  assetId: string;
  /** The profile whose tone and personality the copy takes; none for a neutral voice. */
  brandProfileId?: string | null;
  placement: AdFormatId;
}

/** One proposal, within AD_COPY_LIMITS and with one of AD_CTA_TYPES. */
export interface AdCopyProposal {
  headline: string;
  body: string;
  cta: AdCtaType;
}

export interface SuggestAdCopyResponse {
  proposals: AdCopyProposal[];
}

/** GET /api/ads/layouts */
export interface AdLayoutsResponseDto {
  layouts: AdLayoutDto[];
}

/** One ad: the copy as layers, the placement it is set for, and the library asset it was rendered to. */
export interface AdDto {
  id: string;
  placement: AdFormatId;
  layout: string;
  status: AdStatus;
  message: string | null;
  error: string | null;
  progress: number;
  asset_id: string | null;
  source_asset_id: string | null;
  brand_profile_id: string | null;
  /** The language of the copy, when the ad was saved as one language's version. */
  language: Language | null;
  version: number;
  headline: string;
  body: string;
  cta: AdCtaType | null;
  logo: LogoVariant | null;
  layers: AdLayers | null;
  created_at: string;
  updated_at: string;
}

/** POST /api/ads */
export interface CreateAdsResponseDto {
  ads: Array<Pick<AdDto, 'id' | 'placement' | 'status'>>;
}

/** Why one copy field is refused before any layout (null when it passes). */
export function adCopyProblem(field: 'headline' | 'body' | 'cta', value: unknown, required = field === 'headline'): string | null {
  if (field === 'cta') return value === undefined || value === null || (AD_CTA_TYPES as readonly unknown[]).includes(value) ? null : AD_MESSAGES.ctaUnknown(value);
  if (value === undefined || value === null || value === '') return required ? AD_MESSAGES.headlineRequired : null;
  if (typeof value !== 'string') return AD_MESSAGES.textInvalid(field);
  if (field === 'headline' && value.trim() === '') return AD_MESSAGES.headlineRequired;
  if (value.trim().length > AD_COPY_LIMITS[field]) return field === 'headline' ? AD_MESSAGES.headlineTooLong : AD_MESSAGES.bodyTooLong;
  return null;
}

/** Why a placements list is refused (null when it passes). */
export function adPlacementsProblem(value: unknown): string | null {
  if (!Array.isArray(value) || value.length === 0 || value.length > AD_FORMAT_IDS.length) return AD_MESSAGES.placementsRequired;
  const unknown = value.find((placement) => !(AD_FORMAT_IDS as readonly unknown[]).includes(placement));
  if (unknown !== undefined) return AD_MESSAGES.placementUnknown(unknown);
  return new Set(value).size === value.length ? null : AD_MESSAGES.placementsRequired;
}

export function isLogoVariant(value: unknown): value is LogoVariant {
  return (AD_LOGO_VARIANTS as readonly unknown[]).includes(value);
}

/** The ads a picture is set as, without the picture: what POST /api/ads checks, and the Studio's "Also make ads" asks of a generation. */
export interface PictureAdsSpec {
  placements: AdFormatId[];
  layout: string;
  copy: AdCopy;
  logo: LogoVariant | null;
  /** The language of the copy (a translation saved as its own ad); absent on specs stored before. */
  language?: Language | null;
}

export type PictureAdsCheck = { ok: true; spec: PictureAdsSpec } | { ok: false; field: 'layout' | 'placements' | 'headline' | 'body' | 'cta' | 'logo' | 'language'; message: string };

/** Checks placements, layout, copy and logo variant, naming the first field that is refused. */
export function checkPictureAds(value: { placements?: unknown; layout?: unknown; headline?: unknown; body?: unknown; cta?: unknown; logo?: unknown; language?: unknown }): PictureAdsCheck {
  if (!isAdLayoutId(value.layout)) return { ok: false, field: 'layout', message: AD_MESSAGES.layoutUnknown(value.layout) };
  const placementsProblem = adPlacementsProblem(value.placements);
  if (placementsProblem) return { ok: false, field: 'placements', message: placementsProblem };
  for (const field of ['headline', 'body', 'cta'] as const) {
    const problem = adCopyProblem(field, value[field]);
    if (problem) return { ok: false, field, message: problem };
  }
  if (value.logo !== undefined && value.logo !== null && !isLogoVariant(value.logo)) return { ok: false, field: 'logo', message: AD_MESSAGES.logoInvalid };
  if (value.language !== undefined && value.language !== null && !isAdLanguage(value.language)) return { ok: false, field: 'language', message: AD_MESSAGES.languageUnknown(value.language) };
  return {
    ok: true,
    spec: {
      placements: value.placements as AdFormatId[],
      layout: value.layout,
      copy: { headline: String(value.headline).trim(), body: typeof value.body === 'string' ? value.body.trim() : '', cta: (value.cta as AdCtaType | null | undefined) ?? null },
      logo: (value.logo as LogoVariant | null | undefined) ?? null,
      language: (value.language as Language | null | undefined) ?? null,
    },
  };
}
