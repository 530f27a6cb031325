import { hydrateRoot } from 'react-dom/client';
import { PUBLIC_PAGES } from './pages';
import { PublicApp } from './PublicApp';

// The entry of the pre-rendered public pages (/, /terms, /privacy, /meta-deletion, /signin, /signup): it
// hydrates the page's HTML with the same component that rendered it, and loads none of the SPA (router,
// query cache, shell, studio).
const page = PUBLIC_PAGES.find((p) => p.path === window.location.pathname) ?? PUBLIC_PAGES[0];
void page.load().then(({ default: Page }) => {
  hydrateRoot(document.getElementById('root')!, <PublicApp Page={Page} followsColorMode={page.followsColorMode} />);
});
