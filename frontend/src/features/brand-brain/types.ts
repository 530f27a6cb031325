/** One colour of an extracted palette and the share of the image area it covers (0 to 1). */
export interface BrandPaletteEntry {
  hex: string;
  proportion?: number | null;
}

/**
 * brand_data (spec §3). Every key is optional and may be null: profiles written by hand, by an
 * extraction, or before a field existed hold only some of them.
 */
export interface BrandData {
  colors?: { primary?: string | null; secondary?: string | null; accent?: string | null } | null;
  /** font_family / heading_style: the extraction result's spelling (spec §3). */
  typography?: { fontFamily?: string | null; headingStyle?: string | null; font_family?: string | null; heading_style?: string | null } | null;
  visualStyle?: { tone?: string | null; imageStyle?: string | null } | null;
  brandPersonality?: string[] | null;
  palette?: BrandPaletteEntry[] | null;
  metadata?: Record<string, string> | null;
  [key: string]: unknown;
}

export interface BrandSourceImage {
  id: string;
  file_name: string | null;
  url: string;
  thumbnail_url: string;
  width?: number;
  height?: number;
}

/** A brand profile as GET /api/brand-profiles and /api/brand-profiles/{id} answer it (spec §3). */
export interface BrandProfile {
  id: string;
  name: string;
  description?: string | null;
  brand_data?: BrandData | null;
  asset_count?: number | null;
  created_at?: string | null;
  updated_at?: string | null;
  source_images?: BrandSourceImage[] | null;
}

/** POST /api/brand-profiles/extract's answer (spec §3 "Brand extraction result", plus the backend's form prefill). */
export interface BrandExtractionResult {
  profile: BrandProfile | null;
  autoCreateFailed: boolean;
  /** May also hold the spec's other shape: dominant_colors / color_palette, typography.font_family, visual_style. */
  brandData: BrandData | null;
  brandDataId: string | null;
  /** Why the profile was not created (for instance the plan's limit). */
  autoCreateError?: string | null;
  name?: string | null;
  description?: string | null;
  skipped?: Array<{ index: number; fileName: string | null; reason: string; detail?: string }>;
}

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

/** POST /api/brand-profiles. */
export interface CreateBrandProfileRequest {
  name: string;
  description?: string;
  brand_data?: BrandData;
  brandDataId?: string;
}
