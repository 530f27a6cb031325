import { Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import { useId, useState, type FormEvent } from 'react';
import { useT } from '../../../lib/i18n/translate';

interface PromptDialogProps {
  open: boolean;
  title: string;
  label: string;
  defaultValue: string;
  confirmLabel?: string;
  /** The entered text, untrimmed; cancelling calls onCancel instead. */
  onConfirm: (value: string) => void;
  onCancel: () => void;
}

/** A window.prompt in the app's style: one text field, Cancel and a confirm button. */
export function PromptDialog({ open, title, label, defaultValue, confirmLabel, onConfirm, onCancel }: PromptDialogProps) {
  const t = useT();
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onCancel} fullWidth maxWidth="xs" aria-labelledby={titleId}>
      {open && (
        <PromptForm titleId={titleId} title={title} label={label} defaultValue={defaultValue} confirmLabel={confirmLabel ?? t('common.save')} onConfirm={onConfirm} onCancel={onCancel} />
      )}
    </Dialog>
  );
}

function PromptForm({
  titleId,
  title,
  label,
  defaultValue,
  confirmLabel,
  onConfirm,
  onCancel,
}: Omit<PromptDialogProps, 'open'> & { titleId: string; confirmLabel: string }) {
  const [value, setValue] = useState(defaultValue);
  const t = useT();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onConfirm(value);
  };
  return (
    <form onSubmit={submit} noValidate>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <TextField autoFocus fullWidth margin="dense" label={label} value={value} onChange={(event) => setValue(event.target.value)} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{t('common.cancel')}</Button>
        <Button type="submit" variant="contained">
          {confirmLabel}
        </Button>
      </DialogActions>
    </form>
  );
}
