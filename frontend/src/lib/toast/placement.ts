import { useEffect, useState } from 'react';

export interface Box {
  top: number;
  left: number;
  right: number;
  bottom: number;
}

/**
 * Where the toast layer goes: its usual bottom-right corner, or a band of the viewport that no open
 * dialog covers (so a toast never hides a dialog's actions), or nowhere while dialogs leave no room
 * (the toast waits and shows once they close).
 */
export type ToastPlacement =
  | { kind: 'corner' }
  | { kind: 'side'; width: number }
  | { kind: 'below'; height: number }
  | { kind: 'above'; height: number }
  | { kind: 'held' };

/** The narrowest column beside a dialog a toast is shown in. */
export const MIN_SIDE_WIDTH = 300;
/** The lowest band above or below a dialog a toast is shown in (a title and a two-line description). */
export const MIN_BAND_HEIGHT = 112;

/** Pure rule of the placement: the dialogs' boxes against the viewport. */
export function toastPlacement(dialogs: readonly Box[], viewport: { width: number; height: number }): ToastPlacement {
  const shown = dialogs.filter((d) => d.right > d.left && d.bottom > d.top);
  if (shown.length === 0) return { kind: 'corner' };
  const right = Math.max(...shown.map((d) => d.right));
  const top = Math.min(...shown.map((d) => d.top));
  const bottom = Math.max(...shown.map((d) => d.bottom));
  const side = Math.floor(viewport.width - right);
  if (side >= MIN_SIDE_WIDTH) return { kind: 'side', width: side };
  const below = Math.floor(viewport.height - bottom);
  const above = Math.floor(top);
  if (below >= MIN_BAND_HEIGHT && below >= above) return { kind: 'below', height: below };
  if (above >= MIN_BAND_HEIGHT) return { kind: 'above', height: above };
  return { kind: 'held' };
}

const DIALOG_SELECTOR = '[role="dialog"], [role="alertdialog"]';

const samePlacement = (a: ToastPlacement, b: ToastPlacement) => JSON.stringify(a) === JSON.stringify(b);

/** The placement for the dialogs open now, kept current as dialogs open, close, grow or the window resizes. */
export function useToastPlacement(): ToastPlacement {
  const [placement, setPlacement] = useState<ToastPlacement>({ kind: 'corner' });
  useEffect(() => {
    let frame = 0;
    // Without ResizeObserver (older browsers, some test DOMs) opening and closing dialogs still move the layer.
    const resizes = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => schedule());
    const measure = () => {
      frame = 0;
      const dialogs = [...document.querySelectorAll<HTMLElement>(DIALOG_SELECTOR)];
      resizes?.disconnect();
      dialogs.forEach((dialog) => resizes?.observe(dialog));
      const next = toastPlacement(
        dialogs.map((dialog) => dialog.getBoundingClientRect()),
        { width: window.innerWidth, height: window.innerHeight },
      );
      setPlacement((previous) => (samePlacement(previous, next) ? previous : next));
    };
    function schedule() {
      if (!frame) frame = requestAnimationFrame(measure);
    }
    const mutations = new MutationObserver(schedule);
    mutations.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['role', 'hidden'] });
    window.addEventListener('resize', schedule);
    measure();
    return () => {
      if (frame) cancelAnimationFrame(frame);
      mutations.disconnect();
      resizes?.disconnect();
      window.removeEventListener('resize', schedule);
    };
  }, []);
  return placement;
}
