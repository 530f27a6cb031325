import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Stack } from '@mui/material';
import { useId, type FormEvent, type ReactNode } from 'react';
import { useT } from '../lib/i18n/translate';

interface FormDialogProps {
  open: boolean;
  title: string;
  /** A sentence above the fields, when the title alone does not say what the form does. */
  intro?: string;
  /** The server's refusal of the last submit, shown above the fields. */
  error?: string;
  submitLabel: string;
  pending: boolean;
  maxWidth?: 'xs' | 'sm';
  onClose: () => void;
  /** Called on submit (the browser's own submit is prevented); the form checks its fields itself. */
  onSubmit: () => void;
  children: ReactNode;
}

/** A small form in a dialog: title, fields, Cancel and a submit button that shows progress. */
export function FormDialog({ open, title, intro, error, submitLabel, pending, maxWidth = 'sm', onClose, onSubmit, children }: FormDialogProps) {
  const t = useT();
  const titleId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth={maxWidth}>
      <Box component="form" noValidate onSubmit={submit}>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {intro && <DialogContentText>{intro}</DialogContentText>}
            {error && <Alert severity="error">{error}</Alert>}
            {children}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="submit" variant="contained" loading={pending}>
            {submitLabel}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
