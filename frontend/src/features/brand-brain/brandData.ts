import { translate } from '../../lib/i18n/translate';
import { BRAND_MESSAGES, DEFAULT_BRAND_COLORS } from './constants';
import type { BrandData, BrandPaletteEntry, BrandProfileDto } from '@brandloom/contracts';
import type { BrandProfileDraft, BrandProfileFormValues } from './profileForm';

export type ColorRole = 'primary' | 'secondary' | 'accent';
export const COLOR_ROLES: readonly ColorRole[] = ['primary', 'secondary', 'accent'];
/** 'Primary', 'Secondary', 'Accent' in the active language. */
export const COLOR_LABELS: Readonly<Record<ColorRole, string>> = {
  get primary() {
    return translate('brandBrain.color.primary');
  },
  get secondary() {
    return translate('brandBrain.color.secondary');
  },
  get accent() {
    return translate('brandBrain.color.accent');
  },
};

const HEX_COLOR = /^#[0-9a-f]{6}$/i;
const SHORT_HEX_COLOR = /^#?([0-9a-f])([0-9a-f])([0-9a-f])$/i;

/** A colour is '#RRGGBB'. */
export function isHexColor(value: string): boolean {
  return HEX_COLOR.test(value);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function str(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

/** '#RRGGBB' (upper case) from '#rrggbb', 'rrggbb' or '#rgb'; '' for anything else. */
export function toHexColor(value: unknown): string {
  const raw = str(value);
  if (HEX_COLOR.test(raw)) return raw.toUpperCase();
  if (/^[0-9a-f]{6}$/i.test(raw)) return `#${raw.toUpperCase()}`;
  const short = SHORT_HEX_COLOR.exec(raw);
  if (short) return `#${short[1]}${short[1]}${short[2]}${short[2]}${short[3]}${short[3]}`.toUpperCase();
  return '';
}

/** The profile's set colours, in role order (a role with no colour is left out). */
export function profileColors(data: BrandData | null | undefined): Array<{ role: ColorRole; value: string }> {
  const colors = isObject(data?.colors) ? data.colors : {};
  return COLOR_ROLES.flatMap((role) => {
    const value = str(colors[role]);
    return value ? [{ role, value }] : [];
  });
}

export function personalityTags(data: BrandData | null | undefined): string[] {
  const raw: unknown = data?.brandPersonality;
  return Array.isArray(raw) ? raw.map(str).filter(Boolean) : [];
}

export function visualStyle(data: BrandData | null | undefined): { tone: string; imageStyle: string } {
  const style: unknown = data?.visualStyle;
  if (!isObject(style)) return { tone: '', imageStyle: '' };
  return { tone: str(style.tone), imageStyle: str(style.imageStyle) };
}

export function typography(data: BrandData | null | undefined): { fontFamily: string; headingStyle: string } {
  const value: unknown = data?.typography;
  if (!isObject(value)) return { fontFamily: '', headingStyle: '' };
  return { fontFamily: str(value.fontFamily), headingStyle: str(value.headingStyle) };
}

/** The whole extracted palette with proportions (entries without a usable colour are left out). */
export function fullPalette(data: BrandData | null | undefined): BrandPaletteEntry[] {
  const raw: unknown = data?.palette;
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((entry: unknown): BrandPaletteEntry[] => {
    if (!isObject(entry)) return [];
    const hex = toHexColor(entry.hex);
    if (!hex) return [];
    const proportion = typeof entry.proportion === 'number' && Number.isFinite(entry.proportion) ? entry.proportion : 0;
    return [{ hex, proportion }];
  });
}

/** The card's description falls back to 'Tone: {tone}', then 'No description provided'. */
export function cardDescription(profile: BrandProfileDto): string {
  const description = str(profile.description);
  if (description) return description;
  const { tone } = visualStyle(profile.brand_data);
  return tone ? translate('brandBrain.card.tone', { tone }) : BRAND_MESSAGES.noDescription;
}

export function emptyFormValues(): BrandProfileFormValues {
  return {
    name: '',
    description: '',
    primary: DEFAULT_BRAND_COLORS.primary,
    secondary: DEFAULT_BRAND_COLORS.secondary,
    accent: DEFAULT_BRAND_COLORS.accent,
    fontFamily: '',
    headingStyle: '',
    imageStyle: '',
    tone: '',
    brandPersonality: [],
  };
}

/**
 * The profile form prefilled from an extraction (when the profile was not created
 * automatically): colour roles, else the extracted palette in order, else the defaults.
 */
export function draftFromBrandData(
  data: BrandData | null | undefined,
  fields: { name: string; description: string; brandDataId?: string | null; reason?: string | null },
): BrandProfileDraft {
  const colors = isObject(data?.colors) ? data.colors : {};
  const palette = fullPalette(data);
  const color = (role: ColorRole, index: number, fallback: string) => toHexColor(colors[role]) || palette[index]?.hex || fallback;
  const metadata = isObject(data?.metadata) ? (data.metadata as Record<string, string>) : undefined;
  return {
    values: {
      ...emptyFormValues(),
      name: fields.name,
      description: fields.description,
      primary: color('primary', 0, DEFAULT_BRAND_COLORS.primary),
      secondary: color('secondary', 1, DEFAULT_BRAND_COLORS.secondary),
      accent: color('accent', 2, DEFAULT_BRAND_COLORS.accent),
      ...typography(data),
      ...visualStyle(data),
      brandPersonality: personalityTags(data),
    },
    brandDataId: fields.brandDataId ?? null,
    palette: palette.length ? palette : undefined,
    metadata,
    reason: fields.reason ?? null,
  };
}

/** brand_data as POST /api/brand-profiles takes it (empty text fields left out). */
export function brandDataFromForm(values: BrandProfileFormValues, draft?: BrandProfileDraft | null): BrandData {
  const pick = <T extends Record<string, string>>(record: T) =>
    Object.fromEntries(Object.entries(record).map(([k, v]) => [k, v.trim()]).filter(([, v]) => v)) as Partial<T>;
  const data: BrandData = {
    colors: { primary: values.primary.toUpperCase(), secondary: values.secondary.toUpperCase(), accent: values.accent.toUpperCase() },
  };
  const type = pick({ fontFamily: values.fontFamily, headingStyle: values.headingStyle });
  if (Object.keys(type).length) data.typography = type;
  const style = pick({ tone: values.tone, imageStyle: values.imageStyle });
  if (Object.keys(style).length) data.visualStyle = style;
  if (values.brandPersonality.length) data.brandPersonality = values.brandPersonality;
  if (draft?.palette?.length) data.palette = draft.palette;
  if (draft?.metadata && Object.keys(draft.metadata).length) data.metadata = draft.metadata;
  return data;
}

/** The product's default profile name, as the server gives it (one definition, UTC). */
export { defaultProfileName } from '@brandloom/contracts';
