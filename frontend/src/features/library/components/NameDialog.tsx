import { Dialog, DialogContent, DialogTitle, TextField } from '@mui/material';
import { useState, type FormEvent } from 'react';
import type { NameRule } from '../messages';
import { useT } from '../../../lib/i18n/translate';
import { PendingDialogActions } from '../../../components/PendingDialogActions';

interface NameDialogProps {
  open: boolean;
  title: string;
  label: string;
  initialValue?: string;
  rule: NameRule;
  pending: boolean;
  onClose: () => void;
  /** Receives the trimmed name once it passes the rule. */
  onSubmit: (name: string) => void;
}

/** A dialog with one name field (rename an asset, create or rename a folder). */
export function NameDialog(props: NameDialogProps) {
  // Mounted only while open, so each opening starts from the current name.
  return (
    <Dialog open={props.open} onClose={props.pending ? undefined : props.onClose} fullWidth maxWidth="xs">
      {props.open && <NameForm {...props} />}
    </Dialog>
  );
}

function NameForm({ title, label, initialValue = '', rule, pending, onClose, onSubmit }: NameDialogProps) {
  const t = useT();
  const [value, setValue] = useState(initialValue);
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const name = value.trim();
    const problem = name === '' ? rule.required : [...name].length > rule.max ? rule.tooLong : null;
    setError(problem);
    if (!problem) onSubmit(name);
  };

  return (
    <form onSubmit={submit} noValidate>
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>
        <TextField
          autoFocus
          fullWidth
          margin="dense"
          label={label}
          value={value}
          onChange={(event) => {
            setValue(event.target.value);
            if (error) setError(null);
          }}
          error={!!error}
          helperText={error ?? ' '}
        />
      </DialogContent>
      <PendingDialogActions pending={pending} onCancel={onClose} actionLabel={t('common.save')} />
    </form>
  );
}
