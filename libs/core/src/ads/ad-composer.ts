import { AD_MESSAGES, composeAd, DEFAULT_AD_FONTS, isAdFontId, placementSize, type AdCopy, type AdFormatId, type AdLayers, type BrandLook, type ComposeResult, type Language, type LogoVariant, type PixelSource } from '@brandloom/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { BrandLogosRepository } from '../brand-profiles/brand-logos.repository';
import { BrandProfilesService } from '../brand-profiles/brand-profiles.service';
import { normalizeHexColor } from '../generation/providers/image-provider';
import { getBuffer, STORAGE_DRIVER, StorageDriver } from '../storage/storage-driver';
import { adFontShaper } from './ad-fonts';
import { placementPicture } from './ad-renderer';

/** The look of an ad without a brand profile (or with one that has no colours). */
export const NEUTRAL_LOOK: BrandLook = { primary: '#1F2937', secondary: '#F3F4F6', accent: '#2563EB', fonts: { ...DEFAULT_AD_FONTS } };

/** A logo's pixels and shape, ready to compose and draw. */
export interface AdLogo {
  variant: LogoVariant;
  width: number;
  height: number;
  bytes: Buffer;
  mime: string;
}

/** What an ad is set with, apart from its picture. */
export interface AdSetting {
  placement: AdFormatId;
  layout: string;
  copy: AdCopy;
  brand: BrandLook;
  logo: AdLogo | null;
  /** The language of the copy: the button's label follows it. */
  language?: Language | null;
}

/**
 * Gathers what composing an ad needs (the brand's colours and fonts, its logo's pixels) and lays
 * the ad out on the picture at the placement's size. The request validates with it (a text that
 * does not fit is refused before anything is queued) and the render job draws what it returns.
 */
@Injectable()
export class AdComposer {
  constructor(
    private readonly brandProfiles: BrandProfilesService,
    private readonly logos: BrandLogosRepository,
    @Inject(STORAGE_DRIVER) private readonly storage: StorageDriver,
  ) {}

  /** The profile's colours and fonts (404 when it is not the organization's); neutral without a profile. */
  async brandLook(organizationId: string, brandProfileId: string | null): Promise<BrandLook> {
    if (!brandProfileId) return NEUTRAL_LOOK;
    const profile = await this.brandProfiles.getForOrganization(organizationId, brandProfileId);
    const colors = profile.brand_data?.colors ?? {};
    const fonts = (profile.brand_data?.fonts ?? {}) as { heading?: unknown; body?: unknown };
    return {
      primary: normalizeHexColor(colors.primary ?? null) ?? NEUTRAL_LOOK.primary,
      secondary: normalizeHexColor(colors.secondary ?? null) ?? NEUTRAL_LOOK.secondary,
      accent: normalizeHexColor(colors.accent ?? null) ?? normalizeHexColor(colors.secondary ?? null) ?? NEUTRAL_LOOK.accent,
      fonts: { heading: isAdFontId(fonts.heading) ? fonts.heading : DEFAULT_AD_FONTS.heading, body: isAdFontId(fonts.body) ? fonts.body : DEFAULT_AD_FONTS.body },
    };
  }

  /** The profile's logo of that variant (else its default logo), or null when it has none. */
  async logo(organizationId: string, brandProfileId: string | null, variant: LogoVariant | null): Promise<AdLogo | null> {
    if (!brandProfileId || !variant) return null;
    const rows = await this.logos.findForProfile(organizationId, brandProfileId);
    const row = rows.find((candidate) => candidate.variant === variant) ?? rows.find((candidate) => candidate.variant === 'default');
    if (!row) return null;
    const { buffer } = await getBuffer(this.storage, row.s3_key);
    return { variant, width: row.width, height: row.height, bytes: buffer, mime: row.content_type };
  }

  /** The picture cropped to the placement and the ad laid out on it. */
  async compose(picture: Buffer, setting: AdSetting): Promise<{ pixels: PixelSource; result: ComposeResult }> {
    const { width, height } = placementSize(setting.placement);
    const { pixels } = await placementPicture(picture, width, height);
    const result = composeAd({
      placement: setting.placement,
      layout: setting.layout,
      copy: setting.copy,
      brand: setting.brand,
      logo: setting.logo ? { variant: setting.logo.variant, width: setting.logo.width, height: setting.logo.height } : null,
      shapers: adFontShaper,
      pixels,
      language: setting.language ?? null,
    });
    return { pixels, result };
  }
}

/** The ad says the logo asked for was left out: in words and as a note. */
export function withNoLogoNote(layers: AdLayers): AdLayers {
  return { ...layers, adjustments: [...layers.adjustments, AD_MESSAGES.noLogo], notes: [...(layers.notes ?? []), { code: 'no_logo', params: {} }] };
}
