import { adminDataProvider } from './dataProvider';

interface Call {
  url: URL;
  method: string;
  credentials?: RequestCredentials;
  body?: unknown;
}

/** A server answering every request with `body` (and a Content-Range of `total` rows); the requests it saw. */
function serve(body: unknown, total = Array.isArray(body) ? body.length : 1): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      calls.push({ url: new URL(String(input), 'http://console.test'), method: init.method ?? 'GET', credentials: init.credentials, body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined });
      return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json', 'Content-Range': `items 0-${Math.max(total - 1, 0)}/${total}` } });
    }),
  );
  return calls;
}

const query = (call: Call) => Object.fromEntries([...call.url.searchParams].map(([key, value]) => [key, JSON.parse(value)]));
const ORG = '11111111-2222-4333-8444-555555555555';

describe('adminDataProvider', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists a resource at its admin path with range, sort and filter, with the session cookie, and reads the total from Content-Range', async () => {
    const calls = serve([{ id: 'a' }, { id: 'b' }], 40);
    const result = await adminDataProvider.getList('credits', { pagination: { page: 2, perPage: 2 }, sort: { field: 'id', order: 'ASC' }, filter: { type: 'bonus' } });
    expect(result).toMatchObject({ data: [{ id: 'a' }, { id: 'b' }], total: 40 });
    expect(calls[0].url.pathname).toBe('/api/admin/credits');
    expect(query(calls[0])).toEqual({ range: [2, 3], sort: ['id', 'ASC'], filter: { type: 'bonus' } });
    expect(calls[0].credentials).toBe('include');
  });

  it('sends the blog’s calls to blog/posts: list, getOne, create, update and delete', async () => {
    const calls = serve({ id: 'p1', title: 'T' });
    await adminDataProvider.getOne('blog', { id: 'p1' });
    await adminDataProvider.create('blog', { data: { title: 'T' } });
    await adminDataProvider.update('blog', { id: 'p1', data: { title: 'U' }, previousData: { id: 'p1' } });
    await adminDataProvider.delete('blog', { id: 'p1', previousData: { id: 'p1' } });
    expect(calls.map((c) => `${c.method} ${c.url.pathname}`)).toEqual(['GET /api/admin/blog/posts/p1', 'POST /api/admin/blog/posts', 'PUT /api/admin/blog/posts/p1', 'DELETE /api/admin/blog/posts/p1']);
    expect(calls[2].body).toEqual({ title: 'U' });
  });

  it('asks for several rows as filter.id (getMany) and an organization’s rows as filter.organization_id (getManyReference)', async () => {
    const calls = serve([{ id: 'u1', organization_id: ORG }]);
    await adminDataProvider.getMany('users', { ids: ['u1', 'u2'] });
    const reference = await adminDataProvider.getManyReference('users', { target: 'organization_id', id: ORG, pagination: { page: 1, perPage: 25 }, sort: { field: 'email', order: 'ASC' }, filter: { q: 'ann' } });
    expect(calls.map((c) => c.url.pathname)).toEqual(['/api/admin/users', '/api/admin/users']);
    expect(query(calls[0])).toEqual({ filter: { id: ['u1', 'u2'] } });
    expect(query(calls[1])).toEqual({ range: [0, 24], sort: ['email', 'ASC'], filter: { q: 'ann', organization_id: ORG } });
    expect(reference).toMatchObject({ data: [{ id: 'u1' }], total: 1 });
  });
});
