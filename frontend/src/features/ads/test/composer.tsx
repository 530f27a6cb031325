import type { AdPicture } from '../../../lib/adsSlots';
import { makeOrganization, makeUser, renderScreen } from '../../../test/utils';
import { AdComposerDialog } from '../components/AdComposerDialog';
import { AdEngineContext, type AdEngine } from '../engine/adEngine';
import { mockApi, testEngine, type ApiCall, type ApiReply } from './testEngine';

/** The library picture the composer's tests make ads from. */
export const PICTURE: AdPicture = { id: 'asset-1', name: 'Summer shoes', url: '/api/assets/file/org-1/a.png', brand_profile_id: null };

/** A signed-in member without brand profiles; `extra` adds or replaces routes. */
export function signedIn(extra: Record<string, ApiReply | ((call: ApiCall) => ApiReply)> = {}) {
  return mockApi({
    'GET /api/auth/user': { body: makeUser() },
    'GET /api/organization': { body: makeOrganization() },
    'GET /api/brand-profiles': { body: [] },
    ...extra,
  });
}

/** The composer open on `picture`, its previews drawn by `engine`; returns its onClose mock. */
export function renderComposer(engine: AdEngine = testEngine(), picture: AdPicture = PICTURE) {
  const onClose = vi.fn();
  renderScreen(
    <AdEngineContext.Provider value={engine}>
      <AdComposerDialog picture={picture} onClose={onClose} />
    </AdEngineContext.Provider>,
  );
  return onClose;
}
