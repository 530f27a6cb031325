import { assertValidStorageKey, contentTypeForKey, isValidStorageKey, keyBelongsToOrganization, organizationScopedKey, thumbnailKey } from './storage-key';
import { StorageKeyError } from './storage-driver';

describe('storage keys', () => {
  const orgId = '6f1c2a8e-4b1d-4c8e-9a61-0d3f1e2b7c55';

  it('makes unguessable organization-scoped keys', () => {
    const key = organizationScopedKey(orgId, 'generated', 'png');
    expect(key).toMatch(new RegExp(`^org/${orgId}/generated/[0-9a-f]{32}\\.png$`));
    expect(organizationScopedKey(orgId, 'generated', 'png')).not.toBe(key);
    expect(isValidStorageKey(key)).toBe(true);
    expect(keyBelongsToOrganization(key, orgId)).toBe(true);
    expect(keyBelongsToOrganization(key, 'another-org')).toBe(false);
    expect(organizationScopedKey(orgId, 'references', '.JPG')).toMatch(/\.jpg$/);
  });

  it('refuses organization ids, kinds and extensions that could alter the path', () => {
    expect(() => organizationScopedKey('../evil', 'generated', 'png')).toThrow(StorageKeyError);
    expect(() => organizationScopedKey(orgId, '../x', 'png')).toThrow(StorageKeyError);
    expect(() => organizationScopedKey(orgId, 'generated', 'png/../../x')).toThrow(StorageKeyError);
  });

  it.each([
    '',
    '/etc/passwd',
    '../outside.png',
    'org/1/../../outside.png',
    'org//x.png',
    'org/./x.png',
    'org/.meta/x.json',
    '.hidden',
    'org\\..\\x.png',
    'org/%2e%2e/x.png',
    'org/x y.png',
    'org/\u0000.png',
    `org/${'a'.repeat(600)}`,
  ])('refuses %j', (key) => {
    expect(() => assertValidStorageKey(key)).toThrow(StorageKeyError);
  });

  it('derives the thumbnail key beside the original', () => {
    const key = organizationScopedKey(orgId, 'generated', 'png');
    expect(thumbnailKey(key)).toBe(key.replace(/\.png$/, '.thumb.webp'));
  });

  it('guesses content types from extensions', () => {
    expect(contentTypeForKey('a/b.png')).toBe('image/png');
    expect(contentTypeForKey('a/b.thumb.webp')).toBe('image/webp');
    expect(contentTypeForKey('a/b.bin')).toBe('application/octet-stream');
  });
});
