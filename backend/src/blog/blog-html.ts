import { BLOG_MESSAGES, type BlogPostDto, type BlogPostsPage, type BlogTexts } from '@brandloom/contracts';
import escapeHtml from 'escape-html';

/** The blog's index text: its heading's introduction and its description for search engines. */
export const BLOG_DESCRIPTION = 'Guides, news and product updates from the Brandloom team.';

/** The blog's words in English; the other languages' come with their shells (frontend's build, from its catalogues). */
export const ENGLISH_BLOG_TEXTS: BlogTexts = {
  title: 'Blog',
  headPage: 'Blog, page {page} | Brandloom',
  lead: BLOG_DESCRIPTION,
  rss: 'RSS feed',
  empty: 'No posts yet. Check back soon.',
  emptyPage: 'No posts on this page.',
  pages: 'Blog pages',
  page: 'Page {page}',
  previous: 'Previous',
  next: 'Next',
  allPosts: '← All posts',
  notFound: BLOG_MESSAGES.postNotFound,
  notFoundText: 'This post does not exist or is no longer published.',
  back: 'Back to the blog',
};

/** A page of the blog: its words, the language its dates are written in, and the blog's address in it (`/blog`, `/de/blog`). */
export interface BlogLanguage {
  lang: string;
  texts: BlogTexts;
  home: string;
}
export const ENGLISH_BLOG: BlogLanguage = { lang: 'en-US', texts: ENGLISH_BLOG_TEXTS, home: '/blog' };

const dateFormats = new Map<string, Intl.DateTimeFormat>();
const postDate = (post: Pick<BlogPostDto, 'published_at' | 'created_at'>, lang: string) => {
  let format = dateFormats.get(lang);
  if (!format) dateFormats.set(lang, (format = new Intl.DateTimeFormat(lang, { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' })));
  return format.format(new Date(post.published_at ?? post.created_at));
};
/** `{page}` in a text, filled. */
export const withPage = (text: string, page: number) => text.replace('{page}', () => String(page));

/**
 * The blog's own styles inside the public shell (its header and footer bring theirs): the theme's
 * colours through MUI's CSS variables, one column at phone width, no script needed.
 */
export const BLOG_STYLES = `<style>
      .blog { box-sizing: border-box; width: 100%; margin: 0 auto; padding: 32px 16px 48px; color: var(--mui-palette-text-primary, #0f172a); }
      .blog-wide { max-width: 1200px; }
      .blog-narrow { max-width: 760px; }
      @media (min-width: 600px) { .blog { padding: 48px 24px 64px; } }
      .blog h1 { font-size: clamp(32px, 6vw, 44px); line-height: 1.15; font-weight: 800; margin: 0 0 12px; overflow-wrap: anywhere; }
      .blog-lead, .blog-meta, .blog-card p, .blog-card small { color: var(--mui-palette-text-secondary, #475569); }
      .blog-lead { margin: 0 0 32px; font-size: 17px; }
      .blog a { color: var(--mui-palette-primary-main, #4f46e5); }
      .blog-grid { list-style: none; margin: 0; padding: 0; display: grid; gap: 24px; grid-template-columns: repeat(auto-fill, minmax(min(100%, 300px), 1fr)); }
      .blog-card { height: 100%; }
      .blog-card a { display: flex; flex-direction: column; height: 100%; box-sizing: border-box; border: 1px solid var(--mui-palette-divider, #e2e8f0); border-radius: 12px; overflow: hidden; color: inherit; text-decoration: none; background: var(--mui-palette-background-paper, #fff); }
      .blog-card a:hover { border-color: var(--mui-palette-primary-main, #4f46e5); }
      .blog-card a:focus-visible { outline: 3px solid var(--mui-palette-primary-light, #818cf8); outline-offset: 2px; }
      .blog-card img { display: block; width: 100%; aspect-ratio: 16 / 9; object-fit: cover; }
      .blog-card div { padding: 16px; display: flex; flex-direction: column; gap: 8px; flex-grow: 1; }
      .blog-card h2 { font-size: 20px; line-height: 1.3; margin: 0; overflow-wrap: anywhere; }
      .blog-card p { margin: 0; flex-grow: 1; }
      .blog-pages { display: flex; flex-wrap: wrap; gap: 8px; justify-content: center; margin-top: 32px; }
      .blog-pages a, .blog-pages span { min-width: 40px; min-height: 40px; box-sizing: border-box; display: inline-flex; align-items: center; justify-content: center; padding: 0 8px; border-radius: 8px; }
      .blog-pages [aria-current] { background: var(--mui-palette-primary-main, #4f46e5); color: var(--mui-palette-primary-contrastText, #fff); font-weight: 600; }
      .blog-back { display: inline-block; margin-bottom: 16px; font-weight: 600; }
      .blog-meta { margin: 0 0 24px; }
      .blog-hero { display: block; width: 100%; aspect-ratio: 16 / 9; object-fit: cover; border-radius: 16px; margin-bottom: 24px; }
      .blog-body { font-size: 17px; line-height: 1.75; overflow-wrap: anywhere; }
      .blog-body h1 { font-size: 30px; margin: 32px 0 16px; }
      .blog-body h2 { font-size: 24px; margin: 32px 0 12px; }
      .blog-body h3 { font-size: 20px; margin: 24px 0 8px; }
      .blog-missing { text-align: center; padding-top: 48px; }
      .blog-button { display: inline-flex; align-items: center; min-height: 40px; padding: 0 16px; border-radius: 8px; font-weight: 600; text-decoration: none; background: var(--mui-palette-primary-main, #4f46e5); color: var(--mui-palette-primary-contrastText, #fff) !important; }
    </style>`;

/** /blog: the published posts of one page as cards, with plain links between pages. */
export function blogIndexHtml({ posts, total, page, pageSize }: BlogPostsPage, { lang, texts, home }: BlogLanguage = ENGLISH_BLOG): string {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const cards = posts.map(
    (post) => `<li class="blog-card"><a href="${home}/${escapeHtml(post.slug)}">${
      post.featured_image_url ? `<img src="${escapeHtml(post.featured_image_url)}" alt="" loading="lazy" width="1600" height="900" />` : ''
    }<div><h2>${escapeHtml(post.title)}</h2><p>${escapeHtml(post.excerpt)}</p><small>${escapeHtml(post.author)} · ${postDate(post, lang)}</small></div></a></li>`,
  );
  const href = (n: number) => (n === 1 ? home : `${home}?page=${n}`);
  const numbered = (n: number) => (n === page ? `<span aria-current="page">${n}</span>` : `<a href="${href(n)}" aria-label="${escapeHtml(withPage(texts.page, n))}">${n}</a>`);
  const pager =
    pages > 1
      ? `<nav class="blog-pages" aria-label="${escapeHtml(texts.pages)}">${page > 1 ? `<a href="${href(page - 1)}">${escapeHtml(texts.previous)}</a>` : ''}${Array.from({ length: pages }, (_, i) => numbered(i + 1)).join('')}${
          page < pages ? `<a href="${href(page + 1)}">${escapeHtml(texts.next)}</a>` : ''
        }</nav>`
      : '';
  const list = posts.length > 0 ? `<ul class="blog-grid">${cards.join('')}</ul>` : `<p>${escapeHtml(total > 0 ? texts.emptyPage : texts.empty)}</p>`;
  return `<div class="blog blog-wide"><h1>${escapeHtml(texts.title)}</h1><p class="blog-lead">${escapeHtml(texts.lead)} <a href="/blog/rss.xml">${escapeHtml(texts.rss)}</a></p>${list}${pager}</div>`;
}

/** /blog/{slug}: the post, its body as the server sanitized it when it was saved. */
export function blogPostHtml(post: BlogPostDto, { lang, texts, home }: BlogLanguage = ENGLISH_BLOG): string {
  const image = post.featured_image_url ? `<img class="blog-hero" src="${escapeHtml(post.featured_image_url)}" alt="" width="1600" height="900" />` : '';
  return `<article class="blog blog-narrow"><a class="blog-back" href="${home}">${escapeHtml(texts.allPosts)}</a><h1>${escapeHtml(post.title)}</h1><p class="blog-meta">${escapeHtml(post.author)} · ${postDate(
    post,
    lang,
  )}</p>${image}<div class="blog-body">${post.content}</div></article>`;
}

/** An unknown or unpublished post: what happened and the way back. */
export function blogPostMissingHtml({ texts, home }: BlogLanguage = ENGLISH_BLOG): string {
  return `<div class="blog blog-narrow blog-missing"><h1>${escapeHtml(texts.notFound)}</h1><p class="blog-lead">${escapeHtml(texts.notFoundText)}</p><a class="blog-button" href="${home}">${escapeHtml(texts.back)}</a></div>`;
}
