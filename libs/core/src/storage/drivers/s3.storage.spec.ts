import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { loadConfig } from '../../infra/config/app-config';
import { LocalS3Server, startS3Server } from '../../testing/s3-server';
import { readStoredObject, StorageKeyError, StorageNotFoundError } from '../storage-driver';
import { organizationScopedKey, thumbnailKey } from '../storage-key';
import { createStorageDriver } from '../storage.factory';
import { S3Storage } from './s3.storage';

describe('S3Storage against a local S3-compatible server', () => {
  let server: LocalS3Server;
  let storage: S3Storage;

  beforeAll(async () => {
    server = await startS3Server();
    const config = loadConfig({ DATABASE_URL: 'postgres://x@127.0.0.1/x', SESSION_SECRET: 's'.repeat(32), ...server.env() });
    const driver = createStorageDriver(config);
    expect(driver).toBeInstanceOf(S3Storage);
    storage = driver as S3Storage;
  });
  afterAll(async () => {
    storage?.destroy();
    await server?.stop();
  });

  it('puts, gets, checks and deletes an image with its content type', async () => {
    const key = organizationScopedKey('org-1', 'generated', 'png');
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#0066ff' } }).png().toBuffer();

    expect(await storage.exists(key)).toBe(false);
    const put = await storage.put(key, png, 'image/png');
    expect(put.etag).toBe(`"${createHash('md5').update(png).digest('hex')}"`);
    expect(await storage.exists(key)).toBe(true);

    const object = await storage.get(key);
    expect(object.contentType).toBe('image/png');
    expect(object.size).toBe(png.length);
    expect(object.etag).toBe(put.etag);
    const back = await readStoredObject(object);
    expect(back).toEqual(png);
    expect(await sharp(back).metadata()).toMatchObject({ width: 64, height: 48, format: 'png' });

    const thumb = thumbnailKey(key);
    await storage.put(thumb, Buffer.from('RIFF....WEBP'), 'image/webp');
    expect((await storage.get(thumb)).contentType).toBe('image/webp');

    await storage.delete(key);
    await storage.delete(thumb);
    expect(await storage.exists(key)).toBe(false);
    await expect(storage.get(key)).rejects.toBeInstanceOf(StorageNotFoundError);
    await expect(storage.delete(key)).resolves.toBeUndefined();
  });

  it('refuses invalid keys before any request', async () => {
    await expect(storage.put('../x.png', Buffer.from('x'), 'image/png')).rejects.toBeInstanceOf(StorageKeyError);
    await expect(storage.get('/abs.png')).rejects.toBeInstanceOf(StorageKeyError);
  });

  it('creates a missing bucket when asked to', async () => {
    const other = new S3Storage({
      bucket: 'brandloom-created-at-start',
      region: server.region,
      endpoint: server.endpoint,
      accessKeyId: server.accessKeyId,
      secretAccessKey: server.secretAccessKey,
      forcePathStyle: true,
    });
    try {
      await other.ensureBucket();
      await other.ensureBucket();
      await other.put('org/o/x.txt', Buffer.from('hello'), 'text/plain');
      expect((await readStoredObject(await storedSoon(other, 'org/o/x.txt'))).toString()).toBe('hello');
      await other.delete('org/o/x.txt');
    } finally {
      other.destroy();
    }
  });
});

/**
 * The object once s3rver has finished writing it: s3rver answers a PUT before its files are all on
 * disk, so a GET right after may miss them on a loaded machine. A driver that never stored it still
 * fails, after the wait.
 */
async function storedSoon(storage: S3Storage, key: string): ReturnType<S3Storage['get']> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await storage.get(key);
    } catch (error) {
      if (!(error instanceof StorageNotFoundError) || attempt >= 20) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}
