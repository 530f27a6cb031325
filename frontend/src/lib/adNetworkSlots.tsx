import { createContext, useContext, type ComponentType, type ReactNode } from 'react';

/** An asset as the push dialog needs it. */
export interface PushableAsset {
  id: string;
  name: string;
  /** For the placements' previews (the image in each placement's shape). */
  thumbnailUrl?: string | null;
}

/**
 * What the library and Settings show of the ad networks, filled in by the app (src/app/adNetworkSlots.tsx)
 * from the ad-network feature, so neither screen imports that feature.
 */
export interface AdNetworkSlots {
  /** The connection card (library sidebar, Settings → Integrations). */
  IntegrationCard: ComponentType;
  /** Every push of the organization (Settings → Integrations). */
  PushHistory: ComponentType;
  /** The push dialog for an asset, or for several (`assets`, 1 to 10: one ad each in one ad set); closed while neither is given. */
  PushDialog: ComponentType<{ asset: PushableAsset | null; assets?: PushableAsset[] | null; onClose: () => void }>;
  /** Tells the user how connecting went when the network's sign-in sends the browser back to the library. */
  useConnectionReturn: () => void;
  /** The plan pushing needs when the organization's plan lacks it (shown on the push action itself), else null. */
  usePushPlanRequired: () => string | null;
}

const AdNetworkSlotsContext = createContext<AdNetworkSlots | null>(null);

export function AdNetworkSlotsProvider({ slots, children }: { slots: AdNetworkSlots; children: ReactNode }) {
  return <AdNetworkSlotsContext.Provider value={slots}>{children}</AdNetworkSlotsContext.Provider>;
}

export function useAdNetworkSlots(): AdNetworkSlots {
  const slots = useContext(AdNetworkSlotsContext);
  if (!slots) throw new Error('useAdNetworkSlots needs the AdNetworkSlotsProvider of src/app/AppProviders.tsx');
  return slots;
}
