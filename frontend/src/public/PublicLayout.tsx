import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { PageLoader } from '../components/PageLoader';
import { PublicFrame } from './PublicFrame';

/** The SPA's public pages outside the landing page (the blog when reached in the app, not-found): the public header and footer. */
export default function PublicLayout() {
  return (
    <PublicFrame>
      <Suspense fallback={<PageLoader />}>
        <Outlet />
      </Suspense>
    </PublicFrame>
  );
}
