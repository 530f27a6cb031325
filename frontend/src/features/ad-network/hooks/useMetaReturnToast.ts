import { META_MESSAGES } from '@brandloom/contracts';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from '../../../lib/toast';

/** Meta sends the browser back to /library?meta=connected or ?meta=error&reason=...: a toast, then a clean URL. */
export function useMetaReturnToast() {
  const [params, setParams] = useSearchParams();
  const outcome = params.get('meta');
  const reason = params.get('reason');
  useEffect(() => {
    if (!outcome) return;
    if (outcome === 'connected') toast({ title: 'Meta Connected', description: 'Your Meta Business account is connected.' });
    else toast({ title: META_MESSAGES.connectionError, description: reason || 'Meta could not be connected.', variant: 'destructive' });
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('meta');
        next.delete('reason');
        return next;
      },
      { replace: true },
    );
  }, [outcome, reason, setParams]);
}
