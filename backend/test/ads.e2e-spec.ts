// Finished ads: the layouts catalogue, POST/GET/PATCH/DELETE /api/ads and their refusals, the render
// job (its asset, its retry) and the bulk CSV's copy columns, on a database of its own, local-disk
// storage in a temporary directory and the in-process queue.
import { AD_COPY_LIMITS, AD_FORMAT_IDS, AD_LAYOUTS, AD_MESSAGES, BULK_MESSAGES, placementSize, safeZones } from '@brandloom/contracts';
import { AdRunner, AdSweeper, CreditsService, InProcessQueueDriver, organizationScopedKey, QueuePort, STORAGE_DRIVER, type StorageDriver } from '@brandloom/core';
import { createAsset, tempStorage, topUp, waitFor } from '@brandloom/core/testing';
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import request from 'supertest';
import { eventData, organizationIdOf, readSse, type Agent } from './generation-helpers';
import { createTestApp, signUp, TestApp } from './test-app';

interface AdBody {
  id: string;
  placement: string;
  layout: string;
  status: string;
  message: string | null;
  asset_id: string | null;
  source_asset_id: string | null;
  version: number;
  layers: { copy: { headline: string; body: string; cta: string | null }; width: number; height: number; elements: unknown[]; adjustments: string[]; notes?: unknown[] } | null;
  language?: string | null;
}

const COPY = { headline: 'Fresh coffee, every week', body: 'Pick your beans and never run out again.', cta: 'SHOP_NOW' };

/** A photo-like 1024×1024 PNG. */
async function photo(): Promise<Buffer> {
  return sharp(
    Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="1024" height="1024"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#fff"/><stop offset="1" stop-color="#203040"/></linearGradient></defs><rect width="1024" height="1024" fill="url(#g)"/><circle cx="700" cy="420" r="220" fill="#f4c542"/></svg>',
    ),
  )
    .png()
    .toBuffer();
}

describe('finished ads', () => {
  let t: TestApp;
  let storage: StorageDriver;
  let cleanup: () => void;

  beforeAll(async () => {
    const files = tempStorage();
    cleanup = files.cleanup;
    t = await createTestApp({ REDIS_URL: undefined, STORAGE_DIR: files.dir, OPENAI_API_KEY: undefined });
    storage = t.app.get<StorageDriver>(STORAGE_DRIVER);
  });
  afterAll(async () => {
    await (t?.app.get(QueuePort) as InProcessQueueDriver | undefined)?.onIdle();
    await t?.close();
    cleanup?.();
  });

  async function member(): Promise<{ agent: Agent; organizationId: string }> {
    const { agent } = await signUp(t);
    return { agent, organizationId: await organizationIdOf(agent) };
  }

  async function storedPhoto(organizationId: string) {
    const key = organizationScopedKey(organizationId, 'generated', 'png');
    const png = await photo();
    await storage.put(key, png, 'image/png');
    return createAsset(t.db.dataSource, { organizationId, s3Key: key, thumbnailKey: null, width: 1024, height: 1024, fileSize: png.length, name: 'Coffee hero' });
  }

  async function settled(agent: Agent, id: string, version = 1): Promise<AdBody> {
    return waitFor(`ad ${id} v${version}`, async () => {
      const body = (await agent.get(`/api/ads/${id}`).expect(200)).body as AdBody;
      return body.version === version && (body.status === 'completed' || body.status === 'failed') ? body : undefined;
    }, 30_000);
  }

  it('lists every layout in every placement with its boxes and the safe zones, in the placement pixels', async () => {
    const { agent } = await member();
    const { body } = await agent.get('/api/ads/layouts').expect(200);
    expect(body.layouts).toHaveLength(AD_LAYOUTS.length * AD_FORMAT_IDS.length);
    for (const layout of AD_LAYOUTS) expect(body.layouts.filter((entry: { id: string }) => entry.id === layout.id).map((entry: { placement: string }) => entry.placement)).toEqual([...AD_FORMAT_IDS]);
    const story = body.layouts.find((entry: { id: string; placement: string }) => entry.id === 'headline-top' && entry.placement === '9:16');
    expect(Object.keys(story.boxes).sort()).toEqual(['body', 'button', 'headline', 'logo']);
    expect(story.safeZones).toEqual(safeZones('9:16'));
    expect(story.safeZones.length).toBeGreaterThan(0);
    for (const key of ['x', 'y', 'width', 'height']) expect(typeof story.boxes.headline[key]).toBe('number');
    expect(body.layouts.find((entry: { placement: string }) => entry.placement === '1:1').safeZones).toEqual([]);
  });

  it('makes one ad per placement, rendered by a job to a library asset of the picture at the exact placement size, free', async () => {
    const { agent, organizationId } = await member();
    const picture = await storedPhoto(organizationId);
    const [{ credits: before }] = await t.db.dataSource.query(`SELECT credits FROM organizations WHERE id = $1`, [organizationId]);
    const res = await agent.post('/api/ads').send({ assetId: picture.id, placements: ['1:1', '9:16', '1.91:1'], layout: 'bottom-band', ...COPY, logo: null, brandProfileId: null });
    expect([201, 202]).toContain(res.status);
    expect(res.body.ads.map((ad: { placement: string }) => ad.placement)).toEqual(['1:1', '9:16', '1.91:1']);
    expect(res.body.ads.every((ad: { status: string }) => ad.status === 'queued')).toBe(true);
    for (const { id, placement } of res.body.ads as Array<{ id: string; placement: '1:1' | '9:16' | '1.91:1' }>) {
      const ad = await settled(agent, id);
      expect(ad).toMatchObject({ id, placement, layout: 'bottom-band', status: 'completed', source_asset_id: picture.id, version: 1 });
      expect(ad.layers!.copy).toEqual(COPY);
      const asset = (await agent.get(`/api/assets/${ad.asset_id}`).expect(200)).body;
      expect(asset).toMatchObject({ parent_asset_id: picture.id, format: placement, ...placementSize(placement) });
      expect(asset.thumbnailUrl).toEqual(expect.any(String));
      expect(await sharp(await download(agent, asset.url)).metadata()).toMatchObject(placementSize(placement));
      const thumb = await sharp(await download(agent, asset.thumbnailUrl)).metadata();
      const { width, height } = placementSize(placement);
      expect(Math.abs(thumb.width! / thumb.height! - width / height)).toBeLessThan(0.02);
    }
    const [{ credits: after }] = await t.db.dataSource.query(`SELECT credits FROM organizations WHERE id = $1`, [organizationId]);
    expect(after).toBe(before);
    const events = await t.db.dataSource.query(`SELECT payload FROM outbox WHERE type = 'ad.rendered' AND organization_id = $1`, [organizationId]);
    expect(events).toHaveLength(3);
    const listed = (await agent.get('/api/ads').query({ assetId: picture.id }).expect(200)).body.ads as AdBody[];
    expect(listed.map((ad) => ad.id).sort()).toEqual(res.body.ads.map((ad: { id: string }) => ad.id).sort());
  });

  it("sets the ad in the brand profile's colours with its logo, falls back to the default logo, and says when there is none", async () => {
    const { agent, organizationId } = await member();
    const picture = await storedPhoto(organizationId);
    const { body: profile } = await agent.post('/api/brand-profiles').send({ name: 'Roastery', brand_data: { colors: { primary: '#1b5e20', secondary: '#f4c542', accent: '#e03c31' } } }).expect(201);
    const logoKey = organizationScopedKey(organizationId, 'brand-logos', 'png');
    const logo = await sharp({ create: { width: 400, height: 160, channels: 4, background: { r: 13, g: 71, b: 161, alpha: 1 } } }).png().toBuffer();
    await storage.put(logoKey, logo, 'image/png');
    await t.db.dataSource.query(
      `INSERT INTO brand_logos (organization_id, brand_profile_id, variant, s3_key, width, height, content_type, file_size) VALUES ($1, $2, 'default', $3, 400, 160, 'image/png', $4)`,
      [organizationId, profile.id, logoKey, logo.length],
    );
    const make = async (brandProfileId: string, logoVariant: string) => {
      const { body } = await agent.post('/api/ads').send({ assetId: picture.id, placements: ['1:1'], layout: 'bottom-band', ...COPY, logo: logoVariant, brandProfileId });
      return settled(agent, body.ads[0].id);
    };
    type Element = { kind: string; role?: string; color?: string; box: { x: number; y: number; width: number; height: number } };
    const branded = await make(profile.id, 'dark');
    expect(branded.status).toBe('completed');
    const elements = branded.layers!.elements as Element[];
    expect(elements.find((element) => element.role === 'panel')!.color).toBe('#1b5e20');
    const placed = elements.find((element) => element.kind === 'logo')!;
    expect(placed.box.width / placed.box.height).toBeCloseTo(400 / 160, 1);
    // The logo's pixels are in the stored ad, where the layers put it.
    const asset = (await agent.get(`/api/assets/${branded.asset_id}`).expect(200)).body;
    const { data, info } = await sharp(await download(agent, asset.url)).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const centre = ((Math.round(placed.box.y + placed.box.height / 2) * info.width + Math.round(placed.box.x + placed.box.width / 2)) * 3);
    expect([data[centre], data[centre + 1], data[centre + 2]]).toEqual([13, 71, 161]);

    await t.db.dataSource.query(`DELETE FROM brand_logos WHERE brand_profile_id = $1`, [profile.id]);
    const without = await make(profile.id, 'default');
    expect(without.status).toBe('completed');
    expect((without.layers!.elements as Element[]).some((element) => element.kind === 'logo')).toBe(false);
    expect(without.layers!.adjustments).toContain(AD_MESSAGES.noLogo);
    expect(without.layers!.notes).toContainEqual({ code: 'no_logo', params: {} });
  });

  it("draws the button in the ad's language (German here) and keeps it on a new version; an ad without a language keeps American English", async () => {
    const { agent, organizationId } = await member();
    const picture = await storedPhoto(organizationId);
    const label = (ad: AdBody) => (ad.layers!.elements as Array<{ kind: string; role?: string; lines?: Array<{ text: string }> }>).find((element) => element.kind === 'text' && element.role === 'button')!.lines![0].text;
    const german = (await agent.post('/api/ads').send({ assetId: picture.id, placements: ['1:1'], layout: 'headline-top', headline: 'Frisch geröstet', body: '', cta: 'SHOP_NOW', logo: null, language: 'de' })).body;
    const ad = await settled(agent, german.ads[0].id);
    expect(ad).toMatchObject({ status: 'completed', language: 'de' });
    expect(label(ad)).toBe('Jetzt einkaufen');
    expect((await agent.patch(`/api/ads/${ad.id}`).send({ cta: 'LEARN_MORE' })).status).toBeLessThan(300);
    const changed = await settled(agent, ad.id, 2);
    expect(label(changed)).toBe('Mehr dazu');
    const english = (await agent.post('/api/ads').send({ assetId: picture.id, placements: ['1:1'], layout: 'headline-top', headline: 'Freshly roasted', body: '', cta: 'SHOP_NOW', logo: null })).body;
    expect(label(await settled(agent, english.ads[0].id))).toBe('Shop now');
  });

  it('refuses an unknown layout or placement, a headline too long, text that does not fit, and another organization picture, writing nothing', async () => {
    const { agent, organizationId } = await member();
    const other = await member();
    const picture = await storedPhoto(organizationId);
    const theirs = await storedPhoto(other.organizationId);
    const base = { assetId: picture.id, placements: ['1:1'], layout: 'headline-top', ...COPY, logo: null };
    const ads = () => t.db.dataSource.query(`SELECT count(*)::int AS n FROM ads WHERE organization_id = $1`, [organizationId]).then(([row]) => row.n as number);

    const layout = await agent.post('/api/ads').send({ ...base, layout: 'diagonal' }).expect(400);
    expect(said(layout.body)).toContain(AD_MESSAGES.layoutUnknown('diagonal'));
    const placement = await agent.post('/api/ads').send({ ...base, placements: ['1:1', '3:2'] }).expect(400);
    expect(said(placement.body)).toContain("'3:2'");
    const long = await agent.post('/api/ads').send({ ...base, headline: 'x'.repeat(AD_COPY_LIMITS.headline + 1) });
    expect(long.status).toBeGreaterThanOrEqual(400);
    expect(long.status).toBeLessThan(500);
    expect(said(long.body)).toMatch(/headline/i);
    const cta = await agent.post('/api/ads').send({ ...base, cta: 'BUY_IT' }).expect(400);
    expect(said(cta.body)).toContain('BUY_IT');

    // One word wider than the split layout's half: it does not fit at the smallest size.
    const tooWide = await agent.post('/api/ads').send({ ...base, layout: 'split', headline: 'Donaudampfschifffahrtsgesellschaft' });
    expect(tooWide.status).toBe(422);
    expect(tooWide.body).toMatchObject({ code: 'ad_copy_does_not_fit', field: 'headline', reason: 'word_too_wide', params: { role: 'headline', word: 'Donaudampfschifffahrtsgesellschaft', placement: '1:1' } });
    expect(said(tooWide.body)).toMatch(/headline does not fit/);
    const wideBody = await agent.post('/api/ads').send({ ...base, layout: 'split', body: 'Donaudampfschifffahrtsgesellschaftskapitänsmützenabzeichenhersteller' }).expect(422);
    expect(wideBody.body).toMatchObject({ code: 'ad_copy_does_not_fit', field: 'body', reason: 'word_too_wide', params: { role: 'body' } });
    expect(said(wideBody.body)).toMatch(/body does not fit/);

    await agent.post('/api/ads').send({ ...base, assetId: theirs.id }).expect(404);
    await agent.post('/api/ads').send({ ...base, assetId: randomUUID() }).expect(404);
    await agent.post('/api/ads').send({ ...base, brandProfileId: randomUUID() }).expect(404);
    expect(await ads()).toBe(0);
  });

  it('renders a change as version 2 of the same ad, to a new asset; the first asset stays as it was', async () => {
    const { agent, organizationId } = await member();
    const picture = await storedPhoto(organizationId);
    const { body } = await agent.post('/api/ads').send({ assetId: picture.id, placements: ['4:5'], layout: 'centered-offer', ...COPY, logo: null });
    const first = await settled(agent, body.ads[0].id);
    const firstAsset = (await agent.get(`/api/assets/${first.asset_id}`).expect(200)).body;
    const firstBytes = await download(agent, firstAsset.url);

    const long = await agent.patch(`/api/ads/${first.id}`).send({ headline: 'y'.repeat(AD_COPY_LIMITS.headline + 1) }).expect(400);
    expect(said(long.body)).toMatch(/headline/i);
    const changed = await agent.patch(`/api/ads/${first.id}`).send({ headline: 'Now with free delivery', cta: 'GET_OFFER' });
    expect(changed.status).toBeLessThan(300);
    const second = await settled(agent, first.id, 2);
    expect(second).toMatchObject({ id: first.id, version: 2, status: 'completed', source_asset_id: picture.id });
    expect(second.asset_id).not.toBe(first.asset_id);
    expect(second.layers!.copy).toEqual({ headline: 'Now with free delivery', body: COPY.body, cta: 'GET_OFFER' });
    expect((await agent.get(`/api/assets/${second.asset_id}`).expect(200)).body).toMatchObject({ parent_asset_id: picture.id, format: '4:5' });
    const stillThere = (await agent.get(`/api/assets/${first.asset_id}`).expect(200)).body;
    expect(stillThere).toMatchObject({ id: firstAsset.id, s3_key: firstAsset.s3_key, name: firstAsset.name });
    expect((await download(agent, stillThere.url)).equals(firstBytes)).toBe(true);
  });

  it("answers 404 for another organization's ad on get, change and delete; delete keeps the rendered asset", async () => {
    const { agent, organizationId } = await member();
    const stranger = await member();
    const picture = await storedPhoto(organizationId);
    const { body } = await agent.post('/api/ads').send({ assetId: picture.id, placements: ['1:1'], layout: 'headline-top', ...COPY, logo: null });
    const ad = await settled(agent, body.ads[0].id);
    await stranger.agent.get(`/api/ads/${ad.id}`).expect(404);
    await stranger.agent.patch(`/api/ads/${ad.id}`).send({ headline: 'Stolen' }).expect(404);
    await stranger.agent.delete(`/api/ads/${ad.id}`).expect(404);
    expect((await stranger.agent.get('/api/ads').expect(200)).body.ads).toEqual([]);
    await agent.get('/api/ads/not-an-id').expect(404);
    expect((await agent.get(`/api/ads/${ad.id}`).expect(200)).body.version).toBe(1);

    await agent.delete(`/api/ads/${ad.id}`).expect(204);
    await agent.get(`/api/ads/${ad.id}`).expect(404);
    await agent.get(`/api/assets/${ad.asset_id}`).expect(200);
  });

  it('a render job run again, or three times at once, adds one asset', async () => {
    const { agent, organizationId } = await member();
    const picture = await storedPhoto(organizationId);
    const runner = t.app.get(AdRunner);
    const context = { attempt: 2, isLastAttempt: false };
    const { body } = await agent.post('/api/ads').send({ assetId: picture.id, placements: ['1:1'], layout: 'split', ...COPY, logo: null });
    const id = body.ads[0].id as string;
    // The queue's run and two retries of the same version race each other.
    const outcomes = await Promise.all([runner.run(id, 1, context), runner.run(id, 1, context)]);
    const ad = await settled(agent, id);
    expect(ad.status).toBe('completed');
    expect(outcomes.filter((outcome) => outcome === 'completed').length).toBeLessThanOrEqual(1);
    const derived = () => t.db.dataSource.query(`SELECT id FROM assets WHERE parent_asset_id = $1`, [picture.id]);
    expect(await derived()).toEqual([{ id: ad.asset_id }]);

    // Settled: a retry of that version changes nothing.
    expect(await runner.run(id, 1, context)).toBe('already-settled');
    await t.app.get(QueuePort).enqueue('ad.render', { adId: id, version: 1 }, { jobId: `${id}-again` });
    await (t.app.get(QueuePort) as InProcessQueueDriver).onIdle();
    expect(await derived()).toEqual([{ id: ad.asset_id }]);
    expect((await agent.get(`/api/ads/${id}`).expect(200)).body).toMatchObject({ version: 1, asset_id: ad.asset_id });
    expect(await t.db.dataSource.query(`SELECT count(*)::int AS n FROM outbox WHERE type = 'ad.rendered' AND payload->>'adId' = $1`, [id])).toEqual([{ n: 1 }]);
  });

  it("streams an ad's render as progress events ending in the completed ad, and refuses another organization's ad", async () => {
    const { agent, organizationId } = await member();
    const picture = await storedPhoto(organizationId);
    const res = await agent.post('/api/ads').send({ assetId: picture.id, placements: ['4:5'], layout: 'centered-offer', ...COPY, logo: null, brandProfileId: null });
    const id = res.body.ads[0].id as string;
    const stream = await readSse(agent, `/api/ads/${id}/progress`);
    expect(stream.contentType).toContain('text/event-stream');
    const names = stream.events.map((event) => event.event);
    expect(names.slice(-2)).toEqual(['completed', 'close']);
    const progress = eventData(stream.events, 'progress').map((event) => event.progress as number);
    expect([...progress].sort((a, b) => a - b)).toEqual(progress);
    const [completed] = eventData(stream.events, 'completed');
    expect(completed).toMatchObject({ id, status: 'completed', placement: '4:5', asset_id: expect.any(String) });
    expect((await agent.get(`/api/assets/${completed.asset_id}`).expect(200)).body.parent_asset_id).toBe(picture.id);

    const { agent: stranger } = await member();
    expect((await stranger.get(`/api/ads/${id}/progress`)).status).toBe(404);
    expect((await stranger.get('/api/ads/not-a-uuid/progress')).status).toBe(404);
  });

  it('the sweeper renders an ad whose job was lost and fails one whose worker vanished, so none stays unsettled', async () => {
    const { agent, organizationId } = await member();
    const picture = await storedPhoto(organizationId);
    const res = await agent.post('/api/ads').send({ assetId: picture.id, placements: ['1:1'], layout: 'headline-top', ...COPY, logo: null, brandProfileId: null });
    const made = await settled(agent, res.body.ads[0].id);
    const copyOf = (status: string, age: string) =>
      t.db.dataSource.query(
        `INSERT INTO ads (id, organization_id, source_asset_id, brand_profile_id, placement, layout, headline, body, cta, logo, layers, status, ad_group_id, updated_at)
         SELECT gen_random_uuid(), organization_id, source_asset_id, brand_profile_id, placement, layout, headline, body, cta, logo, layers, $2, ad_group_id, now() - $3::interval
           FROM ads WHERE id = $1 RETURNING id`,
        [made.id, status, age],
      ).then(([row]: Array<{ id: string }>) => row.id);
    const lost = await copyOf('queued', '10 minutes');
    const stale = await copyOf('processing', '1 hour');
    const fresh = await copyOf('queued', '0 seconds');

    const result = await t.app.get(AdSweeper).sweep();
    expect(result).toMatchObject({ requeued: 1, settled: 1 });
    expect(await settled(agent, lost)).toMatchObject({ status: 'completed', asset_id: expect.any(String) });
    expect((await agent.get(`/api/ads/${stale}`).expect(200)).body).toMatchObject({ status: 'failed', message: AD_MESSAGES.interrupted });
    expect((await agent.get(`/api/ads/${fresh}`).expect(200)).body.status).toBe('queued');
  });

  it('creates, lists, reads, re-renders and deletes ads through /api/v1 with an ads:write key, and refuses a key without it', async () => {
    const { agent, organizationId } = await member();
    const picture = await storedPhoto(organizationId);
    const api = () => request(t.app.getHttpServer());
    const bearer = async (scopes: string[]) => ({ Authorization: `Bearer ${(await agent.post('/api/api-keys').send({ name: `ads ${scopes.join(' ')}`, scopes }).expect(201)).body.key}` });
    const writer = await bearer(['ads:write']);
    const reader = await bearer(['assets:read']);
    const ask = { assetId: picture.id, placements: ['1:1'], layout: 'headline-top', ...COPY, logo: null };

    const refused = await api().post('/api/v1/ads').set(reader).send(ask).expect(403);
    expect(refused.body.code).toBe('api_key_scope_missing');
    expect((await api().get('/api/v1/ads/layouts').set(writer).expect(200)).body.layouts).toHaveLength(AD_LAYOUTS.length * AD_FORMAT_IDS.length);
    const created = await api().post('/api/v1/ads').set(writer).send(ask);
    expect([201, 202]).toContain(created.status);
    const id = created.body.ads[0].id as string;
    await settled(agent, id);
    expect((await api().get('/api/v1/ads').set(writer).query({ assetId: picture.id }).expect(200)).body.ads.map((ad: AdBody) => ad.id)).toEqual([id]);
    await api().patch(`/api/v1/ads/${id}`).set(writer).send({ body: 'Now with oat milk.' }).expect(202);
    const second = await settled(agent, id, 2);
    expect((await api().get(`/api/v1/ads/${id}`).set(writer).expect(200)).body).toMatchObject({ id, version: 2, asset_id: second.asset_id });
    await api().delete(`/api/v1/ads/${id}`).set(writer).expect(204);
    await api().get(`/api/v1/ads/${id}`).set(writer).expect(404);
  });

  it("makes the Studio's 'Also make ads' of every picture of a generation, free, and refuses a bad ad before anything is charged", async () => {
    const { agent, organizationId } = await member();
    const ads = { placements: ['1:1', '9:16'], layout: 'bottom-band', headline: 'Summer sale', body: 'Everything 20% off this week.', cta: 'SHOP_NOW', logo: null };
    const generated = await agent.post('/api/generate/test').send({ prompt: 'TEST summer sale poster', quality: 'low', size: '1024x1024', variationCount: 2, ads }).expect(201);
    const [{ credits: afterGeneration }] = await t.db.dataSource.query(`SELECT credits FROM organizations WHERE id = $1`, [organizationId]);
    const pictures: Array<{ id: string }> = await waitFor('the generated pictures', async () => {
      const rows = await t.db.dataSource.query(`SELECT id FROM assets WHERE generation_id = $1`, [generated.body.generationId]);
      return rows.length === 2 ? rows : undefined;
    }, 30_000);
    for (const picture of pictures) {
      const made = await waitFor(`the ads of ${picture.id}`, async () => {
        const listed = (await agent.get('/api/ads').query({ assetId: picture.id }).expect(200)).body.ads as AdBody[];
        return listed.length === 2 && listed.every((ad) => ad.status === 'completed') ? listed : undefined;
      }, 30_000);
      expect(made.map((ad) => ad.placement).sort()).toEqual(['1:1', '9:16']);
      expect(made.every((ad) => ad.layout === 'bottom-band' && ad.layers!.copy.headline === 'Summer sale' && ad.layers!.copy.cta === 'SHOP_NOW')).toBe(true);
    }
    const [{ credits: afterAds }] = await t.db.dataSource.query(`SELECT credits FROM organizations WHERE id = $1`, [organizationId]);
    expect(afterAds).toBe(afterGeneration);

    const generations = async () => Number((await t.db.dataSource.query(`SELECT count(*) FROM generations WHERE organization_id = $1`, [organizationId]))[0].count);
    const before = await generations();
    const refused = await agent.post('/api/generate/test').send({ prompt: 'TEST bad ad poster', quality: 'low', size: '1024x1024', ads: { ...ads, layout: 'diagonal' } }).expect(400);
    expect(said(refused.body)).toContain("Unknown layout 'diagonal'");
    const tooLong = await agent.post('/api/studio').field('prompt', 'TEST bad ad poster').field('quality', 'low').field('size', '1024x1024').field('ads', JSON.stringify({ ...ads, headline: 'x'.repeat(AD_COPY_LIMITS.headline + 1) })).expect(400);
    expect(said(tooLong.body)).toContain('headline');
    expect(await generations()).toBe(before);
    const [{ credits: afterRefusals }] = await t.db.dataSource.query(`SELECT credits FROM organizations WHERE id = $1`, [organizationId]);
    expect(afterRefusals).toBe(afterAds);
  });

  it('makes the ads of every row of a 20-row CSV with copy columns, in the batch folder, and names the bad cells by row and column', async () => {
    const { agent, organizationId } = await member();
    await topUp(t.app.get(CreditsService), organizationId, 200);
    const header = 'prompt,headline,body,cta,layout,placements,language';
    const rows = Array.from({ length: 20 }, (_, i) => `TEST coffee poster ${i + 1},Fresh coffee no. ${i + 1},Roasted this week.,${i % 2 ? 'Shop now' : 'LEARN_MORE'},${AD_LAYOUTS[i % AD_LAYOUTS.length].id},${i % 3 ? '1:1;9:16' : '4:5'},${i % 4 ? 'en-US' : 'fr'}`);
    const csv = [header, ...rows, ''].join('\n');
    const bulk = await agent.post('/api/generate/bulk').attach('file', Buffer.from(csv), { filename: 'ads.csv', contentType: 'text/csv' }).expect(201);
    const expectedAds = Array.from({ length: 20 }, (_, i) => (i % 3 ? 2 : 1)).reduce((a, b) => a + b, 0);
    const inFolder = await waitFor(
      'every picture and ad in the batch folder',
      async () => {
        const assets = (await agent.get('/api/assets').query({ folderId: bulk.body.folderId, limit: 100 }).expect(200)).body as Array<{ id: string; format: string | null; parent_asset_id: string | null; method: string | null }>;
        return assets.length === 20 + expectedAds ? assets : undefined;
      },
      120_000,
    );
    const pictures = inFolder.filter((asset) => asset.format === null);
    const made = inFolder.filter((asset) => asset.method === 'ad');
    expect(pictures).toHaveLength(20);
    expect(made).toHaveLength(expectedAds);
    expect(made.every((asset) => pictures.some((picture) => picture.id === asset.parent_asset_id))).toBe(true);
    const ads = await t.db.dataSource.query(`SELECT status, headline, cta, language FROM ads WHERE source_asset_id = ANY($1)`, [pictures.map((picture) => picture.id)]);
    expect(ads).toHaveLength(expectedAds);
    expect(ads.every((ad: { status: string }) => ad.status === 'completed')).toBe(true);
    expect(new Set(ads.map((ad: { cta: string }) => ad.cta))).toEqual(new Set(['SHOP_NOW', 'LEARN_MORE']));
    for (const ad of ads as Array<{ headline: string; language: string }>) expect(ad.language).toBe(Number(/no\. (\d+)/.exec(ad.headline)![1]) % 4 === 1 ? 'fr' : 'en-US');

    const bad = [header, 'TEST fine row here,Fine,,,,1:1,de', 'TEST broken row here,,Body only,,,1:1,', 'TEST bad cells row,Hi,,BUY_IT,diagonal,1:1;2:3,klingon', ''].join('\n');
    const refused = await agent.post('/api/generate/bulk').attach('file', Buffer.from(bad), { filename: 'ads.csv', contentType: 'text/csv' }).expect(422);
    expect(refused.body.errors).toEqual([
      { row: 3, field: 'headline', message: BULK_MESSAGES.adHeadlineRequired },
      { row: 4, field: 'cta', message: BULK_MESSAGES.adCtaInvalid('BUY_IT') },
      { row: 4, field: 'layout', message: BULK_MESSAGES.adLayoutInvalid('diagonal') },
      { row: 4, field: 'placements', message: BULK_MESSAGES.adPlacementsInvalid },
      { row: 4, field: 'language', message: BULK_MESSAGES.adLanguageInvalid('klingon') },
    ]);
  }, 120_000);
});

/** An error answer's message (a validation answer lists one per field). */
function said(body: { message: string | string[] }): string {
  return [body.message].flat().join(' ');
}

async function download(agent: Agent, url: string): Promise<Buffer> {
  const res = await agent
    .get(url)
    .buffer(true)
    .parse((response, callback) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => callback(null, Buffer.concat(chunks)));
    })
    .expect(200);
  return res.body as Buffer;
}
