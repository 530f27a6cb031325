import { useEffect, useState } from 'react';

interface InfiniteScrollOptions {
  /** Another page exists. */
  hasMore: boolean;
  /** A page (or a refetch) is on its way: wait for it. */
  busy: boolean;
  onLoadMore: () => void;
  /** Changes with every page that arrives (the page count), so a still-visible sentinel asks again. */
  loaded: number;
  /** Start loading this far before the sentinel scrolls into view. */
  rootMargin?: string;
}

export const supportsIntersectionObserver = () => typeof IntersectionObserver !== 'undefined';

/**
 * Watches a sentinel element (give it the returned ref) and loads the next page while it is in
 * view. Being in view is a state, not an event: when a page arrives and the sentinel is still
 * visible (a tall screen), the next page is asked for too.
 */
export function useInfiniteScroll({ hasMore, busy, onLoadMore, loaded, rootMargin = '600px' }: InfiniteScrollOptions) {
  const [sentinel, setSentinel] = useState<Element | null>(null);
  const [inView, setInView] = useState(false);

  useEffect(() => {
    if (!sentinel || !supportsIntersectionObserver()) return;
    const observer = new IntersectionObserver((entries) => {
      const entry = entries[entries.length - 1];
      if (entry) setInView(entry.isIntersecting);
    }, { rootMargin });
    observer.observe(sentinel);
    return () => {
      observer.disconnect();
      setInView(false);
    };
  }, [sentinel, rootMargin]);

  // `loaded` is a dependency on purpose: a page can start and finish between two renders, so
  // `busy` alone may never be seen to change.
  useEffect(() => {
    if (inView && hasMore && !busy) onLoadMore();
  }, [inView, hasMore, busy, onLoadMore, loaded]);

  return setSentinel;
}
