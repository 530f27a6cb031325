import { decodeAssetCursor, encodeAssetCursor } from './asset-cursor';
import { substringPattern } from './assets.repository';
import { InvalidAssetCursorError } from './assets.errors';
import { assetNameProblem, folderNameProblem, LIBRARY_MESSAGES } from '@brandloom/contracts';

const id = '0b6c8a8e-3f4e-4d7e-9a55-1f2b3c4d5e6f';
const forge = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('asset cursor', () => {
  it('round-trips the key (microseconds and any text) and the id, URL-safe', () => {
    for (const [sort, key] of [
      ['newest', '2026-11-22T01:19:51.783366+00:00'],
      ['oldest', '2026-01-01T00:00:00+05:30'],
      ['name-asc', 'ünïcödé / 100% _name_ "quoted" \\ 🎨'],
      ['name-desc', ''],
    ] as const) {
      const encoded = encodeAssetCursor({ sort, key, id });
      expect(encoded).toMatch(/^[A-Za-z0-9_-]+$/);
      expect(decodeAssetCursor(encoded, sort)).toEqual({ sort, key, id });
    }
  });

  it.each([
    ['empty', ''],
    ['not base64url', 'abc+/='],
    ['not JSON', Buffer.from('{oops').toString('base64url')],
    ['JSON but not an object', forge('newest')],
    ['another sort', forge({ s: 'oldest', k: '2026-01-01T00:00:00Z', i: id })],
    ['unknown sort', forge({ s: 'random', k: '2026-01-01T00:00:00Z', i: id })],
    ['id not a uuid', forge({ s: 'newest', k: '2026-01-01T00:00:00Z', i: '42' })],
    ['key not a string', forge({ s: 'newest', k: 1767225600000, i: id })],
    ['impossible date', forge({ s: 'newest', k: '2026-02-30T00:00:00Z', i: id })],
    ['hour 24', forge({ s: 'newest', k: '2026-01-01T24:00:00Z', i: id })],
    ['no time zone', forge({ s: 'newest', k: '2026-01-01T00:00:00', i: id })],
    ['words', forge({ s: 'newest', k: 'now', i: id })],
    ['too long', 'a'.repeat(5000)],
  ])('refuses %s', (_label, raw) => {
    expect(() => decodeAssetCursor(raw, 'newest')).toThrow(InvalidAssetCursorError);
  });

  it('refuses a name key with NUL', () => {
    expect(() => decodeAssetCursor(forge({ s: 'name-asc', k: 'a\u0000', i: id }), 'name-asc')).toThrow(InvalidAssetCursorError);
  });
});

describe('library input rules', () => {
  it('escapes LIKE wildcards and the escape character', () => {
    expect(substringPattern('100%_off\\')).toBe('%100\\%\\_off\\\\%');
  });

  it('judges names trimmed, in characters', () => {
    expect(assetNameProblem('  ok  ')).toBeNull();
    expect(assetNameProblem('🎨'.repeat(200))).toBeNull();
    expect(assetNameProblem('🎨'.repeat(201))).toBe(LIBRARY_MESSAGES.assetNameTooLong);
    expect(assetNameProblem(' \t ')).toBe(LIBRARY_MESSAGES.assetNameRequired);
    expect(assetNameProblem(undefined)).toBe(LIBRARY_MESSAGES.assetNameRequired);
    expect(folderNameProblem('x'.repeat(100))).toBeNull();
    expect(folderNameProblem('x'.repeat(101))).toBe(LIBRARY_MESSAGES.folderNameTooLong);
    expect(folderNameProblem('a\u0007b')).toBe(LIBRARY_MESSAGES.nameControlCharacters);
  });
});
