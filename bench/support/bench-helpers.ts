// What every benchmark needs: environment for an in-process app, a signed-in client, percentiles,
// a printed table and the exit handling.
import { randomBytes } from 'node:crypto';
import { Agent, request as httpRequest } from 'node:http';
import { cpus, loadavg } from 'node:os';
import { SseParser } from '../../libs/core/src/infra/progress/sse';

/** The benchmark apps' APP_URL: the Origin their state-changing requests carry. */
export const BENCH_APP_URL = 'http://127.0.0.1';

export interface BenchClient {
  base: string;
  cookie: string;
  organizationId: string;
  email: string;
}

export const BENCH_PASSWORD = 'correct-horse-battery';

/** Runs `create` with `env` in process.env ('' removes a variable), then restores it. */
export async function withEnv<T>(env: Record<string, string>, create: () => Promise<T>): Promise<T> {
  const previous = { ...process.env };
  Object.assign(process.env, env);
  for (const [key, value] of Object.entries(env)) if (value === '') delete process.env[key];
  try {
    return await create();
  } finally {
    process.env = previous;
  }
}

/** Signs a new user up on the app at `base` and returns their session cookie and organization. */
export async function registerBenchClient(base: string, origin?: string): Promise<BenchClient> {
  const email = `bench-${randomBytes(4).toString('hex')}@example.com`;
  const res = await fetch(`${base}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: origin ?? BENCH_APP_URL },
    body: JSON.stringify({ email, password: BENCH_PASSWORD, username: 'bench' }),
  });
  if (!res.ok) throw new Error(`register: ${res.status} ${await res.text()}`);
  const cookie = res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  const org = await fetch(`${base}/api/organization`, { headers: { cookie } });
  const { organization } = (await org.json()) as { organization: { id: string } };
  return { base, cookie, organizationId: organization.id, email };
}

/** Another session of the same user (a second browser). */
export async function signInAgain(client: BenchClient, origin?: string): Promise<BenchClient> {
  const res = await fetch(`${client.base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: origin ?? BENCH_APP_URL },
    body: JSON.stringify({ email: client.email, password: BENCH_PASSWORD }),
  });
  if (!res.ok) throw new Error(`login: ${res.status} ${await res.text()}`);
  return { ...client, cookie: res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ') };
}

/** The q-quantile (0..1) of `values`, nearest rank. */
export function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
}

export function printTable(rows: string[][]): void {
  const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => r[c].length)));
  for (const row of rows) console.log(row.map((cell, c) => cell.padEnd(widths[c])).join('   '));
}

/** Runs a benchmark's main and exits: 0 when it finished, 1 with the error otherwise. */
export function runBenchmark(main: () => Promise<void>): void {
  main().then(
    () => process.exit(0),
    (error) => {
      console.error(error instanceof Error ? (error.stack ?? error.message) : error);
      process.exit(1);
    },
  );
}

/** The last line of every benchmark: one JSON object with every figure, comparable across runs. */
export function printResult(bench: string, figures: Record<string, unknown>): void {
  console.log(JSON.stringify({ bench, ...figures, load_average: loadAverage(), cpus: cpus().length }));
}

/** The 1-minute load average: the machine is shared, so every result says how busy it was. */
export function loadAverage(): number {
  return Math.round(loadavg()[0] * 100) / 100;
}

export const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;

const keepAlive = new Agent({ keepAlive: true, maxSockets: 64 });

/**
 * GET through node:http on a keep-alive connection, the body read and dropped. Latency figures use
 * this rather than fetch: undici's fetch costs more client CPU per request than the server's
 * authenticated floor, in the same process (its `dispatch` led the profile).
 */
export function httpGet(url: string, cookie: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { agent: keepAlive, headers: { cookie } }, (res) => {
      res.on('data', () => undefined);
      res.on('end', () => resolve(res.statusCode ?? 0));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** POST of a JSON body through node:http on a keep-alive connection (see httpGet): status and parsed answer. */
export function httpPostJson<T>(url: string, cookie: string, origin: string, body: unknown): Promise<{ status: number; body: T }> {
  const payload = Buffer.from(JSON.stringify(body));
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      url,
      { method: 'POST', agent: keepAlive, headers: { cookie, origin, 'content-type': 'application/json', 'content-length': payload.length } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          try {
            resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) as T });
          } catch {
            reject(new Error(`POST ${url}: ${res.statusCode} ${text.slice(0, 200)}`));
          }
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/**
 * Follows a generation's progress stream until its final event: resolves on `completed`, rejects
 * on `error`, on a refused stream or on a stream that ends without either.
 */
export function followProgress(url: string, cookie: string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const req = httpRequest(url, { headers: { cookie, accept: 'text/event-stream' } }, (stream) => {
      if (stream.statusCode !== 200) return reject(new Error(`progress stream: ${stream.statusCode}`));
      const parser = new SseParser();
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => {
        for (const event of parser.push(chunk)) {
          if (event.event === 'completed') {
            req.destroy();
            resolve();
          } else if (event.event === 'error') {
            req.destroy();
            reject(new Error(`generation failed: ${event.data}`));
          }
        }
      });
      stream.on('end', () => reject(new Error('stream ended without a final event')));
    });
    req.on('error', (error) => (error.message === 'socket hang up' ? undefined : reject(error)));
    req.end();
  });
}

/** A deterministic random source (mulberry32), so synthetic pictures are the same in every run. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
