// bull-board at /admin/queues: mounted when the queues live in Redis, behind the admin check
// (401 signed out, 403 for members), its actions from our own origin only; absent without Redis.
import { AuthService, JOB_NAMES } from '@brandloom/core';
import { describeWithRedis } from '@brandloom/core/testing';
import request from 'supertest';
import { createTestApp, signUp, TestApp } from './test-app';

describeWithRedis('bull-board at /admin/queues (Redis)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ REDIS_URL: process.env.REDIS_URL });
  });
  afterAll(() => t?.close());

  it('shows every queue to administrators only', async () => {
    const server = t.app.getHttpServer();
    expect((await request(server).get('/admin/queues').expect(401)).body).toMatchObject({ statusCode: 401 });
    await request(server).get('/admin/queues/api/queues').expect(401);

    const member = await signUp(t);
    expect((await member.agent.get('/admin/queues').expect(403)).body).toMatchObject({ statusCode: 403, message: 'Administrator access required' });
    await member.agent.get('/admin/queues/api/queues').expect(403);
    await member.agent.put('/admin/queues/api/queues/generation.run/retry/failed').expect(403);

    const admin = await signUp(t);
    await t.app.get(AuthService).setAdmin(admin.user.email);
    const page = await admin.agent.get('/admin/queues').expect(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.text).toContain('/admin/queues/');
    const queues = (await admin.agent.get('/admin/queues/api/queues').expect(200)).body as { queues: Array<{ name: string }> };
    expect(queues.queues.map((q) => q.name).sort()).toEqual(JOB_NAMES.map((name) => name.replace(/[^a-zA-Z0-9_-]/g, '-')).sort());

    // A state-changing board action from another site is refused even for an administrator.
    await admin.agent.put('/admin/queues/api/queues/generation-run/clean/failed').set('Origin', 'https://evil.example').expect(403);
  });
});

describe('/admin/queues without Redis', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ REDIS_URL: undefined });
  });
  afterAll(() => t?.close());

  it('is not mounted (the in-process queue has no board; Operations in the console covers it)', async () => {
    const admin = await signUp(t);
    await t.app.get(AuthService).setAdmin(admin.user.email);
    await admin.agent.get('/admin/queues/api/queues').expect(404);
  });
});
