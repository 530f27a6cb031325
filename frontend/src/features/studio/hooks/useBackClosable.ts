import { useCallback, useEffect, useRef, useState } from 'react';

const MARKER = 'brandloomOverlay';

function overlayEntryIsCurrent(): boolean {
  const state: unknown = window.history.state;
  return !!state && typeof state === 'object' && (state as Record<string, unknown>)[MARKER] === true;
}

/**
 * An overlay that the browser's back action closes (the zoom overlay). Opening it adds a
 * history entry for the same URL; back pops it. Closing it any other way (Escape, backdrop, close
 * button) goes back over that entry, so history does not fill up with stale entries.
 */
export function useBackClosable() {
  const [open, setOpen] = useState(false);
  const pushed = useRef(false);

  useEffect(() => {
    if (!open) return;
    const onPopState = () => {
      if (overlayEntryIsCurrent()) return;
      pushed.current = false;
      setOpen(false);
    };
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, [open]);

  const show = useCallback(() => {
    if (!overlayEntryIsCurrent()) {
      const state: unknown = window.history.state;
      window.history.pushState({ ...(state && typeof state === 'object' ? state : {}), [MARKER]: true }, '');
      pushed.current = true;
    }
    setOpen(true);
  }, []);

  const close = useCallback(() => {
    setOpen(false);
    if (pushed.current && overlayEntryIsCurrent()) {
      pushed.current = false;
      window.history.back();
    }
  }, []);

  return { open, show, close };
}
