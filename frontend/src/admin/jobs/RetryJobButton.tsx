import { ADMIN_MESSAGES, type AdminJobDto } from '@brandloom/contracts';
import { Button } from '@mui/material';
import { useState } from 'react';
import { useNotify, useRecordContext, useRefresh } from 'react-admin';
import { adminAction } from '../dataProvider';
import { errorMessage } from '../errorMessage';

/** What the server retries: parked events (another run of attempts) and failed generations (run again as a new one). */
export const canRetry = (job: Pick<AdminJobDto, 'kind' | 'state'>) => (job.kind === 'event' && job.state === 'parked') || (job.kind === 'generation' && job.state === 'failed');

export function RetryJobButton() {
  const job = useRecordContext<AdminJobDto>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [pending, setPending] = useState(false);
  if (!job || !canRetry(job)) return null;
  const retry = async () => {
    setPending(true);
    try {
      const { message } = await adminAction<{ message: string }>('POST', `jobs/${encodeURIComponent(job.kind)}/${encodeURIComponent(job.job_id)}/retry`, {});
      notify(message || ADMIN_MESSAGES.jobRetried, { type: 'success' });
      refresh();
    } catch (error) {
      notify(`${ADMIN_MESSAGES.jobRetryFailed}: ${errorMessage(error)}`, { type: 'error' });
    } finally {
      setPending(false);
    }
  };
  return (
    <Button size="small" disabled={pending} onClick={() => void retry()} aria-label={`Retry ${job.kind} ${job.label}`}>
      Retry
    </Button>
  );
}
