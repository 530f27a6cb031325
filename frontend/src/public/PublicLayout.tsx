import { englishPagePath } from '@brandloom/contracts';
import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { PageLoader } from '../components/PageLoader';
import { PublicFrame } from './PublicFrame';

/** The SPA's public pages outside the landing page (the blog when reached in the app, not-found): the public header and footer. */
export default function PublicLayout() {
  const path = englishPagePath(useLocation().pathname);
  // The blog's pages exist in every language; another address (not found) links to the home pages.
  const page = path === '/blog' || path.startsWith('/blog/') ? path : '/';
  return (
    <PublicFrame page={page}>
      <Suspense fallback={<PageLoader />}>
        <Outlet />
      </Suspense>
    </PublicFrame>
  );
}
