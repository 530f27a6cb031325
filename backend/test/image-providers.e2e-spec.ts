// Image providers by name and OpenAI's model lifecycle: the start-up check of the configured models
// against GET /v1/models (log line and admin dashboard), a retired model refused by the fake, the
// per-model usage of the admin console, and a provider registered by the test suite only, which
// runs a generation end to end and is recorded as the provider that ran.
import { SIZES } from '@brandloom/contracts';
import { AuthService, GenerationJobs, IMAGE_PROVIDER_DEFINITIONS, IMAGE_PROVIDER_REGISTRY, ModelRetirementCheck, type ImageProviderDefinition, type ImageProvider } from '@brandloom/core';
import { waitFor } from '@brandloom/core/testing';
import { Logger } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Test } from '@nestjs/testing';
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { FAKE_OPENAI_CATALOGUE_DATE, FakeOpenAI } from '../../libs/core/src/testing/fake-openai';
import { AppModule } from '../src/app.module';
import { configureApp } from '../src/bootstrap';
import { eventData, readSse } from './generation-helpers';
import { agentFor, createTestApp, signUp, TestApp } from './test-app';

describe('OpenAI model retirement, seen at start', () => {
  const fake = new FakeOpenAI();
  let t: TestApp;
  let warn: jest.SpyInstance;

  beforeAll(async () => {
    await fake.start();
    warn = jest.spyOn(Logger.prototype, 'warn');
    // A deployment still on the model OpenAI shuts down on 2026-12-01.
    t = await createTestApp({ REDIS_URL: undefined, ...fake.env(), OPENAI_IMAGE_MODEL: 'gpt-image-1.5' });
    await waitFor('the start-up model check', () => t.app.get(ModelRetirementCheck).latest().checkedAt ?? undefined);
  });
  afterAll(async () => {
    warn?.mockRestore();
    await t?.close();
    await fake.stop();
  });

  const linesAbout = (model: string) => warn.mock.calls.map(([message]) => String(message)).filter((message) => message.includes(model));

  it('logs one line naming the model, its shutdown date and its replacement, and nothing about current models', () => {
    const lines = linesAbout('gpt-image-1.5');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('2026-12-01');
    expect(lines[0]).toContain('gpt-image-2.6-flare');
    expect(lines[0]).toContain('OPENAI_IMAGE_MODEL');
    expect(linesAbout('gpt-image-2.6-sunburst')).toEqual([]);
    expect(linesAbout('gpt-6-luna')).toEqual([]);
  });

  it("the worker's daily job runs the same check, without logging the same warning twice in a day", async () => {
    expect(await t.app.get(GenerationJobs).checkModels()).toEqual({ warnings: 1 });
    expect(linesAbout('gpt-image-1.5')).toHaveLength(1);
  });

  it('shows administrators the same warning on GET /api/admin/dashboard, listed in the OpenAPI document', async () => {
    const member = await signUp(t);
    await member.agent.get('/api/admin/dashboard').expect(403);
    const admin = await signUp(t);
    await t.app.get(AuthService).setAdmin(admin.user.email);
    const dashboard = (await admin.agent.get('/api/admin/dashboard').expect(200)).body;
    expect(dashboard.modelWarnings).toEqual([
      expect.objectContaining({ model: 'gpt-image-1.5', settings: ['OPENAI_IMAGE_MODEL'], shutdownDate: '2026-12-01', gone: false, replacement: 'gpt-image-2.6-flare' }),
    ]);
    expect(dashboard.modelWarnings[0].message).toContain('2026-12-01');
    const docs = (await t.http().get('/api/docs-json').expect(200)).body;
    expect(Object.keys(docs.paths)).toEqual(expect.arrayContaining(['/api/admin/dashboard', '/api/admin/model-usage']));
  });

  it('a day-old result is checked again when the dashboard next looks', async () => {
    const check = t.app.get(ModelRetirementCheck);
    await check.check(new Date(Date.now() - 2 * 86_400_000));
    check.latest();
    await waitFor('a fresh check', () => {
      const at = check.latest().checkedAt;
      return at && Date.parse(at) > Date.now() - 60_000 ? at : undefined;
    });
    expect(linesAbout('gpt-image-1.5')).toHaveLength(1);
  });

  it('after the shutdown date the fake refuses the model as the API does, and the check warns that it is gone', async () => {
    fake.now = new Date('2026-12-02T09:00:00Z');
    const headers = { authorization: `Bearer ${fake.apiKey}`, 'content-type': 'application/json' };
    const listed = (await (await fetch(`${fake.baseUrl}/models`, { headers })).json()) as { data: Array<{ id: string; shutdown_date: string | null }> };
    expect(listed.data.map((m) => m.id)).not.toContain('gpt-image-1.5');
    expect(listed.data).toContainEqual(expect.objectContaining({ id: 'gpt-image-2.6-flare', shutdown_date: null }));
    const refused = await fetch(`${fake.baseUrl}/images/generations`, { method: 'POST', headers, body: JSON.stringify({ model: 'gpt-image-1.5', prompt: 'A mug' }) });
    expect(refused.status).toBe(404);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('model_not_found');

    const result = await t.app.get(ModelRetirementCheck).check(new Date('2026-12-02T09:00:00Z'));
    expect(result.warnings).toEqual([expect.objectContaining({ model: 'gpt-image-1.5', gone: true, shutdownDate: null, replacement: 'gpt-image-2.6-flare' })]);
    const gone = linesAbout('gpt-image-1.5').filter((line) => line.includes('no longer served'));
    expect(gone).toHaveLength(1);
    expect(gone[0]).toContain('2026-12-02');
  });

  it('refuses input_fidelity on the current models and an unknown quality, as the API does', async () => {
    fake.now = FAKE_OPENAI_CATALOGUE_DATE;
    const form = new FormData();
    form.append('model', 'gpt-image-2.6-sunburst');
    form.append('prompt', 'Put the logo on a mug');
    form.append('input_fidelity', 'high');
    form.append('image[]', new Blob([await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } }).png().toBuffer()], { type: 'image/png' }), 'a.png');
    const edit = await fetch(`${fake.baseUrl}/images/edits`, { method: 'POST', headers: { authorization: `Bearer ${fake.apiKey}` }, body: form });
    expect(edit.status).toBe(400);
    expect(((await edit.json()) as { error: { param: string; code: string } }).error).toMatchObject({ param: 'input_fidelity', code: 'unsupported_parameter' });
    const headers = { authorization: `Bearer ${fake.apiKey}`, 'content-type': 'application/json' };
    const quality = await fetch(`${fake.baseUrl}/images/generations`, { method: 'POST', headers, body: JSON.stringify({ model: 'gpt-image-2.6-flare', prompt: 'A mug', quality: 'hd' }) });
    expect(quality.status).toBe(400);
  });
});

/** A provider of the test suite only: solid PNGs of the requested size, reporting a model and usage. */
const testProvider: ImageProviderDefinition = {
  name: 'test',
  requirement: null,
  create: (): ImageProvider => ({
    name: 'test',
    apiName: 'Test provider',
    isConfigured: true,
    features: ['text-to-image', 'variations'],
    capabilities: { sizes: SIZES, edits: false, masks: false, streaming: false, maxImagesPerCall: 4 },
    async generate(request) {
      const [width, height] = request.size.split('x').map(Number);
      if (request.record) Object.assign(request.record, { model: 'test-painter-1', usage: { input_tokens: 7, output_tokens: 11 * request.n, total_tokens: 7 + 11 * request.n } });
      return Promise.all(Array.from({ length: request.n }, () => sharp({ create: { width, height, channels: 3, background: '#3366ff' } }).png().toBuffer()));
    },
  }),
};

describe('a provider registered by the test suite (IMAGE_PROVIDER=test)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ REDIS_URL: undefined, OPENAI_API_KEY: undefined, IMAGE_PROVIDER: 'test' }, async () => {
      // The product's registry plus one line: what adding a provider takes.
      const moduleRef = await Test.createTestingModule({ imports: [AppModule] })
        .overrideProvider(IMAGE_PROVIDER_DEFINITIONS)
        .useValue([...IMAGE_PROVIDER_REGISTRY, testProvider])
        .compile();
      const app = moduleRef.createNestApplication<NestExpressApplication>({ bodyParser: false, logger: false });
      configureApp(app);
      await app.init();
      return app;
    });
  });
  afterAll(() => t?.close());

  it('runs a generation, recorded as the provider that ran with the model and usage it reported', async () => {
    const agent = agentFor(t);
    await agent.post('/api/auth/register').send({ email: `p-${randomBytes(4).toString('hex')}@example.com`, password: 'correct-horse' }).expect(201);
    const status = (await agent.get('/api/openai/status').expect(200)).body;
    expect(status).toMatchObject({ isConfigured: true, apiName: 'Test provider' });
    const res = await agent.post('/api/generate').send({ prompt: 'A blue square', quality: 'low', size: '1024x1536', variationCount: 2 }).expect(201);
    expect(res.body.testMode).toBe(false);
    const stream = await readSse(agent, res.body.progressUrl);
    const [completed] = eventData(stream.events, 'completed');
    expect(completed.variations).toHaveLength(2);
    expect(completed.variations[0]).toMatchObject({ width: 1024, height: 1536 });
    const [row] = await t.db.dataSource.query(`SELECT provider, model, token_usage FROM generations WHERE id = $1`, [res.body.job.id]);
    expect(row).toMatchObject({ provider: 'test', model: 'test-painter-1', token_usage: { input_tokens: 7, output_tokens: 22, total_tokens: 29 } });

    // A TEST prompt is still drawn, and recorded, by the local renderer.
    const local = await agent.post('/api/generate').send({ prompt: 'TEST draft', quality: 'low', size: '1024x1024', variationCount: 1 }).expect(201);
    await readSse(agent, local.body.progressUrl);
    const [localRow] = await t.db.dataSource.query(`SELECT provider, model, token_usage, status FROM generations WHERE id = $1`, [local.body.job.id]);
    expect(localRow).toEqual({ provider: 'local', model: null, token_usage: null, status: 'completed' });

    // AI extend: the test provider paints no masks, so the job is drawn and recorded locally.
    const asset = completed.variations[0];
    const formats = await agent.post(`/api/assets/${asset.id}/formats`).send({ formats: ['1:1'], method: 'ai_extend', quality: 'low' }).expect(201);
    const [job] = await t.db.dataSource.query(`SELECT provider FROM format_jobs WHERE id = $1`, [formats.body.jobs[0].id]);
    expect(job.provider).toBe('local');
  });

  it("counts the provider's images and tokens per model and day on GET /api/admin/model-usage", async () => {
    const admin = agentFor(t);
    const email = `a-${randomBytes(4).toString('hex')}@example.com`;
    await admin.post('/api/auth/register').send({ email, password: 'correct-horse' }).expect(201);
    await t.app.get(AuthService).setAdmin(email);
    await admin.get('/api/admin/model-usage?days=0').expect(400);
    const usage = (await admin.get('/api/admin/model-usage').expect(200)).body;
    const today = new Date().toISOString().slice(0, 10);
    expect(usage.days).toContainEqual({ day: today, provider: 'test', model: 'test-painter-1', images: 2, inputTokens: 7, outputTokens: 22, estimatedCostUsd: null });
    expect(usage.days).toContainEqual(expect.objectContaining({ day: today, provider: 'local', model: null, estimatedCostUsd: 0 }));

    // An administrator's retry of a generation that failed on a provider no longer configured runs on today's provider.
    const [[failed]] = await t.db.dataSource.query(`UPDATE generations SET provider = 'openai', status = 'failed' WHERE prompt = 'A blue square' RETURNING id`);
    await admin.post(`/api/admin/jobs/generation/${failed.id}/retry`).expect(200);
    const retried = await waitFor('the retried generation', async () => {
      const [row] = await t.db.dataSource.query(`SELECT provider, status FROM generations WHERE prompt = 'A blue square' AND id <> $1`, [failed.id]);
      return row?.status === 'completed' ? row : undefined;
    });
    expect(retried).toEqual({ provider: 'test', status: 'completed' });
  });
});

describe('the admin model usage with OpenAI prices', () => {
  const fake = new FakeOpenAI();
  let t: TestApp;

  beforeAll(async () => {
    await fake.start();
    t = await createTestApp({ REDIS_URL: undefined, ...fake.env(), OPENAI_MAX_RETRIES: '0' });
  });
  afterAll(async () => {
    await t?.close();
    await fake.stop();
  });

  it('estimates the spend of a generation from the usage OpenAI answered', async () => {
    const admin = await signUp(t);
    await t.app.get(AuthService).setAdmin(admin.user.email);
    const res = await admin.agent.post('/api/generate').send({ prompt: 'A ceramic mug', quality: 'medium', size: '1024x1024', variationCount: 1 }).expect(201);
    await readSse(admin.agent, res.body.progressUrl);
    const usage = (await admin.agent.get('/api/admin/model-usage?days=1').expect(200)).body;
    // 50 text tokens at $5/M and 1056 output tokens at $30/M.
    expect(usage.days).toEqual([
      { day: new Date().toISOString().slice(0, 10), provider: 'openai', model: 'gpt-image-2.6-flare', images: 1, inputTokens: 50, outputTokens: 1056, estimatedCostUsd: 0.0319 },
    ]);
  });
});
