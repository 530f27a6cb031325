// POSTing to a URL a user gave us (a webhook endpoint) through the SSRF guard: the address is checked
// before and after DNS and at connection time, and a redirect is an answer like any other, never
// followed. A timeout covers the whole exchange; only the start of the answer is read.
import type { IncomingMessage } from 'node:http';
import { sendGuarded } from './guarded-request';
import { assertPublicHttpUrl, guardedAgents, guardedLookup, isAgentRefusal, UnsafeUrlError, type LookupFunction } from './ssrf-guard';

export type GuardedPostFailure = 'invalid-url' | 'blocked' | 'timeout' | 'network';

/** The POST got no HTTP answer: refused by the guard, timed out, or the connection failed. */
export class GuardedPostError extends Error {
  constructor(readonly reason: GuardedPostFailure, message: string) {
    super(message);
    this.name = 'GuardedPostError';
  }
}

export interface GuardedPostOptions {
  headers: Record<string, string>;
  timeoutMs: number;
  /** Characters of the answer's body kept (the rest is not read). */
  maxResponseChars: number;
  /** Addresses allowed although they are in a blocked range (a loopback test receiver only). */
  allowAddresses?: readonly string[];
  lookup?: LookupFunction;
}

export interface GuardedPostAnswer {
  statusCode: number;
  /** The start of the answer's body, as text. */
  body: string;
}

/** POSTs `body`; resolves with any HTTP answer (3xx included), throws GuardedPostError without one. */
export async function guardedPost(rawUrl: string, body: string, options: GuardedPostOptions): Promise<GuardedPostAnswer> {
  const allow = new Set(options.allowAddresses ?? []);
  const agents = guardedAgents(allow);
  const lookup = guardedLookup(allow, options.lookup);
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new GuardedPostError('timeout', `No answer within ${options.timeoutMs} ms`)), options.timeoutMs);
  try {
    const url = assertPublicHttpUrl(rawUrl, allow);
    const headers = { ...options.headers, 'content-length': String(Buffer.byteLength(body)) };
    const response = await sendGuarded(url, { method: 'POST', headers, body, agents, lookup, signal: controller.signal });
    return { statusCode: response.statusCode ?? 0, body: await readStart(response, options.maxResponseChars) };
  } catch (error) {
    throw translate(error, controller.signal);
  } finally {
    clearTimeout(timer);
    agents.destroy();
  }
}

/** Up to `maxChars` of the body; the rest of the answer is dropped with the connection. */
function readStart(response: IncomingMessage, maxChars: number): Promise<string> {
  return new Promise((resolve) => {
    let text = '';
    const done = () => {
      response.destroy();
      resolve(text.slice(0, maxChars));
    };
    response.setEncoding('utf8');
    response.on('data', (chunk: string) => {
      text += chunk;
      if (text.length >= maxChars) done();
    });
    response.on('end', done);
    response.on('error', done);
    response.on('close', done);
  });
}

function translate(error: unknown, signal: AbortSignal): GuardedPostError {
  if (error instanceof GuardedPostError) return error;
  if (error instanceof UnsafeUrlError) return new GuardedPostError(error.reason, error.message);
  if (signal.aborted) {
    const reason = signal.reason;
    return reason instanceof GuardedPostError ? reason : new GuardedPostError('timeout', 'The request was aborted');
  }
  const cause = (error as { cause?: unknown })?.cause;
  if (cause instanceof UnsafeUrlError) return new GuardedPostError(cause.reason, cause.message);
  const message = error instanceof Error ? error.message : String(error);
  if (isAgentRefusal(message)) return new GuardedPostError('blocked', message);
  return new GuardedPostError('network', message);
}
