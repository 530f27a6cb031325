// The production topology: API processes that only enqueue (BullMQ on Redis) and the worker as a
// separate process (worker/dist/main.js, built by `npx tsc -b worker/tsconfig.build.json`).
// Progress crosses processes through Redis pub/sub: a job enqueued through API A, run by the worker,
// is watched through API B. Then the worker is killed with SIGKILL in the middle of a batch.
import { CREDIT_COST_PER_IMAGE, WELCOME_BONUS_CREDITS } from '@brandloom/contracts';
import { CreditsService } from '@brandloom/core';
import { auditCredits, describeWithRedis, sleep, tempStorage, topUp, waitFor, waitForSettled } from '@brandloom/core/testing';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { eventData, organizationIdOf, readSse, spawnWorker, SpawnedWorker } from '../../backend/test/generation-helpers';
import { createTestApp, signUp, TestApp, agentFor } from '../../backend/test/test-app';

describeWithRedis('generation with the worker as a separate process (BullMQ, Redis pub/sub)', () => {
  const storage = tempStorage();
  const prefix = `bl-test-${randomBytes(4).toString('hex')}`;
  let apiA: TestApp;
  let apiB: TestApp;
  const workers: SpawnedWorker[] = [];
  let shared: Record<string, string>;

  const startWorker = async (extra: Record<string, string> = {}): Promise<SpawnedWorker> => {
    const worker = spawnWorker({ ...shared, DATABASE_URL: apiA.db.url, ...extra });
    workers.push(worker);
    await waitFor(
      'the worker to start',
      () => {
        if (worker.hasExited()) throw new Error(`the worker exited early:\n${worker.output()}`);
        return /worker started/.test(worker.output()) ? true : undefined;
      },
      20_000,
      () => `\n--- worker output ---\n${worker.output()}`,
    );
    return worker;
  };

  beforeAll(async () => {
    shared = {
      REDIS_URL: process.env.REDIS_URL!,
      QUEUE_PREFIX: prefix,
      STORAGE_DIR: storage.dir,
      // A killed worker's jobs count as stalled after 2 s, and are moved back within half a second.
      QUEUE_LOCK_DURATION_MS: '2000',
      QUEUE_STALLED_INTERVAL_MS: '500',
    };
    apiA = await createTestApp(shared);
    apiB = await createTestApp({ ...shared, DATABASE_URL: apiA.db.url });
  });
  afterAll(async () => {
    await Promise.all(workers.map((w) => w.kill('SIGKILL')));
    await apiB?.close();
    await apiA?.close();
    storage.cleanup();
  });

  it('request → credits debited → images stored → assets created → SSE in order, watched through another API process', async () => {
    const worker = await startWorker({ LOCAL_RENDERER_DELAY_MS: '1500' });
    try {
      const { agent, user, password } = await signUp(apiA);
      const organizationId = await organizationIdOf(agent);
      // The same user, signed in through API B (sessions live in PostgreSQL).
      const agentB = agentFor(apiB);
      await agentB.post('/api/auth/login').send({ email: user.email, password }).expect((res) => expect(res.status).toBeLessThan(300));

      const res = await agent.post('/api/generate').send({ prompt: 'A crisp banner for a product launch', quality: 'medium', size: '1024x1024', variationCount: 2 }).expect(201);
      const id = res.body.job.id as string;
      // Debited at once, before any image exists.
      expect((await agentB.get('/api/credits/balance').expect(200)).body.credits).toBe(WELCOME_BONUS_CREDITS - 4);

      const stream = await readSse(agentB, `/api/generate/progress/${id}`);
      const names = stream.events.map((e) => e.event);
      expect(names.slice(-2)).toEqual(['completed', 'close']);
      expect(names.slice(0, -2).every((n) => n === 'progress')).toBe(true);
      const progress = eventData(stream.events, 'progress').map((p) => p.progress as number);
      expect([...progress].sort((a, b) => a - b)).toEqual(progress);
      // Live steps from the worker arrived while the client was connected (not only the snapshot).
      expect(progress.filter((p) => p > 10 && p < 100).length).toBeGreaterThanOrEqual(2);
      const [completed] = eventData(stream.events, 'completed');
      expect(completed.variations).toHaveLength(2);

      const assets = await apiA.db.dataSource.query(`SELECT s3_key, thumbnail_key FROM assets WHERE generation_id = $1 ORDER BY variation_index`, [id]);
      expect(assets.map((a: { s3_key: string }) => a.s3_key)).toEqual(completed.variations.map((v: { s3Key: string }) => v.s3Key));
      for (const asset of assets) {
        expect(existsSync(join(storage.dir, asset.s3_key))).toBe(true);
        // Written just after the completion.
        await waitFor('the thumbnail', () => existsSync(join(storage.dir, asset.thumbnail_key)) || undefined);
      }
      // Files are served by either API process.
      await agentB.get(completed.variations[0].apiProxyUrl).expect(200).expect('content-type', 'image/png');
      expect(await auditCredits(apiA.db.dataSource, organizationId)).toEqual({ debited: 4, refunded: 0, delivered: 2, costOfDelivered: 4 });
    } finally {
      await worker.kill('SIGTERM');
    }
  }, 60_000);

  it('survives SIGKILL of the worker in the middle of a batch: every generation settles and credits match images delivered', async () => {
    const { agent } = await signUp(apiA);
    const organizationId = await organizationIdOf(agent);
    await topUp(apiA.app.get(CreditsService), organizationId, 200);
    const env = { LOCAL_RENDERER_DELAY_MS: '2000', WORKER_CONCURRENCY: '2' };
    let worker = await startWorker(env);

    const ids: string[] = [];
    for (let i = 0; i < 8; i += 1) {
      const res = await agent.post('/api/generate').send({ prompt: `Batch image number ${i + 1}`, quality: 'low', size: '1024x1024', variationCount: 2 }).expect(201);
      ids.push(res.body.job.id);
    }
    const statuses = async () =>
      (await apiA.db.dataSource.query(
        `SELECT status, count(*)::int AS n, count(*) FILTER (WHERE started_at > now() - interval '1 second')::int AS just_started
           FROM generations WHERE id = ANY($1) GROUP BY status`,
        [ids],
      )) as Array<{ status: string; n: number; just_started: number }>;
    // Killed once some are done and another was claimed under a second ago: its two-second render
    // cannot end between this look and the kill, even when the machine is busy.
    const atKill = await waitFor(
      'a completed generation while another has just started',
      async () => {
        const rows = await statuses();
        const row = (s: string) => rows.find((r) => r.status === s);
        if ((row('completed')?.n ?? 0) < 1 || (row('processing')?.just_started ?? 0) < 1) return undefined;
        await worker.kill('SIGKILL');
        return rows;
      },
      30_000,
      () => `\n${worker.output()}`,
    );
    await sleep(200);

    worker = await startWorker(env);
    const settled = await waitForSettled(apiA.db.dataSource, ids, 45_000, () => `\n${JSON.stringify(atKill)}\n${worker.output()}`);
    // The stalled jobs were moved back and finished: nothing was lost.
    expect(settled.filter((r) => r.status === 'completed')).toHaveLength(ids.length);
    const perGeneration = await apiA.db.dataSource.query(
      `SELECT g.id, g.variation_count, count(a.id)::int AS assets FROM generations g LEFT JOIN assets a ON a.generation_id = g.id
        WHERE g.id = ANY($1) GROUP BY g.id`,
      [ids],
    );
    for (const row of perGeneration) expect(row.assets).toBe(row.variation_count);
    // At least one job was interrupted and run again (claimed twice).
    const [{ rerun }] = await apiA.db.dataSource.query(`SELECT count(*)::int AS rerun FROM generations WHERE id = ANY($1) AND attempts > 1`, [ids]);
    expect(rerun).toBeGreaterThanOrEqual(1);
    const audit = await auditCredits(apiA.db.dataSource, organizationId);
    expect(audit.debited - audit.refunded).toBe(audit.costOfDelivered);
    expect(audit).toEqual({ debited: 16 * CREDIT_COST_PER_IMAGE.low, refunded: 0, delivered: 16, costOfDelivered: 16 });
    // A retried image overwrote its own key: exactly one original per asset.
    const generated = () => readdirSync(join(storage.dir, 'org', organizationId, 'generated'));
    expect(generated().filter((f) => f.endsWith('.png'))).toHaveLength(16);
    // Every thumbnail is served, including one the kill cut off after its generation completed
    // (made from the original when asked for); then there is exactly one per asset.
    const assets: Array<{ s3_key: string }> = await apiA.db.dataSource.query(`SELECT s3_key FROM assets WHERE generation_id = ANY($1)`, [ids]);
    for (const { s3_key } of assets) await agent.get(`/api/assets/file/${s3_key}?variant=thumb`).expect(200).expect('content-type', 'image/webp');
    expect(generated().filter((f) => f.endsWith('.thumb.webp'))).toHaveLength(16);
    await worker.kill('SIGTERM');
  }, 90_000);
});
