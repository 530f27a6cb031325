/**
 * The pre-rendered public pages (/, /terms, /privacy, /meta-deletion, /signin, /signup): built once with placeholders
 * that the server replaces with its configuration when it serves them.
 */
export const PRERENDERED_PAGES = [
  { path: '/', file: 'index.html' },
  { path: '/terms', file: 'terms.html' },
  { path: '/privacy', file: 'privacy.html' },
  { path: '/meta-deletion', file: 'meta-deletion.html' },
  { path: '/signin', file: 'signin.html' },
  { path: '/signup', file: 'signup.html' },
] as const;
/** The languages other than en-US the public pages are pre-rendered in, each under its own prefix (`/de/`, `/de/terms`). */
export const PUBLIC_PAGE_LANGUAGES = ['es', 'fr', 'de'] as const;
export type PublicPageLanguage = (typeof PUBLIC_PAGE_LANGUAGES)[number];

/** Where a public page lives in a language: `/` and `de` → `/de/`, `/terms` and `fr` → `/fr/terms`; en-US keeps the path. */
export function localizedPagePath(path: string, language: string): string {
  if (!(PUBLIC_PAGE_LANGUAGES as readonly string[]).includes(language)) return path;
  return path === '/' ? `/${language}/` : `/${language}${path}`;
}

/** A public page's en-US path from its path in any language: `/de/` → `/`, `/fr/blog/x` → `/blog/x`. */
export function englishPagePath(path: string): string {
  const language = PUBLIC_PAGE_LANGUAGES.find((prefix) => path === `/${prefix}` || path.startsWith(`/${prefix}/`));
  return language ? path.slice(language.length + 1) || '/' : path;
}

/** Every pre-rendered page in every language: its path, its file under PRERENDERED_DIR, its en-US path and its language. */
export const LOCALIZED_PRERENDERED_PAGES: readonly { path: string; file: string; source: string; language: 'en-US' | PublicPageLanguage }[] = [
  ...PRERENDERED_PAGES.map(({ path, file }) => ({ path, file, source: path, language: 'en-US' as const })),
  ...PUBLIC_PAGE_LANGUAGES.flatMap((language) =>
    PRERENDERED_PAGES.map(({ path, file }) => ({ path: localizedPagePath(path, language), file: `${language}/${file}`, source: path, language })),
  ),
];

/** Folder of the built frontend that holds them. */
export const PRERENDERED_DIR = 'prerendered';

/** Where users write about their data (/meta-deletion) when SUPPORT_EMAIL is not set. */
export const DEFAULT_SUPPORT_EMAIL = 'support@brandloom.app';
/** Stands for SUPPORT_EMAIL in the built HTML. */
export const SUPPORT_EMAIL_PLACEHOLDER = '__BRANDLOOM_SUPPORT_EMAIL__';
/** Stands for APP_URL (canonical and Open Graph URLs) in the built HTML. */
export const APP_URL_PLACEHOLDER = '__BRANDLOOM_APP_URL__';
/** The <meta> element through which a page tells the browser code the support address. */
export const SUPPORT_EMAIL_META_NAME = 'brandloom:support-email';
/**
 * The attribute the server puts on a page's <html> when Google sign-in is not configured: the
 * pre-rendered sign-in and sign-up pages hide their Google button by it before any script runs.
 */
export const GOOGLE_SIGN_IN_OFF_ATTRIBUTE = 'data-google-sign-in-off';

/**
 * The public pages' shell for the blog (/blog, /blog/{slug}) and its not-found page, pre-rendered in
 * PRERENDERED_DIR: the header and footer around an empty main, which the server fills per request
 * with the posts as they are now, and their head tags.
 */
export const BLOG_SHELL_FILE = 'blog.html';
/**
 * The blog's own words in a language (its heading, pager, "All posts"…), written by the frontend's
 * build from its catalogues next to that language's shell (BLOG_TEXTS_FILE), for the server that
 * renders the blog. `{page}` stands for a page number.
 */
export interface BlogTexts {
  title: string;
  headPage: string;
  lead: string;
  rss: string;
  empty: string;
  emptyPage: string;
  pages: string;
  page: string;
  previous: string;
  next: string;
  allPosts: string;
  notFound: string;
  notFoundText: string;
  back: string;
}
export const BLOG_TEXTS_FILE = 'blog-texts.json';
/**
 * Stands, in the blog shell's links to the page in other languages, for what follows /blog in the
 * page's path: nothing on the list, `/{slug}` on a post (the server fills it per request).
 */
export const BLOG_PAGE_PLACEHOLDER = '__BRANDLOOM_BLOG_PAGE__';
/** Stands for the page's own content (inside <main>) in the blog shell. */
export const BLOG_CONTENT_PLACEHOLDER = '__BRANDLOOM_BLOG_CONTENT__';
/** The element around the shell's header, which the public entry hydrates (its menu, the signed-in state). */
export const PUBLIC_HEADER_ID = 'public-header';
