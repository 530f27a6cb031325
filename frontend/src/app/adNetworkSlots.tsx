import { type ComponentProps } from 'react';
import { lazyScreen } from '../lib/chunks';
import { useMetaPlanRequired } from '../features/ad-network/api/meta';
import { useMetaReturnToast } from '../features/ad-network/hooks/useMetaReturnToast';
import type { AdNetworkSlots } from '../lib/adNetworkSlots';
import { quietly } from './quietly';

// The screens load with the page that shows them (their own chunk), not with the app.
const MetaIntegrationCard = lazyScreen(() => import('../features/ad-network/components/MetaIntegrationCard').then((m) => ({ default: m.MetaIntegrationCard })));
const MetaPushHistory = lazyScreen(() => import('../features/ad-network/components/MetaPushHistory').then((m) => ({ default: m.MetaPushHistory })));
const PushToMetaDialog = lazyScreen(() => import('../features/ad-network/components/PushToMetaDialog').then((m) => ({ default: m.PushToMetaDialog })));

/** Meta fills the library's and Settings' ad-network places (the only network so far). */
export const adNetworkSlots: AdNetworkSlots = {
  IntegrationCard: quietly(MetaIntegrationCard),
  PushHistory: quietly(MetaPushHistory),
  PushDialog: quietly<ComponentProps<typeof PushToMetaDialog>>(PushToMetaDialog),
  useConnectionReturn: useMetaReturnToast,
  usePushPlanRequired: useMetaPlanRequired,
};
