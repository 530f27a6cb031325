import type { BrandProfile } from './entities/brand-profile.entity';

/** A brand as an image provider sees it. */
export interface BrandStyle {
  name?: string;
  /** Hex colours (#RRGGBB or #RGB); anything else is ignored. */
  colors?: { primary?: string | null; secondary?: string | null; accent?: string | null };
  visualStyle?: { tone?: string | null; imageStyle?: string | null };
  typography?: { fontFamily?: string | null; headingStyle?: string | null };
  /** Personality tags (e.g. 'Trustworthy', 'Playful'). */
  personality?: string[];
  /** The brand's whole palette as hex colours, most prominent first. */
  palette?: string[];
  /**
   * Loads the brand's own images (PNG/JPEG/WebP) to send as style references, where the provider
   * takes reference images; resolves to [] when there are none.
   */
  loadStyleReferences?: () => Promise<Buffer[]>;
}

/** What an image provider needs of a profile: name, colours, palette, visual style, typography, personality, style references. */
export function brandStyleOf(profile: Pick<BrandProfile, 'name' | 'brand_data'> & { loadStyleReferences?: () => Promise<Buffer[]> }): BrandStyle {
  const data = profile.brand_data ?? {};
  const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);
  const palette = Array.isArray(data.palette) ? data.palette.map((entry) => text(entry?.hex)).filter((hex): hex is string => Boolean(hex)) : [];
  const personality = Array.isArray(data.brandPersonality) ? data.brandPersonality.filter((tag): tag is string => typeof tag === 'string') : [];
  return {
    name: profile.name,
    colors: { primary: text(data.colors?.primary), secondary: text(data.colors?.secondary), accent: text(data.colors?.accent) },
    visualStyle: { tone: text(data.visualStyle?.tone), imageStyle: text(data.visualStyle?.imageStyle) },
    typography: { fontFamily: text(data.typography?.fontFamily), headingStyle: text(data.typography?.headingStyle) },
    personality,
    palette,
    ...(profile.loadStyleReferences ? { loadStyleReferences: profile.loadStyleReferences } : {}),
  };
}
