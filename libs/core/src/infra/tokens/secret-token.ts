import { createHash, randomBytes } from 'node:crypto';

/** A token for a mailed link: 256 random bits, URL-safe. Only its hash is ever stored. */
export function newSecretToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashSecretToken(token) };
}

/** SHA-256 hex: enough for 256-bit random tokens (no guessing, no need for a slow hash). */
export function hashSecretToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** Tokens we issue are 43 base64url characters; anything else is not worth a database lookup. */
export const SECRET_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
