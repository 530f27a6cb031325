import type { BrandData, BrandPaletteEntry } from '@brandloom/contracts';
// brand_data as clients send it (the profile form, a saved extraction result, older shapes with
// snake_case keys) checked and normalised to the stored shape. Colours must be '#RRGGBB';
// other string fields the client sends are kept under metadata.
import {
  BRAND_MESSAGES,
  BRAND_PERSONALITY_MAX_TAGS,
  DEFAULT_BRAND_COLORS,
  isAdFontId,
  withoutForbiddenText,
} from '@brandloom/contracts';
import { InvalidBrandProfileError } from './brand-profiles.errors';

const HEX_COLOR = /^#[0-9a-f]{6}$/i;
const MAX_TEXT = 300;
const MAX_PALETTE = 16;
const MAX_METADATA_KEYS = 40;
const MAX_METADATA_VALUE = 1000;
const KNOWN_KEYS = new Set([
  'colors',
  'typography',
  'visualStyle',
  'visual_style',
  'brandPersonality',
  'brand_personality',
  'personality',
  'palette',
  'dominant_colors',
  'color_palette',
  'metadata',
  'fonts',
  'glossary',
]);

/** The words ad translations keep as they are (product names), at most this many, each this short. */
export const BRAND_GLOSSARY_MAX_TERMS = 50;
export const BRAND_GLOSSARY_MAX_LENGTH = 60;

/** '#RRGGBB' in upper case, or throws the product's message. */
export function normalizeBrandColor(value: unknown): string {
  if (typeof value !== 'string' || !HEX_COLOR.test(value.trim())) throw new InvalidBrandProfileError(BRAND_MESSAGES.invalidHexColor);
  return value.trim().toUpperCase();
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function text(value: unknown, field: string, max = MAX_TEXT): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw new InvalidBrandProfileError(`${field} must be text`);
  const clean = withoutForbiddenText(value).trim();
  if (clean.length > max) throw new InvalidBrandProfileError(`${field} must be at most ${max} characters`);
  return clean;
}

function personality(value: unknown): string[] | undefined {
  if (value === undefined || value === null) return undefined;
  const items = typeof value === 'string' ? value.split(',') : value;
  if (!Array.isArray(items)) throw new InvalidBrandProfileError('brandPersonality must be a list of words');
  const tags: string[] = [];
  for (const item of items) {
    const tag = text(item, 'brandPersonality', 50);
    if (tag && !tags.some((t) => t.toLowerCase() === tag.toLowerCase())) tags.push(tag);
  }
  if (tags.length > BRAND_PERSONALITY_MAX_TAGS) throw new InvalidBrandProfileError(`brandPersonality holds at most ${BRAND_PERSONALITY_MAX_TAGS} tags`);
  return tags;
}

function glossary(value: unknown): string[] | undefined {
  if (value === undefined || value === null) return undefined;
  const field = 'brand_data.glossary';
  if (!Array.isArray(value)) throw new InvalidBrandProfileError(`${field} must be a list of words not to translate`, { field });
  if (value.length > BRAND_GLOSSARY_MAX_TERMS) throw new InvalidBrandProfileError(`${field} holds at most ${BRAND_GLOSSARY_MAX_TERMS} words`, { field });
  const terms: string[] = [];
  for (const item of value) {
    if (typeof item !== 'string') throw new InvalidBrandProfileError(`${field} must be a list of words not to translate`, { field });
    const term = withoutForbiddenText(item).replace(/\s+/g, ' ').trim();
    if (term.length > BRAND_GLOSSARY_MAX_LENGTH) throw new InvalidBrandProfileError(`${field}: each word is at most ${BRAND_GLOSSARY_MAX_LENGTH} characters`, { field });
    if (term && !terms.some((kept) => kept.toLowerCase() === term.toLowerCase())) terms.push(term);
  }
  return terms;
}

function palette(value: unknown): BrandPaletteEntry[] | undefined {
  if (value === undefined || value === null) return undefined;
  if (!Array.isArray(value)) throw new InvalidBrandProfileError('palette must be a list of colours');
  if (value.length > MAX_PALETTE) throw new InvalidBrandProfileError(`palette holds at most ${MAX_PALETTE} colours`);
  return value.map((entry) => {
    if (typeof entry === 'string') return { hex: normalizeBrandColor(entry), proportion: Number((1 / value.length).toFixed(4)) };
    if (!isObject(entry)) throw new InvalidBrandProfileError(BRAND_MESSAGES.invalidHexColor);
    const proportion = entry.proportion === undefined || entry.proportion === null ? 0 : Number(entry.proportion);
    if (!Number.isFinite(proportion) || proportion < 0 || proportion > 1) throw new InvalidBrandProfileError('palette proportions must be between 0 and 1');
    return { hex: normalizeBrandColor(entry.hex), proportion };
  });
}

/**
 * Checks brand_data and returns it normalised. With `base` (PATCH), what is given replaces the
 * matching fields of base: colours, typography and visual style field by field, the lists and
 * metadata whole. With `defaults` (manual create), missing colours get the product's defaults.
 */
export function sanitizeBrandData(input: unknown, options: { base?: BrandData; defaults?: boolean } = {}): BrandData {
  if (input !== undefined && input !== null && !isObject(input)) throw new InvalidBrandProfileError(BRAND_MESSAGES.invalidBrandData);
  const data = (input ?? {}) as Record<string, unknown>;
  const base = options.base ?? {};
  const result: BrandData = {};

  const colorsIn = data.colors;
  if (colorsIn !== undefined && colorsIn !== null && !isObject(colorsIn)) throw new InvalidBrandProfileError(BRAND_MESSAGES.invalidHexColor);
  const colors: Record<string, unknown> = (colorsIn as Record<string, unknown> | undefined) ?? {};
  const baseColors = base.colors ?? {};
  const color = (role: 'primary' | 'secondary' | 'accent'): string | undefined => {
    const value = colors[role];
    if (value === undefined || value === null) {
      const kept = baseColors[role];
      if (typeof kept === 'string') return kept;
      return options.defaults ? DEFAULT_BRAND_COLORS[role] : undefined;
    }
    if (role === 'accent' && typeof value === 'string' && value.trim() === '') return '';
    return normalizeBrandColor(value);
  };
  const primary = color('primary');
  const secondary = color('secondary');
  const accent = color('accent');
  if (primary !== undefined || secondary !== undefined || accent !== undefined) {
    result.colors = {
      ...(primary !== undefined ? { primary } : {}),
      ...(secondary !== undefined ? { secondary } : {}),
      ...(accent !== undefined ? { accent } : {}),
    };
  }

  const typographyIn = data.typography;
  if (typographyIn !== undefined && typographyIn !== null && !isObject(typographyIn)) throw new InvalidBrandProfileError('typography must be an object');
  const t = (typographyIn ?? {}) as Record<string, unknown>;
  const fontFamily = text(t.fontFamily ?? t.font_family, 'typography.fontFamily', 200);
  const headingStyle = text(t.headingStyle ?? t.heading_style, 'typography.headingStyle', 200);
  const typography = { ...(base.typography ?? {}), ...(fontFamily !== undefined ? { fontFamily } : {}), ...(headingStyle !== undefined ? { headingStyle } : {}) };
  if (Object.keys(typography).length > 0) result.typography = typography;

  const fontsIn = data.fonts;
  if (fontsIn !== undefined && fontsIn !== null && !isObject(fontsIn)) throw new InvalidBrandProfileError('brand_data.fonts must be an object with heading and body font ids', { field: 'brand_data.fonts' });
  const fontsGiven = (fontsIn ?? {}) as Record<string, unknown>;
  const fonts = { ...(base.fonts ?? {}) };
  for (const role of ['heading', 'body'] as const) {
    const value = fontsGiven[role];
    if (value === undefined || value === null) continue;
    const field = `brand_data.fonts.${role}`;
    if (!isAdFontId(value)) throw new InvalidBrandProfileError(BRAND_MESSAGES.fontUnknown(field, value), { field });
    fonts[role] = value;
  }
  if (Object.keys(fonts).length > 0) result.fonts = fonts;

  const styleIn = data.visualStyle ?? data.visual_style;
  if (styleIn !== undefined && styleIn !== null && !isObject(styleIn)) throw new InvalidBrandProfileError('visualStyle must be an object');
  const v = (styleIn ?? {}) as Record<string, unknown>;
  const tone = text(v.tone, 'visualStyle.tone');
  const imageStyle = text(v.imageStyle ?? v.image_style, 'visualStyle.imageStyle');
  const visualStyle = { ...(base.visualStyle ?? {}), ...(tone !== undefined ? { tone } : {}), ...(imageStyle !== undefined ? { imageStyle } : {}) };
  if (Object.keys(visualStyle).length > 0) result.visualStyle = visualStyle;

  const tags = personality(data.brandPersonality ?? data.brand_personality ?? data.personality) ?? base.brandPersonality;
  if (tags) result.brandPersonality = tags;

  const terms = glossary(data.glossary) ?? base.glossary;
  if (terms) result.glossary = terms;

  const colorsList = palette(data.palette ?? data.dominant_colors ?? data.color_palette) ?? base.palette;
  if (colorsList) result.palette = colorsList;

  const metadataIn = data.metadata;
  if (metadataIn !== undefined && metadataIn !== null && !isObject(metadataIn)) throw new InvalidBrandProfileError('metadata must be an object');
  const metadata: Record<string, string> = metadataIn === undefined || metadataIn === null ? { ...(base.metadata ?? {}) } : {};
  const keep = (key: string, value: unknown) => {
    if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') return;
    const clean = text(String(value), `metadata.${key}`, MAX_METADATA_VALUE);
    if (clean !== undefined && key.length <= 100) metadata[key] = clean;
  };
  for (const [key, value] of Object.entries((metadataIn as Record<string, unknown> | undefined) ?? {})) keep(key, value);
  // Other string fields ("kept as metadata").
  for (const [key, value] of Object.entries(data)) if (!KNOWN_KEYS.has(key)) keep(key, value);
  if (Object.keys(metadata).length > MAX_METADATA_KEYS) throw new InvalidBrandProfileError(`metadata holds at most ${MAX_METADATA_KEYS} fields`);
  if (Object.keys(metadata).length > 0) result.metadata = metadata;
  return result;
}
