import {
  BLOG_CONTENT_PLACEHOLDER,
  BLOG_PAGE_PLACEHOLDER,
  BLOG_PAGE_SIZE,
  BLOG_RSS_ITEMS,
  BLOG_SHELL_FILE,
  BLOG_SLUG_PATTERN,
  BLOG_TEXTS_FILE,
  localizedPagePath,
  PRERENDERED_DIR,
  PUBLIC_PAGE_LANGUAGES,
  type BlogPostDto,
  type BlogTexts,
  type PublicPageLanguage,
} from '@brandloom/contracts';
import { AppConfig, BlogPostNotFoundError, BlogService } from '@brandloom/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import escapeHtml from 'escape-html';
import type { Express, NextFunction, Request, Response } from 'express';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fillPlaceholders, sendHtml } from '../common/static-frontend';
import { BLOG_STYLES, blogIndexHtml, blogPostHtml, blogPostMissingHtml, ENGLISH_BLOG, withPage, type BlogLanguage } from './blog-html';

/** The blog's English address; each pre-rendered language has its own under its prefix (`/de/blog`, `/de/blog/{slug}`). */
const BLOG_PATH = '/blog';
/** Public pages the sitemap lists besides the posts, each at its address in every language. */
const PUBLIC_PATHS = ['/', BLOG_PATH, '/signup', '/signin', '/terms', '/privacy', '/meta-deletion'];
const PAGE_LANGUAGES = ['en-US', ...PUBLIC_PAGE_LANGUAGES] as const;
const SITEMAP_POSTS = 5000;

/** XML's five special characters are HTML's: one escaper for both. */
const escapeXml = escapeHtml;

/** The highest page number /blog reads from its query; past it (or anything else) is page 1. */
const BLOG_MAX_PAGE = 10_000;
/** Addresses under /blog/ that are the app's screens, not posts. */
const APP_SCREENS_UNDER_BLOG = new Set(['create']);

/**
 * What crawlers, link previews and visitors read without running JavaScript: /robots.txt,
 * /sitemap.xml, /blog/rss.xml (RSS 2.0, the latest posts), and /blog and /blog/{slug} rendered here
 * per request (so an edited post shows at once) inside the public pages' pre-rendered shell, with
 * their title, description, canonical URL and Open Graph/Twitter tags. Without that shell (a build
 * from before it) /blog/{slug} is the app's index.html with the post's tags. Registered on Express
 * directly, before the single-page app's fallback.
 */
export function registerPublicPages(app: NestExpressApplication, staticDir: string | undefined): void {
  const express = app.getHttpAdapter().getInstance() as Express;
  const config = app.get(AppConfig);
  const blog = app.get(BlogService);
  const origin = config.appUrl;
  const absolute = (path: string) => `${origin}${path}`;

  express.get('/robots.txt', (_req, res) => {
    res.type('text/plain').set('Cache-Control', 'public, max-age=3600').send(`User-agent: *\nDisallow: /admin\nDisallow: /api\n\nSitemap: ${absolute('/sitemap.xml')}\n`);
  });

  express.get('/sitemap.xml', (_req, res, next) => {
    blog
      .latestPublished(SITEMAP_POSTS)
      .then((posts) => {
        const urls = [
          ...PUBLIC_PATHS.flatMap((path) => PAGE_LANGUAGES.map((language) => `  <url><loc>${escapeXml(absolute(localizedPagePath(path, language)))}</loc></url>`)),
          ...posts.flatMap((p) =>
            PAGE_LANGUAGES.map((language) => `  <url><loc>${escapeXml(absolute(localizedPagePath(`${BLOG_PATH}/${p.slug}`, language)))}</loc><lastmod>${p.updated_at}</lastmod></url>`),
          ),
        ];
        res.type('application/xml').set('Cache-Control', 'public, max-age=600');
        res.send(`<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`);
      })
      .catch(next);
  });

  express.get('/blog/rss.xml', (_req, res, next) => {
    blog
      .latestPublished(BLOG_RSS_ITEMS)
      .then((posts) => {
        const items = posts.map(
          (p) => `    <item>
      <title>${escapeXml(p.title)}</title>
      <link>${escapeXml(absolute(`/blog/${p.slug}`))}</link>
      <guid isPermaLink="true">${escapeXml(absolute(`/blog/${p.slug}`))}</guid>
      <pubDate>${new Date(p.published_at ?? p.created_at).toUTCString()}</pubDate>
      <author>${escapeXml(p.author)}</author>
      <description>${escapeXml(p.excerpt)}</description>
    </item>`,
        );
        res.type('application/rss+xml').set('Cache-Control', 'public, max-age=600');
        res.send(`<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">
  <channel>
    <title>Brandloom Blog</title>
    <link>${escapeXml(absolute('/blog'))}</link>
    <atom:link href="${escapeXml(absolute('/blog/rss.xml'))}" rel="self" type="application/rss+xml" />
    <description>News, guides and product updates from Brandloom.</description>
    <language>en-us</language>
${items.join('\n')}
  </channel>
</rss>
`);
      })
      .catch(next);
  });

  if (!staticDir) return;
  // Read on first use: on the first `npm start` the web app is still being built when the API starts.
  const settings = { appUrl: origin, supportEmail: config.supportEmail };
  const built = (file: string) => (existsSync(file) ? fillPlaceholders(readFileSync(file, 'utf8'), settings) : null);
  let index: string | null = null;
  const shells = new Map<string, { html: string; blog: BlogLanguage } | null>();
  const indexHtml = () => (index ??= built(join(staticDir, 'index.html')));
  /** The blog's shell in a language with its words (the English shell when that language's is missing). */
  const shellIn = (language: string): { html: string; blog: BlogLanguage } | null => {
    if (!indexHtml()) return null;
    if (!shells.has(language)) {
      const dir = language === 'en-US' ? join(staticDir, PRERENDERED_DIR) : join(staticDir, PRERENDERED_DIR, language);
      const html = built(join(dir, BLOG_SHELL_FILE));
      const texts = language === 'en-US' ? ENGLISH_BLOG.texts : readTexts(join(dir, BLOG_TEXTS_FILE));
      shells.set(language, html && texts ? { html, blog: { lang: language, texts, home: localizedPagePath(BLOG_PATH, language) } } : language === 'en-US' ? null : shellIn('en-US'));
    }
    return shells.get(language) ?? null;
  };
  // The content goes in before the head tags: a title can then never stand in for the placeholder.
  // `page` is what follows /blog in the page's path, for the footer's links to it in other languages.
  const inShell = (html: string, content: string, page = '') =>
    html.replaceAll(BLOG_PAGE_PLACEHOLDER, () => page).replace(BLOG_CONTENT_PLACEHOLDER, () => content);

  /** /blog (or /de/blog…): one page of the published posts in the language. */
  const sendIndex = (language: BlogPageLanguage, req: Request, res: Response, next: NextFunction) => {
    const page = blogPageNumber(req.query.page);
    const shell = shellIn(language);
    if (!shell) return next();
    const { texts } = shell.blog;
    blog
      .listPublished(page, BLOG_PAGE_SIZE)
      .then((posts) => {
        const path = page > 1 ? `${BLOG_PATH}?page=${page}` : BLOG_PATH;
        const head = {
          title: page > 1 ? withPage(texts.headPage, page) : `${texts.title} | Brandloom`,
          description: texts.lead,
          url: absolute(localizedPagePath(path, language)),
          alternates: alternates(path, absolute),
        };
        sendHtml(req, res, pageHead(inShell(shell.html, blogIndexHtml(posts, shell.blog)), head));
      })
      .catch(next);
  };

  /** /blog/{slug} (or /de/blog/{slug}…): the post inside the language's shell, or the page saying it is not there. */
  const sendPost = (language: BlogPageLanguage, req: Request, res: Response, next: NextFunction) => {
    const slug = String(req.params.slug);
    const shell = shellIn(language);
    const index = indexHtml();
    if (!index || APP_SCREENS_UNDER_BLOG.has(slug) || (!shell && !BLOG_SLUG_PATTERN.test(slug))) return next();
    const path = `${BLOG_PATH}/${slug}`;
    blog
      .getPublished(slug)
      .then((post) => {
        const url = absolute(localizedPagePath(path, language));
        sendHtml(req, res, shell ? withPostHead(inShell(shell.html, blogPostHtml(post, shell.blog), `/${encodeURIComponent(post.slug)}`), post, absolute, [...alternates(path, absolute), BLOG_STYLES], url) : withPostHead(index, post, absolute));
      })
      .catch((error: unknown) => {
        if (!(error instanceof BlogPostNotFoundError)) return next(error);
        // Without the shell the app's own page says so.
        if (!shell) return next();
        res.status(404);
        const { texts } = shell.blog;
        const head = { title: `${texts.notFound} | Brandloom Blog`, description: texts.notFoundText, noindex: true };
        sendHtml(req, res, pageHead(inShell(shell.html, blogPostMissingHtml(shell.blog)), head));
      });
  };

  // The English addresses send a visitor who asked for another language (`?lang=`, or the browser's
  // language on a first visit) to that language's address, as `/` does.
  express.get(BLOG_PATH, (req: Request, res: Response, next: NextFunction) => {
    res.vary('Accept-Language');
    const language = blogLanguage(req);
    if (language === 'en-US' || !indexHtml()) return sendIndex('en-US', req, res, next);
    const page = blogPageNumber(req.query.page);
    res.redirect(req.query.lang === undefined ? 302 : 301, localizedPagePath(BLOG_PATH, language) + (page > 1 ? `?page=${page}` : ''));
  });
  express.get(`${BLOG_PATH}/:slug`, (req: Request, res: Response, next: NextFunction) => {
    const slug = String(req.params.slug);
    res.vary('Accept-Language');
    const language = blogLanguage(req);
    if (language === 'en-US' || !indexHtml() || APP_SCREENS_UNDER_BLOG.has(slug) || !BLOG_SLUG_PATTERN.test(slug)) return sendPost('en-US', req, res, next);
    res.redirect(req.query.lang === undefined ? 302 : 301, localizedPagePath(`${BLOG_PATH}/${slug}`, language));
  });
  for (const language of PUBLIC_PAGE_LANGUAGES) {
    express.get(localizedPagePath(BLOG_PATH, language), (req: Request, res: Response, next: NextFunction) => sendIndex(language, req, res, next));
    express.get(`${localizedPagePath(BLOG_PATH, language)}/:slug`, (req: Request, res: Response, next: NextFunction) => sendPost(language, req, res, next));
  }
}

/** The blog's pages in English and the pre-rendered languages. */
type BlogPageLanguage = 'en-US' | PublicPageLanguage;

/**
 * The language a visitor of an English blog address asked for: `?lang=` (links from before the blog
 * had an address per language), else the one `Accept-Language` prefers among English and the
 * pre-rendered languages.
 */
function blogLanguage(req: Request): BlogPageLanguage {
  const asked = typeof req.query.lang === 'string' ? req.query.lang : undefined;
  const chosen = PUBLIC_PAGE_LANGUAGES.find((language) => language === asked);
  if (chosen) return chosen;
  if (asked !== undefined || !req.headers['accept-language']) return 'en-US';
  const best = PUBLIC_PAGE_LANGUAGES.find((language) => language === req.acceptsLanguages('en', ...PUBLIC_PAGE_LANGUAGES));
  return best ?? 'en-US';
}

/** A blog page's versions for search engines: one per language, and English as the default for the others. */
function alternates(path: string, absolute: (path: string) => string): string[] {
  return [
    ...PAGE_LANGUAGES.map((language) => `<link rel="alternate" hreflang="${language === 'en-US' ? 'en' : language}" href="${escapeHtml(absolute(localizedPagePath(path, language)))}" />`),
    `<link rel="alternate" hreflang="x-default" href="${escapeHtml(absolute(path))}" />`,
  ];
}

/** A language's blog words as the frontend's build wrote them, or null without them. */
function readTexts(file: string): BlogTexts | null {
  if (!existsSync(file)) return null;
  return JSON.parse(readFileSync(file, 'utf8')) as BlogTexts;
}

/** `?page=N` as /blog reads it: a whole number from 1 to BLOG_MAX_PAGE, else the first page. */
function blogPageNumber(value: unknown): number {
  const page = typeof value === 'string' && /^\d{1,5}$/.test(value) ? Number(value) : 1;
  return page >= 1 && page <= BLOG_MAX_PAGE ? page : 1;
}

/** The blog shell with a page's head tags and the blog's styles (the shell has no title or description of its own). */
function pageHead(html: string, head: { title: string; description: string; url?: string; alternates?: string[]; noindex?: boolean }): string {
  const tags = [
    `<title>${escapeHtml(head.title)}</title>`,
    `<meta name="description" content="${escapeHtml(head.description)}" />`,
    ...(head.noindex ? ['<meta name="robots" content="noindex" />'] : []),
    ...(head.url
      ? [
          `<link rel="canonical" href="${escapeHtml(head.url)}" />`,
          ...(head.alternates ?? []),
          `<meta property="og:type" content="website" />`,
          `<meta property="og:site_name" content="Brandloom" />`,
          `<meta property="og:title" content="${escapeHtml(head.title)}" />`,
          `<meta property="og:description" content="${escapeHtml(head.description)}" />`,
          `<meta property="og:url" content="${escapeHtml(head.url)}" />`,
          `<meta name="twitter:card" content="summary" />`,
          `<meta name="twitter:title" content="${escapeHtml(head.title)}" />`,
          `<meta name="twitter:description" content="${escapeHtml(head.description)}" />`,
        ]
      : []),
    BLOG_STYLES,
  ].join('\n    ');
  return html.replace('</head>', () => `    ${tags}\n  </head>`);
}

/**
 * index.html with the post's title, description, canonical URL and Open Graph/Twitter tags. The tags
 * go in through a function: as a replacement string, `$'` or `$&` in a title would paste parts of the page.
 */
export function withPostHead(index: string, post: BlogPostDto, absolute: (path: string) => string, extraTags: string[] = [], url = absolute(`${BLOG_PATH}/${post.slug}`)): string {
  const title = `${post.title} | Brandloom Blog`;
  const description = post.meta_description || post.excerpt;
  const image = post.featured_image_url ? absolute(post.featured_image_url) : null;
  const tags = [
    `<title>${escapeHtml(title)}</title>`,
    `<meta name="description" content="${escapeHtml(description)}" />`,
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    `<meta property="og:type" content="article" />`,
    `<meta property="og:title" content="${escapeHtml(post.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(description)}" />`,
    `<meta property="og:url" content="${escapeHtml(url)}" />`,
    ...(image ? [`<meta property="og:image" content="${escapeHtml(image)}" />`] : []),
    `<meta name="twitter:card" content="${image ? 'summary_large_image' : 'summary'}" />`,
    `<meta name="twitter:title" content="${escapeHtml(post.title)}" />`,
    `<meta name="twitter:description" content="${escapeHtml(description)}" />`,
    ...(image ? [`<meta name="twitter:image" content="${escapeHtml(image)}" />`] : []),
    ...extraTags,
  ].join('\n    ');
  return index
    .replace(/<title>[\s\S]*?<\/title>/, '')
    .replace(/<meta name="description"[^>]*>/, '')
    .replace('</head>', () => `    ${tags}\n  </head>`);
}
