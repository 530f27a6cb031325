// Webhooks against the real API, PostgreSQL and Redis (BullMQ, a worker application), delivering
// to a receiver on 127.0.0.1 (let through by WEBHOOK_ALLOW_LOOPBACK in the first suite only).
import { WEBHOOK_MAX_ATTEMPTS, WEBHOOK_SIGNATURE_HEADER, type WebhookDeliveryDto } from '@brandloom/contracts';
import { OutboxService } from '@brandloom/core';
import { describeWithRedis, MailDirectory, tempStorage, waitFor } from '@brandloom/core/testing';
import { INestApplicationContext } from '@nestjs/common';
import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { DataSource } from 'typeorm';
import { organizationIdOf, startInProcessWorker } from './generation-helpers';
import { createTestApp, signUp, TestApp } from './test-app';
import { WebhookReceiver } from './webhook-receiver';

type Agent = Awaited<ReturnType<typeof signUp>>['agent'];
type Verify = (rawBody: string, header: string | undefined, secret: string, nowSeconds?: number) => boolean;

/** docs/api.md's verification example, compiled and loaded as a receiver would copy it. */
function documentedVerifier(): Verify {
  const doc = readFileSync(join(__dirname, '../../docs/api.md'), 'utf8');
  const webhooks = doc.slice(doc.indexOf('## Webhooks'));
  const source = /```ts\n([\s\S]*?)```/.exec(webhooks)?.[1];
  if (!source) throw new Error('docs/api.md has no ts block under ## Webhooks');
  const { outputText } = ts.transpileModule(source, { compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 } });
  const exports: Record<string, unknown> = {};
  new Function('exports', 'require', outputText)(exports, require);
  return exports.verifyBrandloomSignature as Verify;
}

async function deliveriesOf(agent: Agent, endpointId: string): Promise<WebhookDeliveryDto[]> {
  return (await agent.get(`/api/webhooks/${endpointId}/deliveries`).expect(200)).body;
}

/** The payload of generation.completed for a generation that delivered its one image. */
const settled = (generationId: string) => ({ generationId, delivered: 1, creditsRefunded: 0, batchId: null, message: 'Done' });

describeWithRedis('webhooks (BullMQ worker, loopback receiver allowed)', () => {
  const BASE_MS = 400;
  const storage = tempStorage();
  let t: TestApp;
  let worker: INestApplicationContext;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    receiver = await WebhookReceiver.start();
    const env = {
      REDIS_URL: process.env.REDIS_URL!,
      QUEUE_PREFIX: `bl-test-${randomBytes(4).toString('hex')}`,
      STORAGE_DIR: storage.dir,
      OPENAI_API_KEY: undefined,
      OUTBOX_POLL_MS: '50',
      WEBHOOK_ALLOW_LOOPBACK: 'true',
      WEBHOOK_RETRY_BASE_MS: String(BASE_MS),
    };
    t = await createTestApp(env);
    worker = await startInProcessWorker({ ...env, DATABASE_URL: t.db.url });
  });
  afterAll(async () => {
    await worker?.close();
    await t?.close();
    await receiver?.close();
    storage.cleanup();
  });

  it('creates an endpoint with its secret once, lists it without, and audits every change', async () => {
    const { agent } = await signUp(t);
    const organizationId = await organizationIdOf(agent);
    const created = await agent.post('/api/webhooks').send({ url: receiver.url('/audit'), events: ['asset.created', 'generation.completed'] }).expect(201);
    expect(created.body).toMatchObject({ id: expect.any(String), url: receiver.url('/audit'), events: ['generation.completed', 'asset.created'], enabled: true, consecutive_failures: 0 });
    expect(created.body.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    const id = created.body.id as string;

    const list = await agent.get('/api/webhooks').expect(200);
    expect(list.body).toEqual([expect.objectContaining({ id, url: receiver.url('/audit') })]);
    expect(JSON.stringify(list.body)).not.toContain(created.body.secret);
    const [row] = await t.db.dataSource.query(`SELECT row_to_json(w)::text AS json FROM webhook_endpoints w WHERE id = $1`, [id]);
    expect(row.json).not.toContain(created.body.secret.slice(6));

    const patched = await agent.patch(`/api/webhooks/${id}`).send({ enabled: false, events: ['credits.low'] }).expect(200);
    expect(patched.body).toMatchObject({ enabled: false, events: ['credits.low'] });
    await agent.post(`/api/webhooks/${id}/test`).expect(202);
    await agent.delete(`/api/webhooks/${id}`).expect(204);
    await agent.get(`/api/webhooks/${id}/deliveries`).expect(404);

    const types = await waitFor('the audit rows', async () => {
      const rows: Array<{ type: string }> = await t.db.dataSource.query(`SELECT type FROM audit_log WHERE organization_id = $1 AND type LIKE 'webhook.%' ORDER BY created_at`, [organizationId]);
      return rows.length >= 4 ? rows.map((r) => r.type) : undefined;
    });
    expect(types.sort()).toEqual(['webhook.endpoint_created', 'webhook.endpoint_deleted', 'webhook.endpoint_updated', 'webhook.test_requested']);
  });

  it('refuses bad input with a code and changes nothing', async () => {
    const { agent } = await signUp(t);
    const cases: Array<[object, string]> = [
      [{ url: receiver.url('/x'), events: [] }, 'validation_failed'],
      [{ url: receiver.url('/x'), events: ['generation.exploded'] }, 'validation_failed'],
      [{ url: 'ftp://example.com/hook', events: ['asset.created'] }, 'webhook_endpoint_invalid'],
      [{ url: 'https://user:pass@example.com/hook', events: ['asset.created'] }, 'webhook_endpoint_invalid'],
      [{ events: ['asset.created'] }, 'validation_failed'],
    ];
    for (const [body, code] of cases) {
      const res = await agent.post('/api/webhooks').send(body).expect(400);
      expect(res.body).toMatchObject({ statusCode: 400, code });
      expect(String(res.body.message)).not.toBe('');
    }
    expect((await agent.get('/api/webhooks').expect(200)).body).toEqual([]);
  });

  it('refuses private, link-local, metadata and local-name URLs at creation (loopback is what the test allows)', async () => {
    const { agent } = await signUp(t);
    for (const url of ['http://10.0.0.7/hook', 'http://192.168.1.20/hook', 'http://169.254.169.254/latest/meta-data', 'http://[fd00::1]/hook', 'http://[::ffff:10.0.0.1]/hook', 'http://localhost:8080/hook', 'http://db.internal/hook', 'http://100.64.0.1/']) {
      const res = await agent.post('/api/webhooks').send({ url, events: ['asset.created'] }).expect(400);
      expect(res.body.code).toBe('webhook_url_refused');
    }
    expect((await agent.get('/api/webhooks').expect(200)).body).toEqual([]);
  });

  it("signs each delivery so that docs/api.md's code verifies it; a changed body, another secret or an old timestamp fail", async () => {
    const verify = documentedVerifier();
    const { agent } = await signUp(t);
    const { body: endpoint } = await agent.post('/api/webhooks').send({ url: receiver.url('/signed'), events: ['asset.created'] }).expect(201);
    const { body: pending } = await agent.post(`/api/webhooks/${endpoint.id}/test`).expect(202);
    expect(pending).toMatchObject({ type: 'webhook.test', status: 'pending', manual: true });

    const [delivery] = await receiver.waitFor('/signed', 1);
    const header = delivery.headers[WEBHOOK_SIGNATURE_HEADER.toLowerCase()] as string;
    expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    const t0 = Number(/t=(\d+)/.exec(header)![1]);
    expect(Math.abs(t0 - Date.now() / 1000)).toBeLessThan(30);
    expect(JSON.parse(delivery.body)).toEqual({ id: pending.event_id, type: 'webhook.test', created: expect.any(Number), data: { endpoint_id: endpoint.id, message: expect.any(String) } });

    expect(verify(delivery.body, header, endpoint.secret)).toBe(true);
    expect(verify(delivery.body.replace('webhook.test', 'webhook.tesT'), header, endpoint.secret)).toBe(false);
    expect(verify(delivery.body, header, `whsec_${randomBytes(32).toString('base64url')}`)).toBe(false);
    expect(verify(delivery.body, header, endpoint.secret, t0 + 301)).toBe(false);
    expect(verify(delivery.body, undefined, endpoint.secret)).toBe(false);

    const log = await waitFor('the logged success', async () => {
      const rows = await deliveriesOf(agent, endpoint.id);
      return rows[0]?.status === 'succeeded' ? rows : undefined;
    });
    expect(log).toEqual([expect.objectContaining({ id: pending.id, status: 'succeeded', status_code: 200, attempt: 1, duration_ms: expect.any(Number), delivered_at: expect.any(String) })]);
  });

  it('delivers generation.completed from a real generation, retrying on 500 and 503 with the backoff schedule and the same id, then logs each attempt', async () => {
    const { agent } = await signUp(t);
    receiver.answer('/retry', [500, 503, 200]);
    const { body: endpoint } = await agent.post('/api/webhooks').send({ url: receiver.url('/retry'), events: ['generation.completed'] }).expect(201);
    const { body: generation } = await agent.post('/api/generate').send({ prompt: 'A bright poster for a summer sale', quality: 'low', size: '1024x1024', variationCount: 1 }).expect(201);

    const attempts = await receiver.waitFor('/retry', 3, 60_000);
    const bodies = attempts.map((a) => JSON.parse(a.body));
    expect(new Set(bodies.map((b) => b.id)).size).toBe(1);
    expect(bodies[0]).toMatchObject({ type: 'generation.completed', data: { generation_id: generation.job.id, status: 'completed', images_delivered: 1 } });
    const gaps = [attempts[1].receivedAt - attempts[0].receivedAt, attempts[2].receivedAt - attempts[1].receivedAt];
    expect(gaps[0]).toBeGreaterThanOrEqual(BASE_MS - 50);
    expect(gaps[1]).toBeGreaterThanOrEqual(2 * BASE_MS - 50);
    expect(gaps[1]).toBeLessThan(2 * BASE_MS + 5000);

    const log = await waitFor('three logged attempts', async () => {
      const rows = await deliveriesOf(agent, endpoint.id);
      return rows.length === 3 && rows[0].status === 'succeeded' ? rows : undefined;
    });
    expect(log.map((d) => [d.attempt, d.status, d.status_code])).toEqual([
      [3, 'succeeded', 200],
      [2, 'failed', 503],
      [1, 'failed', 500],
    ]);
    expect(log[2].next_attempt_at).not.toBeNull();
    expect(log[2].error).toContain('HTTP 500');
    expect(new Set(log.map((d) => d.event_id))).toEqual(new Set([bodies[0].id]));
    const { body: endpointNow } = await agent.get('/api/webhooks').expect(200);
    expect(endpointNow[0].consecutive_failures).toBe(0);

    // A re-send: the same event again, now, with the same id, as a manual attempt.
    const { body: resent } = await agent.post(`/api/webhooks/${endpoint.id}/deliveries/${log[2].id}/resend`).expect(202);
    expect(resent).toMatchObject({ event_id: bodies[0].id, manual: true, attempt: 4 });
    const again = await receiver.waitFor('/retry', 4);
    expect(JSON.parse(again[3].body).id).toBe(bodies[0].id);
  });

  it('announces the library, ad-format and low-credit events of a real generation, each to the endpoints that want it', async () => {
    const { agent } = await signUp(t);
    const { body: endpoint } = await agent.post('/api/webhooks').send({ url: receiver.url('/events'), events: ['asset.created', 'ad.created', 'credits.low'] }).expect(201);
    await agent.post('/api/webhooks').send({ url: receiver.url('/others'), events: ['push.failed'] }).expect(201);
    // 4 high-quality images: 16 of the 25 welcome credits, leaving 9 (below the threshold of 10).
    const { body: generation } = await agent.post('/api/generate').send({ prompt: 'A bright poster for a summer sale', quality: 'high', size: '1024x1024', variationCount: 4 }).expect(201);
    const ofType = (type: string) => receiver.at('/events').map((d) => JSON.parse(d.body)).filter((b) => b.type === type);
    const seen = () => ` (received: ${receiver.at('/events').map((d) => JSON.parse(d.body).type).join(', ')})`;
    await waitFor('4 assets and low credits', () => (ofType('asset.created').length === 4 && ofType('credits.low').length === 1 ? true : undefined), 40_000, seen);
    expect(ofType('credits.low')[0].data).toEqual({ balance: 9, threshold: 10 });
    const assets = ofType('asset.created').map((b) => b.data);
    expect(assets.every((a) => a.generation_id === generation.job.id)).toBe(true);

    const source = assets[0].asset_id as string;
    await agent.post(`/api/assets/${source}/formats`).send({ formats: ['1:1'], method: 'crop' }).expect(201);
    const [ad] = await waitFor('ad.created', () => (ofType('ad.created').length ? ofType('ad.created') : undefined), 30_000, seen);
    expect(ad.data).toMatchObject({ source_asset_id: source, format: '1:1', asset_id: expect.any(String) });
    await waitFor('the format as an asset too', () => (ofType('asset.created').some((b) => b.data.asset_id === ad.data.asset_id) ? true : undefined));
    // A finished ad (copy on the picture) is announced as ad.created too, naming its ad and version.
    const { body: made } = await agent.post('/api/ads').send({ assetId: source, placements: ['4:5'], layout: 'bottom-band', headline: 'Summer sale', body: '', cta: 'SHOP_NOW', logo: null });
    const finished = await waitFor('ad.created of the finished ad', () => ofType('ad.created').find((b) => b.data.ad_id === made.ads[0].id), 30_000, seen);
    expect(finished.data).toMatchObject({ source_asset_id: source, format: '4:5', version: 1, layout: 'bottom-band', asset_id: expect.any(String) });
    expect(new Set(receiver.at('/events').map((d) => JSON.parse(d.body).id)).size).toBe(receiver.at('/events').length);
    expect(receiver.at('/others')).toEqual([]);
    expect((await deliveriesOf(agent, endpoint.id)).every((d) => d.status === 'succeeded')).toBe(true);
  }, 90_000);

  it('delivers nothing for a change that rolled back', async () => {
    const { agent } = await signUp(t);
    const organizationId = await organizationIdOf(agent);
    await agent.post('/api/webhooks').send({ url: receiver.url('/rollback'), events: ['generation.completed'] }).expect(201);
    const outbox = t.app.get(OutboxService);
    const dataSource = t.app.get(DataSource);
    const doomed = randomUUID();
    await expect(
      dataSource.transaction(async (m) => {
        await outbox.record(m, 'generation.completed', settled(doomed), organizationId);
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    const committed = randomUUID();
    await dataSource.transaction((m) => outbox.record(m, 'generation.completed', settled(committed), organizationId));

    await receiver.waitFor('/rollback', 1);
    await new Promise((r) => setTimeout(r, 500));
    expect(receiver.at('/rollback').map((d) => JSON.parse(d.body).data.generation_id)).toEqual([committed]);
  });

  it('another organization can neither see nor touch an endpoint; members who are not admins are refused', async () => {
    const owner = await signUp(t);
    const { body: endpoint } = await owner.agent.post('/api/webhooks').send({ url: receiver.url('/private'), events: ['asset.created'] }).expect(201);
    await owner.agent.post(`/api/webhooks/${endpoint.id}/test`).expect(202);
    const [first] = await receiver.waitFor('/private', 1);
    const [delivery] = await deliveriesOf(owner.agent, endpoint.id);

    const stranger = await signUp(t);
    expect((await stranger.agent.get('/api/webhooks').expect(200)).body).toEqual([]);
    for (const res of [
      await stranger.agent.patch(`/api/webhooks/${endpoint.id}`).send({ enabled: false }),
      await stranger.agent.delete(`/api/webhooks/${endpoint.id}`),
      await stranger.agent.post(`/api/webhooks/${endpoint.id}/test`),
      await stranger.agent.get(`/api/webhooks/${endpoint.id}/deliveries`),
      await stranger.agent.post(`/api/webhooks/${endpoint.id}/deliveries/${delivery.id}/resend`),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('webhook_endpoint_not_found');
    }
    const { body: own } = await stranger.agent.post('/api/webhooks').send({ url: receiver.url('/stranger'), events: ['asset.created'] }).expect(201);
    await stranger.agent.post(`/api/webhooks/${own.id}/deliveries/${delivery.id}/resend`).expect(404);

    // A plain member of the owner's organization.
    const member = await signUp(t);
    const organizationId = await organizationIdOf(owner.agent);
    await t.db.dataSource.query(`UPDATE memberships SET organization_id = $1, role = 'member' WHERE user_id = $2`, [organizationId, member.user.id]);
    const refused = await member.agent.get('/api/webhooks').expect(403);
    expect(refused.body.code).toBe('webhook_permission');

    const [row] = await t.db.dataSource.query(`SELECT enabled FROM webhook_endpoints WHERE id = $1`, [endpoint.id]);
    expect(row.enabled).toBe(true);
    expect(receiver.at('/private')).toEqual([first]);
    await t.http().get('/api/webhooks').expect(401);
  });
});

describeWithRedis('webhooks (loopback not allowed: the production setting)', () => {
  let t: TestApp;
  let worker: INestApplicationContext;
  let receiver: WebhookReceiver;
  let mail: MailDirectory;

  beforeAll(async () => {
    receiver = await WebhookReceiver.start();
    mail = await MailDirectory.create();
    const env = {
      REDIS_URL: process.env.REDIS_URL!,
      QUEUE_PREFIX: `bl-test-${randomBytes(4).toString('hex')}`,
      OUTBOX_POLL_MS: '50',
      MAIL_DIR: mail.dir,
      SMTP_URL: undefined,
      WEBHOOK_ALLOW_LOOPBACK: undefined,
      // Twelve attempts 1, 2, 4 … 1024 ms apart: about two seconds to the last.
      WEBHOOK_RETRY_BASE_MS: '1',
    };
    t = await createTestApp(env);
    worker = await startInProcessWorker({ ...env, DATABASE_URL: t.db.url });
  });
  afterAll(async () => {
    await worker?.close();
    await t?.close();
    await receiver?.close();
    await mail?.remove();
  });

  /**
   * An endpoint of the agent's organization created at a public URL whose address now names this
   * machine (a DNS answer that changed after creation: `path` on the loopback receiver), and a
   * generation.completed event for it to deliver.
   */
  async function endpointNowOnLoopback(agent: Agent, publicUrl: string, path: string): Promise<{ endpoint: { id: string }; organizationId: string }> {
    const organizationId = await organizationIdOf(agent);
    const { body: endpoint } = await agent.post('/api/webhooks').send({ url: publicUrl, events: ['generation.completed'] }).expect(201);
    await t.db.dataSource.query(`UPDATE webhook_endpoints SET url = $2 WHERE id = $1`, [endpoint.id, receiver.url(path)]);
    const outbox = t.app.get(OutboxService);
    await t.app.get(DataSource).transaction((m) => outbox.record(m, 'generation.completed', settled(randomUUID()), organizationId));
    return { endpoint, organizationId };
  }

  it('refuses a loopback endpoint at creation', async () => {
    const { agent } = await signUp(t);
    for (const url of [receiver.url('/hook'), 'http://127.1:9/hook', 'http://2130706433/hook', 'http://[::1]:9/hook', 'http://0.0.0.0:9/hook']) {
      const res = await agent.post('/api/webhooks').send({ url, events: ['asset.created'] }).expect(400);
      expect(res.body).toMatchObject({ code: 'webhook_url_refused', message: expect.stringContaining('private, loopback') });
    }
  });

  it('refuses to deliver to an endpoint that now points at loopback, retries, then disables it after the last attempt and mails the owner', async () => {
    const { agent, user } = await signUp(t);
    const { endpoint, organizationId } = await endpointNowOnLoopback(agent, 'https://hooks.example.com/brandloom', '/inside');

    const message = await mail.waitFor(user.email, 1, 60_000);
    expect(message.subject).toBe('Brandloom disabled a webhook endpoint');
    expect(message.text).toContain(`Disabled after ${WEBHOOK_MAX_ATTEMPTS} failed attempts to deliver one event. Events that happen while it is disabled are not sent to it.`);
    expect(message.text).toContain(receiver.url('/inside'));
    expect(receiver.received).toEqual([]);

    const log = await deliveriesOf(agent, endpoint.id);
    expect(log).toHaveLength(WEBHOOK_MAX_ATTEMPTS);
    expect(log.every((d) => d.status === 'failed' && d.status_code === null && /private, loopback/.test(d.error ?? ''))).toBe(true);
    expect(log.map((d) => d.attempt)).toEqual(Array.from({ length: WEBHOOK_MAX_ATTEMPTS }, (_, i) => WEBHOOK_MAX_ATTEMPTS - i));
    expect(log[0].next_attempt_at).toBeNull();

    const [listed] = (await agent.get('/api/webhooks').expect(200)).body;
    expect(listed).toMatchObject({ enabled: false, disabled_reason: expect.stringContaining(`${WEBHOOK_MAX_ATTEMPTS} failed attempts`), consecutive_failures: WEBHOOK_MAX_ATTEMPTS });
    const audited = await waitFor('the audit row', async () => {
      const rows = await t.db.dataSource.query(`SELECT payload FROM audit_log WHERE organization_id = $1 AND type = 'webhook.endpoint_disabled'`, [organizationId]);
      return rows.length ? rows : undefined;
    });
    expect(audited[0].payload).toMatchObject({ endpointId: endpoint.id });

    // Enabling clears the reason and the count.
    const { body: enabled } = await agent.patch(`/api/webhooks/${endpoint.id}`).send({ enabled: true }).expect(200);
    expect(enabled).toMatchObject({ enabled: true, disabled_reason: null, consecutive_failures: 0 });
  });

  it('writes the disabled-endpoint mail in the owner’s language', async () => {
    const { agent, user } = await signUp(t);
    await agent.patch('/api/users/me/preferences').send({ language: 'de' }).expect(200);
    await endpointNowOnLoopback(agent, 'https://hooks.example.com/de', '/de');

    const message = await mail.waitFor(user.email, 1, 60_000);
    expect(message.subject).toBe('Brandloom hat einen Webhook-Endpunkt deaktiviert');
    expect(message.text).toContain(`Zustellungen an Ihren Webhook-Endpunkt ${receiver.url('/de')} sind wiederholt fehlgeschlagen`);
    expect(message.text).toContain(`${WEBHOOK_MAX_ATTEMPTS} Versuche, ein Ereignis zuzustellen, sind fehlgeschlagen.`);
    expect(message.text).toContain('Webhook-Einstellungen öffnen');
    expect(message.text).not.toMatch(/kept failing|Open webhook settings/);
  });
});
