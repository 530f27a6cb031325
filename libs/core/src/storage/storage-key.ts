import { randomBytes } from 'node:crypto';
import { StorageKeyError } from './storage-driver';

const MAX_KEY_LENGTH = 512;
/** One path segment: starts with a letter or digit, then letters, digits, '.', '_' or '-'. */
const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;
const KIND = /^[a-z0-9][a-z0-9-]{0,31}$/;
const EXTENSION = /^[a-z0-9]{1,10}$/;
const ORGANIZATION_ID = /^[A-Za-z0-9][A-Za-z0-9-]{0,63}$/;

/**
 * Refuses any key that could name something outside the storage root or be read two ways:
 * empty, absolute, backslashes, empty/'.'/'..' segments, segments starting with a dot (hidden files,
 * the local driver's metadata), control or non-ASCII characters, or longer than 512 characters.
 */
export function assertValidStorageKey(key: string): void {
  if (typeof key !== 'string' || key.length === 0) throw new StorageKeyError(String(key), 'empty');
  if (key.length > MAX_KEY_LENGTH) throw new StorageKeyError(key, `longer than ${MAX_KEY_LENGTH} characters`);
  if (key.startsWith('/')) throw new StorageKeyError(key, 'absolute paths are not allowed');
  if (key.includes('\\')) throw new StorageKeyError(key, 'backslashes are not allowed');
  for (const segment of key.split('/')) {
    if (segment === '' || segment === '.' || segment === '..') throw new StorageKeyError(key, 'empty, "." or ".." path segment');
    if (!SEGMENT.test(segment)) throw new StorageKeyError(key, 'only letters, digits, ".", "_" and "-" are allowed, and a segment may not start with "."');
  }
}

export function isValidStorageKey(key: string): boolean {
  try {
    assertValidStorageKey(key);
    return true;
  } catch {
    return false;
  }
}

/**
 * A new, unguessable key inside an organization's prefix: `org/<orgId>/<kind>/<128-bit hex>.<ext>`,
 * e.g. organizationScopedKey(org.id, 'generated', 'png').
 */
export function organizationScopedKey(organizationId: string, kind: string, extension: string): string {
  if (!ORGANIZATION_ID.test(organizationId)) throw new StorageKeyError(organizationId, 'invalid organization id');
  if (!KIND.test(kind)) throw new StorageKeyError(kind, 'invalid kind');
  const ext = extension.replace(/^\./, '').toLowerCase();
  if (!EXTENSION.test(ext)) throw new StorageKeyError(extension, 'invalid extension');
  return `org/${organizationId}/${kind}/${randomBytes(16).toString('hex')}.${ext}`;
}

/** True when the key lies in the organization's prefix (a cheap guard; authorization still goes by the asset row). */
export function keyBelongsToOrganization(key: string, organizationId: string): boolean {
  return isValidStorageKey(key) && key.startsWith(`org/${organizationId}/`);
}

/** Key of a derived variant stored beside the original: `…/<id>.png` → `…/<id>.thumb.webp`. */
export function variantKey(key: string, variant: string, extension: string): string {
  assertValidStorageKey(key);
  const slash = key.lastIndexOf('/');
  const name = key.slice(slash + 1);
  const dot = name.indexOf('.');
  const base = dot > 0 ? name.slice(0, dot) : name;
  const derived = `${key.slice(0, slash + 1)}${base}.${variant}.${extension.replace(/^\./, '')}`;
  assertValidStorageKey(derived);
  return derived;
}

/** The WebP thumbnail's key of an original image. */
export function thumbnailKey(originalKey: string): string {
  return variantKey(originalKey, 'thumb', 'webp');
}

const CONTENT_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
  svg: 'image/svg+xml',
  json: 'application/json',
  csv: 'text/csv',
  txt: 'text/plain',
};

/** Content type guessed from a key's extension, application/octet-stream when unknown. */
export function contentTypeForKey(key: string): string {
  const ext = key.slice(key.lastIndexOf('.') + 1).toLowerCase();
  return CONTENT_TYPES[ext] ?? 'application/octet-stream';
}
