import { FOLDER_NAME_MAX_LENGTH, LIBRARY_MESSAGES } from '@brandloom/contracts';
// GET/POST/PATCH/DELETE /api/folders on a database of its own: names (trimmed, 1 to 100
// characters, unique per organization ignoring case), asset counts, and deleting a folder moving
// its assets to All Assets.
import { FoldersService } from '@brandloom/core';
import { createAssets, createFolder } from '@brandloom/core/testing';
import { randomUUID } from 'node:crypto';
import { organizationIdOf, type Agent } from './generation-helpers';
import { createTestApp, signUp, TestApp } from './test-app';

const messages = (body: { message: string | string[] }) => [body.message].flat();

describe('folders API', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ REDIS_URL: undefined });
  });
  afterAll(async () => {
    await t?.close();
  });

  const db = () => t.db.dataSource;

  async function member(): Promise<{ agent: Agent; organizationId: string }> {
    const { agent } = await signUp(t);
    return { agent, organizationId: await organizationIdOf(agent) };
  }

  it('creates folders (trimmed), lists them alphabetically with their asset counts', async () => {
    const { agent, organizationId } = await member();
    expect((await agent.get('/api/folders').expect(200)).body).toEqual([]);

    const created = await agent.post('/api/folders').send({ name: '  summer campaign  ' }).expect(201);
    expect(created.body).toEqual({ id: expect.any(String), name: 'summer campaign', asset_count: 0, created_at: expect.any(String), updated_at: expect.any(String) });
    expect(Number.isNaN(Date.parse(created.body.created_at))).toBe(false);
    const autumn = (await agent.post('/api/folders').send({ name: 'Autumn' }).expect(201)).body;
    const winter = (await agent.post('/api/folders').send({ name: 'x'.repeat(FOLDER_NAME_MAX_LENGTH) }).expect(201)).body;
    await createAssets(db(), [
      { organizationId, folderId: created.body.id },
      { organizationId, folderId: created.body.id },
      { organizationId, folderId: autumn.id },
      { organizationId },
    ]);

    const list = await agent.get('/api/folders').expect(200);
    expect(list.body).toEqual([
      { ...autumn, asset_count: 1 },
      { ...created.body, asset_count: 2 },
      { ...winter, asset_count: 0 },
    ]);
    const [row] = await db().query(`SELECT organization_id, name FROM folders WHERE id = $1`, [created.body.id]);
    expect(row).toEqual({ organization_id: organizationId, name: 'summer campaign' });
    await t.http().get('/api/folders').expect(401);
    await t.http().post('/api/folders').send({ name: 'x' }).expect(401);
  });

  it('refuses a duplicate name (ignoring case and spaces) with 409, but another organization may use it', async () => {
    const { agent } = await member();
    const other = await member();
    await agent.post('/api/folders').send({ name: 'Drafts' }).expect(201);
    for (const name of ['Drafts', 'drafts', '  DRAFTS ']) {
      const res = await agent.post('/api/folders').send({ name }).expect(409);
      expect(res.body).toEqual({ statusCode: 409, message: LIBRARY_MESSAGES.folderNameTaken, error: 'Conflict', code: 'folder_name_taken' });
    }
    await other.agent.post('/api/folders').send({ name: 'Drafts' }).expect(201);
    expect((await agent.get('/api/folders').expect(200)).body).toHaveLength(1);
  });

  it('creates one folder when the same name is posted many times at once', async () => {
    const { agent, organizationId } = await member();
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => agent.post('/api/folders').send({ name: i % 2 ? 'Launch' : 'LAUNCH' })));
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
    expect((await db().query(`SELECT count(*)::int AS n FROM folders WHERE organization_id = $1`, [organizationId]))[0].n).toBe(1);
  });

  it('lives with duplicate names the system created (bulk batches), and refuses users another one', async () => {
    const { agent, organizationId } = await member();
    const first = await createFolder(db(), organizationId, 'Bulk 2026-11-22 14:05 (5 images)');
    const second = await createFolder(db(), organizationId, 'Bulk 2026-11-22 14:05 (5 images)');
    const list = (await agent.get('/api/folders').expect(200)).body as Array<{ id: string }>;
    expect(list.map((f) => f.id)).toEqual([first.id, second.id].sort());
    await agent.post('/api/folders').send({ name: 'bulk 2026-11-22 14:05 (5 images)' }).expect(409);
    await agent.patch(`/api/folders/${first.id}`).send({ name: 'Renamed batch' }).expect(200);
    await agent.patch(`/api/folders/${second.id}`).send({ name: 'renamed BATCH' }).expect(409);
    await agent.delete(`/api/folders/${second.id}`).expect(204);
  });

  it('validates names with one message each and creates nothing', async () => {
    const { agent } = await member();
    const cases: Array<[unknown, string]> = [
      [{}, LIBRARY_MESSAGES.folderNameRequired],
      [{ name: '' }, LIBRARY_MESSAGES.folderNameRequired],
      [{ name: '   ' }, LIBRARY_MESSAGES.folderNameRequired],
      [{ name: null }, LIBRARY_MESSAGES.folderNameRequired],
      [{ name: 12 }, LIBRARY_MESSAGES.folderNameRequired],
      [{ name: 'x'.repeat(FOLDER_NAME_MAX_LENGTH + 1) }, LIBRARY_MESSAGES.folderNameTooLong],
      [{ name: 'line\nbreak' }, LIBRARY_MESSAGES.nameControlCharacters],
      [{ name: 'Fine', color: 'red' }, 'property color should not exist'],
    ];
    const { body: folder } = await agent.post('/api/folders').send({ name: 'Existing' }).expect(201);
    for (const [body, message] of cases) {
      for (const res of [await agent.post('/api/folders').send(body as object), await agent.patch(`/api/folders/${folder.id}`).send(body as object)]) {
        expect([JSON.stringify(body), res.status]).toEqual([JSON.stringify(body), 400]);
        expect(res.body.statusCode).toBe(400);
        expect(res.body.error).toBe('Bad Request');
        expect(messages(res.body)).toEqual([message]);
      }
    }
    expect((await agent.get('/api/folders').expect(200)).body.map((f: { name: string }) => f.name)).toEqual(['Existing']);
  });

  it('renames: trimmed, 409 on another folder’s name, a change of case of its own name is fine, 404 for unknown ids', async () => {
    const { agent } = await member();
    const a = (await agent.post('/api/folders').send({ name: 'Alpha' }).expect(201)).body;
    await agent.post('/api/folders').send({ name: 'Beta' }).expect(201);
    const renamed = await agent.patch(`/api/folders/${a.id}`).send({ name: '  Gamma ' }).expect(200);
    expect(renamed.body).toMatchObject({ id: a.id, name: 'Gamma', asset_count: 0, created_at: a.created_at });
    expect((await agent.patch(`/api/folders/${a.id}`).send({ name: 'beta' }).expect(409)).body.message).toBe(LIBRARY_MESSAGES.folderNameTaken);
    expect((await agent.patch(`/api/folders/${a.id}`).send({ name: 'GAMMA' }).expect(200)).body.name).toBe('GAMMA');
    for (const id of [randomUUID(), 'not-a-uuid']) {
      const res = await agent.patch(`/api/folders/${id}`).send({ name: 'Delta' }).expect(404);
      expect(res.body).toEqual({ statusCode: 404, message: LIBRARY_MESSAGES.folderNotFound, error: 'Not Found', code: 'folder_not_found' });
    }
    expect((await agent.get('/api/folders').expect(200)).body.map((f: { name: string }) => f.name)).toEqual(['Beta', 'GAMMA']);
  });

  it('deletes a folder and moves its assets to All Assets in one step; other folders and organizations are untouched', async () => {
    const { agent, organizationId } = await member();
    const other = await member();
    const doomed = await createFolder(db(), organizationId, 'Doomed');
    const kept = await createFolder(db(), organizationId, 'Kept');
    const theirs = await createFolder(db(), other.organizationId, 'Doomed');
    const inDoomed = await createAssets(db(), Array.from({ length: 3 }, () => ({ organizationId, folderId: doomed.id })));
    const [inKept] = await createAssets(db(), [{ organizationId, folderId: kept.id }]);
    const [inTheirs] = await createAssets(db(), [{ organizationId: other.organizationId, folderId: theirs.id }]);

    const res = await agent.delete(`/api/folders/${doomed.id}`).expect(204);
    expect(res.text).toBe('');
    const rows: Array<{ id: string; folder_id: string | null }> = await db().query(`SELECT id, folder_id FROM assets WHERE organization_id = $1 ORDER BY id`, [organizationId]);
    expect(rows).toHaveLength(4);
    expect(rows.filter((r) => inDoomed.some((a) => a.id === r.id)).map((r) => r.folder_id)).toEqual([null, null, null]);
    expect(rows.find((r) => r.id === inKept.id)!.folder_id).toBe(kept.id);
    expect((await db().query(`SELECT folder_id FROM assets WHERE id = $1`, [inTheirs.id]))[0].folder_id).toBe(theirs.id);
    expect((await agent.get('/api/folders').expect(200)).body.map((f: { name: string }) => f.name)).toEqual(['Kept']);
    expect((await agent.get('/api/assets/count').expect(200)).body).toEqual({ count: 4 });
    await agent.get('/api/assets').query({ folderId: doomed.id }).expect(404);
    // The name is free again.
    await agent.post('/api/folders').send({ name: 'Doomed' }).expect(201);

    await agent.delete(`/api/folders/${doomed.id}`).expect(404);
    await agent.delete('/api/folders/not-a-uuid').expect(404);
    await agent.delete(`/api/folders/${theirs.id}`).expect(404);
    expect(await db().query(`SELECT name FROM folders WHERE id = $1`, [theirs.id])).toEqual([{ name: 'Doomed' }]);
  });

  it('never strands an asset in a deleted folder when a move and the folder’s deletion race', async () => {
    const { agent, organizationId } = await member();
    for (let round = 0; round < 10; round += 1) {
      const folder = await createFolder(db(), organizationId, `Race ${round}`);
      const [asset] = await createAssets(db(), [{ organizationId }]);
      const [move, remove] = await Promise.all([
        agent.patch(`/api/assets/${asset.id}`).send({ folderId: folder.id }),
        agent.delete(`/api/folders/${folder.id}`),
      ]);
      expect([200, 404]).toContain(move.status);
      expect(remove.status).toBe(204);
      if (move.status === 404) expect(move.body.message).toBe(LIBRARY_MESSAGES.folderNotFound);
      expect((await db().query(`SELECT folder_id FROM assets WHERE id = $1`, [asset.id]))[0].folder_id).toBeNull();
    }
  });

  it('describes the library routes in the OpenAPI document', async () => {
    const { body } = await t.http().get('/api/docs-json').expect(200);
    expect(Object.keys(body.paths)).toEqual(expect.arrayContaining(['/api/assets', '/api/assets/count', '/api/assets/{id}', '/api/folders', '/api/folders/{id}']));
    expect(Object.keys(body.paths['/api/assets/{id}'])).toEqual(expect.arrayContaining(['get', 'patch', 'delete']));
    expect(body.paths['/api/assets'].get.parameters.map((p: { name: string }) => p.name).sort()).toEqual(['cursor', 'delivery', 'folderId', 'format', 'limit', 'search', 'sort', 'stacked']);
  });

  it('createWithAvailableName numbers a taken name (for folders the system creates)', async () => {
    const { organizationId } = await member();
    const folders = t.app.get(FoldersService);
    await folders.create(organizationId, 'Bulk batch');
    expect((await folders.createWithAvailableName(organizationId, 'bulk BATCH')).name).toBe('bulk BATCH (2)');
    expect((await folders.createWithAvailableName(organizationId, 'Bulk batch')).name).toBe('Bulk batch (3)');
    expect((await folders.createWithAvailableName(organizationId, 'Fresh')).name).toBe('Fresh');
    expect((await folders.createWithAvailableName(organizationId, `bulk\n${'y'.repeat(150)}.csv`)).name).toBe(`bulk ${'y'.repeat(85)}`);
  });
});
