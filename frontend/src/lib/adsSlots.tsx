import { createContext, useContext, type ComponentType, type ReactNode } from 'react';

/** A picture an ad can be made from, as the screens that offer 'Make an ad' know it. */
export interface AdPicture {
  /** The library asset's id. */
  id: string;
  name: string;
  /** The full picture's URL. */
  url: string;
  brand_profile_id: string | null;
  /** 'ad' for a finished ad's own asset (the composer then edits that ad); else absent or another method. */
  method?: string | null;
  /** The picture it was made from, for a derived asset. */
  parent_asset_id?: string | null;
}

/**
 * What the library, the Studio and Brand Brain show of finished ads, filled in by the app
 * (src/app/adsSlots.tsx) from the ads feature, so none of them imports that feature.
 */
export interface AdsSlots {
  /** The composer for a picture; closed while `picture` is null. */
  AdComposerDialog: ComponentType<{ picture: AdPicture | null; onClose: () => void }>;
  /** A brand profile's kit: logos, fonts and a sample ad in its look. */
  BrandKitSection: ComponentType<{ brandProfileId: string }>;
}

const AdsSlotsContext = createContext<AdsSlots | null>(null);

export function AdsSlotsProvider({ slots, children }: { slots: AdsSlots; children: ReactNode }) {
  return <AdsSlotsContext.Provider value={slots}>{children}</AdsSlotsContext.Provider>;
}

export function useAdsSlots(): AdsSlots {
  const slots = useContext(AdsSlotsContext);
  if (!slots) throw new Error('useAdsSlots needs the AdsSlotsProvider of src/app/AppProviders.tsx');
  return slots;
}
