import { TableContainer, type TableContainerProps } from '@mui/material';
import { useCallback, type RefCallback } from 'react';
import { scrollShadowsSx } from './scrollShadowsSx';

/** Marks which edges of a horizontally scrolling box have content beyond them (a pixel of slack for fractional widths). */
function measure(box: HTMLElement) {
  box.toggleAttribute('data-overflow-start', box.scrollLeft > 1);
  box.toggleAttribute('data-overflow-end', box.scrollLeft + box.clientWidth < box.scrollWidth - 1);
}

/**
 * Keeps the edge marks that scrollShadowsSx draws as shadows up to date as the box scrolls and it or
 * its table resizes: on the element given to the ref, or, with `selector`, on each of its descendants
 * that match (boxes a library renders, as they come and go).
 */
export function useScrollShadows(selector?: string): RefCallback<HTMLElement> {
  return useCallback(
    (root: HTMLElement | null) => {
      if (!root) return;
      const watched = new Set<HTMLElement>();
      // Without ResizeObserver (older browsers, some test DOMs) the edges are measured when the box appears and as it scrolls.
      const resizes = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => watched.forEach(measure));
      const watch = () => {
        for (const box of watched) if (!box.isConnected) watched.delete(box);
        for (const box of selector ? root.querySelectorAll<HTMLElement>(selector) : [root]) {
          if (watched.has(box)) continue;
          watched.add(box);
          resizes?.observe(box);
          if (box.firstElementChild) resizes?.observe(box.firstElementChild);
          measure(box);
        }
      };
      const onScroll = (event: Event) => {
        if (event.target instanceof HTMLElement && watched.has(event.target)) measure(event.target);
      };
      root.addEventListener('scroll', onScroll, { capture: true, passive: true });
      const changes = selector ? new MutationObserver(watch) : null;
      changes?.observe(root, { childList: true, subtree: true });
      watch();
      return () => {
        root.removeEventListener('scroll', onScroll, { capture: true });
        resizes?.disconnect();
        changes?.disconnect();
      };
    },
    [selector],
  );
}

/** A table's scrolling box with a shadow at each edge that has more columns beyond it. */
export function ScrollShadowTableContainer({ sx, ...props }: TableContainerProps) {
  const ref = useScrollShadows();
  return <TableContainer ref={ref} sx={[scrollShadowsSx, ...(Array.isArray(sx) ? sx : [sx])]} {...props} />;
}
