import { MAX_CREDITS_GRANT } from '@brandloom/contracts';
import { Box, Button, TextField } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useAddCredits } from '../api/useAddCredits';
import { formatNumber } from '../../../lib/i18n/format';
import { useT } from '../../../lib/i18n/translate';

function parseAmount(value: string): number | null {
  if (!/^\d+$/.test(value.trim())) return null;
  const amount = Number(value.trim());
  return amount >= 1 && amount <= MAX_CREDITS_GRANT ? amount : null;
}

/** Administrators only: grants bonus credits to their own organization. */
export function AddCreditsForm() {
  const addCredits = useAddCredits();
  const [value, setValue] = useState('');
  const [showError, setShowError] = useState(false);
  const amount = parseAmount(value);
  const t = useT();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (amount === null) {
      setShowError(true);
      return;
    }
    addCredits.mutate(amount, {
      onSuccess: () => {
        setValue('');
        setShowError(false);
      },
    });
  };

  return (
    <Box component="form" onSubmit={submit} noValidate sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
      <TextField
        label={t('billing.add.label')}
        size="small"
        value={value}
        onChange={(event) => setValue(event.target.value)}
        error={showError && amount === null}
        helperText={showError && amount === null ? t('billing.add.amountInvalid', { max: formatNumber(MAX_CREDITS_GRANT) }) : undefined}
        slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        sx={{ flex: 1 }}
      />
      <Button type="submit" variant="outlined" disabled={addCredits.isPending} sx={{ height: 40 }}>
        {t('billing.add.submit')}
      </Button>
    </Box>
  );
}
