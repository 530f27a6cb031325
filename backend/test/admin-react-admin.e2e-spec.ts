// The admin console's contract with its data provider: every resource the console declares
// (<Resource name=…> and the PATHS map of frontend/src/admin) answers every call of the stock
// ra-data-simple-rest provider the console makes, against the real admin routes.
import { AppConfig, AuthService } from '@brandloom/core';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { organizationIdOf } from './generation-helpers';
import { createTestApp, signUp, TestApp } from './test-app';

const ADMIN_DIR = join(__dirname, '../../frontend/src/admin');

// The console's own packages, loaded at run time: their types (React, the DOM) stay out of the server's program.
type Row = { id: string | number } & Record<string, unknown>;
type Params = Record<string, unknown>;
interface DataProvider {
  getList(resource: string, params: Params): Promise<{ data: Row[]; total?: number }>;
  getOne(resource: string, params: Params): Promise<{ data: Row }>;
  getMany(resource: string, params: Params): Promise<{ data: Row[] }>;
  getManyReference(resource: string, params: Params): Promise<{ data: Row[]; total?: number }>;
  create(resource: string, params: Params): Promise<{ data: Row }>;
  update(resource: string, params: Params): Promise<{ data: Row }>;
  delete(resource: string, params: Params): Promise<{ data: Row }>;
}
type HttpClient = (url: string, options?: { headers?: Headers } & Record<string, unknown>) => Promise<unknown>;
const consolePackages = createRequire(join(__dirname, '../../frontend/package.json'));
type SimpleRestProvider = (apiUrl: string, httpClient: HttpClient) => DataProvider;
const simpleRestModule = consolePackages('ra-data-simple-rest') as SimpleRestProvider | { default: SimpleRestProvider };
const simpleRestProvider = typeof simpleRestModule === 'function' ? simpleRestModule : simpleRestModule.default;
const { fetchUtils } = consolePackages('ra-core') as { fetchUtils: { fetchJson: HttpClient } };

/** The resources as the console declares them, and the path each one's calls go to. */
function consoleResources(): Array<{ name: string; path: string }> {
  const names = [...readFileSync(join(ADMIN_DIR, 'AdminConsole.tsx'), 'utf8').matchAll(/<Resource\s+name="([^"]+)"/g)].map((m) => m[1]);
  const paths = /const PATHS[^=]*=\s*(\{[^}]*\})/.exec(readFileSync(join(ADMIN_DIR, 'dataProvider.ts'), 'utf8'))![1];
  const map = Object.fromEntries([...paths.matchAll(/['"]?([\w-]+)['"]?\s*:\s*['"]([^'"]+)['"]/g)].map((m) => [m[1], m[2]]));
  return names.map((name) => ({ name, path: map[name] ?? name }));
}

/** Resources whose rows belong to an organization (getManyReference from an organization's page). */
const OWNED_BY_ORGANIZATION = ['users', 'credits', 'jobs'];

describe('admin console data provider contract', () => {
  let t: TestApp;
  let provider: DataProvider;
  let orgA: string;
  let orgB: string;
  let memberA: string;
  const resources = consoleResources();

  beforeAll(async () => {
    t = await createTestApp({ REDIS_URL: undefined });
    const base = t.url;
    const admin = await signUp(t, { username: 'Root' });
    await t.app.get(AuthService).setAdmin(admin.user.email);
    const login = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'Content-Type': 'application/json', Origin: t.app.get(AppConfig).appUrl }, body: JSON.stringify({ email: admin.user.email, password: admin.password }) });
    const cookie = login.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    const origin = t.app.get(AppConfig).appUrl;
    const byPath = new Map(resources.map((r) => [r.name, r.path]));
    const rest = simpleRestProvider(`${base}/api/admin`, (url, options = {}) => {
      const headers = new Headers(options.headers);
      headers.set('Cookie', cookie);
      headers.set('Origin', origin);
      return fetchUtils.fetchJson(url, { ...options, headers });
    });
    // As the console's provider: resource names mapped to their paths.
    provider = new Proxy(rest, {
      get: (target, method: string) => {
        const call = target[method as keyof DataProvider];
        return typeof call === 'function' ? (resource: string, ...args: unknown[]) => (call as (...a: unknown[]) => unknown).call(target, byPath.get(resource) ?? resource, ...args) : call;
      },
    });

    const a = await signUp(t);
    const b = await signUp(t);
    memberA = a.user.id;
    orgA = await organizationIdOf(a.agent);
    orgB = await organizationIdOf(b.agent);
    for (const organizationId of [orgA, orgA, orgB]) {
      await t.db.dataSource.query(
        `INSERT INTO generations (id, organization_id, prompt, quality, size, variation_count, provider, status, cost_per_image, storage_seed)
         VALUES (gen_random_uuid(), $1, 'A prompt', 'low', '1024x1024', 1, 'local', 'failed', 1, 'seed')`,
        [organizationId],
      );
    }
    // Audit rows and a blog post, so every resource has rows.
    await provider.create('blog', { data: { title: 'Hello', content: '<p>Hi</p>', excerpt: 'Hi', slug: 'hello', author: 'Root', status: 'draft' } });
    await admin.agent.post(`/api/admin/organizations/${orgB}/credits`).send({ credits: 5, reason: 'Thanks' }).expect(200);
  }, 60_000);
  afterAll(() => t?.close());

  it('reads the console’s resources: users, organizations, credits, audit, jobs and blog', () => {
    expect(resources.map((r) => r.name).sort()).toEqual(['audit', 'blog', 'credits', 'jobs', 'organizations', 'users']);
  });

  it('answers getList with a total, sorted by id (the provider’s default) and by created_at, paged', async () => {
    for (const { name } of resources) {
      const all = await provider.getList(name, { pagination: { page: 1, perPage: 100 }, sort: { field: 'id', order: 'ASC' }, filter: {} });
      expect([name, all.total]).toEqual([name, all.data.length]);
      expect([name, all.data.length > 0]).toEqual([name, true]);
      // UUIDs sort as their text does (job ids are `kind:id`, sorted by kind then id).
      const ids = all.data.map((row) => String(row.id));
      if (name !== 'jobs') expect([name, ids]).toEqual([name, [...ids].sort()]);
      const first = await provider.getList(name, { pagination: { page: 1, perPage: 1 }, sort: { field: 'created_at', order: 'DESC' }, filter: {} });
      expect([name, first.data.length, first.total]).toEqual([name, 1, all.total]);
    }
  });

  it('answers getOne and getMany for rows of every resource, and 404 for an unknown id', async () => {
    for (const { name } of resources) {
      const { data } = await provider.getList(name, { pagination: { page: 1, perPage: 2 }, sort: { field: 'created_at', order: 'DESC' }, filter: {} });
      const one = await provider.getOne(name, { id: data[0].id });
      expect([name, one.data.id]).toEqual([name, data[0].id]);
      const many = await provider.getMany(name, { ids: data.map((row) => row.id) });
      expect([name, many.data.map((row) => row.id).sort()]).toEqual([name, data.map((row) => row.id).sort()]);
      const unknown = name === 'jobs' ? 'generation:00000000-0000-4000-8000-000000000000' : '00000000-0000-4000-8000-000000000000';
      await expect(provider.getOne(name, { id: unknown })).rejects.toMatchObject({ status: 404 });
      await expect(provider.getOne(name, { id: 'not-an-id' })).rejects.toMatchObject({ status: 404 });
      expect([name, (await provider.getMany(name, { ids: ['not-an-id'] })).data]).toEqual([name, []]);
    }
  });

  it('answers getManyReference by organization_id with that organization’s rows only, and 400 for an id that is not a UUID', async () => {
    for (const name of OWNED_BY_ORGANIZATION) {
      const reference = (organizationId: string, filter = {}) =>
        provider.getManyReference(name, { target: 'organization_id', id: organizationId, pagination: { page: 1, perPage: 50 }, sort: { field: 'id', order: 'ASC' }, filter, meta: undefined });
      const ofA = await reference(orgA);
      expect([name, (ofA.total ?? 0) > 0, ofA.data.every((row) => row.organization_id === orgA)]).toEqual([name, true, true]);
      const ofB = await reference(orgB);
      expect([name, ofB.data.some((row) => row.organization_id === orgA)]).toEqual([name, false]);
      await expect(reference('not-a-uuid')).rejects.toMatchObject({ status: 400, body: expect.objectContaining({ code: 'admin_list_query_invalid' }) });
    }
    const users = await provider.getManyReference('users', { target: 'organization_id', id: orgA, pagination: { page: 1, perPage: 50 }, sort: { field: 'email', order: 'ASC' }, filter: {} });
    expect(users.data.map((u) => u.id)).toEqual([memberA]);
    const jobs = await provider.getManyReference('jobs', { target: 'organization_id', id: orgA, pagination: { page: 1, perPage: 50 }, sort: { field: 'created_at', order: 'DESC' }, filter: { kind: 'generation' } });
    expect(jobs.total).toBe(2);
    const credits = await provider.getManyReference('credits', { target: 'organization_id', id: orgB, pagination: { page: 1, perPage: 50 }, sort: { field: 'created_at', order: 'DESC' }, filter: { type: 'bonus' } });
    expect(credits.data.map((row) => row.amount)).toEqual([5, expect.any(Number)]);
  });

  it('refuses with 400 and one code an unknown filter, sort field or filter value on every resource', async () => {
    for (const { name } of resources) {
      for (const params of [
        { filter: { nonsense: 'x' }, sort: { field: 'created_at', order: 'DESC' as const } },
        { filter: {}, sort: { field: 'nonsense', order: 'DESC' as const } },
        { filter: { organization_id: 'not-a-uuid' }, sort: { field: 'created_at', order: 'DESC' as const } },
      ]) {
        await expect(provider.getList(name, { pagination: { page: 1, perPage: 5 }, ...params })).rejects.toMatchObject({ status: 400, body: expect.objectContaining({ code: 'admin_list_query_invalid' }) });
      }
    }
    await expect(provider.getList('blog', { pagination: { page: 1, perPage: 5 }, sort: { field: 'id', order: 'ASC' }, filter: { status: 'archived' } })).rejects.toMatchObject({ status: 400 });
    await expect(provider.getList('credits', { pagination: { page: 1, perPage: 5 }, sort: { field: 'id', order: 'ASC' }, filter: { type: 'nonsense' } })).rejects.toMatchObject({ status: 400 });
  });

  it('matches the audit log’s action filter as free text, as the console offers it', async () => {
    const { data } = await provider.getList('audit', { pagination: { page: 1, perPage: 50 }, sort: { field: 'created_at', order: 'DESC' }, filter: { action: 'GRANT' } });
    expect(data.map((row) => row.action).sort()).toEqual(['credits.grant']);
  });

  it('creates, reads, updates and deletes blog posts as the console does', async () => {
    const created = await provider.create('blog', { data: { title: 'Draft', content: '<p>Body</p>', excerpt: 'Body', slug: 'draft-post', author: 'Root', status: 'draft' } });
    const read = await provider.getOne('blog', { id: created.data.id });
    expect(read.data).toMatchObject({ title: 'Draft', slug: 'draft-post' });
    const updated = await provider.update('blog', { id: created.data.id, data: { ...read.data, title: 'Published', status: 'published' }, previousData: read.data });
    expect(updated.data).toMatchObject({ id: created.data.id, title: 'Published', status: 'published' });
    await provider.delete('blog', { id: created.data.id, previousData: updated.data });
    await expect(provider.getOne('blog', { id: created.data.id })).rejects.toMatchObject({ status: 404 });
  });
});
