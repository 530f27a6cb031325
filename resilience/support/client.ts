// A signed-in user of the API as a browser would be: one session cookie, our Origin on every
// state-changing request, every answer's status counted (5xx are what the suites must not see).
import { SseParser, type ParsedSseEvent } from '@brandloom/core';
import { randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { sleep } from './processes';

export const PASSWORD = 'correct-horse-battery-staple';

/** Answers by status class, across every client of a suite. */
export class StatusTally {
  readonly byStatus = new Map<number, number>();
  /** Network errors (no answer at all). */
  networkErrors = 0;
  readonly fiveHundreds: string[] = [];

  record(status: number, what: string, body = ''): void {
    this.byStatus.set(status, (this.byStatus.get(status) ?? 0) + 1);
    if (status >= 500 && status !== 503) this.fiveHundreds.push(`${status} ${what} ${body.slice(0, 200)}`);
  }

  count(predicate: (status: number) => boolean): number {
    return [...this.byStatus].filter(([status]) => predicate(status)).reduce((sum, [, n]) => sum + n, 0);
  }
}

export interface Answer {
  status: number;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any
  text: string;
  ms: number;
}

export class ApiClient {
  cookie = '';
  email = '';

  constructor(
    public base: string,
    readonly origin: string,
    private readonly tally: StatusTally,
    private readonly timeoutMs = 30_000,
  ) {}

  /** The same user (session cookie) talking to another address. */
  via(base: string): ApiClient {
    const other = new ApiClient(base, this.origin, this.tally, this.timeoutMs);
    other.cookie = this.cookie;
    other.email = this.email;
    return other;
  }

  /** Another browser (no session) on `base`, counted in the same tally. */
  stranger(base = this.base): ApiClient {
    return new ApiClient(base, this.origin, this.tally, this.timeoutMs);
  }

  async call(method: string, path: string, body?: unknown, init: { form?: FormData; timeoutMs?: number } = {}): Promise<Answer> {
    const started = Date.now();
    const headers: Record<string, string> = { origin: this.origin };
    if (this.cookie) headers.cookie = this.cookie;
    if (body !== undefined) headers['content-type'] = 'application/json';
    let res: Response;
    try {
      res = await fetch(`${this.base}${path}`, {
        method,
        headers,
        body: init.form ?? (body === undefined ? undefined : JSON.stringify(body)),
        signal: AbortSignal.timeout(init.timeoutMs ?? this.timeoutMs),
      });
    } catch (error) {
      this.tally.networkErrors += 1;
      throw new Error(`${method} ${path}: no answer (${(error as Error).name}: ${(error as Error).message})`);
    }
    const text = await res.text();
    const cookies = res.headers.getSetCookie().map((c) => c.split(';')[0]);
    if (cookies.length > 0) this.cookie = cookies.join('; ');
    this.tally.record(res.status, `${method} ${path}`, text);
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // not JSON
    }
    return { status: res.status, body: parsed, text, ms: Date.now() - started };
  }

  async expect(status: number, method: string, path: string, body?: unknown, init?: { form?: FormData }): Promise<Answer> {
    const answer = await this.call(method, path, body, init);
    if (answer.status !== status) throw new Error(`${method} ${path} through ${this.base}: expected ${status}, got ${answer.status} ${answer.text.slice(0, 300)}`);
    return answer;
  }

  async register(): Promise<this> {
    this.email = `resilience-${randomBytes(5).toString('hex')}@example.com`;
    await this.expect(201, 'POST', '/api/auth/register', { email: this.email, password: PASSWORD, username: 'resilience' });
    return this;
  }

  async organizationId(): Promise<string> {
    return (await this.expect(200, 'GET', '/api/organization')).body.organization.id as string;
  }

  /** POST /api/generate of one low-quality image; the generation id. */
  async generate(prompt: string): Promise<string> {
    const res = await this.expect(201, 'POST', '/api/generate', { prompt, quality: 'low', size: '1024x1024', variationCount: 1 });
    return res.body.generationId as string;
  }

  /** A bulk batch of `rows` low-quality prompts; its batch id and generation ids. */
  async bulk(rows: number, label: string): Promise<{ batchId: string; ids: string[] }> {
    const csv = ['prompt,quality,size', ...Array.from({ length: rows }, (_, i) => `${label} row ${i + 1} of a product on a plain background,low,1024x1024`)].join('\n');
    const form = new FormData();
    form.append('file', new Blob([csv], { type: 'text/csv' }), 'batch.csv');
    const res = await this.expect(201, 'POST', '/api/generate/bulk', undefined, { form });
    return { batchId: res.body.batchId, ids: (res.body.jobs as Array<{ generationId: string }>).map((j) => j.generationId) };
  }

  /**
   * Follows a progress stream as EventSource does: when the connection drops before a final event
   * (`completed` or `error`), it reconnects after the server's `retry:` delay and reads on.
   */
  async follow(
    path: string,
    options: { maxMs?: number; finals?: string[] } = {},
  ): Promise<{ events: ParsedSseEvent[]; reconnects: number; final?: ParsedSseEvent; resumedAt?: number }> {
    const finals = options.finals ?? ['completed', 'error'];
    const deadline = Date.now() + (options.maxMs ?? 120_000);
    const events: ParsedSseEvent[] = [];
    let reconnects = 0;
    let retryMs = 3000;
    /** When the first event arrived over a reconnected stream. */
    let resumedAt: number | undefined;
    while (Date.now() < deadline) {
      const final = await new Promise<ParsedSseEvent | undefined>((resolve) => {
        const req = httpRequest(`${this.base}${path}`, { headers: { cookie: this.cookie, accept: 'text/event-stream' } }, (res) => {
          this.tally.record(res.statusCode ?? 0, `GET ${path} (stream)`);
          if (res.statusCode !== 200) {
            res.resume();
            return resolve(undefined);
          }
          const parser = new SseParser();
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => {
            const retry = /^retry: (\d+)$/m.exec(chunk);
            if (retry) retryMs = Number(retry[1]);
            for (const event of parser.push(chunk)) {
              if (reconnects > 0) resumedAt ??= Date.now();
              events.push(event);
              if (finals.includes(event.event)) {
                req.destroy();
                resolve(event);
              }
            }
          });
          res.on('end', () => resolve(undefined));
          res.on('error', () => resolve(undefined));
          res.on('aborted', () => resolve(undefined));
        });
        req.on('error', () => resolve(undefined));
        req.end();
      });
      if (final) return { events, reconnects, final, resumedAt };
      reconnects += 1;
      await sleep(retryMs);
    }
    return { events, reconnects, resumedAt };
  }
}
