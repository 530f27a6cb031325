import { Button, CircularProgress, DialogActions } from '@mui/material';
import { useT } from '../lib/i18n/translate';

interface PendingDialogActionsProps {
  /** While the action runs, both buttons are disabled and the action shows a spinner. */
  pending: boolean;
  onCancel: () => void;
  actionLabel: string;
  actionColor?: 'error';
  /** Disabled besides while pending (nothing would change yet). */
  actionDisabled?: boolean;
  /** What the action does; without it, the action submits the form around the dialog's content. */
  onAction?: () => void;
}

/** A dialog's Cancel and its one action, both held while the action runs (delete, move, save a name). */
export function PendingDialogActions({ pending, onCancel, actionLabel, actionColor, actionDisabled = false, onAction }: PendingDialogActionsProps) {
  const t = useT();
  return (
    <DialogActions>
      <Button onClick={onCancel} disabled={pending}>
        {t('common.cancel')}
      </Button>
      <Button
        type={onAction ? 'button' : 'submit'}
        onClick={onAction}
        color={actionColor}
        variant="contained"
        disabled={pending || actionDisabled}
        startIcon={pending ? <CircularProgress size={16} color="inherit" /> : undefined}
      >
        {actionLabel}
      </Button>
    </DialogActions>
  );
}
