// Brand extraction across processes: the API enqueues 'brand.extract' on BullMQ and waits (Redis
// progress bus plus polling the row); the worker is its own Nest application (WorkerModule). Without
// a worker the API answers 504 in time and the extraction does not count for the day.
import { atLeastThree, colorBlocks, dataUrl, describeWithRedis, tempStorage, waitFor } from '@brandloom/core/testing';
import { INestApplicationContext } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

import { organizationIdOf, startInProcessWorker } from './generation-helpers';
import { createTestApp, signUp, TestApp } from './test-app';

describeWithRedis('brand extraction (BullMQ, separate worker application)', () => {
  const storage = tempStorage();
  const prefix = `bl-test-${randomBytes(4).toString('hex')}`;
  let t: TestApp;
  let worker: INestApplicationContext | undefined;
  let env: Record<string, string>;

  beforeAll(async () => {
    env = { REDIS_URL: process.env.REDIS_URL!, QUEUE_PREFIX: prefix, STORAGE_DIR: storage.dir, BRAND_EXTRACTION_TIMEOUT_MS: '2000', OUTBOX_POLL_MS: '50' };
    t = await createTestApp({ ...env, OPENAI_API_KEY: undefined });
  });
  afterAll(async () => {
    await worker?.close();
    await t?.close();
    storage.cleanup();
  });

  it('answers 504 when no worker picks the job up in time, then extracts once a worker runs', async () => {
    const { agent } = await signUp(t);
    const organizationId = await organizationIdOf(agent);
    const image = dataUrl(await colorBlocks(['#1D4ED8', '#F59E0B', '#10B981']));

    const started = Date.now();
    const late = await agent.post('/api/brand-profiles/extract').send({ imageUrls: atLeastThree([image]) });
    expect({ status: late.status, message: late.body.message }).toEqual({ status: 504, message: 'Brand extraction took too long. Please try again.' });
    expect(Date.now() - started).toBeLessThan(6000);
    const [row] = await t.db.dataSource.query(`SELECT id, status, error, sources FROM brand_extractions WHERE organization_id = $1`, [organizationId]);
    expect(row).toMatchObject({ status: 'failed', error: 'Timed out' });
    expect(existsSync(join(storage.dir, row.sources[0].key))).toBe(false);
    expect((await agent.get('/api/brand-profiles/usage').expect(200)).body.extractions.usedToday).toBe(0);

    worker = await startInProcessWorker({ ...env, DATABASE_URL: t.db.url, OPENAI_API_KEY: undefined });
    const res = await agent.post('/api/brand-profiles/extract').send({ imageUrls: atLeastThree([image]), fileNames: ['cross_process.png'] }).expect(200);
    expect(res.body).toMatchObject({ autoCreateFailed: false, profile: { name: 'cross process', source_images: [expect.objectContaining({ thumbnail_key: expect.stringMatching(/\.thumb\.webp$/) })] } });
    expect(res.body.brandData.colors.primary).toMatch(/^#[0-9A-F]{6}$/);
    expect((await agent.get('/api/brand-profiles/usage').expect(200)).body.extractions.usedToday).toBe(1);
    // The late job (queued first) found its extraction settled and left it alone.
    await waitFor('the late job to be taken', async () => {
      const [first] = await t.db.dataSource.query(`SELECT status, attempts FROM brand_extractions WHERE id = $1`, [row.id]);
      return first.status === 'failed' && first.attempts === 0 ? first : undefined;
    });
    expect(await t.db.dataSource.query(`SELECT id FROM brand_source_images WHERE extraction_id = $1`, [row.id])).toEqual([]);
  });
});
