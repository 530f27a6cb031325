import { APP_URL_PLACEHOLDER, type Language } from '@brandloom/contracts';
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import { prerender } from 'react-dom/static';
import { FALLBACK_LANGUAGE } from '../lib/i18n/messages';
import { switchLanguage, translate } from '../lib/i18n/translate';
import { PAGE_HEADS, type PageHead } from './heads';
import { BLOG_CONTENT_PLACEHOLDER, BLOG_PAGE_PLACEHOLDER, BLOG_SHELL_FILE, type BlogTexts } from '@brandloom/contracts';
import { PUBLIC_PAGES } from './pages';
import { PublicApp } from './PublicApp';
import { PublicFrame } from './PublicFrame';

export interface RenderedPage {
  path: string;
  file: string;
  module: string;
  /** The page's markup, for <div id="root">. */
  html: string;
  /** MUI's styles for that markup, as <style data-emotion> elements for the head. */
  styles: string;
  head: PageHead;
  /** Drawn in the visitor's colour mode; the others are drawn light and skip /theme-init.js. */
  followsColorMode: boolean;
}

export { PUBLIC_PAGES, switchLanguage };
// For scripts/prerender.mjs, which cannot import TypeScript.
export {
  APP_URL_PLACEHOLDER,
  BLOG_CONTENT_PLACEHOLDER,
  BLOG_SHELL_FILE,
  BLOG_TEXTS_FILE,
  localizedPagePath,
  PRERENDERED_DIR,
  PUBLIC_PAGE_LANGUAGES,
  SUPPORT_EMAIL_META_NAME,
  SUPPORT_EMAIL_PLACEHOLDER,
} from '@brandloom/contracts';

/** The module the blog shell's script hydrates (its header), as the Vite manifest names it. */
export const BLOG_SHELL_MODULE = 'src/public/PublicFrame.tsx';

function BlogShell() {
  return (
    <PublicFrame page={`/blog${BLOG_PAGE_PLACEHOLDER}`}>
      <main id="main">{BLOG_CONTENT_PLACEHOLDER}</main>
    </PublicFrame>
  );
}

/**
 * The blog's shell at build time: the public header and footer around a <main> holding
 * BLOG_CONTENT_PLACEHOLDER, which the server replaces per request (backend/src/blog/public-pages.ts),
 * as it does BLOG_PAGE_PLACEHOLDER in the footer's links to the page in the other languages,
 * with MUI's styles for the header and footer. Drawn light, as the landing page.
 */
export async function renderBlogShell(): Promise<{ file: string; module: string; html: string; styles: string }> {
  const { html, styles } = await renderWithStyles(<PublicApp Page={BlogShell} />);
  return { file: BLOG_SHELL_FILE, module: BLOG_SHELL_MODULE, html, styles };
}

/** The blog's own words in the active language, for the server that renders the blog (`{page}` left for it to fill). */
export function blogTexts(): BlogTexts {
  const page = '{page}';
  return {
    title: translate('blog.list.title'),
    headPage: translate('blog.list.headPage', { page }),
    lead: translate('blog.list.lead'),
    rss: translate('blog.list.rss'),
    empty: translate('blog.list.empty'),
    emptyPage: translate('blog.list.emptyPage'),
    pages: translate('blog.list.pages'),
    page: translate('blog.list.page', { page }),
    previous: translate('blog.list.previous'),
    next: translate('blog.list.next'),
    allPosts: translate('blog.post.allPosts'),
    notFound: translate('blog.post.notFound'),
    notFoundText: translate('blog.post.notFoundText'),
    back: translate('blog.post.back'),
  };
}

async function renderWithStyles(tree: React.ReactNode): Promise<{ html: string; styles: string }> {
  const cache = createCache({ key: 'css' });
  const emotion = createEmotionServer(cache);
  const { prelude } = await prerender(<CacheProvider value={cache}>{tree}</CacheProvider>);
  const html = await new Response(prelude).text();
  return { html, styles: emotion.constructStyleTagsFromChunks(emotion.extractCriticalToChunks(html)) };
}

/**
 * Renders a public page at build time (frontend/scripts/prerender.mjs) in a language, URLs relative to
 * the APP_URL placeholder.
 */
export async function renderPublicPage(path: string, language: Language = FALLBACK_LANGUAGE): Promise<RenderedPage> {
  const page = PUBLIC_PAGES.find((p) => p.path === path);
  if (!page) throw new Error(`${path} is not a pre-rendered page`);
  await switchLanguage(language);
  const { default: Page } = await page.load();
  // The browser's default emotion cache has the key 'css' too: it adopts these styles on hydration.
  const cache = createCache({ key: 'css' });
  const emotion = createEmotionServer(cache);
  const { prelude } = await prerender(
    <CacheProvider value={cache}>
      <PublicApp Page={Page} followsColorMode={page.followsColorMode} />
    </CacheProvider>,
  );
  const html = await new Response(prelude).text();
  const styles = emotion.constructStyleTagsFromChunks(emotion.extractCriticalToChunks(html));
  return { path: page.path, file: page.file, module: page.module, html, styles, head: PAGE_HEADS[page.path](APP_URL_PLACEHOLDER), followsColorMode: page.followsColorMode ?? false };
}
