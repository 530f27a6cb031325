import { __unsafe_useEmotionCache, type EmotionCache } from '@emotion/react';
import { cleanup, render } from '@testing-library/react';
import { createElement } from 'react';

let cache: EmotionCache | null = null;

/** The cache MUI's styles go into when no CacheProvider names another (the app names none). */
function emotionCache(): EmotionCache | null {
  if (!cache) {
    render(createElement(function ReadEmotionCache() {
      cache = __unsafe_useEmotionCache();
      return null;
    }));
    cleanup();
  }
  return cache;
}

/**
 * Removes the styles the last test inserted and lets the next test insert its own. Emotion keeps
 * every style it inserts for the page's life, and test files share one page: by the end of a run the
 * page held some 1,500 style elements, and every getComputedStyle (Testing Library's role and name
 * queries call it for each element they look at) matched all of them. Call after the test unmounted.
 */
export function forgetEmotionStyles() {
  // The pre-render tests run without a page, so without styles.
  const current = typeof document === 'undefined' ? null : emotionCache();
  if (!current) return;
  current.sheet.flush();
  for (const name of Object.keys(current.inserted)) delete current.inserted[name];
}
