import { Alert, AlertTitle, Button } from '@mui/material';
import { getErrorMessage } from '../../../lib/api';
import { useT } from '../../../lib/i18n/translate';

/** 'Error loading billing information' with the message and 'Try Again'. */
export function BillingLoadError({ error, onRetry }: { error: Error; onRetry: () => void }) {
  const t = useT();
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          {t('common.tryAgain')}
        </Button>
      }
    >
      <AlertTitle>{t('billing.loadError')}</AlertTitle>
      {getErrorMessage(error, error.message)}
    </Alert>
  );
}
