// The asset library's API: GET /api/assets (keyset pages for every sort, search, folder filter),
// /api/assets/count, GET/PATCH/DELETE /api/assets/{id}, on a database of its own, local-disk
// storage in a temporary directory and the in-process queue with the local renderer.
import { INPUT_MESSAGES, NEXT_CURSOR_HEADER, ASSET_SORTS, type AssetSort, LIBRARY_MESSAGES } from '@brandloom/contracts';
import { assetListSql, CreditsService, encodeAssetCursor, STORAGE_DRIVER, type StorageDriver } from '@brandloom/core';
import { type AssetInput, createAsset, createAssets, createFolder, createStoredAsset, tempStorage, waitFor, waitForSettled } from '@brandloom/core/testing';
import { randomUUID } from 'node:crypto';
import { organizationIdOf, type Agent } from './generation-helpers';
import { createTestApp, signUp, TestApp } from './test-app';

/** The order each sort promises, as SQL over the final table (the reference the pages are checked against). */
const ORDER_BY: Record<AssetSort, string> = {
  newest: 'created_at DESC, id DESC',
  oldest: 'created_at ASC, id ASC',
  'name-asc': 'lower(name) ASC, id ASC',
  'name-desc': 'lower(name) DESC, id DESC',
  // These assets have no ad results: they all tie (last), in id order.
  ctr: 'id DESC',
  spend: 'id DESC',
  results: 'id DESC',
  'cost-per-result': 'id ASC',
};

/** Every message of an error answer (ValidationPipe sends a list, domain errors one string). */
const messages = (body: { message: string | string[] }) => [body.message].flat();

describe('asset library API', () => {
  let t: TestApp;
  let storage: StorageDriver;
  const files = tempStorage();

  beforeAll(async () => {
    t = await createTestApp({ REDIS_URL: undefined, STORAGE_DIR: files.dir, OPENAI_API_KEY: undefined });
    storage = t.app.get<StorageDriver>(STORAGE_DRIVER);
  });
  afterAll(async () => {
    await t?.close();
    files.cleanup();
  });

  const db = () => t.db.dataSource;

  async function member(): Promise<{ agent: Agent; organizationId: string }> {
    const { agent } = await signUp(t);
    return { agent, organizationId: await organizationIdOf(agent) };
  }

  /** Follows X-Next-Cursor to the end; `between` runs after every page (to add assets meanwhile). */
  async function walk(agent: Agent, query: Record<string, string | number>, between: (pageIndex: number) => Promise<void> = async () => undefined) {
    const pages: Array<Array<{ id: string; name: string; created_at: string }>> = [];
    let cursor: string | undefined;
    for (;;) {
      const res = await agent.get('/api/assets').query({ ...query, ...(cursor ? { cursor } : {}) }).expect(200);
      pages.push(res.body);
      cursor = res.headers[NEXT_CURSOR_HEADER];
      if (!cursor) break;
      if (pages.length > 200) throw new Error('too many pages');
      await between(pages.length - 1);
    }
    return { pages, ids: pages.flat().map((a) => a.id) };
  }

  async function referenceOrder(organizationId: string, sort: AssetSort, where = 'true'): Promise<string[]> {
    const rows: Array<{ id: string }> = await db().query(`SELECT id FROM assets WHERE organization_id = $1 AND ${where} ORDER BY ${ORDER_BY[sort]}`, [organizationId]);
    return rows.map((r) => r.id);
  }

  it('lists the organization’s assets newest first, with the product’s fields and file URLs, and nothing of another organization', async () => {
    const a = await member();
    const b = await member();
    const folder = await createFolder(db(), a.organizationId, 'Campaigns');
    const [older, newer] = await createAssets(db(), [
      { organizationId: a.organizationId, name: 'Older', createdAt: '2026-01-01T10:00:00Z', thumbnailKey: null },
      {
        organizationId: a.organizationId,
        name: 'Newer',
        prompt: 'A poster',
        createdAt: '2026-01-02T10:00:00Z',
        folderId: folder.id,
        brandProfileName: 'Acme',
        width: 1536,
        height: 1024,
        fileSize: 2048,
      },
    ]);
    await createAsset(db(), { organizationId: b.organizationId, name: 'Not yours' });

    const res = await a.agent.get('/api/assets').expect(200);
    expect(res.headers[NEXT_CURSOR_HEADER]).toBeUndefined();
    expect(res.body.map((x: { id: string }) => x.id)).toEqual([newer.id, older.id]);
    expect(res.body[0]).toEqual({
      id: newer.id,
      name: 'Newer',
      s3_key: newer.s3_key,
      thumbnail_key: newer.thumbnail_key,
      content_type: 'image/png',
      width: 1536,
      height: 1024,
      file_size: 2048,
      prompt: 'A poster',
      brand_profile_id: null,
      brand_profile_name: 'Acme',
      folder_id: folder.id,
      generation_id: null,
      created_at: '2026-01-02T10:00:00.000Z',
      updated_at: expect.any(String),
      url: `/api/assets/file/${newer.s3_key}`,
      thumbnailUrl: `/api/assets/file/${newer.s3_key}?variant=thumb`,
      parent_asset_id: null,
      format: null,
      method: null,
      test_image: false,
    });
    expect(res.body[1]).toMatchObject({ id: older.id, thumbnail_key: null, thumbnailUrl: null, folder_id: null });
    expect(newer.s3_key.startsWith(`org/${a.organizationId}/`)).toBe(true);

    expect((await a.agent.get('/api/assets/count').expect(200)).body).toEqual({ count: 2 });
    expect((await b.agent.get('/api/assets/count').expect(200)).body).toEqual({ count: 1 });
    expect((await b.agent.get('/api/assets').expect(200)).body.map((x: { name: string }) => x.name)).toEqual(['Not yours']);
    expect((await a.agent.get(`/api/assets/${newer.id}`).expect(200)).body).toEqual(res.body[0]);

    await t.http().get('/api/assets').expect(401);
    await t.http().get('/api/assets/count').expect(401);
  });

  describe.each(ASSET_SORTS)('keyset paging sorted %s', (sort) => {
    it('has no duplicates and no gaps while assets are added between pages, and keeps the order', async () => {
      const { agent, organizationId } = await member();
      const words = ['Mango', 'apple', 'Banana', 'cherry', 'Delta', 'echo', 'Zulu', 'yankee', 'Kilo', 'lima'];
      // Ties on purpose: duplicate names (also differing in case only), equal timestamps, and
      // timestamps that differ only in their microseconds (a cursor rounded to milliseconds breaks these).
      const seeds: AssetInput[] = Array.from({ length: 45 }, (_, i) => {
        const group = Math.floor(i / 4);
        const micro = [0, 0, 1, 2][i % 4];
        return {
          organizationId,
          name: i % 6 === 0 ? 'Duplicate' : i % 6 === 3 ? 'DUPLICATE' : `${words[i % words.length]} ${String(i).padStart(2, '0')}`,
          createdAt: `2026-03-01T12:00:${String(group).padStart(2, '0')}.00000${micro}Z`,
        };
      });
      const seeded = await createAssets(db(), seeds);
      let inserted = 0;
      const addMeanwhile = async () => {
        // Newer than everything, older than everything, and names at the start, middle and end.
        inserted += 1;
        await createAssets(db(), [
          { organizationId, name: `AAA newer ${inserted}`, createdAt: `2030-01-01T00:00:0${inserted % 10}.000001Z` },
          { organizationId, name: `zzz older ${inserted}`, createdAt: `2020-01-01T00:00:0${inserted % 10}.000001Z` },
          { organizationId, name: `Duplicate`, createdAt: `2026-03-01T12:00:05.000001Z` },
          { organizationId, name: `Kilo 50 middle ${inserted}` },
        ]);
      };

      const { pages, ids } = await walk(agent, { sort, limit: 7 }, addMeanwhile);

      expect(pages.length).toBeGreaterThanOrEqual(7);
      for (const page of pages.slice(0, -1)) expect(page).toHaveLength(7);
      expect(new Set(ids).size).toBe(ids.length);
      const seen = new Set(ids);
      expect(seeded.filter((a) => !seen.has(a.id)).map((a) => a.name)).toEqual([]);
      // The concatenated pages are in the sort's order (rows added behind the cursor never show up later).
      const reference = (await referenceOrder(organizationId, sort)).filter((id) => seen.has(id));
      expect(ids).toEqual(reference);
      // Some rows added meanwhile were ahead of the cursor (seen), some behind (not seen).
      expect(ids.length).toBeGreaterThan(seeded.length);
      expect(ids.length).toBeLessThan(seeded.length + inserted * 4);
    });
  });

  it('pages by 30 by default and accepts 1 to 100', async () => {
    const { agent, organizationId } = await member();
    await createAssets(db(), Array.from({ length: 35 }, (_, i) => ({ organizationId, name: `A${i}` })));
    const first = await agent.get('/api/assets').expect(200);
    expect(first.body).toHaveLength(30);
    expect(first.headers[NEXT_CURSOR_HEADER]).toEqual(expect.any(String));
    const second = await agent.get('/api/assets').query({ cursor: first.headers[NEXT_CURSOR_HEADER] }).expect(200);
    expect(second.body).toHaveLength(5);
    expect(second.headers[NEXT_CURSOR_HEADER]).toBeUndefined();
    expect((await agent.get('/api/assets?limit=100').expect(200)).body).toHaveLength(35);
    expect((await agent.get('/api/assets?limit=1').expect(200)).body).toHaveLength(1);
  });

  it('answers 400 with a message for a bad sort, limit or cursor, and never 500', async () => {
    const { agent, organizationId } = await member();
    await createAssets(db(), [{ organizationId }, { organizationId }, { organizationId }]);
    const page = await agent.get('/api/assets?limit=1').expect(200);
    const newestCursor = page.headers[NEXT_CURSOR_HEADER] as string;
    const forge = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const id = randomUUID();
    const cases: Array<[Record<string, string>, string]> = [
      [{ sort: 'random' }, LIBRARY_MESSAGES.invalidSort],
      [{ limit: '0' }, LIBRARY_MESSAGES.invalidLimit],
      [{ limit: '101' }, LIBRARY_MESSAGES.invalidLimit],
      [{ limit: 'ten' }, LIBRARY_MESSAGES.invalidLimit],
      [{ limit: '2.5' }, LIBRARY_MESSAGES.invalidLimit],
      [{ cursor: 'not a cursor!' }, LIBRARY_MESSAGES.invalidCursor],
      [{ cursor: 'bm90IGpzb24' }, LIBRARY_MESSAGES.invalidCursor],
      [{ cursor: forge(['newest', 'x', id]) }, LIBRARY_MESSAGES.invalidCursor],
      [{ cursor: forge({ s: 'newest', k: '2026-02-31T00:00:00.000000+00:00', i: id }) }, LIBRARY_MESSAGES.invalidCursor],
      [{ cursor: forge({ s: 'newest', k: '2026-01-01T24:00:00+00:00', i: id }) }, LIBRARY_MESSAGES.invalidCursor],
      [{ cursor: forge({ s: 'newest', k: 'yesterday', i: id }) }, LIBRARY_MESSAGES.invalidCursor],
      [{ cursor: forge({ s: 'newest', k: '2026-01-01T00:00:00Z', i: 'not-a-uuid' }) }, LIBRARY_MESSAGES.invalidCursor],
      [{ cursor: forge({ s: 'name-asc', k: 'a\u0000b', i: id }), sort: 'name-asc' }, LIBRARY_MESSAGES.invalidCursor],
      // A cursor is only valid for the sort it was made for.
      [{ cursor: newestCursor, sort: 'name-asc' }, LIBRARY_MESSAGES.invalidCursor],
      [{ folderId: 'inbox' }, LIBRARY_MESSAGES.invalidFolderFilter],
      [{ search: 'x'.repeat(201) }, LIBRARY_MESSAGES.searchTooLong],
      // The API-wide text rule answers before the field's own checks.
      [{ search: 'a\u0000b' }, INPUT_MESSAGES.invalidText('search')],
    ];
    for (const [query, message] of cases) {
      const res = await agent.get('/api/assets').query(query);
      expect([JSON.stringify(query), res.status]).toEqual([JSON.stringify(query), 400]);
      expect(res.body).toMatchObject({ statusCode: 400, message: expect.anything(), error: 'Bad Request', code: expect.stringMatching(/^[a-z]+(_[a-z]+)*$/) });
      expect(messages(res.body)).toEqual([message]);
    }
    // Repeated parameters and unknown ones are refused too.
    await agent.get('/api/assets?sort=newest&sort=oldest').expect(400);
    await agent.get('/api/assets?page=2').expect(400);
    // A well-formed cursor of the right sort works, also one made by hand.
    await agent.get('/api/assets').query({ cursor: encodeAssetCursor({ sort: 'name-desc', key: 'zzz', id }), sort: 'name-desc' }).expect(200);
    await agent.get('/api/assets').query({ cursor: newestCursor }).expect(200);
  });

  describe('search', () => {
    let agent: Agent;
    let organizationId: string;
    const names: Record<string, string> = {};

    beforeAll(async () => {
      ({ agent, organizationId } = await member());
      const other = await member();
      const rows = await createAssets(db(), [
        { organizationId, name: 'Summer SALE banner', prompt: 'beach party with palm trees' },
        { organizationId, name: 'Winter coat', prompt: 'A RED Bicycle leaning on a brick wall' },
        { organizationId, name: '100% organic', prompt: null },
        { organizationId, name: '100 organic', prompt: null },
        { organizationId, name: 'snake_case', prompt: null },
        { organizationId, name: 'snakeXcase', prompt: null },
        { organizationId, name: 'C:\\path\\file', prompt: null },
        { organizationId, name: 'Plain', prompt: 'a wholesale offer' },
      ]);
      for (const row of rows) names[row.id] = row.name;
      await createAsset(db(), { organizationId: other.organizationId, name: 'Summer sale elsewhere', prompt: 'sale' });
    });

    const search = async (term: string, extra: Record<string, string> = {}) => {
      const res = await agent.get('/api/assets').query({ search: term, sort: 'name-asc', ...extra }).expect(200);
      // Sorted here: which of two names comes first depends on the database's collation, not on the search.
      return (res.body as Array<{ name: string }>).map((a) => a.name).sort();
    };

    it('matches a case-insensitive substring of the name or the prompt, trimmed, in this organization only', async () => {
      expect(await search('sale')).toEqual(['Plain', 'Summer SALE banner']);
      expect(await search('  SUMMER  ')).toEqual(['Summer SALE banner']);
      expect(await search('bicycle')).toEqual(['Winter coat']);
      expect(await search('organic')).toEqual(['100 organic', '100% organic']);
      expect(await search('nothing like this')).toEqual([]);
      // Empty after trimming: no search.
      expect(await search('   ')).toHaveLength(8);
      expect((await agent.get('/api/assets/count').query({ search: 'sale' }).expect(200)).body).toEqual({ count: 2 });
    });

    it('takes %, _ and \\ literally', async () => {
      expect(await search('100%')).toEqual(['100% organic']);
      expect(await search('%')).toEqual(['100% organic']);
      expect(await search('_')).toEqual(['snake_case']);
      expect(await search('e_c')).toEqual(['snake_case']);
      expect(await search('\\path')).toEqual(['C:\\path\\file']);
      expect(await search('%_')).toEqual([]);
    });

    it('pages through the matches with the cursor, for every sort', async () => {
      for (const sort of ASSET_SORTS) {
        const { ids } = await walk(agent, { search: 'o', sort, limit: 1 });
        const expected = await referenceOrder(organizationId, sort, `(name ILIKE '%o%' OR prompt ILIKE '%o%')`);
        expect(ids).toEqual(expected);
        expect(expected.length).toBeGreaterThan(3);
      }
    });

    it('accepts 200 characters, refuses 201', async () => {
      await agent.get('/api/assets').query({ search: 'é'.repeat(200) }).expect(200);
      const res = await agent.get('/api/assets').query({ search: 'é'.repeat(201) }).expect(400);
      expect(messages(res.body)).toEqual([LIBRARY_MESSAGES.searchTooLong]);
    });

    it('is served by the trigram indexes', async () => {
      const big = await member();
      await db().query(
        `INSERT INTO assets (organization_id, name, prompt, s3_key, width, height, file_size)
         SELECT $1::uuid, 'Generated asset ' || g, 'a product photo, variant ' || g, 'org/' || $1::text || '/generated/' || md5(g::text) || '.png', 1024, 1024, 1000
           FROM generate_series(1, 5000) g`,
        [big.organizationId],
      );
      // As autovacuum leaves it: statistics current, the GIN pending lists merged.
      await db().query(`VACUUM ANALYZE assets`);
      const sql = assetListSql(big.organizationId, { folderId: null, search: 'quartz zebra', sort: 'newest', cursor: null, limit: 30 });
      const [{ 'QUERY PLAN': plan }] = await db().query(`EXPLAIN (FORMAT JSON) ${sql.text}`, sql.values);
      const text = JSON.stringify(plan);
      expect(text).toContain('assets_name_trgm_idx');
      expect(text).toContain('assets_prompt_trgm_idx');
    });
  });

  describe('folder filter', () => {
    it('lists and counts one folder’s assets, or every asset for none/absent; another organization’s folder is 404', async () => {
      const { agent, organizationId } = await member();
      const other = await member();
      const [f1, f2] = [await createFolder(db(), organizationId, 'One'), await createFolder(db(), organizationId, 'Two')];
      const foreign = await createFolder(db(), other.organizationId, 'Theirs');
      await createAsset(db(), { organizationId: other.organizationId, folderId: foreign.id });
      const inF1 = await createAssets(db(), Array.from({ length: 5 }, (_, i) => ({ organizationId, folderId: f1.id, name: `F1 ${i}` })));
      await createAssets(db(), Array.from({ length: 2 }, (_, i) => ({ organizationId, folderId: f2.id, name: `F2 ${i}` })));
      await createAssets(db(), Array.from({ length: 4 }, (_, i) => ({ organizationId, name: `Loose ${i}` })));

      const ids = async (query: Record<string, string>) => ((await agent.get('/api/assets').query(query).expect(200)).body as Array<{ id: string }>).map((a) => a.id).sort();
      expect(await ids({ folderId: f1.id })).toEqual(inF1.map((a) => a.id).sort());
      expect(await ids({ folderId: f2.id })).toHaveLength(2);
      expect(await ids({ folderId: 'none' })).toHaveLength(11);
      expect(await ids({ folderId: '' })).toHaveLength(11);
      expect(await ids({})).toHaveLength(11);
      expect((await agent.get('/api/assets/count').query({ folderId: f1.id }).expect(200)).body).toEqual({ count: 5 });
      expect((await agent.get('/api/assets/count').query({ folderId: 'none' }).expect(200)).body).toEqual({ count: 11 });
      expect((await agent.get('/api/assets/count').query({ folderId: f2.id, search: 'f2 1' }).expect(200)).body).toEqual({ count: 1 });

      for (const sort of ASSET_SORTS) {
        const walked = await walk(agent, { folderId: f1.id, sort, limit: 2 });
        expect(walked.ids).toEqual(await referenceOrder(organizationId, sort, `folder_id = '${f1.id}'`));
      }

      for (const path of ['/api/assets', '/api/assets/count']) {
        for (const folderId of [foreign.id, randomUUID()]) {
          const res = await agent.get(path).query({ folderId }).expect(404);
          expect(res.body).toEqual({ statusCode: 404, message: LIBRARY_MESSAGES.folderNotFound, error: 'Not Found', code: 'folder_not_found' });
        }
        const bad = await agent.get(path).query({ folderId: 'not-a-folder' }).expect(400);
        expect(messages(bad.body)).toEqual([LIBRARY_MESSAGES.invalidFolderFilter]);
      }
    });
  });

  describe('PATCH /api/assets/{id}', () => {
    it('renames (trimmed) and moves into a folder, back out with null, or both at once', async () => {
      const { agent, organizationId } = await member();
      const folder = await createFolder(db(), organizationId, 'Moved here');
      const asset = await createAsset(db(), { organizationId, name: 'Before', createdAt: '2026-01-01T00:00:00Z' });

      const renamed = await agent.patch(`/api/assets/${asset.id}`).send({ name: '  After  ' }).expect(200);
      expect(renamed.body).toMatchObject({ id: asset.id, name: 'After', folder_id: null, created_at: '2026-01-01T00:00:00.000Z' });
      expect(new Date(renamed.body.updated_at).getTime()).toBeGreaterThan(new Date(asset.updated_at).getTime());
      const moved = await agent.patch(`/api/assets/${asset.id}`).send({ folderId: folder.id }).expect(200);
      expect(moved.body).toMatchObject({ name: 'After', folder_id: folder.id });
      expect((await agent.get('/api/assets').query({ folderId: folder.id }).expect(200)).body.map((a: { id: string }) => a.id)).toEqual([asset.id]);
      expect((await agent.get('/api/folders').expect(200)).body).toEqual([expect.objectContaining({ id: folder.id, asset_count: 1 })]);
      const out = await agent.patch(`/api/assets/${asset.id}`).send({ folderId: null }).expect(200);
      expect(out.body.folder_id).toBeNull();
      const both = await agent.patch(`/api/assets/${asset.id}`).send({ name: 'x'.repeat(200), folderId: folder.id }).expect(200);
      expect(both.body).toMatchObject({ name: 'x'.repeat(200), folder_id: folder.id });
      const [row] = await db().query(`SELECT name, folder_id FROM assets WHERE id = $1`, [asset.id]);
      expect(row).toEqual({ name: 'x'.repeat(200), folder_id: folder.id });
      expect((await agent.get(`/api/assets/${asset.id}`).expect(200)).body).toEqual(both.body);
    });

    it('refuses bad input with one message each and changes nothing', async () => {
      const { agent, organizationId } = await member();
      const other = await member();
      const foreignFolder = await createFolder(db(), other.organizationId, 'Theirs');
      const asset = await createAsset(db(), { organizationId, name: 'Keep me' });
      const cases: Array<[unknown, number, string]> = [
        [{}, 400, LIBRARY_MESSAGES.nothingToUpdate],
        [{ name: '' }, 400, LIBRARY_MESSAGES.assetNameRequired],
        [{ name: '    ' }, 400, LIBRARY_MESSAGES.assetNameRequired],
        [{ name: null }, 400, LIBRARY_MESSAGES.assetNameRequired],
        [{ name: 42 }, 400, LIBRARY_MESSAGES.assetNameRequired],
        [{ name: 'x'.repeat(201) }, 400, LIBRARY_MESSAGES.assetNameTooLong],
        [{ name: 'tab\there' }, 400, LIBRARY_MESSAGES.nameControlCharacters],
        [{ name: 'nul\u0000' }, 400, INPUT_MESSAGES.invalidText('name')],
        [{ name: 'lone \udc00' }, 400, INPUT_MESSAGES.invalidText('name')],
        [{ folderId: 'inbox' }, 400, LIBRARY_MESSAGES.invalidFolderId],
        [{ folderId: 7 }, 400, LIBRARY_MESSAGES.invalidFolderId],
        [{ folderId: randomUUID() }, 404, LIBRARY_MESSAGES.folderNotFound],
        [{ folderId: foreignFolder.id }, 404, LIBRARY_MESSAGES.folderNotFound],
        [{ name: 'Fine', folderId: foreignFolder.id }, 404, LIBRARY_MESSAGES.folderNotFound],
        [{ name: 'Fine', s3_key: 'org/x/y.png' }, 400, 'property s3_key should not exist'],
      ];
      for (const [body, status, message] of cases) {
        const res = await agent.patch(`/api/assets/${asset.id}`).send(body as object);
        expect([JSON.stringify(body), res.status]).toEqual([JSON.stringify(body), status]);
        expect(messages(res.body)).toEqual([message]);
        expect(res.body.statusCode).toBe(status);
        expect(res.body.error).toEqual(expect.any(String));
      }
      const malformed = await agent.patch('/api/assets/not-a-uuid').send({ name: 'x' }).expect(404);
      expect(malformed.body).toEqual({ statusCode: 404, message: LIBRARY_MESSAGES.assetNotFound, error: 'Not Found', code: 'asset_not_found' });
      const json = await agent.patch(`/api/assets/${asset.id}`).set('content-type', 'application/json').send('{"name":').expect(400);
      expect(json.body.statusCode).toBe(400);
      const [row] = await db().query(`SELECT name, folder_id, updated_at FROM assets WHERE id = $1`, [asset.id]);
      expect(row).toEqual({ name: 'Keep me', folder_id: null, updated_at: asset.updated_at });
    });
  });

  describe('DELETE /api/assets/{id}', () => {
    it('deletes a generated asset’s row and both stored files, records asset.deleted and refunds nothing', async () => {
      const { agent, organizationId } = await member();
      const gen = await agent.post('/api/generate').send({ prompt: 'A lighthouse at dusk', quality: 'low', size: '1024x1024', variationCount: 2, contentPolicyScan: true }).expect(201);
      await waitForSettled(db(), [gen.body.job.id]);
      const [asset, sibling] = await db().query(`SELECT * FROM assets WHERE generation_id = $1 ORDER BY variation_index`, [gen.body.job.id]);
      expect(asset.thumbnail_key).toEqual(expect.any(String));
      expect(await storage.exists(asset.s3_key)).toBe(true);
      await waitFor('the thumbnail', async () => (await storage.exists(asset.thumbnail_key)) || undefined);
      const balance = await t.app.get(CreditsService).balance(organizationId);
      const ledgerRows = (await db().query(`SELECT count(*)::int AS n FROM credit_ledger WHERE organization_id = $1`, [organizationId]))[0].n;
      await agent.get(`/api/assets/file/${asset.s3_key}`).expect(200);

      const res = await agent.delete(`/api/assets/${asset.id}`).expect(204);
      expect(res.text).toBe('');
      expect(await db().query(`SELECT id FROM assets WHERE id = $1`, [asset.id])).toEqual([]);
      expect(await storage.exists(asset.s3_key)).toBe(false);
      expect(await storage.exists(asset.thumbnail_key)).toBe(false);
      await agent.get(`/api/assets/file/${asset.s3_key}`).expect(404);
      await agent.get(`/api/assets/file/${asset.s3_key}?variant=thumb`).expect(404);
      // The other variation is untouched.
      expect(await storage.exists(sibling.s3_key)).toBe(true);
      expect((await agent.get('/api/assets/count').expect(200)).body).toEqual({ count: 1 });
      // Nothing refunded.
      expect(await t.app.get(CreditsService).balance(organizationId)).toBe(balance);
      expect((await db().query(`SELECT count(*)::int AS n FROM credit_ledger WHERE organization_id = $1`, [organizationId]))[0].n).toBe(ledgerRows);
      const events = await db().query(`SELECT payload FROM outbox WHERE organization_id = $1 AND type = 'asset.deleted'`, [organizationId]);
      expect(events).toEqual([
        {
          payload: {
            assetId: asset.id,
            generationId: gen.body.job.id,
            brandProfileId: null,
            folderId: null,
            s3Key: asset.s3_key,
            thumbnailKey: asset.thumbnail_key,
          },
        },
      ]);

      await agent.delete(`/api/assets/${asset.id}`).expect(404);
      await agent.get(`/api/assets/${asset.id}`).expect(404);
    });

    it('deletes the row even when a file cannot be removed (logged, not a 500)', async () => {
      const { agent, organizationId } = await member();
      // A key that names a directory: the local driver cannot remove it as a file.
      const key = `org/${organizationId}/generated/${'d'.repeat(32)}.png`;
      await storage.put(`${key}/inner.png`, Buffer.from('x'), 'image/png');
      const asset = await createAsset(db(), { organizationId, s3Key: key });
      await agent.delete(`/api/assets/${asset.id}`).expect(204);
      expect(await db().query(`SELECT id FROM assets WHERE id = $1`, [asset.id])).toEqual([]);
      expect((await db().query(`SELECT count(*)::int AS n FROM outbox WHERE type = 'asset.deleted' AND payload->>'assetId' = $1`, [asset.id]))[0].n).toBe(1);
    });
  });

  it('answers 404 for every route with another organization’s ids, and changes nothing', async () => {
    const a = await member();
    const b = await member();
    const theirFolder = await createFolder(db(), b.organizationId, 'Private');
    const theirs = await createStoredAsset(db(), storage, { organizationId: b.organizationId, name: 'Private asset', folderId: theirFolder.id });
    const mine = await createAsset(db(), { organizationId: a.organizationId, name: 'Mine' });

    const attempts: Array<[string, () => Promise<{ status: number; body: { message: string } }>, string]> = [
      ['GET asset', () => a.agent.get(`/api/assets/${theirs.id}`), LIBRARY_MESSAGES.assetNotFound],
      ['PATCH asset', () => a.agent.patch(`/api/assets/${theirs.id}`).send({ name: 'Hijacked' }), LIBRARY_MESSAGES.assetNotFound],
      ['PATCH asset folder', () => a.agent.patch(`/api/assets/${theirs.id}`).send({ folderId: null }), LIBRARY_MESSAGES.assetNotFound],
      ['DELETE asset', () => a.agent.delete(`/api/assets/${theirs.id}`), LIBRARY_MESSAGES.assetNotFound],
      ['move into their folder', () => a.agent.patch(`/api/assets/${mine.id}`).send({ folderId: theirFolder.id }), LIBRARY_MESSAGES.folderNotFound],
      ['list their folder', () => a.agent.get('/api/assets').query({ folderId: theirFolder.id }), LIBRARY_MESSAGES.folderNotFound],
      ['count their folder', () => a.agent.get('/api/assets/count').query({ folderId: theirFolder.id }), LIBRARY_MESSAGES.folderNotFound],
      ['rename their folder', () => a.agent.patch(`/api/folders/${theirFolder.id}`).send({ name: 'Hijacked' }), LIBRARY_MESSAGES.folderNotFound],
      ['delete their folder', () => a.agent.delete(`/api/folders/${theirFolder.id}`), LIBRARY_MESSAGES.folderNotFound],
      ['their file', () => a.agent.get(`/api/assets/file/${theirs.s3_key}`), expect.any(String) as unknown as string],
    ];
    for (const [label, attempt, message] of attempts) {
      const res = await attempt();
      expect([label, res.status]).toEqual([label, 404]);
      expect(res.body.message).toEqual(message);
    }
    expect((await a.agent.get('/api/assets').expect(200)).body.map((x: { id: string }) => x.id)).toEqual([mine.id]);
    expect((await a.agent.get('/api/folders').expect(200)).body).toEqual([]);
    const [row] = await db().query(`SELECT name, folder_id FROM assets WHERE id = $1`, [theirs.id]);
    expect(row).toEqual({ name: 'Private asset', folder_id: theirFolder.id });
    expect(await storage.exists(theirs.s3_key)).toBe(true);
    expect((await db().query(`SELECT name FROM folders WHERE id = $1`, [theirFolder.id]))[0].name).toBe('Private');
    const [{ folder_id }] = await db().query(`SELECT folder_id FROM assets WHERE id = $1`, [mine.id]);
    expect(folder_id).toBeNull();
    // The owner still sees everything.
    expect((await b.agent.get(`/api/assets/${theirs.id}`).expect(200)).body.name).toBe('Private asset');
  });
});
