// Fetching a URL a user gave us without letting it reach our own network (SSRF guard).
//
// - Only http(s), no credentials in the URL, at most BRAND_IMAGE_MAX_REDIRECTS redirects followed by
//   hand, each hop checked again.
// - Addresses are checked after DNS resolution, and the connection goes to the address that was
//   checked: node's http/https with request-filtering-agent (it validates the address inside the
//   socket's own lookup, so a rebinding DNS answer cannot swap it) plus our own block list on the
//   same lookup. Literal IPs in any spelling (127.1, 2130706433, 0x7f000001, [::ffff:127.0.0.1]) are
//   normalised by the WHATWG URL parser and checked before connecting.
// - Refused: loopback, private (10/8, 172.16/12, 192.168/16, 100.64/10, fc00::/7), link-local
//   (169.254/16 with the cloud metadata address, fe80::/10), 0.0.0.0/8, multicast, reserved and
//   documentation ranges, IPv4-mapped/translated IPv6 forms of those.
// - A timeout over the whole fetch (all hops) and a byte cap: the download is aborted as soon as it
//   goes beyond it.
// Node's global fetch ignores agents, so it is not used here.
import { lookup as dnsLookup, type LookupAddress, type LookupAllOptions, type LookupOneOptions } from 'node:dns';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { BlockList, isIP } from 'node:net';
import { RequestFilteringHttpAgent, RequestFilteringHttpsAgent } from 'request-filtering-agent';
import { BRAND_IMAGE_MAX_REDIRECTS } from '@brandloom/contracts';

export type ImageFetchErrorReason = 'invalid-url' | 'blocked' | 'too-many-redirects' | 'timeout' | 'too-large' | 'http-status' | 'network';

export class ImageFetchError extends Error {
  constructor(readonly reason: ImageFetchErrorReason, message: string) {
    super(message);
    this.name = 'ImageFetchError';
  }
}

const BLOCKED = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network", incl. 0.0.0.0
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, incl. 169.254.169.254 (cloud metadata)
  ['172.16.0.0', 12],
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // TEST-NET-1
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16],
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // TEST-NET-2
  ['203.0.113.0', 24], // TEST-NET-3
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, incl. 255.255.255.255
] as const) {
  BLOCKED.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['::', 96], // IPv4-compatible (deprecated)
  ['64:ff9b::', 96], // NAT64: may translate to any IPv4 address
  ['64:ff9b:1::', 48],
  ['100::', 64], // discard
  ['2001::', 23], // IETF protocol assignments, incl. Teredo
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4: embeds any IPv4 address
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const) {
  BLOCKED.addSubnet(network, prefix, 'ipv6');
}

/**
 * IPv4-mapped IPv6 (::ffff:a.b.c.d): never needed to reach a public host, so all of it is refused.
 * Kept apart because a BlockList also matches plain IPv4 addresses against this range.
 */
const MAPPED = new BlockList();
MAPPED.addSubnet('::ffff:0:0', 96, 'ipv6');

/** True when we must never connect to this IP address (or it is not an IP address at all). */
export function isForbiddenAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '');
  const family = isIP(bare);
  if (family === 0 || bare.includes('%')) return true; // not an address, or an IPv6 zone (link-local)
  try {
    if (family === 4) return BLOCKED.check(bare, 'ipv4');
    return MAPPED.check(bare, 'ipv6') || BLOCKED.check(bare, 'ipv6');
  } catch {
    return true;
  }
}

/** Host names that always mean this machine or the local network, whatever DNS says. */
function isLocalHostName(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  return host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.local') || host.endsWith('.internal') || !host.includes('.');
}

/**
 * Parses and checks a URL before any connection: http(s) only, no credentials, and a host that is
 * neither a forbidden literal address nor a local name. Returns the parsed URL.
 */
export function assertFetchableUrl(raw: string, allowAddresses: ReadonlySet<string> = new Set()): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ImageFetchError('invalid-url', 'Not a valid URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new ImageFetchError('invalid-url', 'Only http and https URLs can be fetched');
  if (url.username || url.password) throw new ImageFetchError('invalid-url', 'URLs with credentials are not fetched');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (!host) throw new ImageFetchError('invalid-url', 'The URL has no host');
  if (isIP(host)) {
    if (isForbiddenAddress(host) && !allowAddresses.has(host)) throw new ImageFetchError('blocked', `The address ${host} is not allowed`);
  } else if (isLocalHostName(host)) {
    throw new ImageFetchError('blocked', `The host ${host} is not allowed`);
  }
  return url;
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;
export type LookupFunction = (hostname: string, options: LookupOneOptions | LookupAllOptions, callback: LookupCallback) => void;

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

/**
 * GET `rawUrl` through the SSRF guard. Throws ImageFetchError: 'invalid-url', 'blocked' (a forbidden
 * address, before or after DNS, on any hop), 'too-many-redirects', 'timeout', 'too-large',
 * 'http-status' (anything but 2xx after redirects) or 'network'.
 */
export async function safeFetch(rawUrl: string, options: SafeFetchOptions): Promise<FetchedResource> {
  const allow = new Set(options.allowAddresses ?? []);
  const maxRedirects = options.maxRedirects ?? BRAND_IMAGE_MAX_REDIRECTS;
  const lookup = guardedLookup(options.lookup ?? (dnsLookup as unknown as LookupFunction), allow);
  const filter = { allowIPAddressList: [...allow], allowPrivateIPAddress: false, allowMetaIPAddress: false, keepAlive: false };
  const agents = { http: new RequestFilteringHttpAgent(filter), https: new RequestFilteringHttpsAgent(filter) };
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new ImageFetchError('timeout', `The image URL did not answer within ${options.timeoutMs} ms`)), options.timeoutMs);
  const onAbort = () => controller.abort(options.signal?.reason);
  options.signal?.addEventListener('abort', onAbort, { once: true });
  try {
    let url = assertFetchableUrl(rawUrl, allow);
    for (let hop = 0; ; hop += 1) {
      const response = await request(url, url.protocol === 'https:' ? agents.https : agents.http, lookup, controller.signal);
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
    agents.http.destroy();
    agents.https.destroy();
  }
}

/** Resolves with dns (or the given lookup) and refuses the host when any of its addresses is forbidden. */
function guardedLookup(lookup: LookupFunction, allow: ReadonlySet<string>): LookupFunction {
  return (hostname, options, callback) => {
    lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, []);
      const list = (Array.isArray(addresses) ? addresses : [{ address: String(addresses), family: isIP(String(addresses)) }]) as LookupAddress[];
      const forbidden = list.find((entry) => isForbiddenAddress(entry.address) && !allow.has(entry.address));
      if (list.length === 0 || forbidden) {
        return callback(new ImageFetchError('blocked', `The host ${hostname} resolves to ${forbidden?.address ?? 'no address'}, which is not allowed`), []);
      }
      if ((options as LookupAllOptions).all) return callback(null, list);
      return callback(null, list[0].address, list[0].family);
    });
  };
}

function request(url: URL, agent: http.Agent, lookup: LookupFunction, signal: AbortSignal): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const transport = url.protocol === 'https:' ? https : http;
    let req: http.ClientRequest;
    try {
      req = transport.request(url, {
        method: 'GET',
        agent,
        lookup: lookup as unknown as typeof dnsLookup,
        signal,
        headers: { accept: 'image/png,image/jpeg,image/webp,image/gif;q=0.9,*/*;q=0.1', 'accept-encoding': 'identity', 'user-agent': 'BrandloomBot/1.0 (brand extraction)' },
      });
    } catch (error) {
      return reject(error);
    }
    req.on('response', resolve);
    req.on('error', reject);
    req.end();
  });
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
  if (signal.aborted) {
    const reason = signal.reason;
    return reason instanceof ImageFetchError ? reason : new ImageFetchError('timeout', 'The image fetch was aborted');
  }
  const cause = (error as { cause?: unknown })?.cause;
  if (cause instanceof ImageFetchError) return cause;
  const message = error instanceof Error ? error.message : String(error);
  // request-filtering-agent's refusals ("... is not allowed. Because, It is private IP address.").
  if (/is not allowed/i.test(message)) return new ImageFetchError('blocked', message);
  return new ImageFetchError('network', `The image URL could not be fetched: ${message}`);
}
