import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readStoredObject, StorageKeyError, StorageNotFoundError } from '../storage-driver';
import { organizationScopedKey } from '../storage-key';
import { LocalDiskStorage } from './local-disk.storage';

describe('LocalDiskStorage', () => {
  let parent: string;
  let root: string;
  let storage: LocalDiskStorage;

  beforeEach(() => {
    parent = mkdtempSync(join(tmpdir(), 'brandloom-local-storage-'));
    root = join(parent, 'root');
    storage = new LocalDiskStorage(root);
  });
  afterEach(() => rmSync(parent, { recursive: true, force: true }));

  it('puts, gets, checks and deletes objects', async () => {
    const key = organizationScopedKey('org-1', 'generated', 'png');
    const body = Buffer.from('not really a png, but bytes are bytes');
    const md5 = createHash('md5').update(body).digest('hex');

    expect(await storage.exists(key)).toBe(false);
    const put = await storage.put(key, body, 'image/png');
    expect(put).toEqual({ key, size: body.length, etag: `"${md5}"` });
    expect(await storage.exists(key)).toBe(true);

    const object = await storage.get(key);
    expect(object.contentType).toBe('image/png');
    expect(object.size).toBe(body.length);
    expect(object.etag).toBe(`"${md5}"`);
    expect(await readStoredObject(object)).toEqual(body);

    await storage.delete(key);
    expect(await storage.exists(key)).toBe(false);
    await expect(storage.get(key)).rejects.toBeInstanceOf(StorageNotFoundError);
    await expect(storage.delete(key)).resolves.toBeUndefined();
  });

  it('replaces an object and its metadata, leaving no temporary files', async () => {
    const key = 'org/org-1/generated/a.webp';
    await storage.put(key, Buffer.from('first'), 'image/png');
    await storage.put(key, Buffer.from('second version'), 'image/webp');
    const object = await storage.get(key);
    expect(object.contentType).toBe('image/webp');
    expect((await readStoredObject(object)).toString()).toBe('second version');
    expect(readdirSync(join(root, 'org/org-1/generated'))).toEqual(['a.webp']);
  });

  it('answers not found for a missing key and for a directory', async () => {
    await storage.put('org/org-1/generated/a.png', Buffer.from('x'), 'image/png');
    await expect(storage.get('org/org-1/missing.png')).rejects.toBeInstanceOf(StorageNotFoundError);
    await expect(storage.get('org/org-1/generated')).rejects.toBeInstanceOf(StorageNotFoundError);
    expect(await storage.exists('org/org-1/generated')).toBe(false);
  });

  it.each(['../escape.png', '../../escape.png', 'org/../../escape.png', '/tmp/escape.png', `${'x/'.repeat(3)}../../../../escape.png`, '.meta/org/x.json'])(
    'refuses %j and writes nothing outside the root',
    async (key) => {
      await expect(storage.put(key, Buffer.from('evil'), 'image/png')).rejects.toBeInstanceOf(StorageKeyError);
      await expect(storage.get(key)).rejects.toBeInstanceOf(StorageKeyError);
      await expect(storage.exists(key)).rejects.toBeInstanceOf(StorageKeyError);
      await expect(storage.delete(key)).rejects.toBeInstanceOf(StorageKeyError);
      expect(existsSync(join(parent, 'escape.png'))).toBe(false);
      expect(existsSync('/tmp/escape.png')).toBe(false);
    },
  );
});
