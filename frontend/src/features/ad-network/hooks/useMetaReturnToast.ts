import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { translate } from '../../../lib/i18n/translate';
import { toast } from '../../../lib/toast';

/** Meta sends the browser back to /library?meta=connected or ?meta=error&reason=...: a toast, then a clean URL. */
export function useMetaReturnToast() {
  const [params, setParams] = useSearchParams();
  const outcome = params.get('meta');
  const reason = params.get('reason');
  useEffect(() => {
    if (!outcome) return;
    if (outcome === 'connected') toast({ title: translate('meta.card.connected'), description: translate('meta.card.connectedDescription') });
    else toast({ title: translate('meta.push.connectionError'), description: reason || translate('meta.card.connectFailed'), variant: 'destructive' });
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
