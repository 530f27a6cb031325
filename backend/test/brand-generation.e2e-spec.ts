// Generation with a brand profile on the zero-dependency path (local renderer, in-process queue and
// outbox relay): the image carries the brand, assets record the profile, asset_count follows
// asset.created and asset.deleted through an idempotent consumer, and deleting the profile keeps the
// assets' brand name.
import { atLeastThree, colorBlocks, dataUrl, pixelAt, tempStorage, waitFor, waitForSettled } from '@brandloom/core/testing';
import { BrandAssetCountConsumer, deltaE2000Hex } from '@brandloom/core';

import { organizationIdOf } from './generation-helpers';
import { createTestApp, signUp, TestApp } from './test-app';

describe('generation with a brand profile (local renderer)', () => {
  let t: TestApp;
  const storage = tempStorage();

  beforeAll(async () => {
    t = await createTestApp({ REDIS_URL: undefined, STORAGE_DIR: storage.dir, OPENAI_API_KEY: undefined, OUTBOX_POLL_MS: '50' });
  });
  afterAll(async () => {
    await t?.close();
    storage.cleanup();
  });

  const assetCount = async (profileId: string) =>
    (await t.db.dataSource.query(`SELECT asset_count FROM brand_profiles WHERE id = $1`, [profileId]))[0]?.asset_count as number;
  const consumed = async (eventIds: string[]) =>
    (
      await t.db.dataSource.query(`SELECT count(*)::int AS n FROM processed_events WHERE consumer = $1 AND event_id = ANY($2)`, [
        BrandAssetCountConsumer.CONSUMER,
        eventIds,
      ])
    )[0].n as number;
  const eventsOf = async (type: string, assetIds: string[]) =>
    (
      await t.db.dataSource.query(`SELECT event_id FROM outbox WHERE type = $1 AND payload->>'assetId' = ANY($2)`, [type, assetIds])
    ).map((r: { event_id: string }) => r.event_id) as string[];

  it('paints the extracted brand, records the profile on the assets, and keeps asset_count through events, replay-safe', async () => {
    const { agent } = await signUp(t);
    const organizationId = await organizationIdOf(agent);
    const extracted = await agent
      .post('/api/brand-profiles/extract')
      .send({ imageUrls: atLeastThree([dataUrl(await colorBlocks(['#0F766E', '#F97316', '#FACC15']))]), fileNames: ['sunrise_coffee.png'] })
      .expect(200);
    const profile = extracted.body.profile;
    expect(profile.name).toBe('sunrise coffee');
    const { primary, secondary } = profile.brand_data.colors;

    const res = await agent
      .post('/api/generate')
      .send({ prompt: 'TEST a poster for the autumn blend', quality: 'low', size: '1024x1024', variationCount: 2, contentPolicyScan: true, brand_profile_id: profile.id })
      .expect(201);
    await waitForSettled(t.db.dataSource, [res.body.job.id]);
    const assets: Array<{ id: string; s3_key: string; brand_profile_id: string; brand_profile_name: string }> = await t.db.dataSource.query(
      `SELECT id, s3_key, brand_profile_id, brand_profile_name FROM assets WHERE generation_id = $1 ORDER BY variation_index`,
      [res.body.job.id],
    );
    expect(assets).toHaveLength(2);
    for (const asset of assets) expect(asset).toMatchObject({ brand_profile_id: profile.id, brand_profile_name: 'sunrise coffee' });

    // The local renderer paints the top of the image with the primary colour and the bottom band with the secondary.
    const image = (await agent.get(`/api/assets/file/${assets[0].s3_key}`).buffer(true).expect(200)).body as Buffer;
    expect(Buffer.isBuffer(image)).toBe(true);
    expect(deltaE2000Hex(await pixelAt(image, 4, 4), primary)).toBeLessThan(1);
    expect(deltaE2000Hex(await pixelAt(image, 4, 1000), secondary)).toBeLessThan(1);

    // asset.created → the consumer (once per event).
    const created = await eventsOf('asset.created', assets.map((a) => a.id));
    expect(created).toHaveLength(2);
    await waitFor('asset.created to be consumed', async () => ((await consumed(created)) === 2 ? true : undefined));
    expect(await assetCount(profile.id)).toBe(2);
    expect((await agent.get(`/api/brand-profiles/${profile.id}`).expect(200)).body.asset_count).toBe(2);

    // Replayed events (an operator or a relay that died before marking them) change nothing.
    await t.db.dataSource.query(`UPDATE outbox SET published_at = NULL WHERE event_id = ANY($1)`, [created]);
    await waitFor('the replay to be published', async () => {
      const [{ n }] = await t.db.dataSource.query(`SELECT count(*)::int AS n FROM outbox WHERE event_id = ANY($1) AND published_at IS NOT NULL`, [created]);
      return n === 2 ? true : undefined;
    });
    expect(await assetCount(profile.id)).toBe(2);
    expect(await consumed(created)).toBe(2);

    // Deleting an asset in the library: asset.deleted → the count goes down.
    await agent.delete(`/api/assets/${assets[0].id}`).expect(204);
    const deleted = await eventsOf('asset.deleted', [assets[0].id]);
    expect(deleted).toHaveLength(1);
    await waitFor('asset.deleted to be consumed', async () => ((await consumed(deleted)) === 1 ? true : undefined));
    expect(await assetCount(profile.id)).toBe(1);
    // Replayed too.
    await t.db.dataSource.query(`UPDATE outbox SET published_at = NULL WHERE event_id = ANY($1)`, [deleted]);
    await waitFor('the replay to be published', async () => {
      const [{ n }] = await t.db.dataSource.query(`SELECT count(*)::int AS n FROM outbox WHERE event_id = ANY($1) AND published_at IS NOT NULL`, [deleted]);
      return n === 1 ? true : undefined;
    });
    expect(await assetCount(profile.id)).toBe(1);

    // The count is recomputed, not blindly incremented: a new, duplicated asset.created for the same asset keeps it right.
    await t.db.dataSource.transaction(async (m) => {
      await m.query(`INSERT INTO outbox (event_id, type, payload, organization_id) VALUES (gen_random_uuid(), 'asset.created', $1, $2)`, [
        JSON.stringify({ assetId: assets[1].id, brandProfileId: profile.id }),
        organizationId,
      ]);
    });
    await waitFor('the duplicate to be consumed', async () => {
      const [{ n }] = await t.db.dataSource.query(`SELECT count(*)::int AS n FROM processed_events WHERE consumer = $1`, [BrandAssetCountConsumer.CONSUMER]);
      return n >= 4 ? true : undefined;
    });
    expect(await assetCount(profile.id)).toBe(1);

    // Deleting the profile keeps the assets and their brand name.
    await agent.delete(`/api/brand-profiles/${profile.id}`).expect(204);
    const [kept] = await t.db.dataSource.query(`SELECT brand_profile_id, brand_profile_name FROM assets WHERE id = $1`, [assets[1].id]);
    expect(kept).toEqual({ brand_profile_id: null, brand_profile_name: 'sunrise coffee' });
    const [generation] = await t.db.dataSource.query(`SELECT brand_profile_id, brand_profile_name FROM generations WHERE id = $1`, [res.body.job.id]);
    expect(generation).toEqual({ brand_profile_id: null, brand_profile_name: 'sunrise coffee' });
  });

  it("refuses another organization's profile for a generation (404)", async () => {
    const alice = await signUp(t);
    const bob = await signUp(t);
    const { body: profile } = await alice.agent.post('/api/brand-profiles').send({ name: 'Alice Brand' }).expect(201);
    await bob.agent
      .post('/api/generate')
      .send({ prompt: 'TEST a banner', quality: 'low', size: '1024x1024', variationCount: 1, contentPolicyScan: true, brand_profile_id: profile.id })
      .expect(404);
  });
});
