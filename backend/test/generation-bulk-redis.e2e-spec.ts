// Bulk generation in the production topology: API processes that only enqueue (BullMQ on Redis), a
// worker application of its own (here in the test process) drawing through the real `openai` SDK
// against the local fake OpenAI server, and the batch's progress crossing processes over Redis
// pub/sub: uploaded through API A, watched through API B.
import { CREDIT_COST_PER_IMAGE, WELCOME_BONUS_CREDITS } from '@brandloom/contracts';
import { auditCredits, describeWithRedis, tempStorage, waitForSettled } from '@brandloom/core/testing';
import { INestApplicationContext } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { FakeOpenAI } from '../../libs/core/src/testing/fake-openai';
import { uploadCsv } from './generation-bulk-helpers';
import { eventData, organizationIdOf, readSse, startInProcessWorker } from './generation-helpers';
import { createTestApp, signUp, TestApp, agentFor } from './test-app';

describeWithRedis('bulk generation with BullMQ, a separate worker and Redis pub/sub', () => {
  const fake = new FakeOpenAI();
  const storage = tempStorage();
  const prefix = `bl-test-${randomBytes(4).toString('hex')}`;
  let apiA: TestApp;
  let apiB: TestApp;
  let worker: INestApplicationContext;

  beforeAll(async () => {
    await fake.start();
    const env = {
      ...fake.env(),
      REDIS_URL: process.env.REDIS_URL!,
      QUEUE_PREFIX: prefix,
      STORAGE_DIR: storage.dir,
      OPENAI_MAX_RETRIES: '0',
      OPENAI_TIMEOUT_MS: '10000',
      WORKER_CONCURRENCY: '2',
    };
    apiA = await createTestApp(env);
    apiB = await createTestApp({ ...env, DATABASE_URL: apiA.db.url });
    worker = await startInProcessWorker({ ...env, DATABASE_URL: apiA.db.url });
  });
  afterEach(() => fake.reset());
  afterAll(async () => {
    await worker?.close();
    await apiB?.close();
    await apiA?.close();
    await fake.stop();
    storage.cleanup();
  });

  it('5 rows through the worker: live progress over another API process, one row refused by the provider and refunded, the rest in the folder', async () => {
    const { agent, user, password } = await signUp(apiA);
    const organizationId = await organizationIdOf(agent);
    const agentB = agentFor(apiB);
    await agentB.post('/api/auth/login').send({ email: user.email, password }).expect((res) => expect(res.status).toBeLessThan(300));

    // The provider answers slowly, and refuses the first prompt it is sent (not retryable).
    fake.delayMs = 300;
    fake.failNext({ status: 400, message: 'Your request was rejected as a result of our safety system.', code: 'moderation_blocked' });
    const csv = [
      'prompt,quality,size',
      'A product shot of a ceramic mug on a wooden table,medium,1024x1024',
      '"A flat lay of stationery, notebooks and pens",medium,1536x1024',
      'A banner of a mountain lake at sunrise,medium,1024x1536',
      'A close-up of fresh coffee beans,medium,',
      'A minimal poster with a single red circle,medium,1024x1024',
    ].join('\n');
    const res = await uploadCsv(agent, csv).expect(201);
    const { batchId, folderId } = res.body as { batchId: string; folderId: string };
    expect(res.body.total).toBe(5);
    const ids = res.body.jobs.map((j: { generationId: string }) => j.generationId) as string[];
    const cost = CREDIT_COST_PER_IMAGE.medium;
    expect((await agentB.get('/api/credits/balance').expect(200)).body.credits).toBe(WELCOME_BONUS_CREDITS - 5 * cost);

    const stream = await readSse(agentB, `/api/generate/bulk/${batchId}/progress`);
    const names = stream.events.map((e) => e.event);
    expect(names.slice(-2)).toEqual(['completed', 'close']);
    expect(names.slice(0, -2).every((n) => n === 'progress')).toBe(true);
    const progress = eventData(stream.events, 'progress');
    expect(progress[0].rows).toHaveLength(5);
    // Rows settled while the client was connected to API B, reported from the worker through Redis.
    expect(progress.length).toBeGreaterThanOrEqual(2);
    const settled = progress.map((p) => (p.done as number) + (p.failed as number));
    expect([...settled].sort((a, b) => a - b)).toEqual(settled);

    const [completed] = eventData(stream.events, 'completed');
    expect(completed).toMatchObject({ done: 4, failed: 1, total: 5 });
    const failed = completed.rows.filter((r: { status: string }) => r.status === 'failed');
    expect(failed).toEqual([
      { row: expect.any(Number), generationId: expect.any(String), status: 'failed', error: expect.stringContaining("rejected by OpenAI's content policy"), prompt: expect.any(String), quality: expect.any(String), size: expect.any(String) },
    ]);
    for (const row of completed.rows.filter((r: { status: string }) => r.status === 'completed')) {
      expect(row.assetUrl).toMatch(new RegExp(`^/api/assets/file/org/${organizationId}/generated/`));
    }

    await waitForSettled(apiA.db.dataSource, ids);
    const assets = await apiA.db.dataSource.query(`SELECT folder_id FROM assets WHERE organization_id = $1`, [organizationId]);
    expect(assets).toEqual(Array.from({ length: 4 }, () => ({ folder_id: folderId })));
    // Charged for the four images delivered; the refused row was refunded.
    expect(await auditCredits(apiA.db.dataSource, organizationId)).toEqual({ debited: 5 * cost, refunded: cost, delivered: 4, costOfDelivered: 4 * cost });
    expect((await agent.get('/api/credits/balance').expect(200)).body.credits).toBe(WELCOME_BONUS_CREDITS - 4 * cost);
    expect(fake.requests).toHaveLength(5);

    // Either API process answers the final state, at once.
    const status = await agent.get(`/api/generate/bulk/${batchId}`).expect(200);
    expect(status.body).toEqual({ batchId, total: 5, done: 4, failed: 1, rows: completed.rows });
    const late = await readSse(agentB, `/api/generate/bulk/${batchId}/progress`);
    expect(late.events.map((e) => e.event)).toEqual(['completed', 'close']);
  }, 60_000);

  it('another organization cannot read or watch the batch through either process', async () => {
    const alice = await signUp(apiA);
    const bob = await signUp(apiA);
    const res = await uploadCsv(alice.agent, 'prompt\nTEST a quick local sketch\n').expect(201);
    const bobOnB = agentFor(apiB);
    await bobOnB.post('/api/auth/login').send({ email: bob.user.email, password: bob.password }).expect((r) => expect(r.status).toBeLessThan(300));
    await bob.agent.get(`/api/generate/bulk/${res.body.batchId}`).expect(404);
    await bobOnB.get(`/api/generate/bulk/${res.body.batchId}/progress`).expect(404);
    const stream = await readSse(alice.agent, `/api/generate/bulk/${res.body.batchId}/progress`);
    expect(eventData(stream.events, 'completed')[0]).toMatchObject({ done: 1, failed: 0, total: 1 });
    // A TEST prompt is drawn by the local renderer: the fake provider was not called.
    expect(fake.requests).toHaveLength(0);
  }, 30_000);
});
