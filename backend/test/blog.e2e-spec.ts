// The blog's API: admin writes (required fields, sanitized HTML, unique slugs, audit trail), the
// react-admin list conventions, public reads of published posts only, and image uploads.
import { BLOG_MESSAGES } from '@brandloom/contracts';
import { AuthService } from '@brandloom/core';
import { colorBlocks, tempStorage } from '@brandloom/core/testing';
import request from 'supertest';
import { type Agent } from './generation-helpers';
import { documentedAnswers, type MatchesDocument } from './openapi-answers';
import { createTestApp, signUp, TestApp } from './test-app';

describe('blog API', () => {
  const storage = tempStorage();
  let t: TestApp;
  let matchesDocument: MatchesDocument;
  let admin: Agent;
  let member: Agent;
  let adminId: string;

  beforeAll(async () => {
    t = await createTestApp({ STORAGE_DIR: storage.dir, REDIS_URL: undefined });
    ({ matchesDocument } = await documentedAnswers(t));
    const a = await signUp(t, { username: 'Editor' });
    await t.app.get(AuthService).setAdmin(a.user.email);
    admin = a.agent;
    adminId = a.user.id;
    member = (await signUp(t)).agent;
  });
  afterAll(async () => {
    await t?.close();
    storage.cleanup();
  });

  let n = 0;
  const post = (overrides: Record<string, unknown> = {}) => ({
    title: `Launch notes ${++n}`,
    content: '<h2>What is new</h2><p>Brand <strong>kits</strong>.</p>',
    excerpt: 'What changed this month',
    slug: `launch-notes-${n}`,
    author: 'The Brandloom team',
    status: 'published',
    ...overrides,
  });

  it("refuses incomplete posts with the product's 'X is required' messages", async () => {
    for (const [field, message] of [
      ['title', BLOG_MESSAGES.titleRequired],
      ['content', BLOG_MESSAGES.contentRequired],
      ['slug', BLOG_MESSAGES.slugRequired],
      ['author', BLOG_MESSAGES.authorRequired],
    ]) {
      const res = await admin.post('/api/admin/blog/posts').send(post({ [field]: '  ' })).expect(400);
      expect(res.body.message).toBe(message);
    }
    // The excerpt is optional on create (the post's opening words stand in) and required on edit.
    const noExcerpt = (await admin.post('/api/admin/blog/posts').send(post({ excerpt: '  ', content: '<h2>Fresh &amp; new</h2><p>Brand <strong>kits</strong> arrive.</p>' })).expect(201)).body;
    expect(noExcerpt.excerpt).toBe('Fresh & new Brand kits arrive.');
    const edit = await admin.put(`/api/admin/blog/posts/${noExcerpt.id}`).send(post({ slug: noExcerpt.slug, excerpt: '' })).expect(400);
    expect(edit.body.message).toBe(BLOG_MESSAGES.excerptRequired);
    expect((await admin.post('/api/admin/blog/posts').send(post({ status: 'live' })).expect(400)).body.message).toBe(BLOG_MESSAGES.invalidStatus);
    expect((await admin.post('/api/admin/blog/posts').send(post({ slug: 'Not A Slug' })).expect(400)).body.message).toBe(BLOG_MESSAGES.invalidSlug);
    // Content that is nothing but removed markup is no content.
    expect((await admin.post('/api/admin/blog/posts').send(post({ content: '<script>alert(1)</script>' })).expect(400)).body.message).toBe(BLOG_MESSAGES.contentRequired);
  });

  it('sanitizes content on write, keeps slugs unique, and sets published_at once', async () => {
    const created = (await admin.post('/api/admin/blog/posts').send(post({ content: '<p onclick="x()">Hi <a href="javascript:alert(1)">there</a> <a href="https://example.com">site</a></p><script>alert(1)</script>' })).expect(201)).body;
    expect(created.content).toBe('<p>Hi <a>there</a> <a href="https://example.com" rel="noopener noreferrer nofollow">site</a></p>');
    expect(Date.parse(created.published_at)).toBeGreaterThan(Date.now() - 60_000);

    const clash = await admin.post('/api/admin/blog/posts').send(post({ slug: created.slug })).expect(409);
    expect(clash.body.message).toBe(BLOG_MESSAGES.slugTaken);

    const draft = (await admin.put(`/api/admin/blog/posts/${created.id}`).send(post({ slug: created.slug, status: 'draft' })).expect(200)).body;
    expect(draft.published_at).toBe(created.published_at);
    const again = (await admin.put(`/api/admin/blog/posts/${created.id}`).send(post({ slug: created.slug, status: 'published' })).expect(200)).body;
    expect(again.published_at).toBe(created.published_at);

    const audit = await t.db.dataSource.query(`SELECT action, admin_id, before->>'status' AS before, after->>'status' AS after FROM admin_audit WHERE target_id = $1 ORDER BY created_at`, [created.id]);
    expect(audit).toEqual([
      { action: 'blog.create', admin_id: adminId, before: null, after: 'published' },
      { action: 'blog.update', admin_id: adminId, before: 'published', after: 'draft' },
      { action: 'blog.update', admin_id: adminId, before: 'draft', after: 'published' },
    ]);
    await admin.delete(`/api/admin/blog/posts/${created.id}`).expect(200);
    await admin.get(`/api/admin/blog/posts/${created.id}`).expect(404);
    expect((await t.db.dataSource.query(`SELECT count(*)::int AS n FROM admin_audit WHERE target_id = $1 AND action = 'blog.delete'`, [created.id]))[0].n).toBe(1);
  });

  it('shows published posts only to the public, newest first, paged; drafts answer 404', async () => {
    const published = (await admin.post('/api/admin/blog/posts').send(post()).expect(201)).body;
    const draft = (await admin.post('/api/admin/blog/posts').send(post({ status: 'draft' })).expect(201)).body;
    const http = request(t.app.getHttpServer());
    const page = (await http.get('/api/blog/posts?page=1&pageSize=50').expect(200)).body;
    expect(page.posts.map((p: { id: string }) => p.id)).toContain(published.id);
    expect(page.posts.map((p: { id: string }) => p.id)).not.toContain(draft.id);
    expect(page.posts[0].id).toBe(published.id);
    expect((await http.get(`/api/blog/posts/${published.slug}`).expect(200)).body.title).toBe(published.title);
    expect((await http.get(`/api/blog/posts/${draft.slug}`).expect(404)).body.message).toBe(BLOG_MESSAGES.postNotFound);
    await http.get('/api/blog/posts/no-such-post').expect(404);
    expect((await http.get('/api/blog/posts?page=0').expect(400)).body.message).toEqual(['page must be a whole number from 1 to 100000']);
    await http.get('/api/blog/posts?pageSize=51').expect(400);
    await http.get('/api/blog/posts/..%2F..%2Fetc').expect(404);
  });

  it("speaks react-admin's simple REST: sort, range and filter in, Content-Range out; malformed ones are 400", async () => {
    await admin.post('/api/admin/blog/posts').send(post({ title: 'Zebra findable post' })).expect(201);
    await admin.post('/api/admin/blog/posts').send(post({ title: 'Aardvark findable post', status: 'draft' })).expect(201);
    const list = await admin.get('/api/admin/blog/posts').query({ sort: '["title","ASC"]', range: '[0,0]', filter: '{"q":"findable"}' }).expect(200);
    expect(list.body.map((p: { title: string }) => p.title)).toEqual(['Aardvark findable post']);
    expect(list.headers['content-range']).toBe('posts 0-0/2');
    const second = await admin.get('/api/admin/blog/posts').query({ sort: '["title","ASC"]', range: '[1,1]', filter: '{"q":"FINDABLE","status":"published"}' }).expect(200);
    expect(second.body).toEqual([]);
    expect(second.headers['content-range']).toBe('posts 1-1/1');

    for (const query of [
      { sort: '["password","ASC"]' },
      { sort: '["title","SIDEWAYS"]' },
      { sort: 'title' },
      { range: '[5,2]' },
      { range: '[0,100000]' },
      { range: '[-1,3]' },
      { filter: '{"q":{"$ne":1}}' },
      { filter: '{"owner":"x"}' },
      { filter: '[1]' },
    ]) {
      const res = await admin.get('/api/admin/blog/posts').query(query);
      expect({ query, status: res.status }).toEqual({ query, status: 400 });
    }
  });

  it('uploads images by their content, at most 10 MB, public at a stable WebP URL; admins only', async () => {
    const png = await colorBlocks(['#ff0000', '#00ff00', '#0000ff']);
    const res = await admin.post('/api/blog/upload-image').attach('image', png, { filename: 'hero.png', contentType: 'image/png' }).expect(201);
    matchesDocument('post', '/api/blog/upload-image', res);
    expect(res.body).toEqual({ key: expect.stringMatching(/^blog\/[0-9a-f-]{36}\.png$/), url: expect.stringMatching(/^\/api\/blog\/images\/[0-9a-f-]{36}\.webp$/) });
    const image = await request(t.app.getHttpServer()).get(res.body.url).expect(200);
    expect(image.headers['content-type']).toBe('image/webp');
    expect(image.headers['cache-control']).toContain('immutable');

    // A post can feature it; its DTO carries the public URL.
    const featured = (await admin.post('/api/admin/blog/posts').send(post({ featured_image: res.body.key })).expect(201)).body;
    expect(featured.featured_image_url).toBe(res.body.url);
    await admin.post('/api/admin/blog/posts').send(post({ featured_image: '../../etc/passwd' })).expect(400);

    const notAnImage = await admin.post('/api/blog/upload-image').attach('image', Buffer.from('<svg onload=alert(1)>'), { filename: 'x.png', contentType: 'image/png' }).expect(415);
    expect(notAnImage.body.message).toBe(BLOG_MESSAGES.imageType);
    const huge = Buffer.concat([png, Buffer.alloc(10 * 1024 * 1024)]);
    expect((await admin.post('/api/blog/upload-image').attach('image', huge, { filename: 'big.png', contentType: 'image/png' }).expect(413)).body.message).toBe(BLOG_MESSAGES.imageTooLarge);
    await admin.post('/api/blog/upload-image').attach('file', png, 'x.png').expect(400);
    await member.post('/api/blog/upload-image').attach('image', png, 'x.png').expect(403);
    await request(t.app.getHttpServer()).get('/api/blog/images/../../secret.webp').expect(404);
  });

  it('keeps every admin route from members (403) and anonymous callers (401), as the OpenAPI document lists them', async () => {
    const doc = (await request(t.app.getHttpServer()).get('/api/docs-json').expect(200)).body as { paths: Record<string, Record<string, unknown>> };
    const routes = Object.entries(doc.paths)
      .filter(([path]) => path.startsWith('/api/admin/') || path === '/api/blog/upload-image')
      .flatMap(([path, methods]) => Object.keys(methods).map((method) => ({ method, path: path.replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000') })));
    expect(routes.length).toBeGreaterThanOrEqual(6);
    for (const { method, path } of routes) {
      const anonymous = await (request(t.app.getHttpServer()) as unknown as Record<string, (p: string) => request.Test>)[method](path).set('Origin', 'http://localhost:3000');
      const asMember = await (member as unknown as Record<string, (p: string) => request.Test>)[method](path);
      expect({ method, path, anonymous: anonymous.status, member: asMember.status }).toEqual({ method, path, anonymous: 401, member: 403 });
    }
  });
});
