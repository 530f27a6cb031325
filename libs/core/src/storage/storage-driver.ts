import { Readable } from 'node:stream';

/** Nest injection token of the configured StorageDriver. */
export const STORAGE_DRIVER = Symbol('STORAGE_DRIVER');

/** One stored object as read back: a stream of its bytes and what a file endpoint needs to serve it. */
export interface StoredObject {
  body: Readable;
  contentType: string;
  /** Bytes. */
  size: number;
  /** Strong entity tag, quoted as in an HTTP ETag header (e.g. "5d41402abc4b2a76b9719d911017c592"). */
  etag: string;
  lastModified?: Date;
}

export interface PutResult {
  key: string;
  size: number;
  etag: string;
}

/**
 * Where files live: local disk or S3. Keys are relative, '/'-separated paths of safe characters
 * (see assertValidStorageKey); every driver refuses any other key with StorageKeyError.
 */
export interface StorageDriver {
  readonly kind: 'local' | 's3';
  /** Writes (or replaces) the object. Readers never see a partly written object. */
  put(key: string, body: Buffer, contentType: string): Promise<PutResult>;
  /** Throws StorageNotFoundError when there is no such object. */
  get(key: string): Promise<StoredObject>;
  /** Idempotent: deleting a missing object is not an error. */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
}

export class StorageKeyError extends Error {
  constructor(readonly key: string, reason: string) {
    super(`Invalid storage key ${JSON.stringify(key.length > 200 ? `${key.slice(0, 200)}…` : key)}: ${reason}`);
    this.name = 'StorageKeyError';
  }
}

export class StorageNotFoundError extends Error {
  constructor(readonly key: string) {
    super(`No stored object at ${key}`);
    this.name = 'StorageNotFoundError';
  }
}

/** Reads a stored object's whole body (for small files: base64 answers, re-encoding). */
export async function readStoredObject(object: StoredObject, maxBytes = 64 * 1024 * 1024): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of object.body) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
    total += buffer.length;
    if (total > maxBytes) {
      object.body.destroy();
      throw new Error(`Stored object is larger than ${maxBytes} bytes`);
    }
    chunks.push(buffer);
  }
  return Buffer.concat(chunks, total);
}

/** get() then readStoredObject(). */
export async function getBuffer(driver: StorageDriver, key: string): Promise<{ buffer: Buffer; contentType: string; etag: string }> {
  const object = await driver.get(key);
  return { buffer: await readStoredObject(object), contentType: object.contentType, etag: object.etag };
}
