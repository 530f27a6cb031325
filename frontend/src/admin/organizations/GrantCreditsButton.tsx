import { ADMIN_MESSAGES, ADMIN_REASON_MAX_LENGTH, type AdminOrganizationDto } from '@brandloom/contracts';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField } from '@mui/material';
import { useState } from 'react';
import { useNotify, useRecordContext, useRefresh } from 'react-admin';
import { adminAction } from '../dataProvider';
import { errorMessage } from '../errorMessage';

/** Grant credits, asking for an amount and a reason (a negative amount corrects, never below zero). */
export function GrantCreditsButton() {
  const organization = useRecordContext<AdminOrganizationDto>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [pending, setPending] = useState(false);
  if (!organization) return null;
  const credits = Number(amount);
  const amountProblem = amount !== '' && (!Number.isInteger(credits) || credits === 0) ? ADMIN_MESSAGES.creditsNonZero : null;
  const canSubmit = amount !== '' && !amountProblem && reason.trim() !== '' && !pending;

  const submit = async () => {
    setPending(true);
    try {
      await adminAction('POST', `organizations/${encodeURIComponent(organization.id)}/credits`, { credits, reason: reason.trim() });
      notify(ADMIN_MESSAGES.creditsGranted, { type: 'success' });
      setOpen(false);
      setAmount('');
      setReason('');
      refresh();
    } catch (error) {
      notify(`${ADMIN_MESSAGES.creditsFailed}: ${errorMessage(error)}`, { type: 'error' });
    } finally {
      setPending(false);
    }
  };

  return (
    <>
      <Button size="small" onClick={(event) => (event.stopPropagation(), setOpen(true))}>
        Grant credits
      </Button>
      <Dialog open={open} onClose={() => !pending && setOpen(false)} aria-labelledby={`grant-${organization.id}`} fullWidth maxWidth="xs">
        <DialogTitle id={`grant-${organization.id}`}>Grant credits to {organization.name}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              label="Amount"
              type="number"
              value={amount}
              onChange={(event) => setAmount(event.target.value)}
              error={Boolean(amountProblem)}
              helperText={amountProblem ?? 'A negative amount takes credits back (never below zero).'}
              autoFocus
            />
            <TextField
              label="Reason"
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              slotProps={{ htmlInput: { maxLength: ADMIN_REASON_MAX_LENGTH } }}
              helperText="Shown in the organization's credit history"
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)} disabled={pending}>
            Cancel
          </Button>
          <Button variant="contained" onClick={() => void submit()} disabled={!canSubmit}>
            Grant
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
