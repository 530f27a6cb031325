// Webhook endpoints through the public API (/api/v1/webhooks with a key holding the `webhooks`
// scope): the same endpoints, rules and audit as Settings' session routes.
import request from 'supertest';
import { organizationIdOf, type Agent } from './generation-helpers';
import { createTestApp, signUp, TestApp } from './test-app';

describe('public API webhooks (/api/v1/webhooks)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ REDIS_URL: undefined, OPENAI_API_KEY: undefined, WEBHOOK_ALLOW_LOOPBACK: 'true' });
  });
  afterAll(() => t?.close());

  const api = () => request(t.app.getHttpServer());
  const bearer = (key: string) => ({ Authorization: `Bearer ${key}` });
  const createKey = async (agent: Agent, scopes: string[]): Promise<string> => (await agent.post('/api/api-keys').send({ name: 'Hooks', scopes }).expect(201)).body.key;

  it('manages endpoints with a `webhooks` key: created with the secret once, listed without it, changed, tested, logged and deleted, as Settings sees them', async () => {
    const { agent } = await signUp(t);
    const organizationId = await organizationIdOf(agent);
    const key = await createKey(agent, ['webhooks']);

    const created = await api().post('/api/v1/webhooks').set(bearer(key)).send({ url: 'http://127.0.0.1:9/hooks', events: ['generation.completed', 'asset.created'] }).expect(201);
    expect(created.body).toMatchObject({ id: expect.any(String), url: 'http://127.0.0.1:9/hooks', secret: expect.stringMatching(/.{20,}/), enabled: true });
    const { id, secret } = created.body;

    const listed = (await api().get('/api/v1/webhooks').set(bearer(key)).expect(200)).body;
    expect(listed.map((e: { id: string }) => e.id)).toEqual([id]);
    expect(JSON.stringify(listed)).not.toContain(secret);
    expect((await agent.get('/api/webhooks').expect(200)).body.map((e: { id: string }) => e.id)).toEqual([id]);

    const patched = await api().patch(`/api/v1/webhooks/${id}`).set(bearer(key)).send({ enabled: false }).expect(200);
    expect(patched.body).toMatchObject({ id, enabled: false });
    const test = await api().post(`/api/v1/webhooks/${id}/test`).set(bearer(key)).expect(202);
    expect(test.body).toMatchObject({ id: expect.any(String) });
    const log = (await api().get(`/api/v1/webhooks/${id}/deliveries`).set(bearer(key)).expect(200)).body;
    expect(log.map((d: { id: string }) => d.id)).toContain(test.body.id);

    // Each change is audited as the key's.
    const events = await t.db.dataSource.query(`SELECT type, payload FROM outbox WHERE organization_id = $1 AND type LIKE 'webhook.%' ORDER BY id`, [organizationId]);
    expect(events.map((e: { type: string }) => e.type)).toEqual(['webhook.endpoint_created', 'webhook.endpoint_updated', 'webhook.test_requested']);
    for (const event of events) expect(event.payload).toMatchObject({ userId: null, apiKeyId: expect.any(String) });

    await api().delete(`/api/v1/webhooks/${id}`).set(bearer(key)).expect(204);
    await api().get(`/api/v1/webhooks/${id}/deliveries`).set(bearer(key)).expect(404);
    expect((await agent.get('/api/webhooks').expect(200)).body).toEqual([]);
  });

  it('refuses a key without the scope (403 naming it), a private address (400), and another organization’s endpoint (404)', async () => {
    const owner = await signUp(t);
    const stranger = await signUp(t);
    const withoutScope = await createKey(owner.agent, ['assets:read']);
    const refused = await api().get('/api/v1/webhooks').set(bearer(withoutScope)).expect(403);
    expect(refused.body).toMatchObject({ statusCode: 403, code: expect.any(String), message: expect.stringContaining('webhooks') });

    const key = await createKey(owner.agent, ['webhooks']);
    const privateUrl = await api().post('/api/v1/webhooks').set(bearer(key)).send({ url: 'http://10.1.2.3/hook', events: ['asset.created'] }).expect(400);
    expect(privateUrl.body).toMatchObject({ statusCode: 400, code: expect.any(String) });
    await api().post('/api/v1/webhooks').set(bearer(key)).send({ url: 'http://127.0.0.1:9/x', events: ['no.such.event'] }).expect(400);

    const { body: endpoint } = await api().post('/api/v1/webhooks').set(bearer(key)).send({ url: 'http://127.0.0.1:9/mine', events: ['asset.created'] }).expect(201);
    const strangerKey = await createKey(stranger.agent, ['webhooks']);
    expect((await api().get('/api/v1/webhooks').set(bearer(strangerKey)).expect(200)).body).toEqual([]);
    await api().patch(`/api/v1/webhooks/${endpoint.id}`).set(bearer(strangerKey)).send({ enabled: false }).expect(404);
    await api().delete(`/api/v1/webhooks/${endpoint.id}`).set(bearer(strangerKey)).expect(404);
    await api().get(`/api/v1/webhooks/${endpoint.id}/deliveries`).set(bearer(strangerKey)).expect(404);
    await api().get('/api/v1/webhooks').expect(401);
  });

  it('documents the routes with the key’s security', async () => {
    const doc = (await api().get('/api/docs-json').expect(200)).body;
    expect(doc.paths['/api/v1/webhooks'].post.security).toEqual([{ 'api-key': [] }]);
    expect(Object.keys(doc.paths['/api/v1/webhooks'].post.requestBody.content['application/json'].schema)).toBeDefined();
    expect(Object.keys(doc.paths['/api/v1/webhooks/{id}/deliveries'].get.responses)).toEqual(expect.arrayContaining(['200', '401', '403', '404', '429']));
  });
});
