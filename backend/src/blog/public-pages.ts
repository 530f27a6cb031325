import { BLOG_RSS_ITEMS, BLOG_SLUG_PATTERN, type BlogPostDto } from '@brandloom/contracts';
import { AppConfig, BlogPostNotFoundError, BlogService } from '@brandloom/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import escapeHtml from 'escape-html';
import type { Express, NextFunction, Request, Response } from 'express';
import { existsSync, readFileSync } from 'node:fs';
import { fillPlaceholders } from '../common/static-frontend';

/** Public pages the sitemap lists besides the posts. */
const PUBLIC_PATHS = ['/', '/blog', '/signup', '/signin', '/terms', '/privacy', '/meta-deletion'];
const SITEMAP_POSTS = 5000;

/** XML's five special characters are HTML's: one escaper for both. */
const escapeXml = escapeHtml;

/**
 * What crawlers and link previews read without running JavaScript: /robots.txt, /sitemap.xml,
 * /blog/rss.xml (RSS 2.0, the latest posts) and, for /blog/{slug}, the app's index.html with the
 * post's title, description, canonical URL and Open Graph/Twitter tags already in its head.
 * Registered on Express directly, before the single-page app's fallback.
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
          ...PUBLIC_PATHS.map((path) => `  <url><loc>${escapeXml(absolute(path))}</loc></url>`),
          ...posts.map((p) => `  <url><loc>${escapeXml(absolute(`/blog/${p.slug}`))}</loc><lastmod>${p.updated_at}</lastmod></url>`),
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
  let index: string | null = null;
  const indexHtml = () =>
    (index ??= existsSync(`${staticDir}/index.html`) ? fillPlaceholders(readFileSync(`${staticDir}/index.html`, 'utf8'), { appUrl: origin, supportEmail: config.supportEmail }) : null);
  express.get('/blog/:slug', (req: Request, res: Response, next: NextFunction) => {
    const slug = String(req.params.slug);
    const index = indexHtml();
    if (!index || !BLOG_SLUG_PATTERN.test(slug)) return next();
    blog
      .getPublished(slug)
      .then((post) => res.type('html').set('Cache-Control', 'no-cache').send(withPostHead(index, post, absolute)))
      .catch((error: unknown) => (error instanceof BlogPostNotFoundError ? next() : next(error)));
  });
}

/**
 * index.html with the post's title, description, canonical URL and Open Graph/Twitter tags. The tags
 * go in through a function: as a replacement string, `$'` or `$&` in a title would paste parts of the page.
 */
export function withPostHead(index: string, post: BlogPostDto, absolute: (path: string) => string): string {
  const title = `${post.title} | Brandloom Blog`;
  const description = post.meta_description || post.excerpt;
  const url = absolute(`/blog/${post.slug}`);
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
  ].join('\n    ');
  return index
    .replace(/<title>[\s\S]*?<\/title>/, '')
    .replace(/<meta name="description"[^>]*>/, '')
    .replace('</head>', () => `    ${tags}\n  </head>`);
}
