import { randomBytes } from 'node:crypto';
import { TokenCipher, TokenDecryptionError } from './token-cipher';

describe('TokenCipher (AES-256-GCM, organization id as associated data)', () => {
  const cipher = new TokenCipher(randomBytes(32).toString('base64'));

  it('round-trips, and never stores the token in clear', () => {
    const sealed = cipher.encrypt('EAAG-secret-token', 'org-1');
    expect(sealed).not.toContain('EAAG');
    expect(cipher.decrypt(sealed, 'org-1')).toBe('EAAG-secret-token');
    expect(cipher.encrypt('EAAG-secret-token', 'org-1')).not.toBe(sealed);
  });

  it('refuses a ciphertext moved to another organization, a tampered one, and another key', () => {
    const sealed = cipher.encrypt('token', 'org-1');
    expect(() => cipher.decrypt(sealed, 'org-2')).toThrow(TokenDecryptionError);
    const [v, iv, tag, body] = sealed.split('.');
    const flipped = Buffer.from(body, 'base64url');
    flipped[0] ^= 1;
    expect(() => cipher.decrypt([v, iv, tag, flipped.toString('base64url')].join('.'), 'org-1')).toThrow(TokenDecryptionError);
    expect(() => cipher.decrypt([v, iv, Buffer.alloc(16).toString('base64url'), body].join('.'), 'org-1')).toThrow(TokenDecryptionError);
    expect(() => new TokenCipher(randomBytes(32).toString('base64')).decrypt(sealed, 'org-1')).toThrow(TokenDecryptionError);
    expect(() => cipher.decrypt('garbage', 'org-1')).toThrow(TokenDecryptionError);
  });

  it('requires a 32-byte key', () => {
    expect(() => new TokenCipher(randomBytes(16).toString('base64'))).toThrow(RangeError);
  });
});
