// What crawlers and link previews read without JavaScript: robots.txt, sitemap.xml, the RSS feed,
// and /blog/{slug} answered with the post's tags already in the HTML head.
import { AuthService } from '@brandloom/core';
import { colorBlocks } from '@brandloom/core/testing';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import escapeHtml from 'escape-html';
import request, { type Agent } from 'supertest';
import { createTestApp, signUp, TestApp } from './test-app';

describe('blog for crawlers: sitemap, RSS, robots and Open Graph tags', () => {
  const dir = mkdtempSync(join(tmpdir(), 'brandloom-seo-'));
  const storage = mkdtempSync(join(tmpdir(), 'brandloom-seo-store-'));
  let t: TestApp;
  let published: { slug: string; title: string; featured_image_url: string };
  let draftSlug: string;
  let admin: Agent;

  beforeAll(async () => {
    writeFileSync(
      join(dir, 'index.html'),
      '<!doctype html><html lang="en"><head><meta charset="UTF-8" /><meta name="description" content="Brandloom: generate on-brand AI marketing images for your team." /><title>Brandloom</title></head><body><div id="root"></div></body></html>',
    );
    t = await createTestApp({ STATIC_DIR: dir, STORAGE_DIR: storage, APP_URL: 'https://brandloom.example' });
    const { agent, user } = await signUp(t);
    await t.app.get(AuthService).setAdmin(user.email);
    admin = agent;
    const image = (await agent.post('/api/blog/upload-image').set('Origin', 'https://brandloom.example').attach('image', await colorBlocks(['#112233', '#445566', '#778899']), 'hero.png').expect(201)).body;
    const base = { content: '<p>Body</p>', author: 'Ana & Bo', status: 'published' };
    published = (
      await agent
        .post('/api/admin/blog/posts')
        .set('Origin', 'https://brandloom.example')
        .send({ ...base, title: 'Ship "on-brand" <fast>', slug: 'ship-on-brand-fast', excerpt: 'Five tips & tricks', meta_description: 'How teams ship on-brand images', featured_image: image.key })
        .expect(201)
    ).body;
    draftSlug = (await agent.post('/api/admin/blog/posts').set('Origin', 'https://brandloom.example').send({ ...base, title: 'Secret draft', slug: 'secret-draft', excerpt: 'x', status: 'draft' }).expect(201)).body.slug;
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
    rmSync(storage, { recursive: true, force: true });
  });
  const http = () => request(t.app.getHttpServer());

  it("answers /blog/{slug} with the post's title, description, canonical URL and Open Graph/Twitter tags, escaped", async () => {
    const res = await http().get(`/blog/${published.slug}`).expect(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    const html = res.text;
    expect(html).toContain('<title>Ship &quot;on-brand&quot; &lt;fast&gt; | Brandloom Blog</title>');
    expect(html).toContain('<meta name="description" content="How teams ship on-brand images" />');
    expect(html).toContain('<link rel="canonical" href="https://brandloom.example/blog/ship-on-brand-fast" />');
    expect(html).toContain('<meta property="og:title" content="Ship &quot;on-brand&quot; &lt;fast&gt;" />');
    expect(html).toContain(`<meta property="og:image" content="https://brandloom.example${published.featured_image_url}" />`);
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />');
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).toContain('<div id="root"></div>');
    // A draft or unknown slug gets the plain app (its own page says 'Post Not Found').
    const draft = await http().get(`/blog/${draftSlug}`).expect(200);
    expect(draft.text).toContain('<title>Brandloom</title>');
  });

  it("puts a title or description holding `$'`, `` $` ``, `$&` or `$$` into the head as written, the page around it intact", async () => {
    const title = "Save $' now: $` and $& for $$5, $1";
    const description = "Prices in $'USD$` & $& more";
    const post = (
      await admin
        .post('/api/admin/blog/posts')
        .set('Origin', 'https://brandloom.example')
        .send({ title, slug: 'dollar-signs', content: '<p>Body</p>', author: 'Ana', excerpt: 'x', meta_description: description, status: 'published' })
        .expect(201)
    ).body;
    const html = (await http().get(`/blog/${post.slug}`).expect(200)).text;
    expect(html).toContain(`<title>${escapeHtml(title)} | Brandloom Blog</title>`);
    expect(html).toContain(`<meta property="og:title" content="${escapeHtml(title)}" />`);
    expect(html).toContain(`<meta name="description" content="${escapeHtml(description)}" />`);
    // Nothing of the page was pasted into the head: one head, one body, one root.
    for (const tag of [/<\/head>/g, /<body>/g, /<div id="root">/g, /<title>/g, /<!doctype html>/gi]) expect([tag.source, html.match(tag)?.length]).toEqual([tag.source, 1]);
    expect(html.endsWith('<body><div id="root"></div></body></html>')).toBe(true);
  });

  it('lists public pages and published posts in /sitemap.xml at their address in each language, never drafts', async () => {
    const res = await http().get('/sitemap.xml').expect(200);
    expect(res.headers['content-type']).toMatch(/application\/xml/);
    expect(res.text).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(res.text).toContain('<loc>https://brandloom.example/</loc>');
    expect(res.text).toContain('<loc>https://brandloom.example/blog/ship-on-brand-fast</loc>');
    expect(res.text).toContain('<loc>https://brandloom.example/de/</loc>');
    expect(res.text).toContain('<loc>https://brandloom.example/fr/terms</loc>');
    expect(res.text).toContain('<loc>https://brandloom.example/es/blog</loc>');
    expect(res.text).toContain('<loc>https://brandloom.example/de/blog/ship-on-brand-fast</loc>');
    expect(res.text).not.toContain('secret-draft');
  });

  it('serves an RSS 2.0 feed of the latest posts at /blog/rss.xml', async () => {
    const res = await http().get('/blog/rss.xml').expect(200);
    expect(res.headers['content-type']).toMatch(/application\/rss\+xml/);
    expect(res.text).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<rss version="2.0"/);
    expect(res.text).toContain('<title>Ship &quot;on-brand&quot; &lt;fast&gt;</title>');
    expect(res.text).toContain('<guid isPermaLink="true">https://brandloom.example/blog/ship-on-brand-fast</guid>');
    expect(res.text).toContain('<description>Five tips &amp; tricks</description>');
    expect(res.text).toMatch(/<pubDate>[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT<\/pubDate>/);
    expect(res.text).not.toContain('Secret draft');
  });

  it('points robots at the sitemap and keeps them out of /admin and /api', async () => {
    const res = await http().get('/robots.txt').expect(200);
    expect(res.text).toBe('User-agent: *\nDisallow: /admin\nDisallow: /api\n\nSitemap: https://brandloom.example/sitemap.xml\n');
  });
});
