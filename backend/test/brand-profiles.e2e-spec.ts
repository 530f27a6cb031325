// /api/brand-profiles on the zero-dependency path: no REDIS_URL (the API runs the 'brand.extract' job
// itself through the in-process queue), no OpenAI (style from image statistics), local storage.
import { atLeastThree, colorBlocks, dataUrl, gradientWithPatch, logoOnWhite, setPlan, tempStorage, waitFor } from '@brandloom/core/testing';
import { BRAND_MESSAGES, brandExtractionLimitMessage, brandProfileLimitMessage, INPUT_MESSAGES } from '@brandloom/contracts';
import { BrandExtractionLimitError, BrandExtractionService, deltaE2000Hex, MaintenanceJobs, STORAGE_DRIVER, type StorageDriver } from '@brandloom/core';
import sharp from 'sharp';

import { organizationIdOf } from './generation-helpers';
import { createTestApp, signUp, TestApp } from './test-app';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const today = () => `Brand Profile - ${MONTHS[new Date().getUTCMonth()]} ${new Date().getUTCDate()}`;

describe('brand profiles (in-process queue, no OpenAI)', () => {
  let t: TestApp;
  const storage = tempStorage();
  let blocks: Buffer;
  let logo: Buffer;
  let photo: Buffer;
  const truth = ['#1D4ED8', '#F59E0B', '#10B981'];

  beforeAll(async () => {
    t = await createTestApp({ REDIS_URL: undefined, STORAGE_DIR: storage.dir, OPENAI_API_KEY: undefined });
    blocks = await colorBlocks(truth);
    logo = await logoOnWhite('#7B2CBF', '#FF9F1C');
    photo = await gradientWithPatch('#E63946');
  });
  afterAll(async () => {
    await t?.close();
    storage.cleanup();
  });

  const extractions = (organizationId: string) =>
    t.db.dataSource.query(`SELECT status, sources, error FROM brand_extractions WHERE organization_id = $1 ORDER BY created_at`, [organizationId]);

  describe('manual profiles', () => {
    it('creates with the defaults, lists, reads, renames, merges brand data and deletes', async () => {
      const { agent } = await signUp(t);
      const created = await agent.post('/api/brand-profiles').send({ name: '  Acme   Coffee ', description: 'Roasted in Georgia' }).expect(201);
      expect(created.body).toEqual({
        id: expect.any(String),
        name: 'Acme Coffee',
        description: 'Roasted in Georgia',
        brand_data: { colors: { primary: '#0066FF', secondary: '#111827', accent: '' } },
        asset_count: 0,
        created_at: expect.any(String),
        updated_at: expect.any(String),
        source_images: [],
        logos: [],
      });
      const id = created.body.id as string;

      const list = await agent.get('/api/brand-profiles').query({ userId: 'anything' }).expect(200);
      expect(list.headers['cache-control']).toBe('no-store');
      expect(list.body.map((p: { id: string }) => p.id)).toEqual([id]);
      expect((await agent.get(`/api/brand-profiles/${id}`).expect(200)).body.name).toBe('Acme Coffee');

      const patched = await agent
        .patch(`/api/brand-profiles/${id}`)
        .send({ name: 'Acme Roasters', brand_data: { colors: { accent: '#ff9f1c' }, visualStyle: { tone: 'Warm' }, brandPersonality: ['Friendly'] } })
        .expect(200);
      expect(patched.body).toMatchObject({
        name: 'Acme Roasters',
        description: 'Roasted in Georgia',
        brand_data: { colors: { primary: '#0066FF', secondary: '#111827', accent: '#FF9F1C' }, visualStyle: { tone: 'Warm' }, brandPersonality: ['Friendly'] },
      });
      expect(new Date(patched.body.updated_at).getTime()).toBeGreaterThanOrEqual(new Date(created.body.updated_at).getTime());
      // Only the name, as the details page sends it.
      await agent.patch(`/api/brand-profiles/${id}`).send({ name: 'Acme' }).expect(200);
      expect((await agent.get(`/api/brand-profiles/${id}`).expect(200)).body).toMatchObject({ name: 'Acme', brand_data: { visualStyle: { tone: 'Warm' } } });

      await agent.delete(`/api/brand-profiles/${id}`).expect(204);
      await agent.get(`/api/brand-profiles/${id}`).expect(404);
      expect((await agent.get('/api/brand-profiles').expect(200)).body).toEqual([]);
    });

    it('refuses a short name and colours that are not #RRGGBB with the validation messages, and changes nothing', async () => {
      const { agent } = await signUp(t);
      const cases: Array<[Record<string, unknown>, string]> = [
        [{ name: 'A' }, 'Name must be at least 2 characters'],
        [{ name: '   ' }, 'Name must be at least 2 characters'],
        [{}, 'Name must be at least 2 characters'],
        [{ name: 42 }, 'Name must be at least 2 characters'],
        [{ name: 'x'.repeat(201) }, 'Name must be at most 200 characters'],
        [{ name: 'Acme', brand_data: { colors: { primary: 'blue' } } }, 'Must be a valid hex color code'],
        [{ name: 'Acme', brandData: { colors: { secondary: '#12345' } } }, 'Must be a valid hex color code'],
        [{ name: 'Acme', brand_data: { colors: { accent: '#12345G' } } }, 'Must be a valid hex color code'],
      ];
      for (const [body, message] of cases) {
        const res = await agent.post('/api/brand-profiles').send(body);
        expect({ body, status: res.status, message: res.body.message }).toEqual({ body, status: 400, message });
      }
      const res = await agent.post('/api/brand-profiles').send({ name: 'Acme', unknown: 1 });
      expect(res.status).toBe(400);
      expect((await agent.get('/api/brand-profiles').expect(200)).body).toEqual([]);

      const { body: profile } = await agent.post('/api/brand-profiles').send({ name: 'Acme' }).expect(201);
      const bad = await agent.patch(`/api/brand-profiles/${profile.id}`).send({ name: 'B', brand_data: { colors: { primary: '#000000' } } });
      expect({ status: bad.status, message: bad.body.message }).toEqual({ status: 400, message: 'Name must be at least 2 characters' });
      expect((await agent.get(`/api/brand-profiles/${profile.id}`).expect(200)).body).toMatchObject({ name: 'Acme', brand_data: { colors: { primary: '#0066FF' } } });
    });

    it("answers 404 for another organization's profile on every route, and ?userId never widens the scope", async () => {
      const alice = await signUp(t);
      const bob = await signUp(t);
      const { body: profile } = await alice.agent.post('/api/brand-profiles').send({ name: 'Alice Brand' }).expect(201);
      await bob.agent.get(`/api/brand-profiles/${profile.id}`).expect(404);
      await bob.agent.patch(`/api/brand-profiles/${profile.id}`).send({ name: 'Stolen' }).expect(404);
      await bob.agent.delete(`/api/brand-profiles/${profile.id}`).expect(404);
      const bobs = await bob.agent.get('/api/brand-profiles').query({ userId: alice.user.id }).expect(200);
      expect(bobs.body).toEqual([]);
      await bob.agent.get('/api/brand-profiles/not-a-uuid').expect(404);
      await bob.agent.post('/api/brand-profiles').send({ name: 'Bob', brandDataId: '00000000-0000-4000-8000-000000000000' }).expect(404);
      await t.http().get('/api/brand-profiles').expect(401);
      await t.http().post('/api/brand-profiles/extract').send({ imageUrls: [] }).expect(401);
      expect((await alice.agent.get(`/api/brand-profiles/${profile.id}`).expect(200)).body.name).toBe('Alice Brand');
    });

    it('holds each plan to its profiles (Starter 1, Agency 10, Team+ unlimited), also under concurrency', async () => {
      const { agent } = await signUp(t);
      const organizationId = await organizationIdOf(agent);
      await agent.post('/api/brand-profiles').send({ name: 'First' }).expect(201);
      const second = await agent.post('/api/brand-profiles').send({ name: 'Second' });
      expect({ status: second.status, message: second.body.message }).toEqual({ status: 403, message: brandProfileLimitMessage(1) });
      expect((await agent.get('/api/brand-profiles/usage').expect(200)).body).toEqual({
        plan_tier: 'Starter',
        profiles: { used: 1, limit: 1 },
        extractions: { usedToday: 0, limit: 25 },
      });

      await setPlan(t.db.dataSource, organizationId, 'Agency');
      const results = await Promise.all(Array.from({ length: 14 }, (_, i) => agent.post('/api/brand-profiles').send({ name: `Agency ${i}` })));
      expect(results.filter((r) => r.status === 201)).toHaveLength(9);
      expect(results.filter((r) => r.status === 403).map((r) => r.body.message)).toEqual(Array(5).fill(brandProfileLimitMessage(10)));
      expect((await agent.get('/api/brand-profiles').expect(200)).body).toHaveLength(10);

      await setPlan(t.db.dataSource, organizationId, 'Team+');
      for (let i = 0; i < 3; i += 1) await agent.post('/api/brand-profiles').send({ name: `Team ${i}` }).expect(201);
      expect((await agent.get('/api/brand-profiles/usage').expect(200)).body).toMatchObject({ plan_tier: 'Team+', profiles: { used: 13, limit: null }, extractions: { limit: null } });
    });
  });

  describe('extraction', () => {
    it('extracts from 3 images (PNG, JPEG, WebP): colours, palette, style, a profile named by date, stored sources and thumbnails', async () => {
      const { agent } = await signUp(t);
      const organizationId = await organizationIdOf(agent);
      const res = await agent
        .post('/api/brand-profiles/extract')
        .send({ imageUrls: [dataUrl(blocks), dataUrl(logo, 'image/jpeg'), dataUrl(photo, 'image/webp')] })
        .expect(200);
      const { profile, brandData } = res.body;
      expect(res.body).toMatchObject({ autoCreateFailed: false, autoCreateError: null, brandDataId: expect.any(String), name: today(), skipped: [], message: 'Brand profile created' });
      expect(profile).toMatchObject({ name: today(), description: expect.stringContaining('extracted from 3 images'), asset_count: 0 });
      expect(profile.brand_data).toEqual({ ...brandData, dominant_colors: undefined });
      expect(brandData.colors.primary).toMatch(/^#[0-9A-F]{6}$/);
      expect(brandData.typography).toEqual({ fontFamily: expect.any(String), headingStyle: expect.any(String) });
      expect(brandData.visualStyle).toEqual({ tone: expect.any(String), imageStyle: expect.any(String) });
      expect(brandData.brandPersonality.length).toBeGreaterThanOrEqual(2);
      expect(brandData.metadata).toMatchObject({ source: 'extraction', styleSource: 'image-statistics', imageCount: '3' });
      expect(brandData.dominant_colors).toEqual(brandData.palette.map((c: { hex: string }) => c.hex));
      const total = brandData.palette.reduce((sum: number, c: { proportion: number }) => sum + c.proportion, 0);
      expect(total).toBeCloseTo(1, 2);
      // Every known colour of the three images is in the palette.
      const missing = [...truth, '#7B2CBF', '#FF9F1C', '#E63946'].filter((hex) => Math.min(...brandData.palette.map((c: { hex: string }) => deltaE2000Hex(c.hex, hex))) >= 5);
      expect({ missing, palette: brandData.palette }).toEqual({ missing: [], palette: brandData.palette });

      expect(profile.source_images).toHaveLength(3);
      expect(profile.source_images.map((s: { content_type: string }) => s.content_type)).toEqual(['image/png', 'image/jpeg', 'image/webp']);
      for (const source of profile.source_images) {
        expect(source.s3_key).toMatch(new RegExp(`^org/${organizationId}/brand-sources/[0-9a-f]{32}\\.(png|jpg|webp)$`));
        const original = await agent.get(source.url).expect(200);
        expect(original.body.length).toBe(source.file_size);
        const thumb = await agent.get(source.thumbnail_url).expect(200);
        expect(thumb.headers['content-type']).toBe('image/webp');
      }
      const [row] = await t.db.dataSource.query(`SELECT status, brand_profile_id FROM brand_extractions WHERE id = $1`, [res.body.brandDataId]);
      expect(row).toEqual({ status: 'completed', brand_profile_id: profile.id });
      expect((await agent.get(`/api/brand-profiles/${profile.id}`).expect(200)).body.source_images).toHaveLength(3);
    });

    it('recovers three colour blocks of 60/30/10 % as primary, secondary and accent (ΔE < 5, proportions ± 5 %)', async () => {
      const { agent } = await signUp(t);
      const res = await agent.post('/api/brand-profiles/extract').send({ imageUrls: atLeastThree([dataUrl(blocks)]), fileNames: ['acme_brand-colours.png'] }).expect(200);
      const { colors, palette } = res.body.brandData;
      expect(deltaE2000Hex(colors.primary, truth[0])).toBeLessThan(5);
      expect(deltaE2000Hex(colors.secondary, truth[1])).toBeLessThan(5);
      expect(deltaE2000Hex(colors.accent, truth[2])).toBeLessThan(5);
      const share = (hex: string) => palette.filter((c: { hex: string }) => deltaE2000Hex(c.hex, hex) < 5).reduce((s: number, c: { proportion: number }) => s + c.proportion, 0);
      expect(Math.abs(share(truth[0]) - 0.6)).toBeLessThanOrEqual(0.05);
      expect(Math.abs(share(truth[1]) - 0.3)).toBeLessThanOrEqual(0.05);
      expect(Math.abs(share(truth[2]) - 0.1)).toBeLessThanOrEqual(0.05);
      // One file: its name, underscores and dashes turned into spaces.
      expect(res.body.profile.name).toBe('acme brand colours');
    });

    it('finds the logo colour patch in a photo-like gradient', async () => {
      const { agent } = await signUp(t);
      const res = await agent.post('/api/brand-profiles/extract').send({ imageUrls: atLeastThree([dataUrl(photo, 'image/webp')]) }).expect(200);
      const { colors, palette } = res.body.brandData;
      expect(Math.min(...palette.map((c: { hex: string }) => deltaE2000Hex(c.hex, '#E63946')))).toBeLessThan(5);
      expect([colors.primary, colors.secondary, colors.accent].some((hex: string) => deltaE2000Hex(hex, '#E63946') < 5)).toBe(true);
      expect(res.body.profile.name).toBe(today());
    });

    it('still answers the brand data when the plan has no profile left (autoCreateFailed), and the form can save it later', async () => {
      const { agent } = await signUp(t);
      const organizationId = await organizationIdOf(agent);
      await agent.post('/api/brand-profiles').send({ name: 'Existing' }).expect(201);
      const res = await agent.post('/api/brand-profiles/extract').send({ imageUrls: atLeastThree([dataUrl(blocks), dataUrl(logo, 'image/jpeg')]) }).expect(200);
      expect(res.body).toMatchObject({
        profile: null,
        autoCreateFailed: true,
        autoCreateError: brandProfileLimitMessage(1),
        message: 'Brand extracted, but automatic profile creation failed. Please try again.',
        name: today(),
        brandData: { colors: { primary: expect.stringMatching(/^#[0-9A-F]{6}$/) } },
      });
      // Saving the prefilled form is still over the limit...
      const form = { name: res.body.name, description: res.body.description, brandData: res.body.brandData, brandDataId: res.body.brandDataId };
      const refused = await agent.post('/api/brand-profiles').send(form);
      expect({ status: refused.status, message: refused.body.message }).toEqual({ status: 403, message: brandProfileLimitMessage(1) });
      // ...until the organization upgrades; the saved profile takes the extraction's images along.
      await setPlan(t.db.dataSource, organizationId, 'Agency');
      const saved = await agent.post('/api/brand-profiles').send(form).expect(201);
      expect(saved.body.brand_data.colors).toEqual(res.body.brandData.colors);
      expect(saved.body.brand_data.palette).toEqual(res.body.brandData.palette);
      expect(saved.body.brand_data.metadata).toMatchObject({ source: 'extraction' });
      expect(saved.body.source_images).toHaveLength(2);
    });

    it('maintenance.prune removes the images of an extraction whose profile was never created, after a day, and keeps claimed ones', async () => {
      const { agent } = await signUp(t);
      await agent.post('/api/brand-profiles').send({ name: 'Existing' }).expect(201);
      const unclaimed = await agent.post('/api/brand-profiles/extract').send({ imageUrls: atLeastThree([dataUrl(blocks), dataUrl(logo, 'image/jpeg')]) }).expect(200);
      expect(unclaimed.body.autoCreateFailed).toBe(true);
      const images = async (extractionId: string) =>
        (await t.db.dataSource.query(`SELECT s3_key, thumbnail_key FROM brand_source_images WHERE extraction_id = $1`, [extractionId])) as Array<{ s3_key: string; thumbnail_key: string | null }>;
      const stored = await images(unclaimed.body.brandDataId);
      const keys = stored.flatMap((row) => [row.s3_key, row.thumbnail_key].filter((key): key is string => !!key));
      expect(stored).toHaveLength(2);
      const storageDriver = t.app.get<StorageDriver>(STORAGE_DRIVER);
      for (const key of keys) expect(await storageDriver.exists(key)).toBe(true);
      const claimedProfileImages = Number((await t.db.dataSource.query(`SELECT count(*)::int AS n FROM brand_source_images WHERE brand_profile_id IS NOT NULL`))[0].n);

      // Younger than a day: kept (the prefilled form may still be saved).
      await t.app.get(MaintenanceJobs).prune();
      expect(await images(unclaimed.body.brandDataId)).toHaveLength(2);

      await t.db.dataSource.query(`UPDATE brand_source_images SET created_at = now() - interval '25 hours' WHERE extraction_id = $1`, [unclaimed.body.brandDataId]);
      const removed = await t.app.get(MaintenanceJobs).prune();
      expect(removed.unclaimedBrandImages).toBe(2);
      expect(await images(unclaimed.body.brandDataId)).toEqual([]);
      for (const key of keys) expect(await storageDriver.exists(key)).toBe(false);
      expect(Number((await t.db.dataSource.query(`SELECT count(*)::int AS n FROM brand_source_images WHERE brand_profile_id IS NOT NULL`))[0].n)).toBe(claimedProfileImages);
    });

    it('refuses bad input with clear messages: too many, too large, invalid, duplicates, nothing left; refused requests do not count', async () => {
      const { agent } = await signUp(t);
      const organizationId = await organizationIdOf(agent);
      const png = dataUrl(blocks);
      const send = (body: Record<string, unknown>) => agent.post('/api/brand-profiles/extract').send(body);

      const tooMany = await send({ imageUrls: Array(6).fill(png) });
      expect({ status: tooMany.status, message: tooMany.body.message }).toEqual({ status: 400, message: 'Too many images' });

      const big = Buffer.concat([blocks, Buffer.alloc(5.5 * 1024 * 1024)]);
      const tooLarge = await send({ imageUrls: atLeastThree([dataUrl(big), dataUrl(Buffer.concat([big, Buffer.from('x')]))]) });
      expect({ status: tooLarge.status, message: tooLarge.body.message }).toEqual({ status: 413, message: 'Files too large' });
      const beyondBody = await send({ imageUrls: [dataUrl(Buffer.alloc(12 * 1024 * 1024))] });
      expect({ status: beyondBody.status, message: beyondBody.body.message }).toEqual({ status: 413, message: 'Files too large' });

      const text = Buffer.from('this is a text file named logo.png');
      const html = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
      for (const imageUrls of [[dataUrl(text)], [dataUrl(html, 'image/svg+xml')], ['data:image/png;base64,'], ['ftp://example.com/logo.png'], [42]].map((urls) => [...urls, ...urls, ...urls])) {
        const res = await send({ imageUrls });
        expect({ imageUrls: imageUrls.map((u) => String(u).slice(0, 30)), status: res.status, message: res.body.message }).toEqual({
          imageUrls: imageUrls.map((u) => String(u).slice(0, 30)),
          status: 400,
          message: 'No valid image URLs after sanitization...',
        });
      }
      const notAList = await send({ imageUrls: png });
      expect(notAList.status).toBe(400);
      // An extraction takes 3 to 5 images.
      for (const imageUrls of [[png], [png, dataUrl(blocks, 'image/png')]]) {
        expect((await send({ imageUrls }).expect(400)).body.message).toBe(BRAND_MESSAGES.tooFewImages);
      }
      expect((await send({ imageUrls: [] }).expect(400)).body.message).toBe(BRAND_MESSAGES.noValidImages);

      // One good image with a text file named like an image and two duplicates (same text, same bytes).
      const mixed = await send({
        imageUrls: [png, dataUrl(text), png, dataUrl(blocks, 'application/octet-stream')],
        fileNames: ['brand.png', 'photo.png', 'brand.png', 'brand-copy.png'],
      }).expect(200);
      expect(mixed.body.skipped).toEqual([
        { index: 1, fileName: 'photo.png', reason: 'Invalid image', detail: 'The content is not a PNG, JPEG, WebP or GIF image' },
        { index: 2, fileName: 'brand.png', reason: 'Duplicate file' },
        { index: 3, fileName: 'brand-copy.png', reason: 'Duplicate file' },
      ]);
      expect(mixed.body.profile.name).toBe('brand');
      expect(mixed.body.profile.source_images).toHaveLength(1);

      // Only the accepted extraction counts for the day; refused ones left no files behind.
      const rows = await extractions(organizationId);
      expect(rows.filter((r: { status: string }) => r.status !== 'failed')).toHaveLength(1);
      expect((await agent.get('/api/brand-profiles/usage').expect(200)).body.extractions).toEqual({ usedToday: 1, limit: 25 });
    });

    it('refuses URLs of loopback, private and metadata addresses without fetching them', async () => {
      const { agent } = await signUp(t);
      const urls = [
        'http://127.0.0.1/logo.png',
        'http://127.1/logo.png',
        'http://2130706433/logo.png',
        'http://0x7f000001/logo.png',
        'http://[::1]/logo.png',
        'http://[::ffff:127.0.0.1]/logo.png',
        'http://0.0.0.0/logo.png',
      ];
      const res = await agent.post('/api/brand-profiles/extract').send({ imageUrls: urls.slice(0, 5) });
      expect({ status: res.status, message: res.body.message }).toEqual({ status: 400, message: 'No valid image URLs after sanitization...' });
      const more = await agent.post('/api/brand-profiles/extract').send({ imageUrls: [...urls.slice(5), 'http://169.254.169.254/latest/meta-data/', 'http://10.0.0.1/a.png', 'http://localhost/a.png'] });
      expect({ status: more.status, message: more.body.message }).toEqual({ status: 400, message: 'No valid image URLs after sanitization...' });
      // With a good image beside them, they are reported as skipped.
      const mixed = await agent.post('/api/brand-profiles/extract').send({ imageUrls: atLeastThree([dataUrl(blocks), 'http://169.254.169.254/latest/meta-data/']) }).expect(200);
      expect(mixed.body.skipped).toEqual([
        { index: 1, fileName: 'meta-data', reason: 'Invalid image', detail: 'The address 169.254.169.254 is not allowed' },
        { index: 2, fileName: null, reason: 'Duplicate file' },
      ]);
    });

    it('allows 25 extractions a day on Starter and Pro (429 after, atomically), unlimited on Agency and Team+', async () => {
      const { agent } = await signUp(t);
      const organizationId = await organizationIdOf(agent);
      const insert = (orgId: string, n: number, status = 'completed') =>
        t.db.dataSource.query(`INSERT INTO brand_extractions (organization_id, status) SELECT $1, $2 FROM generate_series(1, $3)`, [orgId, status, n]);
      await insert(organizationId, 24);
      await insert(organizationId, 5, 'failed'); // failed ones do not count
      await insert(organizationId, 3); // yesterday's do not count
      await t.db.dataSource.query(
        `UPDATE brand_extractions SET created_at = now() - interval '1 day' - interval '1 minute'
          WHERE id IN (SELECT id FROM brand_extractions WHERE organization_id = $1 AND status = 'completed' ORDER BY created_at DESC LIMIT 3)`,
        [organizationId],
      );
      await setPlan(t.db.dataSource, organizationId, 'Pro');
      // The 25th of the day passes (its profile is the plan's one), the 26th does not.
      await agent.post('/api/brand-profiles/extract').send({ imageUrls: atLeastThree([dataUrl(blocks)]) }).expect(200);
      const refused = await agent.post('/api/brand-profiles/extract').send({ imageUrls: atLeastThree([dataUrl(blocks)]) });
      expect({ status: refused.status, message: refused.body.message }).toEqual({
        status: 429,
        message: brandExtractionLimitMessage(),
      });

      await setPlan(t.db.dataSource, organizationId, 'Agency');
      await insert(organizationId, 30);
      const agency = await agent.post('/api/brand-profiles/extract').send({ imageUrls: atLeastThree([dataUrl(logo, 'image/jpeg')]) }).expect(200);
      expect(agency.body.brandData.colors.primary).toMatch(/^#/);

      // 40 reservations at once for a Starter organization: exactly 25 get through.
      const other = await signUp(t);
      const otherOrg = await organizationIdOf(other.agent);
      const service = t.app.get(BrandExtractionService);
      const outcomes = await Promise.allSettled(Array.from({ length: 40 }, () => service.reserve(otherOrg, other.user.id)));
      expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(25);
      const rejected = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
      expect(rejected).toHaveLength(15);
      expect(rejected.every((o) => o.reason instanceof BrandExtractionLimitError)).toBe(true);
      const [{ n }] = await t.db.dataSource.query(`SELECT count(*)::int AS n FROM brand_extractions WHERE organization_id = $1`, [otherOrg]);
      expect(n).toBe(25);
    });

    it('deleting a profile removes its source images (rows and files)', async () => {
      const { agent } = await signUp(t);
      const res = await agent.post('/api/brand-profiles/extract').send({ imageUrls: atLeastThree([dataUrl(logo, 'image/jpeg')]) }).expect(200);
      const [source] = res.body.profile.source_images;
      await agent.get(source.url).expect(200);
      await agent.delete(`/api/brand-profiles/${res.body.profile.id}`).expect(204);
      await waitFor('the source file to be deleted', async () => ((await agent.get(source.url)).status === 404 ? true : undefined), 5000);
      await agent.get(source.thumbnail_url).expect(404);
      const rows = await t.db.dataSource.query(`SELECT id FROM brand_source_images WHERE s3_key = $1`, [source.s3_key]);
      expect(rows).toEqual([]);
    });

    it('refuses images that cannot be decoded before the job, keeps the readable ones otherwise, and a refusal does not count', async () => {
      const { agent } = await signUp(t);
      const organizationId = await organizationIdOf(agent);
      // A PNG whose header is fine but whose pixel data is cut short.
      const big = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } } }).png().toBuffer();
      const truncated = big.subarray(0, Math.floor(big.length / 3));
      const failed = await agent.post('/api/brand-profiles/extract').send({ imageUrls: atLeastThree([dataUrl(truncated)]), fileNames: ['broken.png'] });
      expect({ status: failed.status, message: failed.body.message }).toEqual({ status: 400, message: BRAND_MESSAGES.noValidImages });
      expect(failed.body.skipped[0]).toEqual({ index: 0, fileName: 'broken.png', reason: BRAND_MESSAGES.invalidImage, detail: INPUT_MESSAGES.imageDamaged });
      const [row] = await extractions(organizationId);
      // The row keeps the product's message, never the image library's or the database's own text.
      expect(row).toMatchObject({ status: 'failed', error: BRAND_MESSAGES.noValidImages });

      const mixed = await agent.post('/api/brand-profiles/extract').send({ imageUrls: atLeastThree([dataUrl(truncated), dataUrl(blocks)]), fileNames: ['broken.png', 'good_one.png'] }).expect(200);
      expect(mixed.body.skipped[0]).toEqual({ index: 0, fileName: 'broken.png', reason: BRAND_MESSAGES.invalidImage, detail: INPUT_MESSAGES.imageDamaged });
      expect(mixed.body.profile.name).toBe('good one');
      expect(mixed.body.profile.source_images.map((s: { file_name: string }) => s.file_name)).toEqual(['good_one.png']);
      expect((await agent.get('/api/brand-profiles/usage').expect(200)).body.extractions.usedToday).toBe(1);
    });

    it('decodes within the pixel limit: an image whose header declares too many pixels is refused', async () => {
      const { agent } = await signUp(t);
      // A tiny PNG that declares 20000 × 20000 pixels.
      const header = await sharp({ create: { width: 1, height: 1, channels: 3, background: '#000' } }).png().toBuffer();
      const bomb = Buffer.from(header);
      bomb.writeUInt32BE(20000, 16);
      bomb.writeUInt32BE(20000, 20);
      const res = await agent.post('/api/brand-profiles/extract').send({ imageUrls: atLeastThree([dataUrl(bomb)]) });
      expect({ status: res.status, message: res.body.message }).toEqual({ status: 400, message: 'No valid image URLs after sanitization...' });
    });
  });
});
