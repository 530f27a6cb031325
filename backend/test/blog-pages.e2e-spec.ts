/**
 * /blog and /blog/{slug} rendered by the server inside the public pages' pre-rendered shell (header
 * with a way home and to sign up, footer): whole pages without JavaScript, with their head tags, and
 * fresh the moment a post is edited.
 */
import { BLOG_CONTENT_PLACEHOLDER, BLOG_PAGE_PLACEHOLDER, GOOGLE_SIGN_IN_OFF_ATTRIBUTE, SUPPORT_EMAIL_PLACEHOLDER } from '@brandloom/contracts';
import { AuthService } from '@brandloom/core';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request, { type Agent } from 'supertest';
import { createTestApp, signUp, TestApp } from './test-app';

const ORIGIN = 'https://brandloom.example';
const SPA = '<!doctype html><html><head><title>Brandloom</title></head><body><div id="root"></div></body></html>';
/** The app's page as served here: Google sign-in is not configured, so its button is marked hidden. */
const SERVED_SPA = SPA.replace('<html>', () => `<html ${GOOGLE_SIGN_IN_OFF_ATTRIBUTE}>`);
// The shell as the build leaves it (frontend/scripts/prerender.mjs): no title or description of its own.
const SHELL = `<!doctype html><html lang="en"><head><meta name="brandloom:support-email" content="${SUPPORT_EMAIL_PLACEHOLDER}" /></head><body><div id="root"><div id="public-header"><header><a href="/">Brandloom</a><a href="/signup">Sign up</a></header></div><main id="main">${BLOG_CONTENT_PLACEHOLDER}</main><footer><a href="/privacy">Privacy Policy</a><nav aria-label="Languages"><a href="/blog${BLOG_PAGE_PLACEHOLDER}?lang=en" hreflang="en-US">English (US)</a><a href="/fr/blog${BLOG_PAGE_PLACEHOLDER}" hreflang="fr">Français</a></nav></footer></div></body></html>`;

const GERMAN = {
  title: 'Blog',
  headPage: 'Blog, Seite {page} | Brandloom',
  lead: 'Leitfäden, Neuigkeiten und Produkt-Updates vom Brandloom-Team.',
  rss: 'RSS-Feed',
  empty: 'Noch keine Beiträge. Schauen Sie bald wieder vorbei.',
  emptyPage: 'Auf dieser Seite gibt es keine Beiträge.',
  pages: 'Blogseiten',
  page: 'Seite {page}',
  previous: 'Zurück',
  next: 'Weiter',
  allPosts: '← Alle Beiträge',
  notFound: 'Beitrag nicht gefunden',
  notFoundText: 'Dieser Beitrag existiert nicht oder ist nicht mehr veröffentlicht.',
  back: 'Zurück zum Blog',
};

describe('the blog, rendered on the server in the public shell', () => {
  const dir = mkdtempSync(join(tmpdir(), 'brandloom-blog-pages-'));
  let t: TestApp;
  let admin: Agent;
  const http = () => request(t.app.getHttpServer());
  const post = (fields: Record<string, string>) => ({ content: '<p>The body</p>', author: 'Ana', excerpt: 'Short & sweet', status: 'published', ...fields });

  beforeAll(async () => {
    writeFileSync(join(dir, 'index.html'), SPA);
    mkdirSync(join(dir, 'prerendered'));
    writeFileSync(join(dir, 'prerendered', 'blog.html'), SHELL);
    // The German shell and the blog's words as the build writes them from the catalogues.
    mkdirSync(join(dir, 'prerendered', 'de'));
    writeFileSync(join(dir, 'prerendered', 'de', 'blog.html'), SHELL.replace('lang="en"', 'lang="de"').replace('Sign up', 'Registrieren'));
    writeFileSync(join(dir, 'prerendered', 'de', 'blog-texts.json'), JSON.stringify(GERMAN));
    t = await createTestApp({ STATIC_DIR: dir, APP_URL: ORIGIN, OUTBOX_POLL_MS: '600000' });
    const { agent, user } = await signUp(t);
    await t.app.get(AuthService).setAdmin(user.email);
    admin = agent;
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('/blog lists the published posts as links inside the header and footer, with its head tags; drafts stay out', async () => {
    await admin.post('/api/admin/blog/posts').set('Origin', ORIGIN).send(post({ title: 'Launch <day> notes', slug: 'launch-day-notes' })).expect(201);
    await admin.post('/api/admin/blog/posts').set('Origin', ORIGIN).send(post({ title: 'Hidden draft', slug: 'hidden-draft', status: 'draft' })).expect(201);

    const res = await http().get('/blog').expect(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    const html = res.text;
    expect(html).toContain('<header><a href="/">Brandloom</a><a href="/signup">Sign up</a></header>');
    expect(html).toContain('<footer>');
    expect(html).not.toContain(BLOG_CONTENT_PLACEHOLDER);
    expect(html).toContain('<title>Blog | Brandloom</title>');
    expect(html).toContain(`<link rel="canonical" href="${ORIGIN}/blog" />`);
    expect(html).toContain('<meta property="og:title" content="Blog | Brandloom" />');
    expect(html).toMatch(/<main id="main"><div class="blog[^"]*"><h1>Blog<\/h1>/);
    expect(html).toContain('<a href="/blog/launch-day-notes"><div><h2>Launch &lt;day&gt; notes</h2><p>Short &amp; sweet</p>');
    expect(html).not.toContain('Hidden draft');
    expect(html).toContain('<style>');
  });

  it('/blog/{slug} is the whole post with its tags, and follows an edit at once', async () => {
    const created = (await admin.post('/api/admin/blog/posts').set('Origin', ORIGIN).send(post({ title: 'First title', slug: 'fresh-post', meta_description: 'About freshness' })).expect(201)).body;

    const before = (await http().get('/blog/fresh-post').expect(200)).text;
    expect(before).toContain('<title>First title | Brandloom Blog</title>');
    expect(before).toContain('<meta name="description" content="About freshness" />');
    expect(before).toContain(`<link rel="canonical" href="${ORIGIN}/blog/fresh-post" />`);
    expect(before).toMatch(/<article class="blog[^"]*"><a class="blog-back" href="\/blog">← All posts<\/a><h1>First title<\/h1>/);
    expect(before).toContain('<div class="blog-body"><p>The body</p></div>');
    expect(before).toContain('<a href="/signup">Sign up</a>');
    expect(before.match(/<title>/g)).toHaveLength(1);

    await admin
      .put(`/api/admin/blog/posts/${created.id}`)
      .set('Origin', ORIGIN)
      .send(post({ title: 'Second title', slug: 'fresh-post', content: '<h2>New part</h2><p>Rewritten</p>' }))
      .expect(200);
    const after = (await http().get('/blog/fresh-post').expect(200)).text;
    expect(after).toContain('<title>Second title | Brandloom Blog</title>');
    expect(after).toContain('<h1>Second title</h1>');
    expect(after).toContain('<div class="blog-body"><h2>New part</h2><p>Rewritten</p></div>');
    expect(after).not.toContain('First title');
    expect((await http().get('/blog').expect(200)).text).toContain('<h2>Second title</h2>');

    // Unpublished: gone from the site at once, a 404 page in the same shell with the way back.
    await admin.put(`/api/admin/blog/posts/${created.id}`).set('Origin', ORIGIN).send(post({ title: 'Second title', slug: 'fresh-post', status: 'draft' })).expect(200);
    const gone = await http().get('/blog/fresh-post').expect(404);
    expect(gone.text).toContain('<h1>Post Not Found</h1>');
    expect(gone.text).toContain('<a class="blog-button" href="/blog">Back to the blog</a>');
    expect(gone.text).toContain('<meta name="robots" content="noindex" />');
    expect(gone.text).toContain('<a href="/signup">Sign up</a>');
  });

  it("a post's text standing for the shell's placeholder or a replacement pattern stays text in its place", async () => {
    const title = `Odd ${BLOG_CONTENT_PLACEHOLDER} $& $' title`;
    await admin.post('/api/admin/blog/posts').set('Origin', ORIGIN).send(post({ title, slug: 'odd-title' })).expect(201);
    const html = (await http().get('/blog/odd-title').expect(200)).text;
    const escaped = `Odd ${BLOG_CONTENT_PLACEHOLDER} $&amp; $&#39; title`;
    expect(html).toContain(`<title>${escaped} | Brandloom Blog</title>`);
    expect(html).toContain(`<h1>${escaped}</h1>`);
    expect(html.match(/<main id="main">/g)).toHaveLength(1);
    expect(html).toContain('<div class="blog-body"><p>The body</p></div>');
  });

  it('pages /blog with plain links, reads only a sane page number, and leaves /blog/create to the app', async () => {
    for (let i = 0; i < 10; i++) await admin.post('/api/admin/blog/posts').set('Origin', ORIGIN).send(post({ title: `Paged ${i}`, slug: `paged-${i}` })).expect(201);
    const first = (await http().get('/blog').expect(200)).text;
    expect(first).toContain('<span aria-current="page">1</span>');
    expect(first).toContain('<a href="/blog?page=2" aria-label="Page 2">2</a>');
    const second = (await http().get('/blog?page=2').expect(200)).text;
    expect(second).toContain('<span aria-current="page">2</span>');
    expect(second).toContain('<title>Blog, page 2 | Brandloom</title>');
    expect(second).toContain('<a href="/blog">Previous</a>');
    for (const odd of ['-1', 'abc', '99999999999', '1e3']) expect((await http().get(`/blog?page=${odd}`).expect(200)).text).toContain('<span aria-current="page">1</span>');
    await http().get('/blog?page=a&page=b').expect(200);
    expect((await http().get('/blog/create').expect(200)).text).toBe(SERVED_SPA);
    expect((await http().get('/blog/Not_A_Slug').expect(404)).text).toContain('<h1>Post Not Found</h1>');
  });

  it("answers each language at its own address (/de/blog, /de/blog/{slug}) with its shell, words and dates, links that stay in it, and hreflang alternates", async () => {
    await admin.post('/api/admin/blog/posts').set('Origin', ORIGIN).send(post({ title: 'Sprachen', slug: 'sprachen' })).expect(201);
    const list = (await http().get('/de/blog').expect(200)).text;
    expect(list).toContain('<html lang="de">');
    expect(list).toContain('<a href="/signup">Registrieren</a>');
    expect(list).toContain('<p class="blog-lead">Leitfäden, Neuigkeiten und Produkt-Updates vom Brandloom-Team. <a href="/blog/rss.xml">RSS-Feed</a></p>');
    expect(list).toMatch(/<small>Ana · \d{1,2}\. [A-Za-zäöü]+ \d{4}<\/small>/);
    expect(list).toContain('<meta name="description" content="Leitfäden, Neuigkeiten und Produkt-Updates vom Brandloom-Team." />');
    expect(list).toContain('<a href="/de/blog/sprachen">');
    expect(list).toContain(`<link rel="canonical" href="${ORIGIN}/de/blog" />`);
    for (const [hreflang, path] of [['en', '/blog'], ['es', '/es/blog'], ['fr', '/fr/blog'], ['de', '/de/blog'], ['x-default', '/blog']]) {
      expect(list).toContain(`<link rel="alternate" hreflang="${hreflang}" href="${ORIGIN}${path}" />`);
    }
    // The English page names the same versions.
    expect((await http().get('/blog').expect(200)).text).toContain(`<link rel="alternate" hreflang="de" href="${ORIGIN}/de/blog" />`);

    const article = (await http().get('/de/blog/sprachen').expect(200)).text;
    expect(article).toContain('<html lang="de">');
    expect(article).toContain('<a class="blog-back" href="/de/blog">← Alle Beiträge</a><h1>Sprachen</h1>');
    expect(article).toContain('<div class="blog-body"><p>The body</p></div>');
    expect(article).toContain(`<link rel="canonical" href="${ORIGIN}/de/blog/sprachen" />`);
    expect(article).toContain(`<link rel="alternate" hreflang="fr" href="${ORIGIN}/fr/blog/sprachen" />`);
    expect(article).toContain(`<link rel="alternate" hreflang="x-default" href="${ORIGIN}/blog/sprachen" />`);
    expect(article.match(/<title>/g)).toHaveLength(1);

    const missing = await http().get('/de/blog/no-such-post').expect(404);
    expect(missing.text).toContain('<h1>Beitrag nicht gefunden</h1>');
    expect(missing.text).toContain('<title>Beitrag nicht gefunden | Brandloom Blog</title>');
    expect(missing.text).toContain('<a class="blog-button" href="/de/blog">Zurück zum Blog</a>');
    expect(missing.text).not.toContain('rel="alternate"');

    // A language whose shell is missing falls back to English there.
    expect((await http().get('/fr/blog').expect(200)).text).toContain('<html lang="en">');
  });

  it("the footer's language links lead to the same blog page in each language: the list to the list, a post to that post", async () => {
    await admin.post('/api/admin/blog/posts').set('Origin', ORIGIN).send(post({ title: 'Footer links', slug: 'footer-links' })).expect(201);
    const list = (await http().get('/de/blog').expect(200)).text;
    expect(list).toContain('<a href="/blog?lang=en" hreflang="en-US">English (US)</a><a href="/fr/blog" hreflang="fr">Français</a>');
    const article = (await http().get('/de/blog/footer-links').expect(200)).text;
    expect(article).toContain('<a href="/blog/footer-links?lang=en" hreflang="en-US">English (US)</a><a href="/fr/blog/footer-links" hreflang="fr">Français</a>');
    expect((await http().get('/blog/footer-links').expect(200)).text).toContain('<a href="/fr/blog/footer-links" hreflang="fr">');
    // A post that is not there links to the blog in the other languages.
    const missing = (await http().get('/de/blog/no-such-post').expect(404)).text;
    expect(missing).toContain('<a href="/fr/blog" hreflang="fr">');
    for (const page of [list, article, missing]) expect(page).not.toContain(BLOG_PAGE_PLACEHOLDER);
  });

  it('pages a language’s blog at its own address', async () => {
    const second = (await http().get('/de/blog?page=2').expect(200)).text;
    expect(second).toContain('<title>Blog, Seite 2 | Brandloom</title>');
    expect(second).toContain('<a href="/de/blog">Zurück</a>');
    expect(second).toContain(`<link rel="canonical" href="${ORIGIN}/de/blog?page=2" />`);
    expect(second).toContain(`<link rel="alternate" hreflang="es" href="${ORIGIN}/es/blog?page=2" />`);
  });

  it('sends a German browser, or an old ?lang=de link, from the English address to the German one; ?lang=en keeps English', async () => {
    const first = await http().get('/blog').set('Accept-Language', 'de-DE,de;q=0.9').expect(302);
    expect(first.headers.location).toBe('/de/blog');
    expect(first.headers.vary).toMatch(/Accept-Language/);
    expect((await http().get('/blog?page=2').set('Accept-Language', 'de').expect(302)).headers.location).toBe('/de/blog?page=2');
    expect((await http().get('/blog/sprachen').set('Accept-Language', 'de').expect(302)).headers.location).toBe('/de/blog/sprachen');
    expect((await http().get('/blog/sprachen?lang=de').expect(301)).headers.location).toBe('/de/blog/sprachen');
    expect((await http().get('/blog?lang=es').expect(301)).headers.location).toBe('/es/blog');

    expect((await http().get('/blog').set('Accept-Language', 'en-US,en;q=0.9,de;q=0.5').expect(200)).text).toMatch(/<html lang="en">[\s\S]*<h1>Blog<\/h1><p class="blog-lead">Guides, news/);
    expect((await http().get('/blog?lang=en').set('Accept-Language', 'de').expect(200)).text).toContain('<html lang="en">');
    expect((await http().get('/blog/create').set('Accept-Language', 'de').expect(200)).text).toBe(SERVED_SPA);
  });
});
