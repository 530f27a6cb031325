import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { PageLoader } from '../../../components/PageLoader';

/** /credits is an old address of the billing page. */
export default function CreditsRedirectPage() {
  const navigate = useNavigate();
  useEffect(() => {
    void navigate('/billing', { replace: true });
  }, [navigate]);
  return <PageLoader title="Redirecting to billing page..." />;
}
