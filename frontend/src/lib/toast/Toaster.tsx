import CloseIcon from '@mui/icons-material/Close';
import { Box, IconButton } from '@mui/material';
import { styled } from '@mui/material/styles';
import * as ToastPrimitive from '@radix-ui/react-toast';
import { useToastPlacement, type ToastPlacement } from './placement';
import { dismissToast, useToasts } from './store';

const DEFAULT_DURATION = 5000;

const Viewport = styled(ToastPrimitive.Viewport)(({ theme }) => ({
  position: 'fixed',
  bottom: 0,
  right: 0,
  zIndex: theme.zIndex.snackbar,
  display: 'flex',
  flexDirection: 'column-reverse',
  gap: theme.spacing(1),
  width: '100%',
  maxWidth: 420,
  margin: 0,
  padding: theme.spacing(2),
  listStyle: 'none',
  outline: 'none',
}));

const Root = styled(ToastPrimitive.Root)(({ theme }) => ({
  position: 'relative',
  display: 'flex',
  alignItems: 'flex-start',
  gap: theme.spacing(1.5),
  padding: theme.spacing(2, 5, 2, 2),
  borderRadius: theme.shape.borderRadius,
  border: `1px solid ${theme.palette.divider}`,
  backgroundColor: theme.palette.background.paper,
  color: theme.palette.text.primary,
  boxShadow: theme.shadows[6],
  '&[data-variant="destructive"]': {
    backgroundColor: theme.palette.error.main,
    borderColor: theme.palette.error.dark,
    color: theme.palette.error.contrastText,
  },
  '&[data-swipe="move"]': { transform: 'translateX(var(--radix-toast-swipe-move-x))' },
  '&[data-swipe="cancel"]': { transform: 'translateX(0)', transition: 'transform 200ms ease-out' },
  '&[data-swipe="end"]': { transform: 'translateX(var(--radix-toast-swipe-end-x))' },
}));

const Title = styled(ToastPrimitive.Title)(({ theme }) => ({
  ...theme.typography.subtitle2,
}));

const Description = styled(ToastPrimitive.Description)(({ theme }) => ({
  ...theme.typography.body2,
  opacity: 0.9,
}));

/** The layer's box for a placement: the corner, or the band beside, below or above the open dialogs. */
function placementSx(placement: ToastPlacement) {
  switch (placement.kind) {
    case 'side':
      return { maxWidth: Math.min(420, placement.width) };
    case 'below':
      return { maxHeight: placement.height, overflowY: 'auto' as const, left: 0, margin: '0 auto', paddingTop: 8, paddingBottom: 8 };
    case 'above':
      return { top: 0, bottom: 'auto', maxHeight: placement.height, overflowY: 'auto' as const, left: 0, margin: '0 auto', paddingTop: 8, paddingBottom: 8 };
    default:
      return {};
  }
}

/**
 * Renders toasts raised with `toast()`. Radix supplies swipe-right dismissal (50 px) and the F8
 * hotkey. While a dialog is open the layer moves beside, below or above it; when the dialog leaves
 * no room the toast waits (its time starts when it shows) so it never covers the dialog's actions.
 */
export function Toaster() {
  const toasts = useToasts();
  const placement = useToastPlacement();
  const held = placement.kind === 'held';
  return (
    <ToastPrimitive.Provider duration={DEFAULT_DURATION} swipeDirection="right">
      {!held && toasts.map(({ id, title, description, action, variant = 'default', open, duration }) => (
        <Root
          key={id}
          open={open}
          duration={duration}
          data-variant={variant}
          // Each toast is findable as a status or an alert; Radix announces it through its own live
          // region, so this one stays quiet (no second announcement).
          role={variant === 'destructive' ? 'alert' : 'status'}
          aria-live="off"
          onOpenChange={(isOpen) => {
            if (!isOpen) dismissToast(id);
          }}
        >
          <Box sx={{ flex: 1, minWidth: 0 }}>
            {title && <Title>{title}</Title>}
            {description && <Description>{description}</Description>}
          </Box>
          {action && (
            <ToastPrimitive.Action altText={action.props.altText} asChild>
              {action}
            </ToastPrimitive.Action>
          )}
          <ToastPrimitive.Close asChild>
            <IconButton aria-label="Close" size="small" color="inherit" sx={{ position: 'absolute', top: 4, right: 4 }}>
              <CloseIcon fontSize="small" />
            </IconButton>
          </ToastPrimitive.Close>
        </Root>
      ))}
      {/* Each toast (an li) is a status or an alert, not a list item, so the layer is a group rather than a list. */}
      <Viewport role="group" data-placement={placement.kind} sx={placementSx(placement)} />
    </ToastPrimitive.Provider>
  );
}
