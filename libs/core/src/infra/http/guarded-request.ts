import type { lookup as dnsLookup } from 'node:dns';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import type { GuardedAgents, LookupFunction } from './ssrf-guard';

export interface GuardedRequest {
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
  /** The guard's agents (guardedAgents) and DNS lookup (guardedLookup). */
  agents: GuardedAgents;
  lookup: LookupFunction;
  signal: AbortSignal;
}

/** Sends one request to `url` through the SSRF guard; resolves once the answer's head arrives (its body is the caller's to read). */
export function sendGuarded(url: URL, request: GuardedRequest): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    if (request.signal.aborted) return reject(request.signal.reason);
    const secure = url.protocol === 'https:';
    let req: http.ClientRequest;
    try {
      req = (secure ? https : http).request(url, {
        method: request.method,
        agent: secure ? request.agents.https : request.agents.http,
        lookup: request.lookup as unknown as typeof dnsLookup,
        signal: request.signal,
        headers: request.headers,
      });
    } catch (error) {
      return reject(error);
    }
    req.on('response', resolve);
    req.on('error', reject);
    req.end(request.body);
  });
}
