// Ad placements generated in their own shape: `size` of POST /api/generate takes the standard sizes,
// each placement's id and its width×height; the size reaches the provider (the fake OpenAI with
// the real SDK) exactly and the stored image has it; a refused size answers 400 before any debit;
// the price of a size larger than the standard ones; bulk CSV sizes; the OpenAPI enum.
import { adFormat, CREDIT_COST_PER_IMAGE, creditsPerImage, placementOfSize, IMAGE_SIZES, PLACEMENT_SIZES, SIZE_CHOICES, SIZES, type ImageSize } from '@brandloom/contracts';
import { CreditsService } from '@brandloom/core';
import { tempStorage, topUp, waitFor, waitForSettled } from '@brandloom/core/testing';
import request from 'supertest';
import { FakeOpenAI } from '../../libs/core/src/testing/fake-openai';
import { uploadCsv, writesOf } from './generation-bulk-helpers';
import { organizationIdOf, type Agent } from './generation-helpers';
import { createTestApp, signUp, TestApp } from './test-app';

const valid = { prompt: 'A bright ad for a reusable water bottle', quality: 'medium', variationCount: 1, contentPolicyScan: true };

async function member(t: TestApp, credits = 100): Promise<{ agent: Agent; organizationId: string }> {
  const { agent } = await signUp(t);
  const organizationId = await organizationIdOf(agent);
  if (credits > 0) await topUp(t.app.get(CreditsService), organizationId, credits);
  return { agent, organizationId };
}

/** The assets a generation stored, with their dimensions. */
async function assetsOf(t: TestApp, generationId: string): Promise<Array<{ width: number; height: number }>> {
  return t.db.dataSource.query(`SELECT width, height FROM assets WHERE generation_id = $1 ORDER BY created_at`, [generationId]);
}

async function ledgerOf(t: TestApp, organizationId: string): Promise<Array<{ type: string; amount: number }>> {
  return t.db.dataSource.query(`SELECT type, amount FROM credit_ledger WHERE organization_id = $1 AND type <> 'bonus' ORDER BY created_at`, [organizationId]);
}

/** The placements' own formats are made after their generations: they finish before the app closes. */
async function formatJobsSettled(t: TestApp): Promise<void> {
  await waitFor('the format jobs to settle', async () => {
    const [{ n }] = await t.db.dataSource.query(`SELECT count(*)::int AS n FROM format_jobs WHERE status IN ('queued', 'processing')`);
    return n === 0 ? true : undefined;
  }, 60_000);
}

describe('native ad sizes with a gpt-image-2 model (fake OpenAI, real SDK)', () => {
  const fake = new FakeOpenAI();
  const storage = tempStorage();
  let t: TestApp;

  beforeAll(async () => {
    await fake.start();
    t = await createTestApp({ ...fake.env(), REDIS_URL: undefined, STORAGE_DIR: storage.dir, OPENAI_MAX_RETRIES: '0', OPENAI_IMAGE_MODEL: 'gpt-image-2.6-flare' });
  });
  afterEach(() => fake.reset());
  afterAll(async () => {
    if (t) await formatJobsSettled(t);
    await t?.close();
    await fake.stop();
    storage.cleanup();
  });

  const placements = Object.entries(PLACEMENT_SIZES) as Array<[string, ImageSize]>;

  it.each(placements.flatMap(([id, size]) => [[id, size], [size, size]]))('size %s reaches OpenAI as %s and the stored image has exactly that size', async (asked, size) => {
    const { agent, organizationId } = await member(t);
    const res = await agent.post('/api/generate').send({ ...valid, size: asked, variationCount: 2 }).expect(201);
    expect(res.body).toMatchObject({ size, testMode: false });
    const [settled] = await waitForSettled(t.db.dataSource, [res.body.generationId]);
    expect(settled.status).toBe('completed');

    expect(fake.requests.map((sent) => [sent.endpoint, sent.model, sent.size, sent.n])).toEqual([['generations', 'gpt-image-2.6-flare', size, 2]]);
    const [width, height] = size.split('x').map(Number);
    expect(await assetsOf(t, res.body.generationId)).toEqual([{ width, height }, { width, height }]);
    const [row] = await t.db.dataSource.query(`SELECT size, cost_per_image, credits_charged FROM generations WHERE id = $1`, [res.body.generationId]);
    expect(row).toEqual({ size, cost_per_image: creditsPerImage('medium', size), credits_charged: 2 * creditsPerImage('medium', size) });
    expect(await ledgerOf(t, organizationId)).toEqual([{ type: 'usage', amount: -2 * creditsPerImage('medium', size) }]);

    // Each image also gets its placement's exact pixels as a free format, ready for the ad.
    const placement = adFormat(placementOfSize(size)!);
    const formats = await waitFor('the placement formats', async () => {
      const rows: Array<{ format: string; width: number; height: number; method: string }> = await t.db.dataSource.query(
        `SELECT f.format, f.width, f.height, f.method FROM assets f JOIN assets o ON f.parent_asset_id = o.id WHERE o.generation_id = $1`,
        [res.body.generationId],
      );
      return rows.length === 2 ? rows : undefined;
    }, 30_000);
    expect(formats).toEqual([0, 1].map(() => ({ format: placement.id, width: placement.width, height: placement.height, method: 'crop' })));
    expect(await ledgerOf(t, organizationId)).toHaveLength(1);
  });

  it('charges the quality price up to the standard sizes and in proportion to the pixels above them', async () => {
    expect(SIZES.map((size) => creditsPerImage('high', size))).toEqual([4, 4, 4]);
    expect(['1088x1088', '1088x1360', '1376x720'].map((size) => creditsPerImage('high', size as ImageSize))).toEqual([4, 4, 4]);
    expect((['low', 'medium', 'high'] as const).map((quality) => creditsPerImage(quality, '1152x2048'))).toEqual([2, 3, 6]);

    const { agent, organizationId } = await member(t, 0);
    const before = await t.app.get(CreditsService).balance(organizationId);
    const res = await agent.post('/api/generate').send({ ...valid, quality: 'high', size: '9:16', variationCount: 3 }).expect(201);
    expect(res.body).toMatchObject({ creditsCharged: 18, creditsRemaining: before - 18 });
    await waitForSettled(t.db.dataSource, [res.body.generationId]);
    const low = await agent.post('/api/generate').send({ ...valid, quality: 'low', size: '1152x2048', variationCount: 1 }).expect(201);
    await waitForSettled(t.db.dataSource, [low.body.generationId]);
    expect(await ledgerOf(t, organizationId)).toEqual([{ type: 'usage', amount: -18 }, { type: 'usage', amount: -2 }]);
    // What is left (5) is too little for another high 9:16 image (6), though enough for one at the standard sizes (4).
    expect(await t.app.get(CreditsService).balance(organizationId)).toBe(before - 20);
    const refused = await agent.post('/api/generate').send({ ...valid, quality: 'high', size: '9:16' }).expect(402);
    expect(refused.body.message).toBe(`Not enough credits. You need 6 credits, but you only have ${before - 20}.`);
    const square = await agent.post('/api/generate').send({ ...valid, quality: 'high', size: '1024x1024' }).expect(201);
    await waitForSettled(t.db.dataSource, [square.body.generationId]);
  });

  it.each([
    ['a Meta pixel size that is no multiple of 16', '1080x1920'],
    ['a shape that is not offered', '16:9'],
    ['a size beyond the model', '4096x4096'],
    ['a word', 'huge'],
    ['a number', 1024],
    ['nothing', ''],
  ])('refuses %s with 400 naming the size, before any debit and without calling OpenAI', async (_, size) => {
    const { agent, organizationId } = await member(t);
    const before = await writesOf(t.db.dataSource, organizationId);
    const res = await agent.post('/api/generate').send({ ...valid, size }).expect(400);
    expect(String(res.body.message)).toMatch(/size/);
    expect(await writesOf(t.db.dataSource, organizationId)).toEqual(before);
    expect(fake.requests).toEqual([]);
  });

  it('bulk CSV rows take the placements by id or size, and a size that is neither is a row error', async () => {
    const { agent, organizationId } = await member(t);
    const csv = ['prompt,quality,size', 'A feed ad at noon,low,4:5', 'A story ad at dusk,low,1152x2048', 'A link ad banner,low,1.91:1', 'A square post,low,square', ''].join('\n');
    const res = await uploadCsv(agent, csv).expect(201);
    await waitForSettled(t.db.dataSource, res.body.jobs.map((job: { generationId: string }) => job.generationId));
    expect(fake.requests.map((sent) => sent.size).sort()).toEqual(['1024x1024', '1088x1360', '1152x2048', '1376x720']);
    const sizes: Array<{ size: string; width: number; height: number; credits_charged: number }> = await t.db.dataSource.query(
      `SELECT g.size, a.width, a.height, g.credits_charged FROM generations g JOIN assets a ON a.generation_id = g.id WHERE g.batch_id = $1 ORDER BY g.size`,
      [res.body.batchId],
    );
    expect(sizes).toEqual([
      { size: '1024x1024', width: 1024, height: 1024, credits_charged: 1 },
      { size: '1088x1360', width: 1088, height: 1360, credits_charged: 1 },
      { size: '1152x2048', width: 1152, height: 2048, credits_charged: 2 },
      { size: '1376x720', width: 1376, height: 720, credits_charged: 1 },
    ]);

    fake.reset();
    const before = await writesOf(t.db.dataSource, organizationId);
    const refused = await uploadCsv(agent, 'prompt,size\nA story ad at dusk,1080x1920\nA feed ad at noon,4:5\n').expect(422);
    expect(refused.body.errors).toEqual([{ row: 2, field: 'size', message: expect.stringContaining('ad placement') }]);
    expect(await writesOf(t.db.dataSource, organizationId)).toEqual(before);
    expect(fake.requests).toEqual([]);
  });

  it('lists every accepted size in the OpenAPI schema of size', async () => {
    const { body } = await request(t.app.getHttpServer()).get('/api/docs-json').expect(200);
    const schema = body.paths['/api/generate'].post.requestBody.content['application/json'].schema;
    const dto = schema.$ref ? body.components.schemas[schema.$ref.split('/').pop()] : schema;
    expect(dto.properties.size.enum).toEqual([...SIZE_CHOICES]);
    expect(dto.properties.size.enum).toEqual(expect.arrayContaining([...IMAGE_SIZES, '1:1', '4:5', '9:16', '1.91:1']));
  });
});

describe('native ad sizes with a model that takes only the standard sizes', () => {
  const fake = new FakeOpenAI();
  const storage = tempStorage();
  let t: TestApp;

  beforeAll(async () => {
    await fake.start();
    t = await createTestApp({ ...fake.env(), REDIS_URL: undefined, STORAGE_DIR: storage.dir, OPENAI_MAX_RETRIES: '0', OPENAI_IMAGE_MODEL: 'gpt-image-1.5' });
  });
  afterAll(async () => {
    if (t) await formatJobsSettled(t);
    await t?.close();
    await fake.stop();
    storage.cleanup();
  });

  it('refuses a placement size (generation and AI extend) with 400 naming the size, before any debit and without calling OpenAI; test images still draw it', async () => {
    const { agent, organizationId } = await member(t);
    const before = await writesOf(t.db.dataSource, organizationId);
    const res = await agent.post('/api/generate').send({ ...valid, size: '4:5' }).expect(400);
    expect(res.body.message).toBe('The image size 1088x1360 is not supported by the configured OpenAI image model: choose 1024x1024, 1536x1024, 1024x1536');
    expect(await writesOf(t.db.dataSource, organizationId)).toEqual(before);
    expect(fake.requests).toEqual([]);

    const test = await agent.post('/api/generate/test').send({ ...valid, size: '4:5' }).expect(201);
    await waitForSettled(t.db.dataSource, [test.body.generationId]);
    expect(await assetsOf(t, test.body.generationId)).toEqual([{ width: 1088, height: 1360 }]);
    expect(fake.requests).toEqual([]);
    expect(test.body.creditsCharged).toBe(CREDIT_COST_PER_IMAGE.medium);

    // AI extend paints at the placement's own size: refused the same way, before any debit.
    const [asset] = await t.db.dataSource.query(`SELECT id FROM assets WHERE generation_id = $1`, [test.body.generationId]);
    const beforeExtend = await writesOf(t.db.dataSource, organizationId);
    const extend = await agent.post(`/api/assets/${asset.id}/formats`).send({ formats: ['9:16'], method: 'ai_extend', quality: 'low' }).expect(400);
    expect(extend.body.message).toBe('The image size 1152x2048 is not supported by the configured OpenAI image model: choose 1024x1024, 1536x1024, 1024x1536');
    expect(await writesOf(t.db.dataSource, organizationId)).toEqual(beforeExtend);
    expect(await t.db.dataSource.query(`SELECT count(*)::int AS n FROM format_jobs WHERE organization_id = $1 AND method = 'ai_extend'`, [organizationId])).toEqual([{ n: 0 }]);
    expect(fake.requests).toEqual([]);
  });
});
