// The SSRF guard of every URL a user gives us and we connect to (brand images, webhook endpoints):
//
// - Only http(s), no credentials in the URL.
// - Addresses are checked after DNS resolution, and the connection goes to the address that was
//   checked: node's http/https with request-filtering-agent (it validates the address inside the
//   socket's own lookup, so a rebinding DNS answer cannot swap it) plus our own block list on the
//   same lookup. Literal IPs in any spelling (127.1, 2130706433, 0x7f000001, [::ffff:127.0.0.1]) are
//   normalised by the WHATWG URL parser and checked before connecting.
// - Refused: loopback, private (10/8, 172.16/12, 192.168/16, 100.64/10, fc00::/7), link-local
//   (169.254/16 with the cloud metadata address, fe80::/10), 0.0.0.0/8, multicast, reserved and
//   documentation ranges, IPv4-mapped/translated IPv6 forms of those.
// Redirects are the caller's business: each hop must pass assertPublicHttpUrl again.
import { lookup as dnsLookup, type LookupAddress, type LookupAllOptions, type LookupOneOptions } from 'node:dns';
import type { Agent } from 'node:http';
import { BlockList, isIP } from 'node:net';
import { RequestFilteringHttpAgent, RequestFilteringHttpsAgent } from 'request-filtering-agent';

export type UnsafeUrlReason = 'invalid-url' | 'blocked';

/** A URL we must not connect to: malformed, or pointing (before or after DNS) at a forbidden address. */
export class UnsafeUrlError extends Error {
  constructor(readonly reason: UnsafeUrlReason, message: string) {
    super(message);
    this.name = 'UnsafeUrlError';
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

/** The loopback addresses a test receiver listens on; let through only when a caller allows them. */
export const LOOPBACK_ADDRESSES: readonly string[] = ['127.0.0.1', '::1'];

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
 * neither a forbidden literal address (unless in `allowAddresses`) nor a local name. Returns the parsed URL.
 */
export function assertPublicHttpUrl(raw: string, allowAddresses: ReadonlySet<string> = new Set()): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new UnsafeUrlError('invalid-url', 'Not a valid URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new UnsafeUrlError('invalid-url', 'Only http and https URLs can be fetched');
  if (url.username || url.password) throw new UnsafeUrlError('invalid-url', 'URLs with credentials are not fetched');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (!host) throw new UnsafeUrlError('invalid-url', 'The URL has no host');
  if (isIP(host)) {
    if (isForbiddenAddress(host) && !allowAddresses.has(host)) throw new UnsafeUrlError('blocked', `The address ${host} is not allowed`);
  } else if (isLocalHostName(host)) {
    throw new UnsafeUrlError('blocked', `The host ${host} is not allowed`);
  }
  return url;
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;
export type LookupFunction = (hostname: string, options: LookupOneOptions | LookupAllOptions, callback: LookupCallback) => void;

/** Resolves with dns (or the given lookup) and refuses the host when any of its addresses is forbidden. */
export function guardedLookup(allow: ReadonlySet<string>, lookup: LookupFunction = dnsLookup as unknown as LookupFunction): LookupFunction {
  return (hostname, options, callback) => {
    lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, []);
      const list = (Array.isArray(addresses) ? addresses : [{ address: String(addresses), family: isIP(String(addresses)) }]) as LookupAddress[];
      const forbidden = list.find((entry) => isForbiddenAddress(entry.address) && !allow.has(entry.address));
      if (list.length === 0 || forbidden) {
        return callback(new UnsafeUrlError('blocked', `The host ${hostname} resolves to ${forbidden?.address ?? 'no address'}, which is not allowed`), []);
      }
      if ((options as LookupAllOptions).all) return callback(null, list);
      return callback(null, list[0].address, list[0].family);
    });
  };
}

export interface GuardedAgents {
  http: Agent;
  https: Agent;
  destroy(): void;
}

/** http and https agents that refuse forbidden addresses at connection time (destroy them after use). */
export function guardedAgents(allow: ReadonlySet<string>): GuardedAgents {
  const filter = { allowIPAddressList: [...allow], allowPrivateIPAddress: false, allowMetaIPAddress: false, keepAlive: false };
  const http = new RequestFilteringHttpAgent(filter);
  const https = new RequestFilteringHttpsAgent(filter);
  return {
    http,
    https,
    destroy() {
      http.destroy();
      https.destroy();
    },
  };
}

/** request-filtering-agent refuses with "... is not allowed. Because, It is private IP address.". */
export function isAgentRefusal(message: string): boolean {
  return /is not allowed/i.test(message);
}
