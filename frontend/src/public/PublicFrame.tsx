import { PUBLIC_HEADER_ID } from '@brandloom/contracts';
import type { ReactNode } from 'react';
import { LandingHeader } from '../features/landing/components/LandingHeader';
import { LandingFooter } from '../features/landing/components/Sections';

/**
 * The public pages' header and footer around a page that is not the landing page: the blog, a post
 * and the not-found page. The header sits in its own element: on the server-rendered blog pages the
 * public entry hydrates it alone (the menu, the signed-in state), the rest is plain HTML. `page` is
 * the page's en-US path, where the footer's language links lead in each language.
 */
export function PublicFrame({ page, children }: { page?: string; children: ReactNode }) {
  return (
    <>
      <div id={PUBLIC_HEADER_ID}>
        <LandingHeader home="/" />
      </div>
      {children}
      <LandingFooter page={page} />
    </>
  );
}

/** What the public entry hydrates on a server-rendered blog page. */
export function PublicFrameHeader() {
  return <LandingHeader home="/" />;
}
