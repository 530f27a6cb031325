import { SIGNED_IN_HINT_COOKIE } from '@brandloom/contracts';
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { chunksLoaded } from '../lib/chunks';
import { switchLanguage } from '../lib/i18n/translate';
import { forgetToasts } from '../lib/toast/store';
import { forgetEmotionStyles } from './emotionStyles';
import { mockApi } from './mockApi';
import { setViewport, VIEWPORTS } from './viewport';

// Tests run as a browser the server marked signed in (the session hint cookie): the app asks
// /api/auth/user and the test's fetch answers. A test of an anonymous visit clears it.
if (typeof document !== 'undefined') beforeEach(() => void (document.cookie = `${SIGNED_IN_HINT_COOKIE}=1; path=/`));

// A request no test answered gets mockApi's 599 'Unexpected request' instead of leaving for the network.
beforeEach(() => void mockApi({}));

// Test files share their modules and their window (isolate: false), so what one test leaves is
// undone here: Testing Library registers its own cleanup only in the first file that imports it,
// the toast store would keep the last file's toasts, a spy on a prototype or on Date would
// outlive its file, and the page would keep every style any earlier test inserted.
afterEach(() => {
  cleanup();
  forgetEmotionStyles();
  forgetToasts();
  vi.restoreAllMocks();
});

// A lazy screen or language a test started loading finishes loading before the test ends: the
// worker's environment is torn down after its last file, and a chunk that arrives later fails that file.
afterEach(() => chunksLoaded());

// Route pages are lazy chunks; the first import of one in a test run can take a while.
configure({ asyncUtilTimeout: 15_000 });

// The test DOM may lack pointer capture; Radix toasts call it while handling swipes and clicks.
// (Absent in the node environment of the pre-render tests.)
if (typeof Element !== 'undefined') {
  Element.prototype.hasPointerCapture ??= () => false;
  Element.prototype.setPointerCapture ??= () => {};
  Element.prototype.releasePointerCapture ??= () => {};
}

// A test that switches the language leaves the next one in en-US, the product's own words.
afterEach(() => switchLanguage('en-US'));

// A test that resizes the window leaves the next one at the desktop size.
if (typeof window !== 'undefined') beforeEach(() => setViewport(VIEWPORTS.desktop));
