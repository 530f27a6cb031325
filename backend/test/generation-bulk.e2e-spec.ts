// Bulk generation (POST /api/generate/bulk, its status and SSE routes, the CSV template) on the
// zero-dependency path: no REDIS_URL, so the API process runs the jobs itself (in-process queue and
// progress bus) with the local renderer. The BullMQ + Redis path is in generation-bulk-redis.
import { auditCredits, tempStorage, topUp, waitForSettled } from '@brandloom/core/testing';
import { CREDIT_COST_PER_IMAGE, notEnoughCreditsMessage, WELCOME_BONUS_CREDITS, BULK_MESSAGES } from '@brandloom/contracts';
import { batchName, CreditsService, InProcessQueueDriver, QueuePort } from '@brandloom/core';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DataSource } from 'typeorm';
import { uploadCsv, writesOf } from './generation-bulk-helpers';
import { eventData, organizationIdOf, readSse } from './generation-helpers';
import { createTestApp, signUp, TestApp } from './test-app';

const FIVE_ROWS = [
  'prompt,brand_profile,quality,size',
  'A bright poster for a summer sale,,low,1024x1024',
  '"Sneakers, socks and a cap on a white table",,low,1536x1024',
  'A calm landscape banner with mountains,,low,1024x1536',
  'Minimal product shot of a water bottle,,low,',
  'A cosy autumn café interior,,low,1024x1024',
  '',
].join('\n');

describe('bulk generation (in-process queue, local renderer)', () => {
  let t: TestApp;
  const storage = tempStorage();

  beforeAll(async () => {
    // A renderer delay, so a client connected right after the upload sees the rows settle live.
    t = await createTestApp({ REDIS_URL: undefined, STORAGE_DIR: storage.dir, OPENAI_API_KEY: undefined, LOCAL_RENDERER_DELAY_MS: '300' });
  });
  afterAll(async () => {
    await t?.close();
    storage.cleanup();
  });

  it('a valid 5-row CSV: 5 generations and 5 debits in a batch and its folder, SSE progress to completed, the images in the folder', async () => {
    const { agent } = await signUp(t);
    const organizationId = await organizationIdOf(agent);
    const res = await uploadCsv(agent, FIVE_ROWS).expect(201);
    expect(Object.keys(res.body).sort()).toEqual(['batchId', 'folderId', 'jobs', 'total']);
    expect(res.body).toEqual({ batchId: expect.any(String), total: 5, folderId: expect.any(String), jobs: expect.any(Array) });
    expect(res.body.jobs.map((j: { row: number }) => j.row)).toEqual([2, 3, 4, 5, 6]);
    const { batchId, folderId } = res.body as { batchId: string; folderId: string };
    const ids = res.body.jobs.map((j: { generationId: string }) => j.generationId) as string[];
    expect(new Set(ids).size).toBe(5);
    // Connected right away, so the rows still running settle live on the stream while the rest is checked.
    const streaming = readSse(agent, `/api/generate/bulk/${batchId}/progress`);

    // Debited at once: one debit per generation, keyed by its id.
    expect((await agent.get('/api/credits/balance').expect(200)).body.credits).toBe(WELCOME_BONUS_CREDITS - 5 * CREDIT_COST_PER_IMAGE.low);
    const debits = await t.db.dataSource.query(
      `SELECT idempotency_key, amount, reference_type, reference_id FROM credit_ledger WHERE organization_id = $1 AND type = 'usage'`,
      [organizationId],
    );
    debits.sort((a: { idempotency_key: string }, b: { idempotency_key: string }) => a.idempotency_key.localeCompare(b.idempotency_key));
    expect(debits).toEqual([...ids].sort((a, b) => a.localeCompare(b)).map((id) => ({ idempotency_key: id, amount: -1, reference_type: 'generation', reference_id: id })));
    const generations = await t.db.dataSource.query(`SELECT id, prompt, size, quality, batch_id, folder_id, variation_count FROM generations WHERE organization_id = $1`, [organizationId]);
    expect(generations).toHaveLength(5);
    for (const g of generations) expect(g).toMatchObject({ batch_id: batchId, folder_id: folderId, quality: 'low', variation_count: 1 });
    const byId = new Map(generations.map((g: { id: string }) => [g.id, g]));
    expect(byId.get(ids[1])).toMatchObject({ prompt: 'Sneakers, socks and a cap on a white table', size: '1536x1024' });
    expect(byId.get(ids[3])).toMatchObject({ size: '1024x1024' });
    const [folder] = await t.db.dataSource.query(`SELECT organization_id, name FROM folders WHERE id = $1`, [folderId]);
    expect(folder.organization_id).toBe(organizationId);
    expect(folder.name).toMatch(/^Bulk \d{4}-\d{2}-\d{2} \d{2}:\d{2} \(5 images\)$/);
    const [batch] = await t.db.dataSource.query(`SELECT organization_id, name, folder_id, total FROM generation_batches WHERE id = $1`, [batchId]);
    expect(batch).toEqual({ organization_id: organizationId, name: folder.name, folder_id: folderId, total: 5 });

    const stream = await streaming;
    expect(stream.status).toBe(200);
    expect(stream.contentType).toContain('text/event-stream');
    const names = stream.events.map((e) => e.event);
    expect(names.slice(-2)).toEqual(['completed', 'close']);
    expect(names.slice(0, -2).every((n) => n === 'progress')).toBe(true);
    const progress = eventData(stream.events, 'progress');
    // The first event carries every row; the rows settled live after it, reported one by one.
    expect(progress[0]).toMatchObject({ total: 5, failed: 0 });
    expect(progress[0].rows.map((r: { row: number }) => r.row)).toEqual([2, 3, 4, 5, 6]);
    expect(progress[0].done).toBeLessThan(5);
    const live = progress.slice(1);
    expect(live.length).toBeGreaterThanOrEqual(1);
    const done = progress.map((p) => p.done as number);
    expect([...done].sort((a, b) => a - b)).toEqual(done);
    for (const p of live) expect(p.rows.length).toBeLessThan(5);
    const [completed] = eventData(stream.events, 'completed');
    expect(completed).toMatchObject({ done: 5, failed: 0, total: 5 });
    expect(completed.rows).toHaveLength(5);
    for (const [i, row] of completed.rows.entries()) {
      // Each row carries what the results show: its prompt and details, and the image's real shape.
      const generation = byId.get(ids[i]) as { prompt: string; size: string };
      const [width, height] = generation.size.split('x').map(Number);
      expect(row).toEqual({
        row: i + 2,
        generationId: ids[i],
        status: 'completed',
        prompt: generation.prompt,
        quality: 'low',
        size: generation.size,
        width,
        height,
        assetUrl: expect.stringMatching(new RegExp(`^/api/assets/file/org/${organizationId}/generated/[0-9a-f]{32}\\.png$`)),
        thumbnailUrl: `${row.assetUrl}?variant=thumb`,
      });
    }
    await agent.get(completed.rows[0].assetUrl).expect(200).expect('content-type', 'image/png');
    await agent.get(completed.rows[0].thumbnailUrl).expect(200).expect('content-type', 'image/webp');

    // The images are in the batch's folder.
    const assets = await t.db.dataSource.query(`SELECT generation_id, folder_id, s3_key FROM assets WHERE organization_id = $1`, [organizationId]);
    expect(assets).toHaveLength(5);
    expect(new Set(assets.map((a: { folder_id: string }) => a.folder_id))).toEqual(new Set([folderId]));
    for (const a of assets) expect(existsSync(join(storage.dir, a.s3_key))).toBe(true);
    const outbox = await t.db.dataSource.query(
      `SELECT type, count(*)::int AS n FROM outbox WHERE organization_id = $1 AND type LIKE 'generation.%' GROUP BY type ORDER BY type`,
      [organizationId],
    );
    expect(outbox).toEqual([
      { type: 'generation.batch_requested', n: 1 },
      { type: 'generation.completed', n: 5 },
      { type: 'generation.requested', n: 5 },
    ]);
    expect(await auditCredits(t.db.dataSource, organizationId)).toEqual({ debited: 5, refunded: 0, delivered: 5, costOfDelivered: 5 });

    // GET answers the same state; a client that comes after the end gets it at once.
    const status = await agent.get(`/api/generate/bulk/${batchId}`).expect(200);
    expect(status.body).toEqual({ batchId, total: 5, done: 5, failed: 0, rows: completed.rows });
    const late = await readSse(agent, `/api/generate/bulk/${batchId}/progress`);
    expect(late.events.map((e) => e.event)).toEqual(['completed', 'close']);
    expect(eventData(late.events, 'completed')[0]).toEqual({ done: 5, failed: 0, total: 5, rows: completed.rows });
  });

  it('GET shows rows still queued or processing while the batch runs, and a failed row with its error and refund', async () => {
    const { agent } = await signUp(t);
    const organizationId = await organizationIdOf(agent);
    const res = await uploadCsv(agent, 'prompt,quality\nFirst image of the batch,medium\nSecond image of the batch,medium\n').expect(201);
    const { batchId } = res.body;
    const running = await agent.get(`/api/generate/bulk/${batchId}`).expect(200);
    expect(running.body).toMatchObject({ batchId, total: 2, failed: 0 });
    expect(running.body.done).toBeLessThan(2);
    for (const row of running.body.rows) expect(['queued', 'processing', 'completed']).toContain(row.status);
    const ids = res.body.jobs.map((j: { generationId: string }) => j.generationId);
    await waitForSettled(t.db.dataSource, ids);

    // A row that ends failed (as the settlement leaves it after the provider's last failure) is counted so.
    await t.db.dataSource.query(`DELETE FROM assets WHERE generation_id = $1`, [ids[1]]);
    await t.db.dataSource.query(`UPDATE generations SET status = 'failed', error = 'The image provider refused the prompt' WHERE id = $1`, [ids[1]]);
    const settled = await agent.get(`/api/generate/bulk/${batchId}`).expect(200);
    expect(settled.body).toMatchObject({ done: 1, failed: 1, total: 2 });
    expect(settled.body.rows[1]).toEqual({
      row: 3,
      generationId: ids[1],
      status: 'failed',
      prompt: 'Second image of the batch',
      quality: 'medium',
      size: '1024x1024',
      error: 'The image provider refused the prompt',
    });
    const late = await readSse(agent, `/api/generate/bulk/${batchId}/progress`);
    expect(late.events.map((e) => e.event)).toEqual(['completed', 'close']);
    expect(eventData(late.events, 'completed')[0]).toMatchObject({ done: 1, failed: 1, total: 2 });
    expect((await writesOf(t.db.dataSource, organizationId)).credits).toBe(WELCOME_BONUS_CREDITS - 2 * CREDIT_COST_PER_IMAGE.medium);
  });

  it('the form defaults fill empty cells (quality and brand profile); filled cells keep their values', async () => {
    const { agent } = await signUp(t);
    const organizationId = await organizationIdOf(agent);
    await topUp(t.app.get(CreditsService), organizationId, 100);
    const [house] = await t.db.dataSource.query(`INSERT INTO brand_profiles (organization_id, name) VALUES ($1, 'House Style') RETURNING id`, [organizationId]);
    const [other] = await t.db.dataSource.query(`INSERT INTO brand_profiles (organization_id, name) VALUES ($1, 'Second Brand') RETURNING id`, [organizationId]);
    const csv = [
      'prompt,brand_profile,quality,size',
      'Row with every cell empty,,,',
      'Row with its own quality,,low,',
      'Row with its own profile,Second Brand,,1536x1024',
      'Row with everything set,second brand,medium,portrait',
    ].join('\n');
    const res = await uploadCsv(agent, csv, { defaultBrandProfileId: house.id, defaultQuality: 'high' }).expect(201);
    const rows = await generationsOf(t.db.dataSource, res.body.jobs);
    expect(rows).toEqual([
      { row: 2, quality: 'high', size: '1024x1024', brand_profile_id: house.id, brand_profile_name: 'House Style' },
      { row: 3, quality: 'low', size: '1024x1024', brand_profile_id: house.id, brand_profile_name: 'House Style' },
      { row: 4, quality: 'high', size: '1536x1024', brand_profile_id: other.id, brand_profile_name: 'Second Brand' },
      { row: 5, quality: 'medium', size: '1024x1536', brand_profile_id: other.id, brand_profile_name: 'Second Brand' },
    ]);
    const cost = 4 + 1 + 4 + 2;
    expect((await agent.get('/api/credits/balance').expect(200)).body.credits).toBe(WELCOME_BONUS_CREDITS + 100 - cost);

    // Without defaults ('' and 'none' mean none): quality medium, no brand profile.
    const plain = await uploadCsv(agent, 'prompt,quality\nA prompt with no quality,\n', { defaultBrandProfileId: 'none', defaultQuality: '' }).expect(201);
    expect(await generationsOf(t.db.dataSource, plain.body.jobs)).toEqual([{ row: 2, quality: 'medium', size: '1024x1024', brand_profile_id: null, brand_profile_name: null }]);
    await waitForSettled(t.db.dataSource, [...res.body.jobs, ...plain.body.jobs].map((j: { generationId: string }) => j.generationId));
  });

  it('brand_profile by name (any case) and by id; another organization\'s profile is a row error, and as the default a 404', async () => {
    const alice = await signUp(t);
    const bob = await signUp(t);
    const aliceOrg = await organizationIdOf(alice.agent);
    const bobOrg = await organizationIdOf(bob.agent);
    const [mine] = await t.db.dataSource.query(`INSERT INTO brand_profiles (organization_id, name) VALUES ($1, 'Acme Coffee') RETURNING id`, [aliceOrg]);
    const [theirs] = await t.db.dataSource.query(`INSERT INTO brand_profiles (organization_id, name) VALUES ($1, 'Rival Tea') RETURNING id`, [bobOrg]);

    const ok = await uploadCsv(alice.agent, `prompt,brand_profile\nBy its name in capitals,ACME COFFEE\nBy its id,${mine.id}\nBy its name with spaces,  acme coffee  \n`).expect(201);
    const rows = await generationsOf(t.db.dataSource, ok.body.jobs);
    expect(rows.map((r) => [r.row, r.brand_profile_id, r.brand_profile_name])).toEqual([
      [2, mine.id, 'Acme Coffee'],
      [3, mine.id, 'Acme Coffee'],
      [4, mine.id, 'Acme Coffee'],
    ]);
    await waitForSettled(t.db.dataSource, ok.body.jobs.map((j: { generationId: string }) => j.generationId));
    const [asset] = await t.db.dataSource.query(`SELECT brand_profile_id, brand_profile_name FROM assets WHERE generation_id = $1`, [ok.body.jobs[0].generationId]);
    expect(asset).toEqual({ brand_profile_id: mine.id, brand_profile_name: 'Acme Coffee' });

    // Bob's profile, by id or by name, is unknown to Alice.
    const before = await writesOf(t.db.dataSource, aliceOrg);
    const refused = await uploadCsv(alice.agent, `prompt,brand_profile\nTheir profile by id,${theirs.id}\nTheir profile by name,Rival Tea\nMine,Acme Coffee\n`);
    expect(refused.status).toBe(422);
    expect(refused.body).toEqual({
      statusCode: 422,
      message: BULK_MESSAGES.csvHasErrors,
      error: 'Unprocessable Entity',
      code: 'bulk_csv_invalid',
      errors: [
        { row: 2, field: 'brand_profile', message: `Brand profile '${theirs.id}' not found` },
        { row: 3, field: 'brand_profile', message: "Brand profile 'Rival Tea' not found" },
        { row: 4, field: 'prompt', message: 'Prompt must be at least 5 characters' },
      ],
    });
    const asDefault = await uploadCsv(alice.agent, 'prompt\nA prompt that needs the default\n', { defaultBrandProfileId: theirs.id });
    expect(asDefault.body).toEqual({ statusCode: 404, message: 'Brand profile not found', error: 'Not Found', code: 'brand_profile_not_found' });
    await uploadCsv(alice.agent, 'prompt\nA prompt that needs the default\n', { defaultBrandProfileId: 'not-a-uuid' }).expect(404);
    expect(await writesOf(t.db.dataSource, aliceOrg)).toEqual(before);

    // Two profiles with one name: the name is ambiguous, the id is not.
    const [twin] = await t.db.dataSource.query(`INSERT INTO brand_profiles (organization_id, name) VALUES ($1, 'acme coffee') RETURNING id`, [aliceOrg]);
    const ambiguous = await uploadCsv(alice.agent, `prompt,brand_profile\nBy the shared name,Acme Coffee\nBy the twin's id,${twin.id}\n`).expect(422);
    expect(ambiguous.body.errors).toEqual([{ row: 2, field: 'brand_profile', message: BULK_MESSAGES.brandProfileAmbiguous('Acme Coffee') }]);
  });

  it('reports every row error with its row number and charges nothing', async () => {
    const { agent } = await signUp(t);
    const organizationId = await organizationIdOf(agent);
    const before = await writesOf(t.db.dataSource, organizationId);
    const csv = [
      'prompt,brand_profile,quality,size',
      'A perfectly fine prompt,,low,1024x1024',
      'abcd,,low,',
      '',
      '"A fine prompt, quoted",,ultra,1024x1024',
      'Another fine prompt,,,800x600',
      '   ,Ghost Brand,HIGH,square',
      '"A prompt spanning',
      'two lines",,medium,landscape,surplus',
      'A last fine prompt,,medium,portrait',
    ].join('\r\n');
    const res = await uploadCsv(agent, csv);
    expect(res.status).toBe(422);
    expect(res.body).toEqual({
      statusCode: 422,
      message: 'The CSV has errors',
      error: 'Unprocessable Entity',
      code: 'bulk_csv_invalid',
      errors: [
        { row: 3, field: 'prompt', message: 'Prompt must be at least 5 characters' },
        { row: 5, field: 'quality', message: 'Quality must be low, medium or high' },
        { row: 6, field: 'size', message: BULK_MESSAGES.sizeInvalid },
        { row: 7, field: 'prompt', message: 'Prompt must be at least 5 characters' },
        { row: 7, field: 'brand_profile', message: "Brand profile 'Ghost Brand' not found" },
        { row: 8, field: null, message: BULK_MESSAGES.tooManyValues(5, 4) },
      ],
    });
    // The header's problems come with the rows'.
    const header = await uploadCsv(agent, 'prompt,qualty\nabc,low\n').expect(422);
    expect(header.body.errors).toEqual([
      { row: 1, field: 'qualty', message: BULK_MESSAGES.unknownColumn('qualty') },
      { row: 2, field: 'prompt', message: 'Prompt must be at least 5 characters' },
    ]);
    const noPrompt = await uploadCsv(agent, 'quality,size\nlow,1024x1024\n').expect(422);
    expect(noPrompt.body.errors).toEqual([{ row: 1, field: 'prompt', message: "The CSV needs a 'prompt' column" }]);
    const unclosed = await uploadCsv(agent, 'prompt\nA fine first prompt\n"This quote never ends\n').expect(422);
    expect(unclosed.body.errors).toEqual([{ row: 3, field: null, message: BULK_MESSAGES.quoteNotClosed }]);
    expect(await writesOf(t.db.dataSource, organizationId)).toEqual(before);
    expect(before).toMatchObject({ generations: 0, batches: 0, folders: 0, debits: 0, events: 0, credits: WELCOME_BONUS_CREDITS });
  });

  it('limits: at least 1 row, at most 500; the file at most 1 MB, CSV text, under `file`', async () => {
    const { agent } = await signUp(t);
    const organizationId = await organizationIdOf(agent);
    await topUp(t.app.get(CreditsService), organizationId, 1000);
    const before = await writesOf(t.db.dataSource, organizationId);
    const rows = (n: number) => `prompt,quality\n${Array.from({ length: n }, (_, i) => `Catalogue image number ${i + 1},low`).join('\n')}\n`;

    const tooMany = await uploadCsv(agent, rows(501));
    expect(tooMany.body).toEqual({ statusCode: 422, message: 'A CSV can have at most 500 rows', error: 'Unprocessable Entity', code: 'bulk_csv_invalid', errors: [] });
    const none = await uploadCsv(agent, 'prompt,quality\n\n');
    expect(none.body).toEqual({ statusCode: 422, message: BULK_MESSAGES.tooFewRows, error: 'Unprocessable Entity', code: 'bulk_csv_invalid', errors: [] });
    const empty = await uploadCsv(agent, '');
    expect({ status: empty.status, message: empty.body.message }).toEqual({ status: 422, message: BULK_MESSAGES.empty });

    const tooLarge = await uploadCsv(agent, `prompt\n${'A long prompt that repeats. '.repeat(40_000)}\n`);
    expect(tooLarge.body).toEqual({ statusCode: 413, message: 'The CSV file must be at most 1 MB', error: 'Payload Too Large', code: 'bulk_csv_too_large' });
    const spreadsheet = await uploadCsv(agent, Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x06, 0x00]), {}, 'batch.xlsx');
    expect({ status: spreadsheet.status, message: spreadsheet.body.message }).toEqual({ status: 415, message: BULK_MESSAGES.spreadsheet });
    const binary = await uploadCsv(agent, Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d]), {}, 'image.csv');
    expect(binary.status).toBe(415);

    const noFile = await agent.post('/api/generate/bulk').field('defaultQuality', 'low');
    expect(noFile.body).toEqual({ statusCode: 400, message: 'A CSV file is required', error: 'Bad Request', code: 'bulk_csv_required' });
    const wrongField = await agent.post('/api/generate/bulk').attach('csv', Buffer.from(rows(1)), 'batch.csv');
    expect({ status: wrongField.status, message: wrongField.body.message }).toEqual({ status: 400, message: BULK_MESSAGES.fileField });
    const twoFiles = await agent.post('/api/generate/bulk').attach('file', Buffer.from(rows(1)), 'a.csv').attach('file', Buffer.from(rows(1)), 'b.csv');
    expect({ status: twoFiles.status, message: twoFiles.body.message }).toEqual({ status: 400, message: BULK_MESSAGES.fileField });
    const badQuality = await uploadCsv(agent, rows(1), { defaultQuality: 'ultra' });
    expect({ status: badQuality.status, message: badQuality.body.message }).toEqual({ status: 400, message: ['Quality must be low, medium or high'] });
    await t.http().post('/api/generate/bulk').attach('file', Buffer.from(rows(1)), 'batch.csv').expect(401);
    expect(await writesOf(t.db.dataSource, organizationId)).toEqual(before);

    // Exactly 500 rows is accepted: 500 generations, 500 debits, one folder, one batch.
    const max = await uploadCsv(agent, rows(500)).expect(201);
    expect(max.body.total).toBe(500);
    expect(max.body.jobs).toHaveLength(500);
    expect(max.body.jobs[499].row).toBe(501);
    const after = await writesOf(t.db.dataSource, organizationId);
    expect(after).toMatchObject({ generations: 500, batches: 1, folders: 1, debits: 500, credits: before.credits - 500 });
    const [folder] = await t.db.dataSource.query(`SELECT name FROM folders WHERE id = $1`, [max.body.folderId]);
    expect(folder.name).toMatch(/\(500 images\)$/);
    // Not the subject here: keep the in-process queue from drawing 500 images (a queued row's job is
    // then a no-op), and let it run through those jobs before the next test.
    await t.db.dataSource.query(`UPDATE generations SET status = 'failed', error = 'cancelled by the test' WHERE batch_id = $1 AND status = 'queued'`, [max.body.batchId]);
    await (t.app.get(QueuePort) as InProcessQueueDriver).onIdle();
  }, 90_000);

  it('names the folder after the batch, with a suffix when the organization already has a folder of that name', async () => {
    const { agent } = await signUp(t);
    const organizationId = await organizationIdOf(agent);
    // The folders a one-row batch would be named after, this minute and the next (should the upload cross it).
    const now = Date.now();
    const taken = [batchName(new Date(now), 1), batchName(new Date(now + 60_000), 1)];
    for (const name of taken) await t.db.dataSource.query(`INSERT INTO folders (organization_id, name) VALUES ($1, $2)`, [organizationId, name.toUpperCase()]);
    const res = await uploadCsv(agent, 'prompt\nA batch whose folder name is taken\n').expect(201);
    const [folder] = await t.db.dataSource.query(`SELECT name FROM folders WHERE id = $1`, [res.body.folderId]);
    expect(taken.map((name) => `${name} (2)`)).toContain(folder.name);
    const [batch] = await t.db.dataSource.query(`SELECT name FROM generation_batches WHERE id = $1`, [res.body.batchId]);
    expect(batch.name).toBe(folder.name);
    await waitForSettled(t.db.dataSource, [res.body.jobs[0].generationId]);
    const [asset] = await t.db.dataSource.query(`SELECT folder_id FROM assets WHERE generation_id = $1`, [res.body.jobs[0].generationId]);
    expect(asset.folder_id).toBe(res.body.folderId);
  });

  it('answers 402 for a file the balance cannot pay as a whole, and writes nothing', async () => {
    const { agent } = await signUp(t);
    const organizationId = await organizationIdOf(agent);
    const before = await writesOf(t.db.dataSource, organizationId);
    // Each row alone is affordable (4 credits); the seven together (28) are not.
    const csv = `prompt,quality\n${Array.from({ length: 7 }, (_, i) => `High quality hero image ${i + 1},high`).join('\n')}\n`;
    const res = await uploadCsv(agent, csv);
    expect(res.body).toEqual({ statusCode: 402, message: notEnoughCreditsMessage(28, WELCOME_BONUS_CREDITS), error: 'Payment Required', code: 'insufficient_credits', params: { required: 28, available: WELCOME_BONUS_CREDITS } });
    expect(res.body.message).toBe('Not enough credits. You need 28 credits, but you only have 25.');
    expect(await writesOf(t.db.dataSource, organizationId)).toEqual(before);
    // Exactly the balance is affordable.
    const exact = `prompt,quality\n${Array.from({ length: 6 }, (_, i) => `High quality hero image ${i + 1},high`).join('\n')}\nOne low image to end with,low\n`;
    const ok = await uploadCsv(agent, exact).expect(201);
    expect((await agent.get('/api/credits/balance').expect(200)).body.credits).toBe(0);
    await waitForSettled(t.db.dataSource, ok.body.jobs.map((j: { generationId: string }) => j.generationId));
  });

  it('quoted prompts with commas, quotes and newlines; a BOM and CRLF line ends; rows numbered by their line', async () => {
    const { agent } = await signUp(t);
    const csv = Buffer.from(
      '\ufeffprompt,quality\r\n' +
        '"Shoes, socks and ""hats"" on a shelf",low\r\n' +
        '"A two-line prompt:\r\nsecond line, with a comma",low\r\n' +
        '\r\n' +
        'Plain prompt after a blank line,low\r\n',
      'utf8',
    );
    const res = await uploadCsv(agent, csv).expect(201);
    expect(res.body.jobs.map((j: { row: number }) => j.row)).toEqual([2, 3, 6]);
    const prompts = await Promise.all(
      res.body.jobs.map(async (j: { generationId: string }) => (await t.db.dataSource.query(`SELECT prompt FROM generations WHERE id = $1`, [j.generationId]))[0].prompt),
    );
    expect(prompts).toEqual(['Shoes, socks and "hats" on a shelf', 'A two-line prompt:\nsecond line, with a comma', 'Plain prompt after a blank line']);
    const stream = await readSse(agent, `/api/generate/bulk/${res.body.batchId}/progress`);
    expect(eventData(stream.events, 'completed')[0]).toMatchObject({ done: 3, failed: 0, total: 3 });
  });

  it('keeps organizations apart: another organization\'s batch answers 404, as do unknown ids', async () => {
    const alice = await signUp(t);
    const bob = await signUp(t);
    const { body } = await uploadCsv(alice.agent, 'prompt\nAlice only prompt\n').expect(201);
    await alice.agent.get(`/api/generate/bulk/${body.batchId}`).expect(200);
    const status = await bob.agent.get(`/api/generate/bulk/${body.batchId}`).expect(404);
    expect(status.body).toEqual({ statusCode: 404, message: 'Batch not found', error: 'Not Found', code: 'bulk_batch_not_found' });
    await bob.agent.get(`/api/generate/bulk/${body.batchId}/progress`).expect(404);
    await bob.agent.get('/api/generate/bulk/not-a-uuid').expect(404);
    await bob.agent.get(`/api/generate/bulk/${body.jobs[0].generationId}/progress`).expect(404);
    await t.http().get(`/api/generate/bulk/${body.batchId}`).expect(401);
    await waitForSettled(t.db.dataSource, [body.jobs[0].generationId]);
  });

  it('serves the template at /templates/bulk-generation.csv (outside /api, public), and the template uploads as it is', async () => {
    const res = await t.http().get('/templates/bulk-generation.csv').expect(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="bulk-generation.csv"');
    const lines = res.text.trimEnd().split('\r\n');
    expect(lines[0]).toBe('prompt,brand_profile,quality,size,formats');
    expect(lines).toHaveLength(4);
    await t.http().get('/api/templates/bulk-generation.csv').expect(404);

    const { agent } = await signUp(t);
    const upload = await uploadCsv(agent, res.text, {}, 'bulk-generation.csv').expect(201);
    expect(upload.body.total).toBe(3);
    await waitForSettled(t.db.dataSource, upload.body.jobs.map((j: { generationId: string }) => j.generationId));
  });
});

describe('bulk template with the built frontend served by the API', () => {
  it('is not swallowed by the single-page fallback', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'brandloom-static-'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Brandloom</title>');
    const t = await createTestApp({ REDIS_URL: undefined, STATIC_DIR: dir });
    try {
      const template = await t.http().get('/templates/bulk-generation.csv').expect(200);
      expect(template.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(template.text.startsWith('prompt,brand_profile,quality,size,formats\r\n')).toBe(true);
      const page = await t.http().get('/studio/bulk').expect(200);
      expect(page.text).toContain('<title>Brandloom</title>');
    } finally {
      await t.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

/** The generations of a batch's jobs, in row order. */
async function generationsOf(dataSource: DataSource, jobs: Array<{ row: number; generationId: string }>) {
  const rows = [];
  for (const job of jobs) {
    const [g] = await dataSource.query(`SELECT quality, size, brand_profile_id, brand_profile_name FROM generations WHERE id = $1`, [job.generationId]);
    rows.push({ row: job.row, ...g });
  }
  return rows as Array<{ row: number; quality: string; size: string; brand_profile_id: string | null; brand_profile_name: string | null }>;
}
