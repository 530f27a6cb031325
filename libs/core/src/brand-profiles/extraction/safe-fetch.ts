// Fetching a brand image URL a user gave us without letting it reach our own network: the SSRF
// guard of infra/http/ssrf-guard.ts on every hop, at most BRAND_IMAGE_MAX_REDIRECTS redirects
// followed by hand (each hop checked again), a timeout over the whole fetch (all hops) and a byte
// cap: the download is aborted as soon as it goes beyond it.
// Node's global fetch ignores agents, so it is not used here.
import type { IncomingMessage } from 'node:http';
import { BRAND_IMAGE_MAX_REDIRECTS } from '@brandloom/contracts';
import { sendGuarded } from '../../infra/http/guarded-request';
import { assertPublicHttpUrl, guardedAgents, guardedLookup, isAgentRefusal, UnsafeUrlError, type LookupFunction } from '../../infra/http/ssrf-guard';

export { isForbiddenAddress, type LookupFunction } from '../../infra/http/ssrf-guard';

export type ImageFetchErrorReason = 'invalid-url' | 'blocked' | 'too-many-redirects' | 'timeout' | 'too-large' | 'http-status' | 'network';

export class ImageFetchError extends Error {
  constructor(readonly reason: ImageFetchErrorReason, message: string) {
    super(message);
    this.name = 'ImageFetchError';
  }
}

/** assertPublicHttpUrl, refusing with an ImageFetchError. */
export function assertFetchableUrl(raw: string, allowAddresses: ReadonlySet<string> = new Set()): URL {
  try {
    return assertPublicHttpUrl(raw, allowAddresses);
  } catch (error) {
    throw error instanceof UnsafeUrlError ? new ImageFetchError(error.reason, error.message) : error;
  }
}

export interface SafeFetchOptions {
  /** Whole-fetch deadline, all redirects included. */
  timeoutMs: number;
  /** The body is aborted beyond this many bytes. */
  maxBytes: number;
  maxRedirects?: number;
  /** DNS resolution (tests give their own; default node's dns.lookup). */
  lookup?: LookupFunction;
  /**
   * Addresses allowed although they are in a blocked range. For tests that serve from 127.0.0.1
   * only; production code never sets it.
   */
  allowAddresses?: readonly string[];
  /** Aborts the fetch. */
  signal?: AbortSignal;
}

export interface FetchedResource {
  body: Buffer;
  contentType: string | null;
  /** The URL the body came from, after redirects. */
  url: string;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const IMAGE_REQUEST_HEADERS = { accept: 'image/png,image/jpeg,image/webp,image/gif;q=0.9,*/*;q=0.1', 'accept-encoding': 'identity', 'user-agent': 'BrandloomBot/1.0 (brand extraction)' };

/**
 * GET `rawUrl` through the SSRF guard. Throws ImageFetchError: 'invalid-url', 'blocked' (a forbidden
 * address, before or after DNS, on any hop), 'too-many-redirects', 'timeout', 'too-large',
 * 'http-status' (anything but 2xx after redirects) or 'network'.
 */
export async function safeFetch(rawUrl: string, options: SafeFetchOptions): Promise<FetchedResource> {
  const allow = new Set(options.allowAddresses ?? []);
  const maxRedirects = options.maxRedirects ?? BRAND_IMAGE_MAX_REDIRECTS;
  const lookup = guardedLookup(allow, options.lookup);
  const agents = guardedAgents(allow);
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new ImageFetchError('timeout', `The image URL did not answer within ${options.timeoutMs} ms`)), options.timeoutMs);
  const onAbort = () => controller.abort(options.signal?.reason);
  options.signal?.addEventListener('abort', onAbort, { once: true });
  try {
    let url = assertFetchableUrl(rawUrl, allow);
    for (let hop = 0; ; hop += 1) {
      const response = await sendGuarded(url, { method: 'GET', headers: IMAGE_REQUEST_HEADERS, agents, lookup, signal: controller.signal });
      const status = response.statusCode ?? 0;
      if (REDIRECTS.has(status)) {
        response.resume();
        const location = response.headers.location;
        if (!location) throw new ImageFetchError('http-status', `HTTP ${status} without a Location`);
        if (hop >= maxRedirects) throw new ImageFetchError('too-many-redirects', `More than ${maxRedirects} redirects`);
        let next: string;
        try {
          next = new URL(location, url).toString();
        } catch {
          throw new ImageFetchError('invalid-url', 'The redirect location is not a valid URL');
        }
        url = assertFetchableUrl(next, allow);
        continue;
      }
      if (status < 200 || status >= 300) {
        response.resume();
        throw new ImageFetchError('http-status', `The image URL answered HTTP ${status}`);
      }
      const body = await readCapped(response, options.maxBytes);
      const type = response.headers['content-type'];
      return { body, contentType: typeof type === 'string' ? type : null, url: url.toString() };
    }
  } catch (error) {
    throw translate(error, controller.signal);
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onAbort);
    agents.destroy();
  }
}

function readCapped(response: IncomingMessage, maxBytes: number): Promise<Buffer> {
  const declared = Number(response.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) {
    response.destroy();
    return Promise.reject(new ImageFetchError('too-large', `The image is larger than ${maxBytes} bytes`));
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let total = 0;
    let settled = false;
    const fail = (error: unknown) => {
      if (settled) return;
      settled = true;
      reject(error);
      response.destroy();
    };
    response.on('data', (chunk: Buffer) => {
      if (settled) return;
      total += chunk.length;
      if (total > maxBytes) return fail(new ImageFetchError('too-large', `The image is larger than ${maxBytes} bytes`));
      chunks.push(chunk);
    });
    response.on('end', () => {
      if (settled) return;
      settled = true;
      resolve(Buffer.concat(chunks, total));
    });
    response.on('error', fail);
    response.on('close', () => fail(new ImageFetchError('network', 'The download was interrupted')));
  });
}

function translate(error: unknown, signal: AbortSignal): ImageFetchError {
  if (error instanceof ImageFetchError) return error;
  if (error instanceof UnsafeUrlError) return new ImageFetchError(error.reason, error.message);
  if (signal.aborted) {
    const reason = signal.reason;
    return reason instanceof ImageFetchError ? reason : new ImageFetchError('timeout', 'The image fetch was aborted');
  }
  const cause = (error as { cause?: unknown })?.cause;
  if (cause instanceof ImageFetchError) return cause;
  if (cause instanceof UnsafeUrlError) return new ImageFetchError(cause.reason, cause.message);
  const message = error instanceof Error ? error.message : String(error);
  if (isAgentRefusal(message)) return new ImageFetchError('blocked', message);
  return new ImageFetchError('network', `The image URL could not be fetched: ${message}`);
}
