import type { BrandPaletteEntry } from '@brandloom/contracts';

// The Brand Brain form's own shapes; the wire types are @brandloom/contracts'.

/** The values of the profile form (manual tab, and the prefill after an extraction). */
export interface BrandProfileFormValues {
  name: string;
  description: string;
  primary: string;
  secondary: string;
  accent: string;
  fontFamily: string;
  headingStyle: string;
  imageStyle: string;
  tone: string;
  brandPersonality: string[];
}

/** What the profile form starts from: its values, plus what an extraction found that the form does not edit. */
export interface BrandProfileDraft {
  values: BrandProfileFormValues;
  /** The extraction's id: saving the form takes over its source images. */
  brandDataId?: string | null;
  palette?: BrandPaletteEntry[];
  metadata?: Record<string, string>;
  /** Why the extraction's profile was not created automatically. */
  reason?: string | null;
}
