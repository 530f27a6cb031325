import { useEffect, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { PageLoader } from '../components/PageLoader';
import { useUser } from '../lib/auth';

// The guard redirects an anonymous visitor after about 100 ms.
const REDIRECT_DELAY_MS = 100;

export function ProtectedRoute({ children }: { children: ReactNode }) {
  const { data: user, isLoading } = useUser();
  const navigate = useNavigate();
  const anonymous = !isLoading && !user;

  useEffect(() => {
    if (!anonymous) return;
    const timer = setTimeout(() => void navigate('/signin', { replace: true }), REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [anonymous, navigate]);

  if (isLoading) return <PageLoader title="Checking authentication..." />;
  if (!user) return <PageLoader title="Not authenticated" message="Redirecting to login..." />;
  return children;
}
