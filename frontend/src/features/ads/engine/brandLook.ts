import { adFont, DEFAULT_AD_FONTS, isAdFontId, type BrandData, type BrandLook, type LogoVariant } from '@brandloom/contracts';
import type { BrandLogo } from '../api/ads';

/** The look of an ad without a brand profile (the server's neutral look). */
export const NEUTRAL_LOOK: BrandLook = { primary: '#1F2937', secondary: '#F3F4F6', accent: '#2563EB', fonts: { ...DEFAULT_AD_FONTS } };

const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

function hexColor(value: string | null | undefined): string | undefined {
  if (typeof value !== 'string' || !HEX.test(value.trim())) return undefined;
  const hex = value.trim().slice(1).toLowerCase();
  return `#${hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex}`;
}

/** A profile's colours and fonts as the server reads them for an ad (the neutral look fills what is missing). */
export function brandLookOf(brandData: BrandData | null | undefined): BrandLook {
  if (!brandData) return NEUTRAL_LOOK;
  const colors = brandData.colors ?? {};
  const fonts = (brandData.fonts ?? {}) as { heading?: unknown; body?: unknown };
  return {
    primary: hexColor(colors.primary) ?? NEUTRAL_LOOK.primary,
    secondary: hexColor(colors.secondary) ?? NEUTRAL_LOOK.secondary,
    accent: hexColor(colors.accent) ?? hexColor(colors.secondary) ?? NEUTRAL_LOOK.accent,
    fonts: { heading: isAdFontId(fonts.heading) ? fonts.heading : DEFAULT_AD_FONTS.heading, body: isAdFontId(fonts.body) ? fonts.body : DEFAULT_AD_FONTS.body },
  };
}

/** The logo an ad of that variant shows: that variant, else the default logo, else none (as the server picks). */
export function logoFor(logos: readonly BrandLogo[] | undefined, variant: LogoVariant | null): BrandLogo | null {
  if (!variant || !logos) return null;
  return logos.find((logo) => logo.variant === variant) ?? logos.find((logo) => logo.variant === 'default') ?? null;
}

/** The fonts and weights composing an ad in this look draws with. */
export function fontsOfLook(look: BrandLook): Array<[string, 400 | 700]> {
  const pairs: Array<[string, 400 | 700]> = [
    [look.fonts.heading, adFont(look.fonts.heading).boldWeight],
    [look.fonts.body, 400],
    [look.fonts.body, adFont(look.fonts.body).boldWeight],
  ];
  return pairs.filter(([font, weight], index) => pairs.findIndex(([f, w]) => f === font && w === weight) === index);
}
