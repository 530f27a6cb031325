import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { PageLoader } from '../../../components/PageLoader';
import { useT } from '../../../lib/i18n/translate';

/** /credits is an old address of the billing page. */
export default function CreditsRedirectPage() {
  const navigate = useNavigate();
  const t = useT();
  useEffect(() => {
    void navigate('/billing', { replace: true });
  }, [navigate]);
  return <PageLoader title={t('billing.redirecting')} />;
}
