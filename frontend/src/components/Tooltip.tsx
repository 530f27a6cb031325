import { Tooltip as MuiTooltip, type TooltipProps } from '@mui/material';
import { useEffect, useRef, useState, type FocusEvent, type SyntheticEvent } from 'react';

/** A tooltip opens after 700 ms of hovering... */
export const TOOLTIP_DELAY_MS = 700;
/** ...except within 300 ms of another one closing: then at once (moving along a toolbar). */
export const TOOLTIP_SKIP_DELAY_MS = 300;

// Shared by every tooltip of the page: when the last one closed.
let lastClosedAt = Number.NEGATIVE_INFINITY;

/** Focus handed back by a dialog or menu as it closes (MUI's modals, dialogs and menus alike, are in a MuiModal-root). */
function focusHandedBack(event: SyntheticEvent): boolean {
  if (event.type !== 'focus') return false;
  const from = (event as FocusEvent).relatedTarget;
  return from instanceof Element && from.closest('.MuiModal-root') !== null;
}

/**
 * MUI's Tooltip with the product's delay and skip delay. MUI's own `enterNextDelay` applies for a fixed
 * 800 ms after a close, so the timing is kept here and MUI is told to open at once.
 * A click closes it and keeps it closed while the pointer stays: what the click opened matters now, and
 * a dialog opened by the click does not bring it back when it gives the focus back to the trigger.
 */
export function Tooltip({ children, ...props }: TooltipProps) {
  const [open, setOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const clicked = useRef(false);
  useEffect(() => () => clearTimeout(timer.current), []);

  const show = (event: SyntheticEvent) => {
    clearTimeout(timer.current);
    if (focusHandedBack(event)) return;
    // Reaching the trigger again with the keyboard is a new visit.
    if (event.type === 'focus') clicked.current = false;
    if (clicked.current) return;
    if (performance.now() - lastClosedAt < TOOLTIP_SKIP_DELAY_MS) setOpen(true);
    else timer.current = setTimeout(() => setOpen(true), TOOLTIP_DELAY_MS);
  };
  const hide = () => {
    clearTimeout(timer.current);
    setOpen((wasOpen) => {
      if (wasOpen) lastClosedAt = performance.now();
      return false;
    });
  };

  return (
    <MuiTooltip
      {...props}
      open={open}
      onOpen={show}
      onClose={hide}
      enterDelay={0}
      enterNextDelay={0}
      // Given to the trigger (MUI passes its other props on); capture and pointer events, so the trigger's own click handler stays.
      onClickCapture={() => {
        clicked.current = true;
        hide();
      }}
      onPointerLeave={() => {
        clicked.current = false;
      }}
    >
      {children}
    </MuiTooltip>
  );
}
