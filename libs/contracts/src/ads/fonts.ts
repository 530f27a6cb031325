/**
 * The fonts an ad can be set in: open-licence families shipped as npm packages (@fontsource/*),
 * each with Latin and Latin Extended files so Spanish, French and German render. Text is drawn from
 * these files on the server and in the browser alike, never from the machine's fonts.
 */
export const FONT_CATEGORIES = ['sans', 'serif', 'display', 'condensed'] as const;
export type FontCategory = (typeof FONT_CATEGORIES)[number];

export interface AdFont {
  id: string;
  family: string;
  category: FontCategory;
  /** The weight headlines and buttons use (700, or the family's only weight). */
  boldWeight: 400 | 700;
}

export const AD_FONTS: readonly AdFont[] = [
  { id: 'inter', family: 'Inter', category: 'sans', boldWeight: 700 },
  { id: 'roboto', family: 'Roboto', category: 'sans', boldWeight: 700 },
  { id: 'open-sans', family: 'Open Sans', category: 'sans', boldWeight: 700 },
  { id: 'lato', family: 'Lato', category: 'sans', boldWeight: 700 },
  { id: 'montserrat', family: 'Montserrat', category: 'sans', boldWeight: 700 },
  { id: 'poppins', family: 'Poppins', category: 'sans', boldWeight: 700 },
  { id: 'playfair-display', family: 'Playfair Display', category: 'serif', boldWeight: 700 },
  { id: 'merriweather', family: 'Merriweather', category: 'serif', boldWeight: 700 },
  { id: 'lora', family: 'Lora', category: 'serif', boldWeight: 700 },
  { id: 'bebas-neue', family: 'Bebas Neue', category: 'display', boldWeight: 400 },
  { id: 'oswald', family: 'Oswald', category: 'condensed', boldWeight: 700 },
  { id: 'roboto-condensed', family: 'Roboto Condensed', category: 'condensed', boldWeight: 700 },
];

export type AdFontId = string;
export const DEFAULT_AD_FONTS = { heading: 'inter', body: 'inter' } as const;
/** Subsets each family is loaded in; a character missing from the first is looked up in the next. */
export const AD_FONT_SUBSETS = ['latin', 'latin-ext'] as const;

export function isAdFontId(value: unknown): value is AdFontId {
  return typeof value === 'string' && AD_FONTS.some((font) => font.id === value);
}

export function adFont(id: AdFontId): AdFont {
  return AD_FONTS.find((font) => font.id === id) ?? AD_FONTS[0];
}

/** The file name of one subset and weight of a family inside its @fontsource package's `files/` folder. */
export function adFontFileName(id: AdFontId, subset: (typeof AD_FONT_SUBSETS)[number], weight: 400 | 700): string {
  return `${id}-${subset}-${weight}-normal.woff`;
}

/** The shipped font closest to a family name brand extraction read (its category when the family is not shipped). */
export function closestAdFont(family: string | null | undefined, fallback: AdFontId = DEFAULT_AD_FONTS.body): AdFontId {
  const wanted = String(family ?? '').toLowerCase().replace(/[^a-z]/g, '');
  if (!wanted) return fallback;
  const exact = AD_FONTS.find((font) => font.family.toLowerCase().replace(/[^a-z]/g, '') === wanted);
  if (exact) return exact.id;
  const partial = AD_FONTS.find((font) => wanted.includes(font.family.toLowerCase().replace(/[^a-z]/g, '')));
  if (partial) return partial.id;
  if (/condensed|narrow|compressed|oswald|bebas|impact|league/.test(wanted)) return 'oswald';
  if (/display|black|headline|poster|anton/.test(wanted)) return 'bebas-neue';
  if (/serif|times|garamond|georgia|baskerville|didot|bodoni|caslon|libre|crimson|slab/.test(wanted) && !/sans/.test(wanted)) return 'playfair-display';
  return fallback;
}

/** One shipped font as GET /api/fonts lists it. */
export interface FontDto {
  id: AdFontId;
  family: string;
  category: FontCategory;
}

/** GET /api/fonts. */
export interface FontsResponse {
  fonts: FontDto[];
}

export function fontList(): FontDto[] {
  return AD_FONTS.map(({ id, family, category }) => ({ id, family, category }));
}

/**
 * The heading and body fonts for the typography brand extraction read: the body follows the
 * family named, the heading too when it names one we ship, else the kind its heading style
 * describes (condensed, display, serif), else the body's.
 */
export function adFontsForTypography(typography: { fontFamily?: string | null; headingStyle?: string | null } | null | undefined): { heading: AdFontId; body: AdFontId } {
  const body = closestAdFont(typography?.fontFamily);
  const heading = closestAdFont(typography?.fontFamily, '') || closestAdFont(typography?.headingStyle, body);
  return { heading, body };
}
