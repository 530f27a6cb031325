import { Navigate } from 'react-router';
import { PageLoader } from '../../../components/PageLoader';
import { useUser } from '../../../lib/auth';

/** /blog/create (docs/decisions.md): administrators write posts in the console, members read the blog. */
export default function BlogCreatePage() {
  const user = useUser();
  if (user.isPending) return <PageLoader />;
  return <Navigate to={user.data?.is_admin ? '/admin/blog/create' : '/blog'} replace />;
}
