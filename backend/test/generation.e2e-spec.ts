// POST /api/generate, /api/generate/test, /api/studio, the progress stream and the file routes, on the
// zero-dependency path: no REDIS_URL, so the API process runs the jobs itself (in-process queue and
// progress bus) with the local renderer.
import { auditCredits, topUp, waitFor, waitForSettled } from '@brandloom/core/testing';
import { CREDIT_COST_PER_IMAGE, GENERATION_MESSAGES, SIZE_MESSAGES, GENERATION_PROGRESS_MESSAGES, notEnoughCreditsMessage, WELCOME_BONUS_CREDITS } from '@brandloom/contracts';
import { BackgroundThumbnails, BrandProfile, CreditsService, generatedImageKey, Generation, GenerationRunner, GenerationService, GenerationSettlement, GenerationSweeper } from '@brandloom/core';
import sharp from 'sharp';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { eventData, organizationIdOf, readSse } from './generation-helpers';
import { documentedAnswers, type MatchesDocument } from './openapi-answers';
import { signUp, TestApp, zeroDependencyApp } from './test-app';

describe('generation (in-process queue, local renderer)', () => {
  const suite = zeroDependencyApp();
  const { storageDir } = suite;
  let t: TestApp;
  let matchesDocument: MatchesDocument;
  let png: Buffer;

  beforeAll(async () => {
    ({ t } = suite);
    ({ matchesDocument } = await documentedAnswers(t));
    png = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#00aa55' } }).png().toBuffer();
  });

  const valid = { prompt: 'A bright poster for a summer sale', quality: 'low', size: '1024x1024', variationCount: 2, contentPolicyScan: true };

  it('GET /api/openai/status reports the local renderer when no provider is configured', async () => {
    const { agent } = await signUp(t);
    const res = await agent.get('/api/openai/status').expect(200);
    expect(res.body).toEqual({ isConfigured: false, apiName: 'OpenAI', features: expect.arrayContaining(['text-to-image', 'test-images']) });
    await t.http().get('/api/openai/status').expect(401);
  });

  it('generates: the job at once, credits debited, progress then completed over SSE, images and assets stored', async () => {
    const { agent } = await signUp(t);
    const organizationId = await organizationIdOf(agent);
    const res = await agent.post('/api/generate').send(valid).expect(201);
    const cost = CREDIT_COST_PER_IMAGE.low * 2;
    expect(res.body).toMatchObject({
      job: { id: expect.any(String), status: 'queued' },
      generationId: res.body.job.id,
      status: 'queued',
      creditsCharged: cost,
      creditsRemaining: WELCOME_BONUS_CREDITS - cost,
      progressUrl: `/api/generate/progress/${res.body.job.id}`,
      testMode: true,
      variations: [],
      imageUrl: null,
    });
    const id = res.body.job.id as string;
    const stream = await readSse(agent, `/api/generate/progress/${id}`);
    expect(stream.status).toBe(200);
    expect(stream.contentType).toContain('text/event-stream');
    expect(stream.comments).toBeGreaterThanOrEqual(1);
    const names = stream.events.map((e) => e.event);
    expect(names[names.length - 1]).toBe('close');
    expect(names[names.length - 2]).toBe('completed');
    expect(names.slice(0, -2).every((n) => n === 'progress')).toBe(true);
    const progress = eventData(stream.events, 'progress').map((p) => p.progress as number);
    expect([...progress].sort((a, b) => a - b)).toEqual(progress);
    const [completed] = eventData(stream.events, 'completed');
    expect(completed).toMatchObject({ generationId: id, progress: 100, message: GENERATION_MESSAGES.imageReady, creditsRefunded: 0 });
    expect(completed.variations).toHaveLength(2);
    expect(completed.imageUrl).toBe(completed.variations[0].apiProxyUrl);
    for (const [index, variation] of completed.variations.entries()) {
      expect(variation).toMatchObject({ index, apiProxyUrl: `/api/assets/file/${variation.s3Key}`, directUrl: expect.any(String), publicUrl: expect.any(String) });
      expect(variation.s3Key).toMatch(new RegExp(`^org/${organizationId}/generated/[0-9a-f]{32}\\.png$`));
      expect(existsSync(join(storageDir, variation.s3Key))).toBe(true);
      // Written just after the completion.
      await waitFor('the thumbnail', () => existsSync(join(storageDir, variation.s3Key.replace(/\.png$/, '.thumb.webp'))) || undefined);
    }
    const assets = await t.db.dataSource.query(`SELECT * FROM assets WHERE generation_id = $1 ORDER BY variation_index`, [id]);
    expect(assets).toHaveLength(2);
    expect(assets[0]).toMatchObject({ organization_id: organizationId, width: 1024, height: 1024, prompt: valid.prompt, variation_index: 0 });
    expect(assets[0].file_size).toBeGreaterThan(1000);
    const [generation] = await t.db.dataSource.query(`SELECT * FROM generations WHERE id = $1`, [id]);
    expect(generation).toMatchObject({ status: 'completed', progress: 100, credits_charged: cost, credits_refunded: 0, provider: 'local' });
    const events = await t.db.dataSource.query(`SELECT type FROM outbox WHERE organization_id = $1 AND type LIKE ANY ('{generation.%,asset.%}') ORDER BY id`, [organizationId]);
    expect(events.map((e: { type: string }) => e.type)).toEqual(['generation.requested', 'asset.created', 'asset.created', 'generation.completed']);
    expect(await auditCredits(t.db.dataSource, organizationId)).toEqual({ debited: cost, refunded: 0, delivered: 2, costOfDelivered: cost });
    // A client that connects after the end gets the final state at once.
    const late = await readSse(agent, `/api/generate/progress/${id}`);
    expect(late.events.map((e) => e.event)).toEqual(['completed', 'close']);
    expect(eventData(late.events, 'completed')[0].variations).toEqual(completed.variations);
  });

  it('serves the files: streamed PNG with ETag and private caching, 304 on If-None-Match, WebP thumbnail, data URL', async () => {
    const { agent } = await signUp(t);
    const { body } = await agent.post('/api/generate').send({ ...valid, variationCount: 1 }).expect(201);
    await waitForSettled(t.db.dataSource, [body.job.id]);
    const [completed] = eventData((await readSse(agent, body.progressUrl)).events, 'completed');
    const url = completed.variations[0].apiProxyUrl as string;
    const file = await agent.get(`${url}?timestamp=${Date.now()}`).buffer(true).parse(binary).expect(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['cache-control']).toContain('private');
    expect(file.headers.etag).toMatch(/^"/);
    expect(Number(file.headers['content-length'])).toBe(file.body.length);
    expect((await sharp(file.body).metadata()).width).toBe(1024);
    await agent.get(url).set('If-None-Match', file.headers.etag).expect(304);
    const thumb = await agent.get(`${url}?variant=thumb`).buffer(true).parse(binary).expect(200);
    expect(thumb.headers['content-type']).toBe('image/webp');
    expect((await sharp(thumb.body).metadata()).width).toBeLessThanOrEqual(384);
    await agent.get(`${url}?variant=huge`).expect(400);
    const key = completed.variations[0].s3Key as string;
    const base64 = await agent.get(`/api/assets/base64/${key}`).expect(200);
    matchesDocument('get', '/api/assets/base64/{key}', base64);
    expect(base64.body.dataUrl).toBe(`data:image/png;base64,${file.body.toString('base64')}`);
    await agent.get(`/api/assets/file/${key.replace(/[0-9a-f]{32}/, '0'.repeat(32))}`).expect(404);
    await agent.get('/api/assets/file/..%2F..%2Fetc%2Fpasswd').expect(404);
    await t.http().get(url).expect(401);
  });

  it('makes a missing thumbnail from the original when it is asked for, stores it, and answers 404 when there is no image to make it from', async () => {
    const { agent } = await signUp(t);
    const organizationId = await organizationIdOf(agent);
    const { body } = await agent.post('/api/generate').send({ ...valid, variationCount: 1 }).expect(201);
    await waitForSettled(t.db.dataSource, [body.job.id]);
    const [asset] = await t.db.dataSource.query(`SELECT s3_key, thumbnail_key FROM assets WHERE generation_id = $1`, [body.job.id]);
    const thumbFile = join(storageDir, asset.thumbnail_key);
    await waitFor('the thumbnail', () => existsSync(thumbFile) || undefined);
    // Asked for before it was written (or its writing failed): made now, and kept.
    rmSync(thumbFile);
    const thumb = await agent.get(`/api/assets/file/${asset.s3_key}?variant=thumb`).buffer(true).parse(binary).expect(200);
    expect(thumb.headers['content-type']).toBe('image/webp');
    expect(thumb.headers.etag).toMatch(/^"/);
    expect(Number(thumb.headers['content-length'])).toBe(thumb.body.length);
    expect(await sharp(thumb.body).metadata()).toMatchObject({ format: 'webp', width: 384, height: 384 });
    expect(readFileSync(thumbFile).equals(thumb.body)).toBe(true);
    await agent.get(`/api/assets/file/${asset.s3_key}?variant=thumb`).set('If-None-Match', thumb.headers.etag).expect(304);
    // Neither the original nor its thumbnail: 404; an original that is no image: 404, nothing stored.
    await agent.get(`/api/assets/file/${asset.s3_key.replace(/[0-9a-f]{32}/, '1'.repeat(32))}?variant=thumb`).expect(404);
    const notAnImage = `org/${organizationId}/generated/${'2'.repeat(32)}.png`;
    mkdirSync(dirname(join(storageDir, notAnImage)), { recursive: true });
    writeFileSync(join(storageDir, notAnImage), 'not a picture');
    await agent.get(`/api/assets/file/${notAnImage}?variant=thumb`).expect(404);
    expect(existsSync(join(storageDir, notAnImage.replace(/\.png$/, '.thumb.webp')))).toBe(false);
  });

  it('answers every validation message with 400 and charges nothing', async () => {
    const { agent } = await signUp(t);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...valid, prompt: 'abcd' }, GENERATION_MESSAGES.promptTooShort],
      [{ ...valid, prompt: '    hi      ' }, GENERATION_MESSAGES.promptTooShort],
      [{ ...valid, prompt: undefined }, GENERATION_MESSAGES.promptTooShort],
      [{ ...valid, quality: undefined }, GENERATION_MESSAGES.qualityRequired],
      [{ ...valid, quality: 'ultra' }, GENERATION_MESSAGES.qualityRequired],
      [{ ...valid, size: undefined }, GENERATION_MESSAGES.sizeRequired],
      [{ ...valid, size: '800x600' }, SIZE_MESSAGES.sizeInvalid],
      [{ ...valid, size: '1080x1350' }, SIZE_MESSAGES.sizeInvalid],
      [{ ...valid, variationCount: 0 }, GENERATION_MESSAGES.variationCountRange],
      [{ ...valid, variationCount: 11 }, GENERATION_MESSAGES.variationCountRange],
      [{ ...valid, variationCount: 1.5 }, GENERATION_MESSAGES.variationCountRange],
      [{ ...valid, contentPolicyScan: false }, GENERATION_MESSAGES.contentPolicyRequired],
      [{ ...valid, reference_images: ['a', 'b', 'c', 'd', 'e'] }, GENERATION_MESSAGES.referenceImagesTooMany],
    ];
    for (const [body, message] of cases) {
      for (const path of ['/api/generate', '/api/generate/test']) {
        const res = await agent.post(path).send(body);
        expect({ path, body, status: res.status, message: res.body.message }).toEqual({ path, body, status: 400, message: expect.arrayContaining([message]) });
      }
    }
    // Multipart: the same messages.
    const studio = await agent.post('/api/studio').field('prompt', 'abc').field('quality', 'low').field('size', '1024x1024').field('contentPolicyScan', 'false').field('variationCount', '12');
    expect(studio.status).toBe(400);
    expect(studio.body.message).toEqual(expect.arrayContaining([GENERATION_MESSAGES.promptTooShort, GENERATION_MESSAGES.contentPolicyRequired, GENERATION_MESSAGES.variationCountRange]));
    expect((await agent.get('/api/credits/balance').expect(200)).body.credits).toBe(WELCOME_BONUS_CREDITS);
    const [{ count }] = await t.db.dataSource.query(`SELECT count(*)::int AS count FROM generations WHERE organization_id = $1`, [await organizationIdOf(agent)]);
    expect(count).toBe(0);
  });

  it('answers 402 with the short-credits message when credits are short, and writes nothing', async () => {
    const { agent } = await signUp(t);
    const organizationId = await organizationIdOf(agent);
    const before = await t.db.dataSource.query(`SELECT count(*)::int AS n FROM generations WHERE organization_id = $1`, [organizationId]);
    const res = await agent.post('/api/generate').send({ ...valid, quality: 'high', variationCount: 10 }).expect(402);
    expect(res.body).toEqual({ statusCode: 402, message: notEnoughCreditsMessage(40, WELCOME_BONUS_CREDITS), error: 'Payment Required', code: 'insufficient_credits', params: { required: 40, available: WELCOME_BONUS_CREDITS } });
    expect(await t.db.dataSource.query(`SELECT count(*)::int AS n FROM generations WHERE organization_id = $1`, [organizationId])).toEqual(before);
    const ledger = await t.db.dataSource.query(`SELECT type FROM credit_ledger WHERE organization_id = $1`, [organizationId]);
    expect(ledger).toEqual([{ type: 'bonus' }]);
    const outbox = await t.db.dataSource.query(`SELECT count(*)::int AS n FROM outbox WHERE organization_id = $1 AND type LIKE 'generation.%'`, [organizationId]);
    expect(outbox).toEqual([{ n: 0 }]);
    expect((await agent.get('/api/credits/balance').expect(200)).body.credits).toBe(WELCOME_BONUS_CREDITS);
  });

  it('never overdraws under concurrent requests: each accepted job has its debit, row and events; the rest answer 402 and write nothing', async () => {
    const { agent } = await signUp(t);
    const organizationId = await organizationIdOf(agent);
    const cost = CREDIT_COST_PER_IMAGE.high;
    const affordable = Math.floor(WELCOME_BONUS_CREDITS / cost);
    const responses = await Promise.all(
      Array.from({ length: affordable + 6 }, (_, i) => agent.post('/api/generate').send({ ...valid, prompt: `${valid.prompt} #${i}`, quality: 'high', variationCount: 1 })),
    );
    const accepted = responses.filter((r) => r.status === 201);
    expect(accepted).toHaveLength(affordable);
    for (const refused of responses.filter((r) => r.status !== 201)) {
      expect(refused.status).toBe(402);
      expect(refused.body.message).toBe(notEnoughCreditsMessage(cost, WELCOME_BONUS_CREDITS - affordable * cost));
    }
    expect(accepted.map((r) => r.body.creditsRemaining).sort((a, b) => a - b)).toEqual(Array.from({ length: affordable }, (_, i) => WELCOME_BONUS_CREDITS - (i + 1) * cost).sort((a, b) => a - b));
    await waitForSettled(t.db.dataSource, accepted.map((r) => r.body.job.id));
    const rows = await t.db.dataSource.query(
      `SELECT g.id, l.amount, l.idempotency_key FROM generations g JOIN credit_ledger l ON l.id = g.debit_transaction_id WHERE g.organization_id = $1`,
      [organizationId],
    );
    expect(rows.map((r: { id: string }) => r.id).sort()).toEqual(accepted.map((r) => r.body.job.id).sort());
    for (const row of rows) expect(row).toMatchObject({ amount: -cost, idempotency_key: row.id });
    const events = await t.db.dataSource.query(
      `SELECT type, count(*)::int AS n FROM outbox WHERE organization_id = $1 AND type IN ('credits.debited', 'generation.requested') GROUP BY type ORDER BY type`,
      [organizationId],
    );
    expect(events).toEqual([{ type: 'credits.debited', n: affordable }, { type: 'generation.requested', n: affordable }]);
    expect((await agent.get('/api/credits/balance').expect(200)).body.credits).toBe(WELCOME_BONUS_CREDITS - affordable * cost);
    expect(await auditCredits(t.db.dataSource, organizationId)).toMatchObject({ debited: affordable * cost, refunded: 0 });
  });

  it('keeps organizations apart: another organization\'s job, file or brand profile answers 404', async () => {
    const alice = await signUp(t);
    const bob = await signUp(t);
    const aliceOrg = await organizationIdOf(alice.agent);
    const { body } = await alice.agent.post('/api/generate').send({ ...valid, variationCount: 1 }).expect(201);
    await waitForSettled(t.db.dataSource, [body.job.id]);
    const [completed] = eventData((await readSse(alice.agent, body.progressUrl)).events, 'completed');
    const key = completed.variations[0].s3Key as string;

    const job = await bob.agent.get(body.progressUrl).expect(404);
    expect(job.body).toEqual({ statusCode: 404, message: 'Generation not found', error: 'Not Found', code: 'generation_not_found' });
    await bob.agent.get('/api/generate/progress/not-a-uuid').expect(404);
    await bob.agent.get(`/api/assets/file/${key}`).expect(404);
    await bob.agent.get(`/api/assets/file/${key}?variant=thumb`).expect(404);
    await bob.agent.get(`/api/assets/base64/${key}`).expect(404);

    const [profile] = await t.db.dataSource.query(
      `INSERT INTO brand_profiles (organization_id, name, brand_data) VALUES ($1, 'Alice Brand', $2) RETURNING id`,
      [aliceOrg, JSON.stringify({ colors: { primary: '#ff0000', secondary: '#00ff00', accent: '#0000ff' } })],
    );
    const stolen = await bob.agent.post('/api/generate').send({ ...valid, brand_profile_id: profile.id });
    expect(stolen.status).toBe(404);
    expect(stolen.body.message).toBe(GENERATION_MESSAGES.brandProfileNotFound);
    await bob.agent.post('/api/generate').send({ ...valid, brand_profile_id: 'nonsense' }).expect(404);
    // Bob's references to Alice's file are refused too.
    await bob.agent.post('/api/generate').send({ ...valid, reference_images: [key] }).expect(404);
    // None of it charged Bob.
    expect((await bob.agent.get('/api/credits/balance').expect(200)).body.credits).toBe(WELCOME_BONUS_CREDITS);

    // Alice's own profile works: its name is kept on the asset and its asset count grows.
    const mine = await alice.agent.post('/api/generate').send({ ...valid, variationCount: 1, brandProfileId: profile.id }).expect(201);
    await waitForSettled(t.db.dataSource, [mine.body.job.id]);
    const [asset] = await t.db.dataSource.query(`SELECT brand_profile_id, brand_profile_name FROM assets WHERE generation_id = $1`, [mine.body.job.id]);
    expect(asset).toEqual({ brand_profile_id: profile.id, brand_profile_name: 'Alice Brand' });
    // asset_count follows through the asset.created event (its one writer).
    await waitFor('the profile to count its asset', async () =>
      (await t.db.dataSource.getRepository(BrandProfile).findOneByOrFail({ id: profile.id })).asset_count === 1 || undefined,
    );
  });

  it('accepts reference images as data URLs or stored keys, and refuses bad ones with 413/415/400/404', async () => {
    const { agent } = await signUp(t);
    const organizationId = await organizationIdOf(agent);
    await topUp(t.app.get(CreditsService), organizationId, 100);
    const dataUrl = `data:image/png;base64,${png.toString('base64')}`;
    const first = await agent.post('/api/generate').send({ ...valid, variationCount: 1, reference_images: [dataUrl] }).expect(201);
    await waitForSettled(t.db.dataSource, [first.body.job.id]);
    const [row] = await t.db.dataSource.query(`SELECT reference_image_keys FROM generations WHERE id = $1`, [first.body.job.id]);
    expect(row.reference_image_keys).toEqual([expect.stringMatching(new RegExp(`^org/${organizationId}/references/[0-9a-f]{32}\\.png$`))]);
    const [asset] = await t.db.dataSource.query(`SELECT s3_key FROM assets WHERE generation_id = $1`, [first.body.job.id]);
    // A stored image of the organization, by key or by its file URL.
    await agent.post('/api/generate').send({ ...valid, variationCount: 1, reference_images: [asset.s3_key, `/api/assets/file/${asset.s3_key}?timestamp=1`] }).expect(201);

    const gif = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');
    const refused: Array<[unknown[], number]> = [
      [[`data:image/png;base64,${gif.toString('base64')}`], 415],
      [[`data:image/png;base64,${Buffer.from('hello world').toString('base64')}`], 415],
      [['data:image/png;base64'], 400],
      [['org/someone-else/generated/0123456789abcdef0123456789abcdef.png'], 404],
      [[`org/${organizationId}/generated/0123456789abcdef0123456789abcdef.png`], 404],
      [['../../etc/passwd'], 404],
      [[42], 400],
    ];
    for (const [references, status] of refused) {
      const res = await agent.post('/api/generate').send({ ...valid, reference_images: references });
      expect({ references, status: res.status }).toEqual({ references, status });
    }
  });

  it('POST /api/studio takes the reference files as multipart, checks them by content and size', async () => {
    const { agent } = await signUp(t);
    const organizationId = await organizationIdOf(agent);
    await topUp(t.app.get(CreditsService), organizationId, 100);
    const jpeg = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#123456' } }).jpeg().toBuffer();
    const form = () => agent.post('/api/studio').field('prompt', valid.prompt).field('quality', 'low').field('size', '1536x1024').field('variationCount', '1').field('contentPolicyScan', 'true');
    const ok = await form().field('brandProfileId', '').attach('images', png, 'a.png').attach('images', jpeg, 'b.jpg').expect(201);
    expect(ok.body.job.id).toEqual(expect.any(String));
    await waitForSettled(t.db.dataSource, [ok.body.job.id]);
    const [row] = await t.db.dataSource.query(`SELECT reference_image_keys, status, size FROM generations WHERE id = $1`, [ok.body.job.id]);
    expect(row).toMatchObject({ status: 'completed', size: '1536x1024' });
    expect(row.reference_image_keys).toEqual([expect.stringMatching(/\.png$/), expect.stringMatching(/\.jpg$/)]);

    // A fake PNG (text with a .png name and type) is refused by content.
    const fake = await form().attach('images', Buffer.from('not an image at all'), { filename: 'x.png', contentType: 'image/png' });
    expect({ status: fake.status, message: fake.body.message }).toEqual({ status: 415, message: GENERATION_MESSAGES.referenceImageType });
    // Five files.
    let five = form();
    for (let i = 0; i < 5; i += 1) five = five.attach('images', png, `${i}.png`);
    const tooMany = await five;
    expect({ status: tooMany.status, message: tooMany.body.message }).toEqual({ status: 400, message: GENERATION_MESSAGES.referenceImagesTooMany });
    // Above 10 MB.
    const big = Buffer.concat([png, Buffer.alloc(10 * 1024 * 1024)]);
    const tooLarge = await form().attach('images', big, 'big.png');
    expect({ status: tooLarge.status, message: tooLarge.body.message }).toEqual({ status: 413, message: GENERATION_MESSAGES.referenceImageTooLarge });
    // Another field name.
    const wrongField = await form().attach('files', png, 'a.png');
    expect(wrongField.status).toBe(400);
    // Nothing of the refused requests was charged.
    const [{ n }] = await t.db.dataSource.query(`SELECT count(*)::int AS n FROM generations WHERE organization_id = $1`, [organizationId]);
    expect(n).toBe(1);
  });

  it('POST /api/generate/test draws with the local renderer and a TEST prompt is a test generation', async () => {
    const { agent } = await signUp(t);
    const res = await agent.post('/api/generate/test').send({ ...valid, variationCount: 1, prompt: 'TEST a quick sketch' }).expect(201);
    expect(res.body.testMode).toBe(true);
    const stream = await readSse(agent, res.body.progressUrl);
    expect(stream.events.map((e) => e.event).slice(-2)).toEqual(['completed', 'close']);
    // The 'TEST' marker does not name the image: the field marks it.
    const [asset] = (await agent.get('/api/assets').expect(200)).body;
    expect({ name: asset.name, test_image: asset.test_image }).toEqual({ name: 'a quick sketch', test_image: true });
  });

  it('names a test image by its prompt as written and marks it as a test image', async () => {
    const { agent } = await signUp(t);
    const res = await agent.post('/api/generate/test').send({ ...valid, variationCount: 1, prompt: 'Instagram post for a spring sale' }).expect(201);
    await readSse(agent, res.body.progressUrl);
    const [asset] = (await agent.get('/api/assets').expect(200)).body;
    expect({ name: asset.name, test_image: asset.test_image }).toEqual({ name: 'Instagram post for a spring sale', test_image: true });
  });
});

describe('generation recovery (in-process queue)', () => {
  const suite = zeroDependencyApp();
  const { storageDir } = suite;
  let t: TestApp;
  beforeAll(() => {
    ({ t } = suite);
  });

  /** A generation committed (row, debit, event) whose job never reached the queue. */
  async function committedWithoutJob(organizationId: string, variationCount: number): Promise<string> {
    const service = t.app.get(GenerationService);
    const prepared = await service.prepare({ organizationId, userId: null, prompt: 'A generation whose job was lost', quality: 'low', size: '1024x1024', variationCount });
    await t.db.dataSource.transaction((m) => service.create(m, prepared));
    return prepared.id;
  }

  it('the sweeper enqueues lost jobs again and settles orphaned generations, refunding them', async () => {
    const { agent } = await signUp(t);
    const organizationId = await organizationIdOf(agent);
    const lost = await committedWithoutJob(organizationId, 1);
    const orphan = await committedWithoutJob(organizationId, 2);
    await t.db.dataSource.query(`UPDATE generations SET updated_at = now() - interval '1 hour' WHERE id = $1`, [lost]);
    await t.db.dataSource.query(`UPDATE generations SET status = 'processing', updated_at = now() - interval '1 hour' WHERE id = $1`, [orphan]);
    expect(await t.app.get(GenerationSweeper).sweep()).toEqual({ requeued: 1, settled: 1 });
    const rows = await waitForSettled(t.db.dataSource, [lost, orphan]);
    expect(Object.fromEntries(rows.map((r) => [r.id, r.status]))).toEqual({ [lost]: 'completed', [orphan]: 'failed' });
    const [failed] = await t.db.dataSource.query(`SELECT error, credits_refunded FROM generations WHERE id = $1`, [orphan]);
    expect(failed).toEqual({ error: GENERATION_PROGRESS_MESSAGES.interrupted, credits_refunded: 2 });
    expect(await auditCredits(t.db.dataSource, organizationId)).toEqual({ debited: 3, refunded: 2, delivered: 1, costOfDelivered: 1 });
    // Sweeping again changes nothing, and a repeated job of a settled generation is a no-op.
    expect(await t.app.get(GenerationSweeper).sweep()).toEqual({ requeued: 0, settled: 0 });
    const runner = t.app.get(GenerationRunner);
    expect(await runner.run(lost, { attempt: 1, isLastAttempt: true })).toBe('already-settled');
    expect(await runner.run(orphan, { attempt: 1, isLastAttempt: true })).toBe('already-settled');
    expect(await auditCredits(t.db.dataSource, organizationId)).toEqual({ debited: 3, refunded: 2, delivered: 1, costOfDelivered: 1 });
  });

  it('when one original cannot be stored on the last attempt, the other is delivered, its thumbnail made when asked for, and the rest refunded', async () => {
    const { agent } = await signUp(t);
    const organizationId = await organizationIdOf(agent);
    const id = await committedWithoutJob(organizationId, 2);
    const [{ storage_seed: seed }] = await t.db.dataSource.query(`SELECT storage_seed FROM generations WHERE id = $1`, [id]);
    // A directory where the second original's file belongs: writing it fails.
    mkdirSync(join(storageDir, generatedImageKey(organizationId, seed, 1)), { recursive: true });
    expect(await t.app.get(GenerationRunner).run(id, { attempt: 1, isLastAttempt: true })).toBe('completed');
    const [generation] = await t.db.dataSource.query(`SELECT status, message, credits_refunded FROM generations WHERE id = $1`, [id]);
    expect(generation).toEqual({ status: 'completed', message: '1 of 2 images delivered; 1 credits refunded', credits_refunded: 1 });
    const assets = await t.db.dataSource.query(`SELECT variation_index, s3_key FROM assets WHERE generation_id = $1`, [id]);
    expect(assets).toEqual([{ variation_index: 0, s3_key: generatedImageKey(organizationId, seed, 0) }]);
    expect(await auditCredits(t.db.dataSource, organizationId)).toEqual({ debited: 2, refunded: 1, delivered: 1, costOfDelivered: 1 });
    await agent.get(`/api/assets/file/${assets[0].s3_key}?variant=thumb`).expect(200).expect('content-type', 'image/webp');
  });

  it('completes a generation once however its runs overlap, and through its transaction when an earlier attempt delivered part of it', async () => {
    const { agent } = await signUp(t);
    const organizationId = await organizationIdOf(agent);
    const settlement = t.app.get(GenerationSettlement);
    const image = (generationId: string, variationIndex: number) => ({
      variationIndex,
      name: `Image ${variationIndex + 1}`,
      s3Key: `${organizationId}/test/${generationId}-${variationIndex}.png`,
      thumbnailKey: `${organizationId}/test/${generationId}-${variationIndex}.webp`,
      width: 1024,
      height: 1024,
      fileSize: 100,
    });
    const eventsOf = async (generationId: string) =>
      (
        await t.db.dataSource.query(
          `SELECT type, payload FROM outbox WHERE payload->>'generationId' = $1 AND type IN ('asset.created', 'generation.completed') ORDER BY id`,
          [generationId],
        )
      ).map((e: { type: string; payload: Record<string, unknown> }) => [e.type, e.payload.variationIndex ?? e.payload.delivered]);

    const raced = await committedWithoutJob(organizationId, 2);
    const results = await Promise.all(Array.from({ length: 4 }, () => settlement.complete(raced, [image(raced, 0), image(raced, 1)])));
    expect(results.filter((r) => r !== null).map((r) => r!.status)).toEqual(['completed']);
    expect(await eventsOf(raced)).toEqual([['asset.created', 0], ['asset.created', 1], ['generation.completed', 2]]);
    expect(await settlement.complete(raced, [image(raced, 0), image(raced, 1)])).toBeNull();
    expect(await eventsOf(raced)).toHaveLength(3);

    const partial = await committedWithoutJob(organizationId, 2);
    const [row] = await t.db.dataSource.query(`SELECT * FROM generations WHERE id = $1`, [partial]);
    expect(await settlement.addAssets(t.db.dataSource.manager.create(Generation, row), [image(partial, 0)])).toBe(true);
    const completed = await settlement.complete(partial, [image(partial, 1)]);
    expect(completed).toMatchObject({ status: 'completed', credits_refunded: 0, message: GENERATION_MESSAGES.imageReady });
    expect(await eventsOf(partial)).toEqual([['asset.created', 0], ['asset.created', 1], ['generation.completed', 2]]);
    const sse = eventData((await readSse(agent, `/api/generate/progress/${partial}`)).events, 'completed');
    expect(sse[0].variations.map((v: { index: number }) => v.index)).toEqual([0, 1]);
    expect(await auditCredits(t.db.dataSource, organizationId)).toEqual({ debited: 4, refunded: 0, delivered: 4, costOfDelivered: 4 });
  });

  it('after a restart of the in-process start, unsettled generations run again (the in-memory queue died with the process)', async () => {
    const { agent } = await signUp(t);
    const organizationId = await organizationIdOf(agent);
    const queued = await committedWithoutJob(organizationId, 1);
    const processing = await committedWithoutJob(organizationId, 2);
    await t.db.dataSource.query(`UPDATE generations SET status = 'processing' WHERE id = $1`, [processing]);
    const restarted = await suite.anotherApp();
    try {
      const rows = await waitForSettled(t.db.dataSource, [queued, processing]);
      expect(rows.every((r) => r.status === 'completed')).toBe(true);
      expect(await auditCredits(t.db.dataSource, organizationId)).toEqual({ debited: 3, refunded: 0, delivered: 3, costOfDelivered: 3 });
    } finally {
      await restarted.close();
    }
  });

  it('a stopping process gives up the thumbnails an encoder without a core has not made, instead of holding the stop; the originals are stored', async () => {
    const stopping = await suite.anotherApp();
    let encoder: number | undefined;
    try {
      const thumbnails = stopping.app.get(BackgroundThumbnails);
      await thumbnails.thumbnail(await sharp({ create: { width: 8, height: 8, channels: 3, background: '#336699' } }).png().toBuffer());
      encoder = thumbnails.encoderPid!;
      // A stopped encoder is what a busy machine makes of a process on idle cores: it never answers.
      process.kill(encoder, 'SIGSTOP');
      const { agent } = await signUp(stopping);
      const { body } = await agent.post('/api/generate').send({ prompt: 'A bright poster for a summer sale', quality: 'low', size: '1024x1024', variationCount: 2 }).expect(201);
      const [completed] = eventData((await readSse(agent, body.progressUrl)).events, 'completed');
      await stopping.close();
      for (const variation of completed.variations as Array<{ s3Key: string }>) {
        expect(existsSync(join(storageDir, variation.s3Key))).toBe(true);
        expect(existsSync(join(storageDir, variation.s3Key.replace(/\.png$/, '.thumb.webp')))).toBe(false);
      }
    } finally {
      if (encoder && existsSync(`/proc/${encoder}`)) process.kill(encoder, 'SIGKILL');
    }
  });
});

describe('generation under a full thumbnail backlog (THUMBNAIL_BACKLOG 0)', () => {
  const suite = zeroDependencyApp({ THUMBNAIL_BACKLOG: '0' });
  const { storageDir } = suite;
  let t: TestApp;
  beforeAll(() => {
    ({ t } = suite);
  });

  it('completes without queueing thumbnails, and each is made from its original when first asked for', async () => {
    const { agent } = await signUp(t);
    const { body } = await agent.post('/api/generate').send({ prompt: 'A bright poster for a summer sale', quality: 'low', size: '1024x1024', variationCount: 2 }).expect(201);
    const [completed] = eventData((await readSse(agent, body.progressUrl)).events, 'completed');
    expect(completed.variations).toHaveLength(2);
    // Time enough for a background thumbnail to have been written, had one been queued.
    await new Promise((r) => setTimeout(r, 300));
    for (const variation of completed.variations as Array<{ s3Key: string }>) {
      const thumbnail = join(storageDir, variation.s3Key.replace(/\.png$/, '.thumb.webp'));
      expect(existsSync(join(storageDir, variation.s3Key))).toBe(true);
      expect(existsSync(thumbnail)).toBe(false);
      await agent.get(`/api/assets/file/${variation.s3Key}?variant=thumb`).expect(200).expect('content-type', 'image/webp');
      expect(existsSync(thumbnail)).toBe(true);
    }
  });
});

function binary(res: unknown, callback: (error: Error | null, body: Buffer) => void): void {
  const stream = res as NodeJS.ReadableStream;
  const chunks: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  stream.on('end', () => callback(null, Buffer.concat(chunks)));
}
