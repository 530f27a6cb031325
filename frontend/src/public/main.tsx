import { LANGUAGES, LOCALIZED_PRERENDERED_PAGES, PUBLIC_HEADER_ID, type Language } from '@brandloom/contracts';
import { FALLBACK_LANGUAGE } from '../lib/i18n/messages';
import { switchLanguage } from '../lib/i18n/translate';
import { hydrateRoot } from 'react-dom/client';
import { PUBLIC_PAGES } from './pages';
import { PublicApp } from './PublicApp';

// The entry of the pre-rendered public pages (/, /terms, /privacy, /meta-deletion, /signin, /signup): it
// hydrates the page's HTML with the same component that rendered it, and loads none of the SPA (router,
// query cache, shell, studio). On the blog's pages, which the server renders per request around the
// pre-rendered shell, it hydrates the shell's header alone: the rest is plain HTML.
// The page was rendered in the language its <html lang> names: hydrated in the same one.
const lang = document.documentElement.lang;
const language: Language = LANGUAGES.find((known) => known === lang) ?? FALLBACK_LANGUAGE;
const header = document.getElementById(PUBLIC_HEADER_ID);
await switchLanguage(language);
if (header) {
  void import('./PublicFrame').then(({ PublicFrameHeader }) => hydrateRoot(header, <PublicApp Page={PublicFrameHeader} />));
} else {
  const source = LOCALIZED_PRERENDERED_PAGES.find((p) => p.path === window.location.pathname)?.source;
  const page = PUBLIC_PAGES.find((p) => p.path === source) ?? PUBLIC_PAGES[0];
  void page.load().then(({ default: Page }) => {
    hydrateRoot(document.getElementById('root')!, <PublicApp Page={Page} followsColorMode={page.followsColorMode} />);
  });
}
