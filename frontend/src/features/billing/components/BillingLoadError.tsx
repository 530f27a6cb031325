import { BILLING_MESSAGES } from '@brandloom/contracts';
import { Alert, AlertTitle, Button } from '@mui/material';
import { getErrorMessage } from '../../../lib/api';

/** 'Error loading billing information' with the message and 'Try Again'. */
export function BillingLoadError({ error, onRetry }: { error: Error; onRetry: () => void }) {
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          Try Again
        </Button>
      }
    >
      <AlertTitle>{BILLING_MESSAGES.loadError}</AlertTitle>
      {getErrorMessage(error, error.message)}
    </Alert>
  );
}
