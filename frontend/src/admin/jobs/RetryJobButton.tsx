import { type AdminJobDto } from '@brandloom/contracts';
import { Button } from '@mui/material';
import { useState } from 'react';
import { HttpError, useNotify, useRecordContext, useRefresh } from 'react-admin';
import { activeLocale } from '../../lib/i18n/format';
import { FALLBACK_LANGUAGE } from '../../lib/i18n/messages';
import { useT } from '../../lib/i18n/translate';
import { adminAction } from '../dataProvider';
import { errorMessage } from '../errorMessage';

/** What the server retries: parked events (another run of attempts) and failed generations not retried yet (run again as a new one, once). */
export const canRetry = (job: Pick<AdminJobDto, 'kind' | 'state' | 'retried_as'>) =>
  (job.kind === 'event' && job.state === 'parked') || (job.kind === 'generation' && job.state === 'failed' && !job.retried_as);

export function RetryJobButton() {
  const job = useRecordContext<AdminJobDto>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [pending, setPending] = useState(false);
  const t = useT();
  if (!job || !canRetry(job)) return null;
  const retry = async () => {
    setPending(true);
    try {
      const { message } = await adminAction<{ message: string }>('POST', `jobs/${encodeURIComponent(job.kind)}/${encodeURIComponent(job.job_id)}/retry`, {});
      notify(message && activeLocale() === FALLBACK_LANGUAGE ? message : t('admin.jobs.retried'), { type: 'success' });
      refresh();
    } catch (error) {
      notify(t('admin.jobs.retryFailed', { reason: errorMessage(error) }), { type: 'error' });
      // Retried meanwhile (409): the row shows its new state and link.
      if (error instanceof HttpError && error.status === 409) refresh();
    } finally {
      setPending(false);
    }
  };
  return (
    <Button size="small" disabled={pending} onClick={() => void retry()} aria-label={t('admin.jobs.retryLabel', { kind: job.kind, label: job.label })}>
      {t('admin.jobs.retry')}
    </Button>
  );
}
