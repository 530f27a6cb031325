import { useEffect } from 'react';

/**
 * Calls `reset` when the browser restores this page from the back/forward cache, as when the user
 * comes back from a hosted checkout with Back: buttons left busy by the redirect become usable again.
 */
export function useResetOnPageRestore(reset: () => void): void {
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) reset();
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, [reset]);
}
