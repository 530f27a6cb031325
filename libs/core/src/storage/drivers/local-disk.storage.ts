import { createHash, randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { PutResult, StorageDriver, StorageKeyError, StorageNotFoundError, StoredObject } from '../storage-driver';
import { assertValidStorageKey, contentTypeForKey } from '../storage-key';

interface ObjectMetadata {
  contentType: string;
  etag: string;
  size: number;
}

const META_DIR = '.meta';

/**
 * Files under one root directory. `<root>/<key>` holds the bytes and `<root>/.meta/<key>.json` the
 * content type and ETag (keys can't start a segment with '.', so no key can name the metadata).
 * Writes go to a temporary file in the same directory and are renamed into place, so a reader never
 * sees half a file. Every key is validated and the resolved path must stay inside the root.
 */
export class LocalDiskStorage implements StorageDriver {
  readonly kind = 'local' as const;
  readonly root: string;

  constructor(rootDir: string) {
    this.root = resolve(rootDir);
  }

  async put(key: string, body: Buffer, contentType: string): Promise<PutResult> {
    const path = this.pathOf(key);
    const etag = `"${createHash('md5').update(body).digest('hex')}"`;
    const meta: ObjectMetadata = { contentType, etag, size: body.length };
    // Side by side: a reader that finds the file before its metadata serves it with a derived ETag.
    await Promise.all([this.writeAtomically(path, body), this.writeAtomically(this.metaPathOf(key), Buffer.from(JSON.stringify(meta)))]);
    return { key, size: body.length, etag };
  }

  async get(key: string): Promise<StoredObject> {
    const path = this.pathOf(key);
    let handle: fs.FileHandle;
    try {
      handle = await fs.open(path, 'r');
    } catch (error) {
      if (isMissing(error)) throw new StorageNotFoundError(key);
      throw error;
    }
    try {
      const stat = await handle.stat();
      if (!stat.isFile()) throw new StorageNotFoundError(key);
      const meta = await this.readMeta(key);
      const usable = meta && meta.size === stat.size;
      return {
        body: handle.createReadStream({ autoClose: true }),
        contentType: usable ? meta.contentType : contentTypeForKey(key),
        size: stat.size,
        etag: usable ? meta.etag : `"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`,
        lastModified: stat.mtime,
      };
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    const path = this.pathOf(key);
    await Promise.all([path, this.metaPathOf(key)].map((p) => fs.rm(p, { force: true })));
  }

  async exists(key: string): Promise<boolean> {
    try {
      return (await fs.stat(this.pathOf(key))).isFile();
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
  }

  /** Absolute path of a key's bytes; throws StorageKeyError for any key that could leave the root. */
  pathOf(key: string): string {
    assertValidStorageKey(key);
    return this.inside(this.root, key);
  }

  private metaPathOf(key: string): string {
    return this.inside(join(this.root, META_DIR), `${key}.json`);
  }

  private inside(base: string, key: string): string {
    const path = resolve(base, key);
    const rel = relative(base, path);
    if (rel === '' || rel.startsWith('..') || isAbsolute(rel) || !path.startsWith(base + sep)) {
      throw new StorageKeyError(key, 'resolves outside the storage root');
    }
    return path;
  }

  private async readMeta(key: string): Promise<ObjectMetadata | undefined> {
    try {
      const meta = JSON.parse(await fs.readFile(this.metaPathOf(key), 'utf8')) as Partial<ObjectMetadata>;
      if (typeof meta.contentType === 'string' && typeof meta.etag === 'string' && typeof meta.size === 'number') {
        return meta as ObjectMetadata;
      }
    } catch (error) {
      if (!isMissing(error) && !(error instanceof SyntaxError)) throw error;
    }
    return undefined;
  }

  private async writeAtomically(path: string, data: Buffer): Promise<void> {
    const temp = join(dirname(path), `.tmp-${randomBytes(8).toString('hex')}`);
    try {
      // The directory usually exists: it is created only when the write finds it missing.
      await fs.writeFile(temp, data, { flag: 'wx' }).catch(async (error: unknown) => {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
        await fs.mkdir(dirname(path), { recursive: true });
        await fs.writeFile(temp, data, { flag: 'wx' });
      });
      await fs.rename(temp, path);
    } catch (error) {
      await fs.rm(temp, { force: true });
      throw error;
    }
  }
}

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}
