import { usePageHost } from '../../../lib/pageHost';

/**
 * Whether the visitor has a session. The pre-rendered page shows the signed-out header and asks
 * once it is shown, with a plain request (the public pages load without React Query); the SPA
 * knows from its query cache.
 */
export function useSignedIn(): boolean {
  return !!usePageHost().useSession().user;
}
