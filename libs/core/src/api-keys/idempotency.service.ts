import { IDEMPOTENCY_KEY_MAX_LENGTH, IDEMPOTENCY_KEY_TTL_HOURS } from '@brandloom/contracts';
import { Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { IdempotencyKeyInvalidError, IdempotencyKeyReusedError, IdempotencyRequestInFlightError } from './api-keys.errors';
import { IdempotencyKeysRepository } from './idempotency-keys.repository';

/** What a request with an Idempotency-Key does: the work (it claimed the key), or repeat the first answer. */
export type IdempotentStart = { kind: 'claimed' } | { kind: 'replay'; status: number; body: unknown };

/** How long a duplicate waits for the first request's answer before answering 409, and how often it looks. */
const WAIT_FOR_FIRST_MS = 10_000;
const POLL_MS = 50;
const VISIBLE_ASCII = /^[\x21-\x7e]+$/;

/**
 * Idempotency-Key of the public API, per organization: the first request with a key claims it and
 * does the work; its successful answer is kept 24 hours and given to every repeat with the same
 * request (same method, path and body) without doing the work again. Another request with the key
 * is refused (422). A repeat that arrives while the first still runs waits for its answer (then
 * 409 if it takes too long). A request that fails lets go of its key, so the client may retry it.
 */
@Injectable()
export class IdempotencyService {
  constructor(private readonly keys: IdempotencyKeysRepository) {}

  /** The request's fingerprint: a SHA-256 of its method, path and body (key order does not matter). */
  fingerprint(method: string, path: string, body: unknown): Buffer {
    return createHash('sha256').update(`${method.toUpperCase()} ${path}\n${canonicalJson(body)}`).digest();
  }

  async begin(organizationId: string, key: string, requestHash: Buffer, waitMs = WAIT_FOR_FIRST_MS): Promise<IdempotentStart> {
    if (key.length > IDEMPOTENCY_KEY_MAX_LENGTH || !VISIBLE_ASCII.test(key)) throw new IdempotencyKeyInvalidError();
    const deadline = Date.now() + waitMs;
    for (;;) {
      if (await this.keys.claim(organizationId, key, requestHash, IDEMPOTENCY_KEY_TTL_HOURS)) return { kind: 'claimed' };
      const held = await this.keys.find(organizationId, key);
      // Released between the two statements (the first request failed): claim it again.
      if (!held) continue;
      if (!held.request_hash.equals(requestHash)) throw new IdempotencyKeyReusedError();
      if (held.response_status !== null) return { kind: 'replay', status: held.response_status, body: held.response_body };
      if (Date.now() >= deadline) throw new IdempotencyRequestInFlightError();
      await sleep(POLL_MS);
    }
  }

  async succeeded(organizationId: string, key: string, status: number, body: unknown): Promise<void> {
    await this.keys.complete(organizationId, key, status, body);
  }

  async failed(organizationId: string, key: string): Promise<void> {
    await this.keys.release(organizationId, key);
  }

  /** The maintenance job's sweep: keys past their 24 hours. */
  pruneExpired(): Promise<number> {
    return this.keys.deleteExpired();
  }
}

/** JSON with object keys sorted, so `{a,b}` and `{b,a}` are the same request. */
export function canonicalJson(value: unknown): string {
  if (value === undefined) return 'null';
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}
