import { lazy, Suspense, type ComponentProps, type ComponentType } from 'react';
import { useMetaPlanRequired } from '../features/ad-network/api/meta';
import { useMetaReturnToast } from '../features/ad-network/hooks/useMetaReturnToast';
import type { AdNetworkSlots } from '../lib/adNetworkSlots';

// The screens load with the page that shows them (their own chunk), not with the app.
const MetaIntegrationCard = lazy(() => import('../features/ad-network/components/MetaIntegrationCard').then((m) => ({ default: m.MetaIntegrationCard })));
const MetaPushHistory = lazy(() => import('../features/ad-network/components/MetaPushHistory').then((m) => ({ default: m.MetaPushHistory })));
const PushToMetaDialog = lazy(() => import('../features/ad-network/components/PushToMetaDialog').then((m) => ({ default: m.PushToMetaDialog })));

/** A lazy screen that shows nothing while it loads, instead of suspending the page around it. */
function quietly<P extends object>(Screen: ComponentType<P>): ComponentType<P> {
  return function Quiet(props: P) {
    return (
      <Suspense fallback={null}>
        <Screen {...props} />
      </Suspense>
    );
  };
}

/** Meta fills the library's and Settings' ad-network places (the only network so far). */
export const adNetworkSlots: AdNetworkSlots = {
  IntegrationCard: quietly(MetaIntegrationCard),
  PushHistory: quietly(MetaPushHistory),
  PushDialog: quietly<ComponentProps<typeof PushToMetaDialog>>(PushToMetaDialog),
  useConnectionReturn: useMetaReturnToast,
  usePushPlanRequired: useMetaPlanRequired,
};
