import { Suspense, useState, type ComponentProps } from 'react';
import { lazyScreen } from '../lib/chunks';
import type { AdsSlots } from '../lib/adsSlots';
import { quietly } from './quietly';

// The composer and the kit load with the first screen that opens them (their own chunk, with the fonts' parser).
const AdComposerDialog = lazyScreen(() => import('../features/ads/components/AdComposerDialog').then((m) => ({ default: m.AdComposerDialog })));
const BrandKitSection = lazyScreen(() => import('../features/ads/components/BrandKitSection').then((m) => ({ default: m.BrandKitSection })));

/** The composer's chunk loads when it first opens (the library and the Studio hold it closed), then stays for its closing transition. */
function ComposerSlot(props: ComponentProps<typeof AdComposerDialog>) {
  const [opened, setOpened] = useState(false);
  if (props.picture && !opened) setOpened(true);
  if (!opened && !props.picture) return null;
  return (
    <Suspense fallback={null}>
      <AdComposerDialog {...props} />
    </Suspense>
  );
}

/** The ads feature fills the library's, the Studio's and Brand Brain's ad places. */
export const adsSlots: AdsSlots = {
  AdComposerDialog: ComposerSlot,
  BrandKitSection: quietly<ComponentProps<typeof BrandKitSection>>(BrandKitSection),
};
