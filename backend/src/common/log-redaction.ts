/**
 * The one rule for what of a request reaches the log. Mailed links, OAuth callbacks and signed
 * callbacks carry secrets in their URLs (/reset-password?token=…, /invitations/{token},
 * /api/meta/data-deletion/{code}, ?code=…&state=…) and headers (cookies, signatures): whatever the
 * route, before anything is logged
 *  - a query parameter or header named like a secret (token, code, state, signature, key, cookie, …)
 *    loses its value;
 *  - any path segment or query value that looks like a secret loses it too: 16 or more URL-safe
 *    characters that are not a UUID and not a lowercase slug (our tokens are 43 random base64url
 *    characters, confirmation codes 16 upper-case hex ones; ids are UUIDs, slugs lower-case words).
 * URL-valued headers (Referer, Location) go through the URL rule.
 */
import { UUID_PATTERN } from '@brandloom/contracts';

export const REDACTED = '[Redacted]';

/** Words that make a query parameter or header name secret, as whole parts of the name (access_token, x-hub-signature-256). */
const SECRET_NAME_PARTS = new Set([
  'token',
  'code',
  'state',
  'secret',
  'password',
  'signature',
  'sig',
  'signed',
  'key',
  'apikey',
  'authorization',
  'cookie',
  'session',
  'credential',
  'credentials',
  'otp',
]);
const URL_HEADERS = new Set(['referer', 'location', 'content-location']);
const URL_SAFE = /^[A-Za-z0-9_-]{16,}$/;

export function isSecretName(name: string): boolean {
  return name
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .some((part) => SECRET_NAME_PARTS.has(part));
}

/** A value shaped like a random secret rather than an id, a slug or a word. */
export function looksLikeSecret(value: string): boolean {
  if (!URL_SAFE.test(value) || UUID_PATTERN.test(value)) return false;
  return /[A-Z]/.test(value) || value.includes('_') || (!value.includes('-') && /\d/.test(value));
}

function decoded(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}

/** A path or URL (absolute or not) with its secrets replaced by [Redacted]. */
export function redactUrl(url: string): string {
  const origin = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i.exec(url)?.[0] ?? '';
  const rest = url.slice(origin.length);
  const hashAt = rest.indexOf('#');
  const withoutHash = hashAt < 0 ? rest : rest.slice(0, hashAt);
  const queryAt = withoutHash.indexOf('?');
  const path = queryAt < 0 ? withoutHash : withoutHash.slice(0, queryAt);
  const redactedPath = path
    .split('/')
    .map((segment) => (looksLikeSecret(decoded(segment)) ? REDACTED : segment))
    .join('/');
  let redacted = origin + redactedPath;
  if (queryAt >= 0) {
    const pairs = withoutHash.slice(queryAt + 1).split('&');
    redacted += `?${pairs
      .map((pair) => {
        const equals = pair.indexOf('=');
        if (equals < 0) return looksLikeSecret(decoded(pair)) ? REDACTED : pair;
        const name = pair.slice(0, equals);
        return isSecretName(decoded(name)) || looksLikeSecret(decoded(pair.slice(equals + 1))) ? `${name}=${REDACTED}` : pair;
      })
      .join('&')}`;
  }
  // Browsers never send a fragment; in a Location header it may carry a token.
  return hashAt < 0 ? redacted : `${redacted}#${REDACTED}`;
}

/** Headers with secret ones replaced by [Redacted] and URL-valued ones through redactUrl. */
export function redactHeaders(headers: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
  if (!headers) return headers;
  const redacted: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (isSecretName(name)) redacted[name] = REDACTED;
    else if (URL_HEADERS.has(name.toLowerCase()) && typeof value === 'string') redacted[name] = redactUrl(value);
    else redacted[name] = value;
  }
  return redacted;
}

/** The URL a request came with (Express rewrites `url` under a mount path, never `originalUrl`). */
export function urlOf(req: { url?: string; originalUrl?: string }): string {
  return req.originalUrl ?? req.url ?? '';
}

/** A request's log line: `GET /invitations/[Redacted] 200 12 ms`. */
export function requestLine(method: string | undefined, url: string | undefined, statusCode: number, ms?: number): string {
  return `${method ?? '?'} ${redactUrl(url ?? '').slice(0, 200)} ${statusCode}${ms === undefined ? '' : ` ${Math.round(ms)} ms`}`;
}

interface SerializedRequest {
  id?: unknown;
  method?: string;
  url?: string;
  headers?: Record<string, unknown>;
  remoteAddress?: string;
  remotePort?: number;
}

/** pino-http's `req`, without its secrets; query and params repeat the URL and are left out. */
export function serializeRequest(req: SerializedRequest): SerializedRequest {
  return { id: req.id, method: req.method, url: redactUrl(req.url ?? ''), headers: redactHeaders(req.headers), remoteAddress: req.remoteAddress, remotePort: req.remotePort };
}

/** pino-http's `res`, without its secrets (Set-Cookie, a Location carrying a token). */
export function serializeResponse(res: { statusCode?: number; headers?: Record<string, unknown> }): { statusCode?: number; headers?: Record<string, unknown> } {
  return { statusCode: res.statusCode, headers: redactHeaders(res.headers) };
}
