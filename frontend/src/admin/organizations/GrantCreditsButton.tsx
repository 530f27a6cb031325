import { ADMIN_REASON_MAX_LENGTH, type AdminOrganizationDto } from '@brandloom/contracts';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField } from '@mui/material';
import { useState } from 'react';
import { useNotify, useRecordContext, useRefresh } from 'react-admin';
import { useT } from '../../lib/i18n/translate';
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
  const t = useT();
  if (!organization) return null;
  const credits = Number(amount);
  const amountProblem = amount !== '' && (!Number.isInteger(credits) || credits === 0) ? t('admin.grant.amountNonZero') : null;
  const canSubmit = amount !== '' && !amountProblem && reason.trim() !== '' && !pending;

  const submit = async () => {
    setPending(true);
    try {
      await adminAction('POST', `organizations/${encodeURIComponent(organization.id)}/credits`, { credits, reason: reason.trim() });
      notify(t('admin.grant.done'), { type: 'success' });
      setOpen(false);
      setAmount('');
      setReason('');
      refresh();
    } catch (error) {
      notify(t('admin.grant.failed', { reason: errorMessage(error) }), { type: 'error' });
    } finally {
      setPending(false);
    }
  };

  return (
    <>
      <Button size="small" onClick={(event) => (event.stopPropagation(), setOpen(true))}>
        {t('admin.grant.button')}
      </Button>
      <Dialog open={open} onClose={() => !pending && setOpen(false)} aria-labelledby={`grant-${organization.id}`} fullWidth maxWidth="xs">
        <DialogTitle id={`grant-${organization.id}`}>{t('admin.grant.title', { name: organization.name })}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              label={t('admin.grant.amount')}
              type="number"
              value={amount}
              onChange={(event) => setAmount(event.target.value)}
              error={Boolean(amountProblem)}
              helperText={amountProblem ?? t('admin.grant.amountHint')}
              autoFocus
            />
            <TextField
              label={t('admin.grant.reason')}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              slotProps={{ htmlInput: { maxLength: ADMIN_REASON_MAX_LENGTH } }}
              helperText={t('admin.grant.reasonHint')}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)} disabled={pending}>
            {t('common.cancel')}
          </Button>
          <Button variant="contained" onClick={() => void submit()} disabled={!canSubmit}>
            {t('admin.grant.submit')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
