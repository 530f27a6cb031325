import { Dialog, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useId, type ReactNode } from 'react';
import { PendingDialogActions } from './PendingDialogActions';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  /** What happens, in a sentence or two; a node where a part (an address) needs its own wrapping. */
  message: ReactNode;
  confirmLabel: string;
  pending: boolean;
  onClose: () => void;
  onConfirm: () => void;
}

/** Asks before something that cannot be undone: the app's one confirm-before-delete dialog. */
export function ConfirmDialog({ open, title, message, confirmLabel, pending, onClose, onConfirm }: ConfirmDialogProps) {
  const titleId = useId();
  const messageId = useId();
  return (
    <Dialog
      open={open}
      onClose={pending ? undefined : onClose}
      aria-labelledby={titleId}
      aria-describedby={messageId}
      fullWidth
      maxWidth="xs"
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={messageId} component="div">
          {message}
        </DialogContentText>
      </DialogContent>
      <PendingDialogActions pending={pending} onCancel={onClose} actionLabel={confirmLabel} actionColor="error" onAction={onConfirm} />
    </Dialog>
  );
}
