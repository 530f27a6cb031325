import { createHash, randomBytes } from 'node:crypto';
import { assertValidStorageKey } from '../storage/storage-key';

/** A new secret seed for a generation's storage keys. */
export function newStorageSeed(): string {
  return randomBytes(16).toString('hex');
}

/**
 * The storage key of a generation's image: org/<orgId>/generated/<128 bits>.png, the same shape as
 * organizationScopedKey, but derived from the generation's secret seed and the variation index, so
 * that a retried job writes (and overwrites) the very same key instead of leaving strays behind.
 */
export function generatedImageKey(organizationId: string, storageSeed: string, variationIndex: number): string {
  const digest = createHash('sha256').update(`${storageSeed}:${variationIndex}`).digest('hex').slice(0, 32);
  const key = `org/${organizationId}/generated/${digest}.png`;
  assertValidStorageKey(key);
  return key;
}
