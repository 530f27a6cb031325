// The whole pipeline against a local fake of OpenAI's Images API with the real `openai` SDK:
// API (BullMQ) → worker (its own Nest application, here in the test process) → fake OpenAI →
// storage → database → SSE. Generations, edits with reference images, errors and timeouts.
import { CREDIT_COST_PER_IMAGE, WELCOME_BONUS_CREDITS } from '@brandloom/contracts';
import { CreditsService } from '@brandloom/core';
import { auditCredits, describeWithRedis, tempStorage, topUp, waitForSettled } from '@brandloom/core/testing';
import { INestApplicationContext } from '@nestjs/common';
import { Queue } from 'bullmq';
import IORedis from 'ioredis';
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { FakeOpenAI } from '../../libs/core/src/testing/fake-openai';
import { eventData, organizationIdOf, readSse, startInProcessWorker } from './generation-helpers';
import { createTestApp, signUp, TestApp } from './test-app';

describeWithRedis('generation with OpenAI (fake server, real SDK, BullMQ)', () => {
  const fake = new FakeOpenAI();
  const storage = tempStorage();
  const prefix = `bl-test-${randomBytes(4).toString('hex')}`;
  let t: TestApp;
  let worker: INestApplicationContext;
  let env: Record<string, string>;

  beforeAll(async () => {
    await fake.start();
    env = {
      ...fake.env(),
      REDIS_URL: process.env.REDIS_URL!,
      QUEUE_PREFIX: prefix,
      STORAGE_DIR: storage.dir,
      // Long enough that a loaded machine never times out a healthy answer; the hanging test waits three of them.
      OPENAI_TIMEOUT_MS: '2000',
      OPENAI_MAX_RETRIES: '0',
    };
    t = await createTestApp(env);
    worker = await startInProcessWorker({ ...env, DATABASE_URL: t.db.url });
  });
  afterEach(() => fake.reset());
  afterAll(async () => {
    await worker?.close();
    await t?.close();
    await fake.stop();
    storage.cleanup();
  });

  const valid = { prompt: 'A moody studio photo of a ceramic mug', quality: 'medium', size: '1024x1536', variationCount: 2, contentPolicyScan: true };

  it('reports OpenAI as configured', async () => {
    const { agent } = await signUp(t);
    const res = await agent.get('/api/openai/status').expect(200);
    expect(res.body).toMatchObject({ isConfigured: true, apiName: 'OpenAI', features: expect.arrayContaining(['text-to-image', 'reference-images']) });
  });

  it('generates through images.generate with the brand palette, stores the images and completes', async () => {
    const { agent } = await signUp(t);
    const organizationId = await organizationIdOf(agent);
    const [profile] = await t.db.dataSource.query(
      `INSERT INTO brand_profiles (organization_id, name, brand_data) VALUES ($1, 'Acme', $2) RETURNING id`,
      [organizationId, JSON.stringify({ colors: { primary: '#0066FF', secondary: '#111827' }, visualStyle: { tone: 'calm' } })],
    );
    const res = await agent.post('/api/generate').send({ ...valid, brand_profile_id: profile.id }).expect(201);
    expect(res.body.testMode).toBe(false);
    const stream = await readSse(agent, res.body.progressUrl);
    const names = stream.events.map((e) => e.event);
    expect(names.slice(-2)).toEqual(['completed', 'close']);
    const [completed] = eventData(stream.events, 'completed');
    expect(completed.variations).toHaveLength(2);
    expect(completed.variations[0]).toMatchObject({ width: 1024, height: 1536 });
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]).toMatchObject({ endpoint: 'generations', n: 2, size: '1024x1536', quality: 'medium', model: 'gpt-image-2.6-flare', outputFormat: 'png' });
    expect(fake.requests[0].prompt).toContain(valid.prompt);
    expect(fake.requests[0].prompt).toContain('#0066ff');
    const cost = CREDIT_COST_PER_IMAGE.medium * 2;
    expect(await auditCredits(t.db.dataSource, organizationId)).toEqual({ debited: cost, refunded: 0, delivered: 2, costOfDelivered: cost });
    const file = await agent.get(completed.variations[1].apiProxyUrl).expect(200);
    expect(file.headers['content-type']).toBe('image/png');
    // The provider that ran, the model sent (the current default) and the token usage OpenAI answered.
    const [row] = await t.db.dataSource.query(`SELECT provider, model, token_usage FROM generations WHERE id = $1`, [res.body.job.id]);
    expect(row).toEqual({
      provider: 'openai',
      model: 'gpt-image-2.6-flare',
      token_usage: { input_tokens: 50, output_tokens: 2 * 1584, total_tokens: 50 + 2 * 1584, input_tokens_details: { text_tokens: 50, image_tokens: 0 } },
    });
  });

  it('fails a generation whose model OpenAI no longer serves with a message for the user, and refunds once', async () => {
    const { agent } = await signUp(t);
    const organizationId = await organizationIdOf(agent);
    // The configured model's shutdown date has passed: the API answers 404 model_not_found.
    fake.setModel('gpt-image-2.6-flare', '2026-11-01');
    const res = await agent.post('/api/generate').send(valid).expect(201);
    const stream = await readSse(agent, res.body.progressUrl);
    expect(stream.events.map((e) => e.event).slice(-2)).toEqual(['error', 'close']);
    const [error] = eventData(stream.events, 'error');
    expect(error.message).toBe('The image model gpt-image-2.6-flare is no longer available; an administrator must choose another');
    // Not retried: no attempt can succeed until an administrator changes the model.
    expect(fake.requests).toHaveLength(1);
    const refunds = await t.db.dataSource.query(`SELECT amount FROM credit_ledger WHERE organization_id = $1 AND type = 'refund'`, [organizationId]);
    expect(refunds).toEqual([{ amount: 4 }]);
    expect(await auditCredits(t.db.dataSource, organizationId)).toEqual({ debited: 4, refunded: 4, delivered: 0, costOfDelivered: 0 });
    const [row] = await t.db.dataSource.query(`SELECT status, model, attempts FROM generations WHERE id = $1`, [res.body.job.id]);
    expect(row).toEqual({ status: 'failed', model: 'gpt-image-2.6-flare', attempts: 1 });
  });

  it('edits with the reference images uploaded to /api/studio (images.edit with image[])', async () => {
    const { agent } = await signUp(t);
    const png = await sharp({ create: { width: 64, height: 64, channels: 4, background: '#ff0000' } }).png().toBuffer();
    const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#00ff00' } }).jpeg().toBuffer();
    const res = await agent
      .post('/api/studio')
      .field('prompt', 'Put this logo on a tote bag')
      .field('quality', 'low')
      .field('size', '1024x1024')
      .field('variationCount', '1')
      .attach('images', png, 'logo.png')
      .attach('images', jpeg, 'photo.jpg')
      .expect(201);
    const stream = await readSse(agent, res.body.progressUrl);
    expect(stream.events.map((e) => e.event).slice(-2)).toEqual(['completed', 'close']);
    expect(fake.requests).toHaveLength(1);
    // Edits go to the edit model, without input_fidelity (the gpt-image-2 family refuses it).
    expect(fake.requests[0]).toMatchObject({ endpoint: 'edits', model: 'gpt-image-2.6-sunburst', inputFidelity: undefined, imageCount: 2, imageTypes: ['image/png', 'image/jpeg'], n: 1 });
    expect(fake.requests[0].imageSizes).toEqual([png.length, jpeg.length]);
  });

  it('a TEST prompt never reaches OpenAI', async () => {
    const { agent } = await signUp(t);
    const res = await agent.post('/api/generate').send({ ...valid, variationCount: 1, prompt: 'TEST banner draft' }).expect(201);
    expect(res.body.testMode).toBe(true);
    await readSse(agent, res.body.progressUrl);
    expect(fake.requests).toHaveLength(0);
  });

  it('retries a provider server error, then completes without duplicating assets or charges', async () => {
    const { agent } = await signUp(t);
    const organizationId = await organizationIdOf(agent);
    fake.failNext({ status: 500, message: 'The server had an error while processing your request.' });
    const res = await agent.post('/api/generate').send({ ...valid, quality: 'low' }).expect(201);
    const stream = await readSse(agent, res.body.progressUrl);
    expect(stream.events.map((e) => e.event).slice(-2)).toEqual(['completed', 'close']);
    // The failed attempt never surfaced as an error event: the client saw progress, then completed.
    expect(stream.events.some((e) => e.event === 'error')).toBe(false);
    expect(fake.requests).toHaveLength(2);
    const [row] = await t.db.dataSource.query(`SELECT status, attempts FROM generations WHERE id = $1`, [res.body.job.id]);
    expect(row).toEqual({ status: 'completed', attempts: 2 });
    expect(await auditCredits(t.db.dataSource, organizationId)).toEqual({ debited: 2, refunded: 0, delivered: 2, costOfDelivered: 2 });
  });

  it('a provider refusal fails the generation at once and refunds every credit', async () => {
    const { agent } = await signUp(t);
    const organizationId = await organizationIdOf(agent);
    fake.failNext({ status: 400, message: 'Your request was rejected as a result of our safety system.', code: 'moderation_blocked' });
    const res = await agent.post('/api/generate').send(valid).expect(201);
    // The balance right after the debit (the worker may refund before a second request could read it).
    expect(res.body.creditsRemaining).toBe(WELCOME_BONUS_CREDITS - 4);
    const stream = await readSse(agent, res.body.progressUrl);
    expect(stream.events.map((e) => e.event).slice(-2)).toEqual(['error', 'close']);
    const [error] = eventData(stream.events, 'error');
    expect(error.message).toMatch(/content policy/);
    expect(error.creditsRefunded).toBe(4);
    expect(fake.requests).toHaveLength(1);
    const [row] = await t.db.dataSource.query(`SELECT status, error, credits_refunded FROM generations WHERE id = $1`, [res.body.job.id]);
    expect(row).toMatchObject({ status: 'failed', credits_refunded: 4 });
    expect((await agent.get('/api/credits/balance')).body.credits).toBe(WELCOME_BONUS_CREDITS);
    expect(await auditCredits(t.db.dataSource, organizationId)).toEqual({ debited: 4, refunded: 4, delivered: 0, costOfDelivered: 0 });
    const refund = await t.db.dataSource.query(`SELECT amount, description FROM credit_ledger WHERE organization_id = $1 AND type = 'refund'`, [organizationId]);
    expect(refund).toEqual([{ amount: 4, description: 'Refund: 2 of 2 images not delivered' }]);
    // A late watcher sees the same error.
    const late = await readSse(agent, res.body.progressUrl);
    expect(late.events.map((e) => e.event)).toEqual(['error', 'close']);
  });

  it('a provider that never answers times out on every attempt: failed with the timeout message, refunded', async () => {
    const { agent } = await signUp(t);
    const organizationId = await organizationIdOf(agent);
    fake.hangNext(3);
    const res = await agent.post('/api/generate').send({ ...valid, variationCount: 1 }).expect(201);
    const [row] = await waitForSettled(t.db.dataSource, [res.body.job.id], 25_000);
    expect(row.status).toBe('failed');
    const [generation] = await t.db.dataSource.query(`SELECT error, attempts, credits_refunded FROM generations WHERE id = $1`, [res.body.job.id]);
    expect(generation).toMatchObject({ attempts: 3, credits_refunded: 2 });
    expect(generation.error).toMatch(/timed out/);
    expect(fake.requests).toHaveLength(3);
    expect(await auditCredits(t.db.dataSource, organizationId)).toEqual({ debited: 2, refunded: 2, delivered: 0, costOfDelivered: 0 });
  }, 40_000);

  it('queues Pro plans ahead of Starter within a quality (BullMQ priority)', async () => {
    const starter = await signUp(t);
    const pro = await signUp(t);
    const proOrg = await organizationIdOf(pro.agent);
    await t.db.dataSource.query(`UPDATE organizations SET plan_tier = 'Pro' WHERE id = $1`, [proOrg]);
    await topUp(t.app.get(CreditsService), proOrg, 50);
    const a = await starter.agent.post('/api/generate').send({ ...valid, prompt: 'TEST starter', quality: 'medium', variationCount: 1 }).expect(201);
    const b = await pro.agent.post('/api/generate').send({ ...valid, prompt: 'TEST pro', quality: 'medium', variationCount: 1 }).expect(201);
    const c = await pro.agent.post('/api/generate').send({ ...valid, prompt: 'TEST pro low', quality: 'low', variationCount: 1 }).expect(201);
    const connection = new IORedis(process.env.REDIS_URL!, { maxRetriesPerRequest: null });
    const queue = new Queue('generation-run', { connection, prefix });
    try {
      const priorities = await Promise.all([a, b, c].map(async (r) => (await queue.getJob(r.body.job.id))!.opts.priority));
      expect(priorities).toEqual([4, 3, 1]);
    } finally {
      await queue.close();
      connection.disconnect();
    }
    await waitForSettled(t.db.dataSource, [a.body.job.id, b.body.job.id, c.body.job.id]);
  });
});
