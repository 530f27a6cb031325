// The public API: keys made and revoked in Settings' session routes, requests to /api/v1 with
// `Authorization: Bearer bl_…` and no Origin (as curl sends them), scopes, rate limits,
// Idempotency-Key, and the organization boundary; on the zero-dependency path (no Redis, local renderer).
import { API_KEY_MESSAGES, CREDIT_COST_PER_IMAGE, WELCOME_BONUS_CREDITS } from '@brandloom/contracts';
import { IdempotencyService } from '@brandloom/core';
import { createAssets, waitFor, waitForSettled } from '@brandloom/core/testing';
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { organizationIdOf, type Agent } from './generation-helpers';
import { createTestApp, signUp, TestApp, zeroDependencyApp } from './test-app';

const ALL_SCOPES = ['generate', 'assets:read', 'assets:write', 'brand:read', 'brand:write', 'ads:write', 'webhooks'];
const generation = { prompt: 'A bright poster for a summer sale', quality: 'low', size: '1024x1024' };

describe('public API (/api/v1 with API keys)', () => {
  const suite = zeroDependencyApp();
  let t: TestApp;
  beforeAll(() => {
    ({ t } = suite);
  });

  const db = () => t.db.dataSource;
  /** A client with no cookie and no Origin: what a script sends. */
  const api = () => request(t.app.getHttpServer());
  const bearer = (key: string) => ({ Authorization: `Bearer ${key}` });

  async function owner(): Promise<{ agent: Agent; organizationId: string; user: { id: string; email: string } }> {
    const { agent, user } = await signUp(t);
    return { agent, user, organizationId: await organizationIdOf(agent) };
  }

  async function createKey(agent: Agent, scopes: string[] = ALL_SCOPES, name = 'Feed sync'): Promise<{ id: string; key: string; prefix: string }> {
    return (await agent.post('/api/api-keys').send({ name, scopes }).expect(201)).body;
  }

  it("lives a key's whole life: created once in the clear, listed without it, used, refused a scope, revoked like an unknown key", async () => {
    const { agent, organizationId, user } = await owner();
    const created = await agent.post('/api/api-keys').send({ name: '  Feed sync ', scopes: ['assets:read', 'generate'] }).expect(201);
    expect(created.body).toEqual({
      id: expect.any(String),
      key: expect.stringMatching(/^bl_test_[A-Za-z0-9_-]{43}$/),
      name: 'Feed sync',
      prefix: created.body.key.slice(0, 12),
      scopes: ['generate', 'assets:read'],
      created_by: { id: user.id, email: user.email, username: expect.any(String) },
      created_at: expect.any(String),
      last_used_at: null,
    });
    const key: string = created.body.key;
    // Only a hash is stored: the key appears nowhere in the row.
    const [row] = await db().query(`SELECT encode(key_hash, 'hex') AS hash, prefix, row_to_json(api_keys)::text AS whole FROM api_keys WHERE id = $1`, [created.body.id]);
    expect(row.whole).not.toContain(key.slice(12));
    expect(row.hash).toHaveLength(64);

    const listed = (await agent.get('/api/api-keys').expect(200)).body;
    const { key: _shownOnce, ...withoutKey } = created.body;
    expect(listed).toEqual([withoutKey]);
    expect(JSON.stringify(listed)).not.toContain(key);

    // Used without an Origin header, as curl does; the answer carries the rate-limit headers.
    const assets = await api().get('/api/v1/assets').set(bearer(key)).expect(200);
    expect(assets.body).toEqual({ data: [], next_cursor: null });
    expect(assets.headers['ratelimit-limit']).toBe('120');
    expect(Number(assets.headers['ratelimit-remaining'])).toBe(119);
    expect(Number(assets.headers['ratelimit-reset'])).toBeGreaterThan(0);
    const made = await api().post('/api/v1/generations').set(bearer(key)).send({ ...generation, variation_count: 2 }).expect(201);
    expect(made.body).toMatchObject({ id: expect.any(String), status: 'queued', variation_count: 2, credits_charged: CREDIT_COST_PER_IMAGE.low * 2 });
    await waitForSettled(db(), [made.body.id]);
    const done = await api().get(`/api/v1/generations/${made.body.id}`).set(bearer(key)).expect(200);
    expect(done.body).toMatchObject({ id: made.body.id, status: 'completed', progress: 100 });
    expect(done.body.assets).toHaveLength(2);
    const file = await api().get(done.body.assets[0].url).set(bearer(key)).expect(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect((await api().get('/api/v1/generations').set(bearer(key)).expect(200)).body).toMatchObject({ data: [{ id: made.body.id, status: 'completed' }], next_cursor: null });
    expect((await api().get('/api/v1/credits/balance').set(bearer(key)).expect(200)).body).toEqual({ credits: WELCOME_BONUS_CREDITS - CREDIT_COST_PER_IMAGE.low * 2 });
    // The generation's debit names the key that spent it.
    const [debit] = await db().query(`SELECT api_key_id FROM credit_ledger WHERE organization_id = $1 AND type = 'usage' AND reference_id = $2`, [organizationId, made.body.id]);
    expect(debit.api_key_id).toBe(created.body.id);
    expect((await agent.get('/api/api-keys').expect(200)).body[0].last_used_at).toEqual(expect.any(String));

    // A scope the key lacks: 403 naming it, and nothing is done.
    const refused = await api().post('/api/v1/folders').set(bearer(key)).send({ name: 'Drafts' }).expect(403);
    expect(refused.body).toEqual({ statusCode: 403, message: API_KEY_MESSAGES.missingScope('assets:write'), error: 'Forbidden', code: 'api_key_scope_missing', params: { scope: 'assets:write' } });
    expect((await db().query(`SELECT count(*)::int AS n FROM folders WHERE organization_id = $1`, [organizationId]))[0].n).toBe(0);

    await agent.delete(`/api/api-keys/${created.body.id}`).expect(204);
    const revoked = await api().get('/api/v1/assets').set(bearer(key)).expect(401);
    const unknown = await api().get('/api/v1/assets').set(bearer(`bl_test_${'A'.repeat(43)}`)).expect(401);
    const garbage = await api().get('/api/v1/assets').set(bearer('nonsense')).expect(401);
    expect(revoked.body).toEqual({ statusCode: 401, message: API_KEY_MESSAGES.invalidKey, error: 'Unauthorized', code: 'api_key_invalid' });
    expect(unknown.body).toEqual(revoked.body);
    expect(garbage.body).toEqual(revoked.body);
    expect((await api().get('/api/v1/assets').expect(401)).body.code).toBe('not_authenticated');
    expect((await agent.get('/api/api-keys').expect(200)).body).toEqual([]);
    await agent.delete(`/api/api-keys/${created.body.id}`).expect(404);

    // Creation and revocation are in the organization's audit log.
    const audited = await waitFor('audit rows', async () => {
      // Ordered by type: the relay may record the two events in either order.
      const rows = await db().query(`SELECT type, payload FROM audit_log WHERE organization_id = $1 AND type LIKE 'api_key.%' ORDER BY type`, [organizationId]);
      return rows.length === 2 ? rows : undefined;
    });
    expect(audited).toEqual([
      { type: 'api_key.created', payload: { apiKeyId: created.body.id, name: 'Feed sync', prefix: created.body.prefix, scopes: ['generate', 'assets:read'], userId: user.id } },
      { type: 'api_key.revoked', payload: { apiKeyId: created.body.id, name: 'Feed sync', prefix: created.body.prefix, userId: user.id } },
    ]);
  });

  it('lets only owners and admins manage keys, and refuses bad names and scopes with codes', async () => {
    const { agent, user } = await owner();
    await db().query(`UPDATE memberships SET role = 'member' WHERE user_id = $1`, [user.id]);
    for (const call of [agent.get('/api/api-keys'), agent.post('/api/api-keys').send({ name: 'x', scopes: ['generate'] }), agent.delete(`/api/api-keys/${randomUUID()}`)]) {
      const res = await call.expect(403);
      expect(res.body.code).toBe('api_key_permission');
    }
    await db().query(`UPDATE memberships SET role = 'admin' WHERE user_id = $1`, [user.id]);
    await createKey(agent);
    expect((await agent.post('/api/api-keys').send({ name: ' ', scopes: ['generate'] }).expect(400)).body.code).toBe('validation_failed');
    expect((await agent.post('/api/api-keys').send({ name: 'x', scopes: [] }).expect(400)).body.code).toBe('validation_failed');
    expect((await agent.post('/api/api-keys').send({ name: 'x', scopes: ['root'] }).expect(400)).body.code).toBe('validation_failed');
    await t.http().get('/api/api-keys').expect(401);
    expect((await db().query(`SELECT count(*)::int AS n FROM api_keys WHERE created_by = $1`, [user.id]))[0].n).toBe(1);
  });

  it('never lets a key reach the admin API, account settings, billing or key management', async () => {
    const { agent, user } = await owner();
    await db().query(`UPDATE users SET is_admin = true WHERE id = $1`, [user.id]);
    const { key } = await createKey(agent);
    const session = [
      ['get', '/api/admin/dashboard'],
      ['get', '/api/admin/users'],
      ['get', '/api/users/me'],
      ['patch', '/api/users/me'],
      ['get', '/api/organization'],
      ['get', '/api/stripe/billing-details'],
      ['post', '/api/stripe/create-checkout-session'],
      ['get', '/api/api-keys'],
      ['post', '/api/api-keys'],
      ['get', '/api/credits/balance'],
      ['get', '/api/assets'],
    ] as const;
    for (const [method, path] of session) {
      const res = await api()[method](path).set(bearer(key)).send(method === 'get' ? undefined : { name: 'x', scopes: ALL_SCOPES });
      expect([path, res.status]).toEqual([path, method === 'get' ? 401 : 403]);
    }
    // The same calls with the Origin a browser would send: still no session, still refused.
    for (const [method, path] of session) {
      const res = await api()[method](path).set(bearer(key)).set('Origin', 'http://localhost:3000').send(method === 'get' ? undefined : { name: 'x', scopes: ALL_SCOPES });
      expect([path, res.status]).toEqual([path, 401]);
    }
    expect((await db().query(`SELECT count(*)::int AS n FROM api_keys WHERE created_by = $1`, [user.id]))[0].n).toBe(1);
  });

  it("answers another organization's asset, generation and folder as not found", async () => {
    const mine = await owner();
    const theirs = await owner();
    const { key } = await createKey(mine.agent);
    const [asset] = await createAssets(db(), [{ organizationId: theirs.organizationId }]);
    const folder = (await theirs.agent.post('/api/folders').send({ name: 'Theirs' }).expect(201)).body;
    const their = await createKey(theirs.agent);
    const made = await api().post('/api/v1/generations').set(bearer(their.key)).send(generation).expect(201);

    expect((await api().get(`/api/v1/assets/${asset.id}`).set(bearer(key)).expect(404)).body.code).toBe('asset_not_found');
    await api().get(`/api/v1/assets/${asset.id}/download`).set(bearer(key)).expect(404);
    await api().patch(`/api/v1/assets/${asset.id}`).set(bearer(key)).send({ name: 'mine now' }).expect(404);
    await api().delete(`/api/v1/assets/${asset.id}`).set(bearer(key)).expect(404);
    await api().patch(`/api/v1/folders/${folder.id}`).set(bearer(key)).send({ name: 'mine now' }).expect(404);
    expect((await api().get(`/api/v1/generations/${made.body.id}`).set(bearer(key)).expect(404)).body.code).toBe('generation_not_found');
    expect((await api().get('/api/v1/assets').set(bearer(key)).expect(200)).body.data).toEqual([]);
    const [still] = await db().query(`SELECT name FROM assets WHERE id = $1`, [asset.id]);
    expect(still.name).toBe(asset.name);
  });

  it('runs a POST once per Idempotency-Key: a repeat answers the first answer without a second debit, another body answers 422', async () => {
    const { agent, organizationId } = await owner();
    const { key } = await createKey(agent);
    const headers = { ...bearer(key), 'Idempotency-Key': 'order-1001' };
    const first = await api().post('/api/v1/generations').set(headers).send(generation).expect(201);
    const again = await api().post('/api/v1/generations').set(headers).send({ size: generation.size, quality: 'low', prompt: generation.prompt }).expect(201);
    expect(again.body).toEqual(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const debits = await db().query(`SELECT amount, api_key_id FROM credit_ledger WHERE organization_id = $1 AND type = 'usage'`, [organizationId]);
    expect(debits).toHaveLength(1);
    expect((await db().query(`SELECT count(*)::int AS n FROM generations WHERE organization_id = $1`, [organizationId]))[0].n).toBe(1);

    const other = await api().post('/api/v1/generations').set(headers).send({ ...generation, prompt: 'Another poster entirely' }).expect(422);
    expect(other.body).toEqual({ statusCode: 422, message: API_KEY_MESSAGES.idempotencyKeyReused, error: 'Unprocessable Entity', code: 'idempotency_key_reused' });
    expect((await api().post('/api/v1/folders').set(headers).send({ name: 'x' }).expect(422)).body.code).toBe('idempotency_key_reused');
    expect((await api().post('/api/v1/generations').set({ ...bearer(key), 'Idempotency-Key': 'bad key with spaces' }).send(generation).expect(400)).body.code).toBe('idempotency_key_invalid');
    // A request that failed is not remembered: fixed, the same key runs.
    const refusedKey = { ...bearer(key), 'Idempotency-Key': 'order-1002' };
    await api().post('/api/v1/generations').set(refusedKey).send({ ...generation, size: '5x5' }).expect(400);
    await api().post('/api/v1/generations').set(refusedKey).send({ ...generation, size: '5x5' }).expect(400);
    await api().post('/api/v1/generations').set(refusedKey).send(generation).expect(201);
    expect(await db().query(`SELECT count(*)::int AS n FROM credit_ledger WHERE organization_id = $1 AND type = 'usage'`, [organizationId])).toEqual([{ n: 2 }]);
    // The maintenance sweep removes keys past their 24 hours.
    await db().query(`UPDATE idempotency_keys SET expires_at = now() - interval '1 second' WHERE key = 'order-1001'`);
    expect(await t.app.get(IdempotencyService).pruneExpired()).toBe(1);
  });

  it('does the work once when duplicates with one Idempotency-Key arrive together', async () => {
    const { agent, organizationId } = await owner();
    const { key } = await createKey(agent);
    const headers = { ...bearer(key), 'Idempotency-Key': `burst-${Date.now()}` };
    const answers = await Promise.all(Array.from({ length: 6 }, () => api().post('/api/v1/generations').set(headers).send(generation)));
    const ok = answers.filter((res) => res.status === 201);
    for (const res of answers.filter((res) => res.status !== 201)) expect([res.status, res.body.code]).toEqual([409, 'idempotency_request_in_flight']);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    expect(new Set(ok.map((res) => res.body.id)).size).toBe(1);
    const debits = await db().query(`SELECT api_key_id, reference_id FROM credit_ledger WHERE organization_id = $1 AND type = 'usage'`, [organizationId]);
    expect(debits).toEqual([{ api_key_id: expect.any(String), reference_id: ok[0].body.id }]);
    expect((await db().query(`SELECT count(*)::int AS n FROM generations WHERE organization_id = $1`, [organizationId]))[0].n).toBe(1);
  });

  it('documents key management and the /api/v1 routes, secured by the key, in the OpenAPI document', async () => {
    const doc = (await api().get('/api/docs-json').expect(200)).body;
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/api-keys', '/api/api-keys/{id}', '/api/v1/generations', '/api/v1/generations/{id}', '/api/v1/assets', '/api/v1/credits/balance']));
    expect(doc.components.securitySchemes['api-key']).toEqual(expect.objectContaining({ type: 'http', scheme: 'bearer' }));
    expect(doc.paths['/api/v1/generations'].post.security).toEqual([{ 'api-key': [] }]);
    expect(doc.paths['/api/api-keys'].post.requestBody).toBeDefined();
  });

  it('manages the library, folders and brand profiles within the scopes', async () => {
    const { agent, organizationId } = await owner();
    const { key } = await createKey(agent);
    const folder = (await api().post('/api/v1/folders').set(bearer(key)).send({ name: 'Feed' }).expect(201)).body;
    const [a, b] = await createAssets(db(), [{ organizationId, name: 'alpha' }, { organizationId, name: 'beta' }]);
    const first = (await api().get('/api/v1/assets?limit=1&sort=name-asc').set(bearer(key)).expect(200)).body;
    expect(first.data.map((x: { id: string }) => x.id)).toEqual([a.id]);
    expect(first.data[0].url).toBe(`/api/v1/assets/${a.id}/download`);
    const second = (await api().get(`/api/v1/assets?limit=1&sort=name-asc&cursor=${encodeURIComponent(first.next_cursor)}`).set(bearer(key)).expect(200)).body;
    expect(second).toEqual({ data: [expect.objectContaining({ id: b.id })], next_cursor: null });
    const moved = (await api().patch(`/api/v1/assets/${a.id}`).set(bearer(key)).send({ name: 'renamed', folderId: folder.id }).expect(200)).body;
    expect(moved).toMatchObject({ id: a.id, name: 'renamed', folder_id: folder.id });
    expect((await api().get(`/api/v1/assets?folderId=${folder.id}`).set(bearer(key)).expect(200)).body.data.map((x: { id: string }) => x.id)).toEqual([a.id]);
    expect((await api().get('/api/v1/folders').set(bearer(key)).expect(200)).body).toEqual([expect.objectContaining({ id: folder.id, asset_count: 1 })]);
    await api().delete(`/api/v1/assets/${b.id}`).set(bearer(key)).expect(204);
    await api().delete(`/api/v1/folders/${folder.id}`).set(bearer(key)).expect(204);

    const profile = (await api().post('/api/v1/brand-profiles').set(bearer(key)).send({ name: 'Acme', description: 'Coffee' }).expect(201)).body;
    expect((await api().get('/api/v1/brand-profiles').set(bearer(key)).expect(200)).body.map((p: { id: string }) => p.id)).toEqual([profile.id]);
    expect((await api().get(`/api/v1/brand-profiles/${profile.id}`).set(bearer(key)).expect(200)).body.name).toBe('Acme');
    const transactions = (await api().get('/api/v1/credits/transactions').set(bearer(key)).expect(200)).body;
    expect(transactions).toEqual({ data: [expect.objectContaining({ type: 'bonus' })], next_cursor: null });
  });
});

describe('public API rate limits', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ REDIS_URL: undefined, API_RATE_LIMIT_PER_MINUTE: '5', API_ORG_RATE_LIMIT_PER_MINUTE: '8' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers 429 with Retry-After past the per-key limit, and past the organization limit for its other keys', async () => {
    const { agent } = await signUp(t);
    const keys = await Promise.all(['one', 'two'].map(async (name) => (await agent.post('/api/api-keys').send({ name, scopes: ['assets:read'] }).expect(201)).body.key as string));
    const call = (key: string) => request(t.app.getHttpServer()).get('/api/v1/assets').set('Authorization', `Bearer ${key}`);
    const remaining: string[] = [];
    for (let i = 0; i < 5; i += 1) remaining.push((await call(keys[0]).expect(200)).headers['ratelimit-remaining']);
    expect(remaining).toEqual(['4', '3', '2', '1', '0']);
    const limited = await call(keys[0]).expect(429);
    expect(limited.body).toMatchObject({ statusCode: 429, code: 'api_key_rate_limited', params: { limit: 'key' } });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(limited.headers['ratelimit-remaining']).toBe('0');

    // The second key has its own 5, but the organization's 8 run out first (5 of them are spent).
    for (let i = 0; i < 3; i += 1) await call(keys[1]).expect(200);
    const organization = await call(keys[1]).expect(429);
    expect(organization.body).toMatchObject({ code: 'api_key_rate_limited', params: { limit: 'organization' } });
    expect(Number(organization.headers['retry-after'])).toBeGreaterThan(0);
  });
});
