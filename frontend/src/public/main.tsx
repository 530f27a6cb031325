import { PUBLIC_HEADER_ID } from '@brandloom/contracts';
import { hydrateRoot } from 'react-dom/client';
import { PUBLIC_PAGES } from './pages';
import { PublicApp } from './PublicApp';

// The entry of the pre-rendered public pages (/, /terms, /privacy, /meta-deletion, /signin, /signup): it
// hydrates the page's HTML with the same component that rendered it, and loads none of the SPA (router,
// query cache, shell, studio). On the blog's pages, which the server renders per request around the
// pre-rendered shell, it hydrates the shell's header alone: the rest is plain HTML.
const header = document.getElementById(PUBLIC_HEADER_ID);
if (header) {
  void import('./PublicFrame').then(({ PublicFrameHeader }) => hydrateRoot(header, <PublicApp Page={PublicFrameHeader} />));
} else {
  const page = PUBLIC_PAGES.find((p) => p.path === window.location.pathname) ?? PUBLIC_PAGES[0];
  void page.load().then(({ default: Page }) => {
    hydrateRoot(document.getElementById('root')!, <PublicApp Page={Page} followsColorMode={page.followsColorMode} />);
  });
}
