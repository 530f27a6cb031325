import { Tooltip as MuiTooltip, type TooltipProps } from '@mui/material';
import { useEffect, useRef, useState } from 'react';

/** A tooltip opens after 700 ms of hovering... */
export const TOOLTIP_DELAY_MS = 700;
/** ...except within 300 ms of another one closing: then at once (moving along a toolbar). */
export const TOOLTIP_SKIP_DELAY_MS = 300;

// Shared by every tooltip of the page: when the last one closed.
let lastClosedAt = Number.NEGATIVE_INFINITY;

/**
 * MUI's Tooltip with the product's delay and skip delay. MUI's own `enterNextDelay` applies for a fixed
 * 800 ms after a close, so the timing is kept here and MUI is told to open at once.
 */
export function Tooltip({ children, ...props }: TooltipProps) {
  const [open, setOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const show = () => {
    clearTimeout(timer.current);
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
    <MuiTooltip {...props} open={open} onOpen={show} onClose={hide} enterDelay={0} enterNextDelay={0}>
      {children}
    </MuiTooltip>
  );
}
