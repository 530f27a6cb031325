// Ad formats: POST/GET /api/assets/{id}/formats, the progress stream, the library's
// format filter, Studio's "Also make ad formats" and the bulk `formats` column, on a database of
// its own, local-disk storage in a temporary directory and the in-process queue; AI extend also
// against the fake OpenAI server.
import { AD_FORMATS, CREDIT_COST_PER_IMAGE, creditsPerImage, FORMAT_MESSAGES, GENERATION_SSE_EVENTS, LIBRARY_MESSAGES } from '@brandloom/contracts';
import { CreditsService, type DomainEvent, FormatRunner, FormatSweeper, InProcessQueueDriver, organizationScopedKey, QueuePort, STORAGE_DRIVER, type StorageDriver } from '@brandloom/core';
import { createAsset, tempStorage, topUp, waitFor } from '@brandloom/core/testing';
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { GeneratedAssetFormatsConsumer } from '../../libs/core/src/formats/generated-asset-formats.consumer';
import { FakeOpenAI } from '../../libs/core/src/testing/fake-openai';
import { organizationIdOf, readSse, type Agent } from './generation-helpers';
import { createTestApp, signUp, TestApp } from './test-app';

interface AssetBody {
  id: string;
  width: number;
  height: number;
  format: string | null;
  method: string | null;
  parent_asset_id: string | null;
  url: string;
  thumbnailUrl: string | null;
  folder_id: string | null;
}

/** A 1024×1024 photo-like PNG: noise, so that every pixel tells. */
async function photo(width = 1024, height = 1024): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  let seed = 11;
  for (let i = 0; i < pixels.length; i += 1) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    pixels[i] = seed >> 16;
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } }).png().toBuffer();
}

async function setup(env: Record<string, string | undefined>) {
  const files = tempStorage();
  const t = await createTestApp({ REDIS_URL: undefined, STORAGE_DIR: files.dir, OPENAI_API_KEY: undefined, ...env });
  return { t, files, storage: t.app.get<StorageDriver>(STORAGE_DRIVER) };
}

async function member(t: TestApp): Promise<{ agent: Agent; organizationId: string }> {
  const { agent } = await signUp(t);
  return { agent, organizationId: await organizationIdOf(agent) };
}

async function storedPhoto(t: TestApp, storage: StorageDriver, organizationId: string, extra: { brandProfileId?: string; brandProfileName?: string; folderId?: string } = {}) {
  const key = organizationScopedKey(organizationId, 'generated', 'png');
  const png = await photo();
  await storage.put(key, png, 'image/png');
  const asset = await createAsset(t.db.dataSource, { organizationId, s3Key: key, thumbnailKey: null, width: 1024, height: 1024, fileSize: png.length, name: 'Summer hero', ...extra });
  return { asset, png };
}

async function waitForJobs(t: TestApp, ids: string[]): Promise<Array<{ id: string; status: string; result_asset_id: string | null; error: string | null }>> {
  return waitFor(`format jobs ${ids.join(', ')}`, async () => {
    const rows: Array<{ id: string; status: string; result_asset_id: string | null; error: string | null }> = await t.db.dataSource.query(
      `SELECT id, status, result_asset_id, error FROM format_jobs WHERE id = ANY($1)`,
      [ids],
    );
    return rows.length === ids.length && rows.every((r) => r.status === 'completed' || r.status === 'failed') ? rows : undefined;
  }, 30_000);
}

async function pixelsOf(agent: Agent, url: string) {
  const res = await agent.get(url).buffer(true).parse((response, callback) => {
    const chunks: Buffer[] = [];
    response.on('data', (chunk: Buffer) => chunks.push(chunk));
    response.on('end', () => callback(null, Buffer.concat(chunks)));
  }).expect(200);
  return sharp(res.body as Buffer).removeAlpha().raw().toBuffer({ resolveWithObject: true });
}

describe('ad formats asked for twice', () => {
  let t: TestApp;
  let storage: StorageDriver;
  let cleanup: () => void;

  // Slow enough that every click arrives while the first job is still being made.
  beforeAll(async () => {
    const s = await setup({ LOCAL_RENDERER_DELAY_MS: '3000' });
    t = s.t;
    storage = s.storage;
    cleanup = s.files.cleanup;
  });
  afterAll(async () => {
    await (t?.app.get(QueuePort) as InProcessQueueDriver | undefined)?.onIdle();
    await t?.close();
    cleanup?.();
  });

  it('AI extend clicked twice, then three times at once, makes one job and charges once: every click gets that job', async () => {
    const { agent, organizationId } = await member(t);
    const { asset } = await storedPhoto(t, storage, organizationId);
    const before = await t.app.get(CreditsService).balance(organizationId);
    const ask = () => agent.post(`/api/assets/${asset.id}/formats`).send({ formats: ['4:5'], method: 'ai_extend', quality: 'medium' });

    const first = await Promise.all([ask(), ask()]);
    const again = await Promise.all([ask(), ask(), ask()]);
    const answers = [...first, ...again];
    expect(answers.map((a) => a.status)).toEqual(Array(5).fill(201));
    expect(new Set(answers.map((a) => a.body.jobs[0].id)).size).toBe(1);
    expect(answers.map((a) => a.body.creditsCharged).sort()).toEqual([0, 0, 0, 0, CREDIT_COST_PER_IMAGE.medium]);
    const jobs = await t.db.dataSource.query(`SELECT id FROM format_jobs WHERE asset_id = $1`, [asset.id]);
    expect(jobs).toHaveLength(1);
    expect(await t.app.get(CreditsService).balance(organizationId)).toBe(before - CREDIT_COST_PER_IMAGE.medium);

    // Once it is made, asking again is a new request (a new job, charged).
    await waitForJobs(t, [jobs[0].id]);
    const later = await ask().expect(201);
    expect(later.body.jobs[0].id).not.toBe(jobs[0].id);
    expect(later.body.creditsCharged).toBe(CREDIT_COST_PER_IMAGE.medium);
    // A different format of the same asset is not the same request.
    const other = await agent.post(`/api/assets/${asset.id}/formats`).send({ formats: ['4:5', '9:16'], method: 'ai_extend', quality: 'medium' }).expect(201);
    expect(other.body.jobs[0].id).toBe(later.body.jobs[0].id);
    // 9:16 is painted at 1152x2048, larger than the standard sizes, and costs in proportion.
    expect(other.body.creditsCharged).toBe(creditsPerImage('medium', '1152x2048'));
    await waitForJobs(t, other.body.jobs.map((j: { id: string }) => j.id));
    // Three rounds of 3 s renders: room for a machine busy with other suites.
  }, 90_000);
});

describe('ad formats API (local renderer)', () => {
  let t: TestApp;
  let storage: StorageDriver;
  let cleanup: () => void;

  beforeAll(async () => {
    const s = await setup({});
    t = s.t;
    storage = s.storage;
    cleanup = s.files.cleanup;
  });
  afterAll(async () => {
    await t?.close();
    cleanup?.();
  });

  it('makes every format at its exact size as assets of their own, listed beside the original, filtered by format, kept when the original is deleted', async () => {
    const { agent, organizationId } = await member(t);
    const { asset } = await storedPhoto(t, storage, organizationId);
    const balance = (await agent.get('/api/credits/balance').expect(200)).body;

    const res = await agent.post(`/api/assets/${asset.id}/formats`).send({ formats: ['1:1', '4:5', '9:16', '1.91:1'], method: 'crop' }).expect(201);
    expect(res.body.creditsCharged).toBe(0);
    expect(res.body.jobs).toHaveLength(4);
    expect(res.body.jobs[0]).toMatchObject({ asset_id: asset.id, format: '1:1', method: 'crop', status: 'queued', progressUrl: `/api/formats/progress/${res.body.jobs[0].id}` });
    const jobs = await waitForJobs(t, res.body.jobs.map((j: { id: string }) => j.id));
    expect(jobs.every((j) => j.status === 'completed')).toBe(true);
    expect((await agent.get('/api/credits/balance').expect(200)).body).toEqual(balance);

    // The stream of a finished job answers its completed event at once.
    const stream = await readSse(agent, res.body.jobs[2].progressUrl);
    const completed = stream.events.find((e) => e.event === GENERATION_SSE_EVENTS.completed);
    expect(JSON.parse(completed!.data)).toMatchObject({ format: '9:16', width: 1080, height: 1920, progress: 100 });

    const listed = (await agent.get(`/api/assets/${asset.id}/formats`).expect(200)).body as { original: AssetBody; formats: AssetBody[] };
    expect(listed.original.id).toBe(asset.id);
    expect(listed.formats.map((f) => f.format)).toEqual(['1:1', '4:5', '9:16', '1.91:1']);
    for (const derived of listed.formats) {
      const spec = AD_FORMATS.find((f) => f.id === derived.format)!;
      expect(derived).toMatchObject({ parent_asset_id: asset.id, width: spec.width, height: spec.height });
      // 1:1 and 4:5 keep enough of a square image to crop; 9:16 and 1.91:1 would cut too much and are extended.
      expect(derived.method).toBe(['1:1', '4:5'].includes(spec.id) ? 'crop' : 'extend');
      const { info } = await pixelsOf(agent, derived.url);
      expect([info.width, info.height]).toEqual([spec.width, spec.height]);
      await agent.get(derived.thumbnailUrl!).expect(200).expect('content-type', 'image/webp');
    }

    const story = (await agent.get('/api/assets').query({ format: '9:16' }).expect(200)).body as AssetBody[];
    expect(story.map((a) => a.id)).toEqual([listed.formats[2].id]);
    const originals = (await agent.get('/api/assets').query({ format: 'original' }).expect(200)).body as AssetBody[];
    expect(originals.map((a) => a.id)).toEqual([asset.id]);
    expect((await agent.get('/api/assets/count').query({ format: '1.91:1' }).expect(200)).body).toEqual({ count: 1 });
    const bad = await agent.get('/api/assets').query({ format: '2:3' }).expect(400);
    expect([bad.body.message].flat()).toContain(FORMAT_MESSAGES.formatFilterInvalid);

    await agent.delete(`/api/assets/${asset.id}`).expect(204);
    const left = (await agent.get('/api/assets').expect(200)).body as AssetBody[];
    expect(left).toHaveLength(4);
    expect(left.every((a) => a.parent_asset_id === null && a.format !== null)).toBe(true);
    await agent.get(left[0].url).expect(200);
  });

  it('stacks formats under their original: stacked lists and counts leave them out, the original carries format_count, a folder counts the tiles it shows', async () => {
    const { agent, organizationId } = await member(t);
    const { asset } = await storedPhoto(t, storage, organizationId);
    const { asset: plain } = await storedPhoto(t, storage, organizationId);
    const folder = (await agent.post('/api/folders').send({ name: 'Campaign' }).expect(201)).body as { id: string };
    await agent.patch(`/api/assets/${asset.id}`).send({ folderId: folder.id }).expect(200);
    const res = await agent.post(`/api/assets/${asset.id}/formats`).send({ formats: ['1:1', '4:5', '9:16', '1.91:1'], method: 'crop' }).expect(201);
    await waitForJobs(t, res.body.jobs.map((j: { id: string }) => j.id));

    const all = (await agent.get('/api/assets').expect(200)).body as Array<AssetBody & { format_count: number }>;
    expect(all).toHaveLength(6);
    const stacked = (await agent.get('/api/assets').query({ stacked: 'true' }).expect(200)).body as Array<AssetBody & { format_count: number }>;
    expect(stacked.map((a) => [a.id, a.format_count]).sort()).toEqual([[asset.id, 4], [plain.id, 0]].sort());
    expect((await agent.get('/api/assets/count').query({ stacked: 'true' }).expect(200)).body).toEqual({ count: 2 });
    expect((await agent.get('/api/assets/count').expect(200)).body).toEqual({ count: 6 });

    // The formats followed the original into its folder: the folder shows one stack and says 1.
    const inFolder = (await agent.get('/api/assets').query({ stacked: 'true', folderId: folder.id }).expect(200)).body as AssetBody[];
    expect(inFolder.map((a) => a.id)).toEqual([asset.id]);
    const listFolders = async () => ((await agent.get('/api/folders').expect(200)).body as Array<{ id: string; asset_count: number }>).find((f) => f.id === folder.id)!.asset_count;
    expect(await listFolders()).toBe(1);

    // A format moved out of its original's folder tops a stack of its own there, and counts there.
    const story = all.find((a) => a.format === '9:16')!;
    const other = (await agent.post('/api/folders').send({ name: 'Stories' }).expect(201)).body as { id: string };
    await agent.patch(`/api/assets/${story.id}`).send({ folderId: other.id }).expect(200);
    expect(((await agent.get('/api/assets').query({ stacked: 'true', folderId: other.id }).expect(200)).body as AssetBody[]).map((a) => a.id)).toEqual([story.id]);
    expect(((await agent.get('/api/folders').expect(200)).body as Array<{ id: string; asset_count: number }>).find((f) => f.id === other.id)!.asset_count).toBe(1);
    expect(await listFolders()).toBe(1);

    // Once the original is deleted its formats are tiles of their own.
    await agent.delete(`/api/assets/${asset.id}`).expect(204);
    expect((await agent.get('/api/assets/count').query({ stacked: 'true' }).expect(200)).body).toEqual({ count: 5 });
    const bad = await agent.get('/api/assets').query({ stacked: 'yes' }).expect(400);
    expect([bad.body.message].flat()).toContain(LIBRARY_MESSAGES.invalidStacked);
  });

  it("extend keeps the original's pixels and fills with the brand's primary colour by default", async () => {
    const { agent, organizationId } = await member(t);
    const profile = (await agent.post('/api/brand-profiles').send({ name: 'Acme', brand_data: { colors: { primary: '#1E90FF' } } }).expect(201)).body;
    const { asset, png } = await storedPhoto(t, storage, organizationId, { brandProfileId: profile.id, brandProfileName: 'Acme' });
    const res = await agent.post(`/api/assets/${asset.id}/formats`).send({ formats: ['9:16'], method: 'extend' }).expect(201);
    const [job] = await waitForJobs(t, [res.body.jobs[0].id]);
    expect(job.status).toBe('completed');
    const derived = (await agent.get(`/api/assets/${job.result_asset_id}`).expect(200)).body as AssetBody;
    const { data, info } = await pixelsOf(agent, derived.url);
    expect([info.width, info.height]).toEqual([1080, 1920]);
    const placed = { left: 0, top: 420, width: 1080, height: 1080 };
    const region = await sharp(data, { raw: { width: info.width, height: info.height, channels: 3 } }).extract(placed).raw().toBuffer();
    const expected = await sharp(png).resize(1080, 1080, { fit: 'fill' }).raw().toBuffer();
    expect(region.equals(expected)).toBe(true);
    for (const y of [0, 419, 1500, 1919]) {
      const i = (y * info.width + 540) * 3;
      expect([data[i], data[i + 1], data[i + 2]]).toEqual([0x1e, 0x90, 0xff]);
    }
    // A blurred fill when asked, even with a brand.
    const blur = await agent.post(`/api/assets/${asset.id}/formats`).send({ formats: ['9:16'], method: 'extend', fill: 'blur' }).expect(201);
    const [blurred] = await waitForJobs(t, [blur.body.jobs[0].id]);
    const other = (await agent.get(`/api/assets/${blurred.result_asset_id}`).expect(200)).body as AssetBody;
    const second = await pixelsOf(agent, other.url);
    const i = (0 * second.info.width + 540) * 3;
    expect([second.data[i], second.data[i + 1], second.data[i + 2]]).not.toEqual([0x1e, 0x90, 0xff]);
  });

  it('refuses bad input with 400, answers 404 for another organization, and 402 for AI extend without credits, changing nothing', async () => {
    const a = await member(t);
    const b = await member(t);
    const { asset } = await storedPhoto(t, storage, a.organizationId);
    const post = (agent: Agent, id: string, body: unknown) => agent.post(`/api/assets/${id}/formats`).send(body as object);

    for (const [body, message] of [
      [{ formats: [], method: 'crop' }, FORMAT_MESSAGES.formatsRequired],
      [{ formats: ['2:3'], method: 'crop' }, FORMAT_MESSAGES.formatsRequired],
      [{ formats: ['1:1', '1:1'], method: 'crop' }, FORMAT_MESSAGES.formatsRequired],
      [{ formats: '1:1', method: 'crop' }, FORMAT_MESSAGES.formatsRequired],
      [{ formats: ['1:1'], method: 'stretch' }, FORMAT_MESSAGES.methodInvalid],
      [{ formats: ['1:1'], method: 'extend', fill: 'red' }, FORMAT_MESSAGES.fillInvalid],
      [{ formats: ['1:1'], method: 'ai_extend', quality: 'ultra' }, FORMAT_MESSAGES.qualityInvalid],
      [{ formats: ['1:1'], method: 'extend', fill: 'brand' }, FORMAT_MESSAGES.brandColorMissing],
    ] as const) {
      const res = await post(a.agent, asset.id, body).expect(400);
      expect(res.body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
      expect([res.body.message].flat()).toContain(message);
    }
    await post(b.agent, asset.id, { formats: ['1:1'], method: 'crop' }).expect(404);
    await b.agent.get(`/api/assets/${asset.id}/formats`).expect(404);
    await post(a.agent, randomUUID(), { formats: ['1:1'], method: 'crop' }).expect(404);
    await post(a.agent, 'not-an-id', { formats: ['1:1'], method: 'crop' }).expect(404);

    const started = await post(a.agent, asset.id, { formats: ['1:1'], method: 'crop' }).expect(201);
    await b.agent.get(started.body.jobs[0].progressUrl).expect(404);

    // Drain the balance, then AI extend is refused with 402 and nothing is written.
    const credits = t.app.get(CreditsService);
    const balance = await credits.balance(a.organizationId);
    await credits.debit({ organizationId: a.organizationId, amount: balance, idempotencyKey: randomUUID(), description: 'Spent elsewhere' });
    const jobsBefore = await t.db.dataSource.query(`SELECT count(*)::int AS n FROM format_jobs WHERE organization_id = $1`, [a.organizationId]);
    const refused = await post(a.agent, asset.id, { formats: ['9:16'], method: 'ai_extend', quality: 'low' }).expect(402);
    expect(refused.body.message).toBe(`Not enough credits. You need ${creditsPerImage('low', '1152x2048')} credits, but you only have 0.`);
    expect(await t.db.dataSource.query(`SELECT count(*)::int AS n FROM format_jobs WHERE organization_id = $1`, [a.organizationId])).toEqual(jobsBefore);
    expect(await credits.balance(a.organizationId)).toBe(0);
  });

  it('AI extend with the local renderer draws the margins, keeps the original and charges once', async () => {
    const { agent, organizationId } = await member(t);
    const { asset } = await storedPhoto(t, storage, organizationId);
    const before = await t.app.get(CreditsService).balance(organizationId);
    const res = await agent.post(`/api/assets/${asset.id}/formats`).send({ formats: ['4:5'], method: 'ai_extend', quality: 'medium' }).expect(201);
    expect(res.body).toMatchObject({ creditsCharged: CREDIT_COST_PER_IMAGE.medium, creditsRemaining: before - CREDIT_COST_PER_IMAGE.medium });
    const [job] = await waitForJobs(t, [res.body.jobs[0].id]);
    expect(job.status).toBe('completed');
    const derived = (await agent.get(`/api/assets/${job.result_asset_id}`).expect(200)).body as AssetBody;
    expect(derived).toMatchObject({ method: 'ai_extend', format: '4:5', width: 1080, height: 1350 });
    expect(await t.app.get(CreditsService).balance(organizationId)).toBe(before - CREDIT_COST_PER_IMAGE.medium);
  });

  it('a retried or repeated job creates one asset', async () => {
    const { agent, organizationId } = await member(t);
    const { asset } = await storedPhoto(t, storage, organizationId);
    const res = await agent.post(`/api/assets/${asset.id}/formats`).send({ formats: ['1:1'], method: 'extend' }).expect(201);
    const jobId = res.body.jobs[0].id;
    const runner = t.app.get(FormatRunner);
    // Two runs at once (a stalled job picked up again) and, after it completed, a run of a job put back in the queue.
    await Promise.all([runner.run(jobId, { attempt: 1, isLastAttempt: false }), runner.run(jobId, { attempt: 2, isLastAttempt: false })]);
    await waitForJobs(t, [jobId]);
    // The queue's own run of the job may still be finishing: it must not settle the job put back below.
    await (t.app.get(QueuePort) as InProcessQueueDriver).onIdle();
    await t.db.dataSource.query(`UPDATE format_jobs SET status = 'queued' WHERE id = $1`, [jobId]);
    expect(await runner.run(jobId, { attempt: 3, isLastAttempt: true })).toBe('completed');
    const rows = await t.db.dataSource.query(`SELECT id FROM assets WHERE format_job_id = $1`, [jobId]);
    expect(rows).toHaveLength(1);
    expect((await agent.get(`/api/assets/${asset.id}/formats`).expect(200)).body.formats).toHaveLength(1);
  });

  it('the sweeper re-enqueues a job whose enqueue was lost, and fails and refunds one whose worker vanished', async () => {
    const { organizationId } = await member(t);
    const { asset } = await storedPhoto(t, storage, organizationId);
    const credits = t.app.get(CreditsService);
    const lost = randomUUID();
    await t.db.dataSource.query(
      `INSERT INTO format_jobs (id, organization_id, asset_id, format, method, fill, status, storage_seed, updated_at)
       VALUES ($1, $2, $3, '4:5', 'extend', 'blur', 'queued', 'seed-lost', now() - interval '10 minutes')`,
      [lost, organizationId, asset.id],
    );
    const stale = randomUUID();
    const before = await credits.balance(organizationId);
    const debit = await credits.debit({ organizationId, amount: 2, idempotencyKey: stale, description: 'AI extend', reference: { type: 'format', id: stale } });
    await t.db.dataSource.query(
      `INSERT INTO format_jobs (id, organization_id, asset_id, format, method, fill, status, storage_seed, credits_charged, debit_transaction_id, updated_at)
       VALUES ($1, $2, $3, '9:16', 'ai_extend', 'blur', 'processing', 'seed-stale', 2, $4, now() - interval '1 hour')`,
      [stale, organizationId, asset.id, debit.transaction.id],
    );
    const result = await t.app.get(FormatSweeper).sweep();
    expect(result.requeued).toBeGreaterThanOrEqual(1);
    expect(result.settled).toBeGreaterThanOrEqual(1);
    const [done, failed] = await Promise.all([waitForJobs(t, [lost]), waitForJobs(t, [stale])]);
    expect(done[0].status).toBe('completed');
    expect(failed[0]).toMatchObject({ status: 'failed', error: FORMAT_MESSAGES.interrupted });
    expect(await credits.balance(organizationId)).toBe(before);
  });

  it('an AI extend job recorded for OpenAI never runs on the local renderer: without the key it fails and refunds once', async () => {
    const { organizationId } = await member(t);
    const { asset } = await storedPhoto(t, storage, organizationId);
    const credits = t.app.get(CreditsService);
    const before = await credits.balance(organizationId);
    const id = randomUUID();
    const debit = await credits.debit({ organizationId, amount: 2, idempotencyKey: id, description: 'AI extend', reference: { type: 'format', id } });
    // Accepted while OPENAI_API_KEY was set; this process has no key.
    await t.db.dataSource.query(
      `INSERT INTO format_jobs (id, organization_id, asset_id, format, method, fill, status, storage_seed, credits_charged, debit_transaction_id, provider, quality)
       VALUES ($1, $2, $3, '9:16', 'ai_extend', 'blur', 'queued', 'seed-openai', 2, $4, 'openai', 'medium')`,
      [id, organizationId, asset.id, debit.transaction.id],
    );
    await t.app.get(QueuePort).enqueue('format.run', { formatJobId: id }, { jobId: id });
    const [job] = await waitForJobs(t, [id]);
    expect(job).toMatchObject({ status: 'failed', result_asset_id: null, error: "The image provider 'openai' is no longer configured; an administrator must set it up again or choose another" });
    const [row] = await t.db.dataSource.query(`SELECT provider, model FROM format_jobs WHERE id = $1`, [id]);
    expect(row).toEqual({ provider: 'openai', model: null });
    const refunds = await t.db.dataSource.query(`SELECT amount FROM credit_ledger WHERE reference_id = $1 AND type = 'refund'`, [id]);
    expect(refunds).toEqual([{ amount: 2 }]);
    expect(await credits.balance(organizationId)).toBe(before);
  });

  it('records AI extend on the local renderer as local', async () => {
    const { agent, organizationId } = await member(t);
    const { asset } = await storedPhoto(t, storage, organizationId);
    const res = await agent.post(`/api/assets/${asset.id}/formats`).send({ formats: ['1:1'], method: 'ai_extend', quality: 'low' }).expect(201);
    const [job] = await waitForJobs(t, [res.body.jobs[0].id]);
    expect(job.status).toBe('completed');
    const [row] = await t.db.dataSource.query(`SELECT provider, model, token_usage FROM format_jobs WHERE id = $1`, [job.id]);
    expect(row).toEqual({ provider: 'local', model: null, token_usage: null });
  });

  it('makes the ad formats of a Studio generation and of every bulk row, in the batch folder', async () => {
    const { agent } = await member(t);
    const generated = await agent.post('/api/generate/test').send({ prompt: 'TEST summer sale poster', quality: 'low', size: '1024x1024', formats: ['1:1', '9:16'] }).expect(201);
    const original = await waitFor('the generated image', async () => {
      const [row] = await t.db.dataSource.query(`SELECT id FROM assets WHERE generation_id = $1`, [generated.body.generationId]);
      return row as { id: string } | undefined;
    }, 30_000);
    const formats = await waitFor('its formats', async () => {
      const body = (await agent.get(`/api/assets/${original.id}/formats`).expect(200)).body as { formats: AssetBody[] };
      return body.formats.length === 2 ? body.formats : undefined;
    }, 30_000);
    expect(formats.map((f) => [f.format, f.width, f.height])).toEqual([['1:1', 1080, 1080], ['9:16', 1080, 1920]]);

    await agent.post('/api/generate/test').send({ prompt: 'TEST bad formats', quality: 'low', size: '1024x1024', formats: ['3:2'] }).expect(400);

    const csv = ['prompt,formats', 'TEST first row poster,1:1;4:5', 'TEST second row poster,1.91:1', ''].join('\n');
    const bulk = await agent.post('/api/generate/bulk').attach('file', Buffer.from(csv), { filename: 'rows.csv', contentType: 'text/csv' }).expect(201);
    const inFolder = await waitFor('the batch folder to hold every format', async () => {
      const assets = (await agent.get('/api/assets').query({ folderId: bulk.body.folderId }).expect(200)).body as AssetBody[];
      return assets.length === 5 ? assets : undefined;
    }, 45_000);
    expect(inFolder.map((a) => a.format).sort()).toEqual(['1.91:1', '1:1', '4:5', null, null].sort());

    const badCsv = ['prompt,formats', 'TEST fine row here,1:1', 'TEST broken row here,1:1;2:3', ''].join('\n');
    const refused = await agent.post('/api/generate/bulk').attach('file', Buffer.from(badCsv), { filename: 'rows.csv', contentType: 'text/csv' }).expect(422);
    expect(refused.body.errors).toEqual([{ row: 3, field: 'formats', message: FORMAT_MESSAGES.csvFormatsInvalid }]);
  });

  it("takes a generated image's formats from its asset.created event, and looks them up for an event that does not name them", async () => {
    const { agent } = await member(t);
    const organizationId = await organizationIdOf(agent);
    const generated = await agent.post('/api/generate/test').send({ prompt: 'TEST plain poster', quality: 'low', size: '1024x1024' }).expect(201);
    const asset = await waitFor('the generated image', async () => {
      const [row] = await t.db.dataSource.query(`SELECT id FROM assets WHERE generation_id = $1`, [generated.body.generationId]);
      return row as { id: string } | undefined;
    }, 30_000);
    // Its event said: no formats. The generation is then made to ask for one, as if it had.
    const [{ payload }] = await t.db.dataSource.query(`SELECT payload FROM outbox WHERE type = 'asset.created' AND payload->>'assetId' = $1`, [asset.id]);
    expect(payload.adFormats).toEqual([]);
    await t.db.dataSource.query(`UPDATE generations SET ad_formats = '["4:5"]' WHERE id = $1`, [generated.body.generationId]);
    const consumer = t.app.get(GeneratedAssetFormatsConsumer);
    // Events as stored before their payload named everything (the consumer checks each key).
    type AssetCreated = DomainEvent<'asset.created'>;
    const event = (payload: Partial<AssetCreated['payload']>): AssetCreated => ({
      id: randomUUID(),
      type: 'asset.created',
      organizationId,
      payload: payload as AssetCreated['payload'],
      occurredAt: new Date().toISOString(),
    });
    const jobs = () => t.db.dataSource.query(`SELECT format FROM format_jobs WHERE asset_id = $1`, [asset.id]);

    await consumer.onAssetCreated(event({ generationId: generated.body.generationId, assetId: asset.id, adFormats: [] }));
    expect(await jobs()).toEqual([]);
    await consumer.onAssetCreated(event({ generationId: generated.body.generationId, assetId: asset.id }));
    expect(await jobs()).toEqual([{ format: '4:5' }]);
  });
});

describe('ad formats API (AI extend through OpenAI)', () => {
  const fake = new FakeOpenAI();
  let t: TestApp;
  let storage: StorageDriver;
  let cleanup: () => void;

  beforeAll(async () => {
    await fake.start();
    const s = await setup({ ...fake.env(), OPENAI_MAX_RETRIES: '0', OPENAI_IMAGE_MODEL: 'gpt-image-2.6-flare' });
    t = s.t;
    storage = s.storage;
    cleanup = s.files.cleanup;
  });
  afterAll(async () => {
    await t?.close();
    await fake.stop();
    cleanup?.();
  });

  it('paints at the placement’s own size with a mask that keeps the original region, charges exactly once, fits the placement and keeps the original pixels', async () => {
    const { agent, organizationId } = await member(t);
    await topUp(t.app.get(CreditsService), organizationId, 10);
    const { asset, png } = await storedPhoto(t, storage, organizationId);
    const before = await t.app.get(CreditsService).balance(organizationId);
    fake.reset();
    // The first answer fails (retryable): the job is retried, still charged once.
    fake.failNext({ status: 500, message: 'upstream hiccup', shouldRetry: false });
    const res = await agent.post(`/api/assets/${asset.id}/formats`).send({ formats: ['9:16'], method: 'ai_extend', quality: 'high' }).expect(201);
    const [job] = await waitForJobs(t, [res.body.jobs[0].id]);
    expect(job).toMatchObject({ status: 'completed' });

    const edits = fake.requests.filter((r) => r.endpoint === 'edits');
    expect(edits).toHaveLength(2);
    const edit = edits[1];
    // 9:16 is painted at its own size, 1152x2048 (PLACEMENT_SIZES): canvas, mask and size agree.
    expect(edit).toMatchObject({ model: 'gpt-image-2.6-sunburst', size: '1152x2048', quality: 'high', imageCount: 1 });
    expect(await sharp(edit.images![0]).metadata()).toMatchObject({ width: 1152, height: 2048 });
    // The provider that ran, the model sent and the usage OpenAI answered (the failed attempt answered none).
    const [recorded] = await t.db.dataSource.query(`SELECT provider, model, token_usage FROM format_jobs WHERE id = $1`, [job.id]);
    expect(recorded).toMatchObject({ provider: 'openai', model: 'gpt-image-2.6-sunburst', token_usage: { input_tokens: 308, output_tokens: 4 * 2376 } });
    const mask = await sharp(edit.mask!).raw().toBuffer({ resolveWithObject: true });
    expect([mask.info.width, mask.info.height, mask.info.channels]).toEqual([1152, 2048, 4]);
    const alpha = (x: number, y: number) => mask.data[(y * mask.info.width + x) * 4 + 3];
    // The 1024² original fills the width of the canvas in the middle (1152×1152 at y 448..1600).
    for (const [x, y] of [[10, 452], [576, 1024], [1141, 1595]]) expect(alpha(x, y)).toBe(255);
    for (const [x, y] of [[576, 10], [10, 440], [576, 1610], [1141, 2040]]) expect(alpha(x, y)).toBe(0);

    const ledger: Array<{ type: string; amount: number }> = await t.db.dataSource.query(
      `SELECT type, amount FROM credit_ledger WHERE organization_id = $1 AND reference_type = 'format' ORDER BY created_at`,
      [organizationId],
    );
    // Larger than the standard sizes: 1.5 times the pixels, 6 credits at high (creditsPerImage).
    const cost = creditsPerImage('high', '1152x2048');
    expect(cost).toBe(6);
    expect(ledger).toEqual([{ type: 'usage', amount: -cost }]);
    expect(await t.app.get(CreditsService).balance(organizationId)).toBe(before - cost);

    const derived = (await agent.get(`/api/assets/${job.result_asset_id}`).expect(200)).body as AssetBody;
    expect(derived).toMatchObject({ method: 'ai_extend', width: 1080, height: 1920 });
    const { data, info } = await pixelsOf(agent, derived.url);
    const region = await sharp(data, { raw: { width: info.width, height: info.height, channels: 3 } }).extract({ left: 0, top: 420, width: 1080, height: 1080 }).raw().toBuffer();
    expect(region.equals(await sharp(png).resize(1080, 1080, { fit: 'fill' }).raw().toBuffer())).toBe(true);
  });

  it('refunds AI extend when OpenAI keeps failing', async () => {
    const { agent, organizationId } = await member(t);
    const { asset } = await storedPhoto(t, storage, organizationId);
    const before = await t.app.get(CreditsService).balance(organizationId);
    fake.reset();
    fake.failNext({ status: 400, message: 'Invalid mask', shouldRetry: false });
    const res = await agent.post(`/api/assets/${asset.id}/formats`).send({ formats: ['1:1'], method: 'ai_extend', quality: 'low' }).expect(201);
    const [job] = await waitForJobs(t, [res.body.jobs[0].id]);
    expect(job.status).toBe('failed');
    expect(await t.app.get(CreditsService).balance(organizationId)).toBe(before);
    const ledger: Array<{ type: string; amount: number }> = await t.db.dataSource.query(
      `SELECT type, amount FROM credit_ledger WHERE organization_id = $1 AND reference_type = 'format' ORDER BY created_at`,
      [organizationId],
    );
    expect(ledger).toEqual([{ type: 'usage', amount: -1 }, { type: 'refund', amount: 1 }]);
  });
});
