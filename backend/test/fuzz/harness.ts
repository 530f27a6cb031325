/**
 * Walks the OpenAPI document and sends every operation hostile input, anonymous, as a member and as
 * an administrator: deep nesting, NUL, lone surrogates, wrong types, huge and negative numbers, huge
 * strings, arrays for objects, unknown fields, malformed and truncated bodies, non-UUID and unknown
 * ids. No answer may be a 5xx (but a 503 that says a third party is not configured), every error
 * has the `{statusCode, message, error, code}` shape with a known code (a validation answer lists
 * each failing field with its own), and the app stays healthy. A new route is covered
 * as soon as it is in the document.
 *
 * The operations are split into shards of about equal case counts (`fuzz-*.e2e-spec.ts`, one app
 * each), so Jest spreads them over its workers and no single test carries ten thousand requests.
 * Administrator routes are fuzzed as an administrator (a member stops at the 403), every other
 * route as a member; every route also anonymously.
 */
import { ERROR_CODES, FIELD_ERROR_CODES, type FieldErrorCode } from '@brandloom/contracts';
import { randomUUID } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { createTestApp, TestApp } from '../test-app';

interface Operation {
  method: string;
  path: string;
  query: string[];
  bodyKind: 'json' | 'multipart' | null;
  bodyFields: string[];
  /** A body that passes validation as far as the document tells (enums, examples, minimums), so one hostile field reaches the service. */
  baseline: Record<string, unknown>;
  /** The document asks for credentials (the OpenAPI suite checks that such a route answers 401 without them). */
  secured: boolean;
}

interface Case {
  role: Role;
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
  label: string;
}

type Role = 'anonymous' | 'member' | 'admin';

interface Answer {
  status: number;
  body: string;
  contentType: string;
  setCookie?: string[];
}

const ORIGIN = 'http://localhost:3000';
const CONCURRENCY = 8;
/** Routes whose success ends the caller's session: fuzzed anonymously only, so the signed-in roles stay signed in. */
const SESSION_ENDING = new Set(['POST /api/auth/logout']);

// Raw URL pieces (percent-encoded by hand: encodeURIComponent refuses lone surrogates).
const HOSTILE_SEGMENTS = ['not-a-uuid', randomUUID(), '%00', '%ED%A0%80', '%FF%FE', 'a'.repeat(4000), '-1', '1e309', '..%2F..%2Fetc%2Fpasswd', '%E2%80%AE'];
const HOSTILE_QUERY_VALUES = ['abc', '-1', '0', '1e309', '99999999999999999999999', '%00', 'x%00y', '%ED%A0%80', '%FF', 'a'.repeat(6000), '[]', '%7B%22a%22%3A1%7D'];
/** What only the query-string parser sees (see undeclaredQueryReachesTheRoute). */
const UNDECLARED_QUERY_VALUES = ['x%00y', '%ED%A0%80', '%FF', 'a'.repeat(6000)];

const deepJson = (levels: number) => '['.repeat(levels) + ']'.repeat(levels);
const deepObject = (levels: number) => '{"a":'.repeat(levels) + '1' + '}'.repeat(levels);

/** JSON values to put in each field: wrong types, control characters, lone surrogates, extremes. */
const HOSTILE_FIELD_VALUES: string[] = [
  '"\\u0000"',
  '"abc\\u0000def"',
  '"\\ud800"',
  '"\\udc00 tail"',
  '"\\u001b[31m"',
  'null',
  'true',
  '-1',
  '0',
  '1.5',
  '1e308',
  '-1e308',
  '9007199254740993',
  '[]',
  '["a", 1, null]',
  '{}',
  '{"nested":{"deeper":["\\u0000"]}}',
  `"${'x'.repeat(20_000)}"`,
  deepJson(64),
];

type BodyCase = { label: string; headers: Record<string, string>; body: Buffer };

const json = (label: string, text: string): BodyCase => ({ label, headers: { 'content-type': 'application/json' }, body: Buffer.from(text) });

/** Bodies the body parser itself has to refuse or survive, whatever the route. */
function rawBodyCases(): BodyCase[] {
  return [
    json('deeply nested array', deepJson(3000)),
    json('deeply nested object', deepObject(3000)),
    json('malformed JSON', '{"a": x'),
    json('truncated JSON', '{"a": "b'),
    json('array body', '[1, 2, 3]'),
    json('string body', '"text"'),
    json('null body', 'null'),
    json('unknown field', '{"unknownField": 1, "__proto__": {"polluted": true}, "constructor": {"prototype": {"x": 1}}}'),
    json('NUL key', '{"a\\u0000b": 1}'),
    json('lone surrogate key', '{"\\ud800": 1}'),
    json('1 MB string', `{"x": "${'y'.repeat(1024 * 1024)}"}`),
    { label: 'form-urlencoded', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: Buffer.from('name=x&prompt=y') },
    { label: 'text/plain', headers: { 'content-type': 'text/plain' }, body: Buffer.from('hello') },
    { label: 'invalid UTF-8', headers: { 'content-type': 'application/json; charset=utf-8' }, body: Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]) },
    { label: 'unknown charset', headers: { 'content-type': 'application/json; charset=klingon' }, body: Buffer.from('{}') },
  ];
}

function bodyCases(operation: Operation): BodyCase[] {
  const cases = rawBodyCases();
  for (const field of operation.bodyFields) {
    const others = JSON.stringify({ ...operation.baseline, [field]: undefined }).slice(1, -1);
    for (const value of HOSTILE_FIELD_VALUES) {
      cases.push(json(`${field}=${value.slice(0, 24)}`, `{${others ? `${others},` : ''}"${field}": ${value}}`));
    }
  }
  if (operation.bodyFields.length > 0) cases.push(json('baseline', JSON.stringify(operation.baseline)));
  if (operation.bodyKind === 'multipart') cases.push(...multipartCases(operation));
  return cases;
}

function multipartCases(operation: Operation): BodyCase[] {
  const boundary = 'fuzzboundary';
  const headers = { 'content-type': `multipart/form-data; boundary=${boundary}` };
  const part = (name: string, value: string | Buffer, filename?: string) =>
    Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"${filename ? `; filename="${filename}"` : ''}\r\n${filename ? 'Content-Type: application/octet-stream\r\n' : ''}\r\n`),
      Buffer.isBuffer(value) ? value : Buffer.from(value),
      Buffer.from('\r\n'),
    ]);
  const end = Buffer.from(`--${boundary}--\r\n`);
  const cases: BodyCase[] = [
    { label: 'truncated multipart', headers, body: Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="prompt"\r\n\r\nhello wor`) },
    { label: 'multipart without boundary', headers: { 'content-type': 'multipart/form-data' }, body: Buffer.from('garbage') },
    { label: 'broken part header', headers, body: Buffer.from(`--${boundary}\r\nbroken\r\n\r\nx\r\n--${boundary}--\r\n`) },
    { label: 'unexpected file field', headers, body: Buffer.concat([part('nope', Buffer.alloc(10), 'x.png'), end]) },
    { label: 'JSON to a multipart route', headers: { 'content-type': 'application/json' }, body: Buffer.from('{"prompt":"hello world"}') },
  ];
  for (const field of [...operation.bodyFields, 'unknownField']) {
    for (const value of ['\u0000', 'a\u0000b', '\ud800', '\u001b', '-1', '1e309', 'x'.repeat(70_000)]) {
      cases.push({ label: `multipart ${field}=${JSON.stringify(value.slice(0, 12))}`, headers, body: Buffer.concat([part(field, value), end]) });
    }
  }
  return cases;
}

function operationsOf(document: { paths: Record<string, Record<string, any>>; components?: { schemas?: Record<string, any> }; security?: unknown[] }): Operation[] {
  const schemas = document.components?.schemas ?? {};
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, spec] of Object.entries(methods)) {
      const content = spec.requestBody?.content ?? {};
      const bodyKind = content['multipart/form-data'] ? 'multipart' : content['application/json'] ? 'json' : null;
      const schema = (content['multipart/form-data'] ?? content['application/json'])?.schema;
      const resolved = schema?.$ref ? schemas[schema.$ref.split('/').pop()] : schema;
      operations.push({
        method: method.toUpperCase(),
        path,
        query: (spec.parameters ?? []).filter((p: { in: string }) => p.in === 'query').map((p: { name: string }) => p.name),
        bodyKind,
        bodyFields: Object.keys(resolved?.properties ?? {}),
        baseline: baselineOf(resolved),
        secured: (spec.security ?? document.security ?? []).length > 0,
      });
    }
  }
  return operations;
}

/**
 * The cases of one operation for one role. An anonymous caller of a secured route is refused by
 * the session or key check, which runs before the route's pipes and handler; it gets what reaches
 * code before that check: the router (hostile path segments), the query-string parser and the
 * body parser. Every other hostile value reaches the route as the signed-in role.
 */
function casesFor(operation: Operation, role: Role): Case[] {
  if (role === 'anonymous' && operation.secured) return casesBeforeTheSessionCheck(operation);
  const cases: Case[] = [];
  const base = { role, method: operation.method, headers: { origin: ORIGIN } };
  const params = [...operation.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
  const fill = (value: string) => operation.path.replace(/\{\w+\}/g, value);
  const plainPath = fill(randomUUID());

  for (const segment of params.length > 0 ? HOSTILE_SEGMENTS : []) cases.push({ ...base, path: fill(segment), label: `path ${segment.slice(0, 24)}` });
  for (const name of [...operation.query, 'unknownParam']) {
    const values = name === 'unknownParam' && !undeclaredQueryReachesTheRoute(operation) ? UNDECLARED_QUERY_VALUES : HOSTILE_QUERY_VALUES;
    for (const value of values) cases.push({ ...base, path: `${plainPath}?${name}=${value}`, label: `query ${name}=${value.slice(0, 24)}` });
    cases.push({ ...base, path: `${plainPath}?${name}=1&${name}=2`, label: `query ${name} repeated` });
    cases.push({ ...base, path: `${plainPath}?${name}[a][b]=1`, label: `query ${name} bracketed` });
  }
  if (operation.method !== 'GET' && operation.method !== 'DELETE') {
    for (const body of bodyCases(operation)) cases.push({ ...base, path: plainPath, headers: { ...base.headers, ...body.headers }, body: body.body, label: body.label });
  }
  if (cases.length === 0) cases.push({ ...base, path: plainPath, label: 'plain' });
  return cases;
}

/**
 * Whether a query parameter that the operation does not declare gets further than the query-string
 * parser: it meets the operation's query validation (whitelisted, unknown keys refused) when the
 * operation declares any, and an anonymous caller reaches the handler of a public operation.
 * Elsewhere nothing reads it, and the parser is the same for every route, so a few values
 * (a NUL, a lone surrogate, an invalid encoding, a long one) stand for the whole list there.
 */
function undeclaredQueryReachesTheRoute(operation: Operation): boolean {
  return operation.query.length > 0 || !operation.secured;
}

function casesBeforeTheSessionCheck(operation: Operation): Case[] {
  const base = { role: 'anonymous' as const, method: operation.method, headers: { origin: ORIGIN } };
  const fill = (value: string) => operation.path.replace(/\{\w+\}/g, value);
  const plainPath = fill(randomUUID());
  const cases: Case[] = [{ ...base, path: plainPath, label: 'plain' }];
  if (operation.path.includes('{')) for (const segment of HOSTILE_SEGMENTS) cases.push({ ...base, path: fill(segment), label: `path ${segment.slice(0, 24)}` });
  for (const value of UNDECLARED_QUERY_VALUES) cases.push({ ...base, path: `${plainPath}?unknownParam=${value}`, label: `query unknownParam=${value.slice(0, 24)}` });
  if (operation.method !== 'GET' && operation.method !== 'DELETE') {
    for (const body of rawBodyCases()) cases.push({ ...base, path: plainPath, headers: { ...base.headers, ...body.headers }, body: body.body, label: body.label });
  }
  return cases;
}

/** Registers the fuzz test for shard `shard` (0-based) of `shards`. */
export function describeFuzzShard(shard: number, shards: number): void {
  describe(`fuzzing every operation of the OpenAPI document (shard ${shard + 1} of ${shards})`, () => {
    let t: TestApp;
    let port: number;
    const cookies: Record<Role, string> = { anonymous: '', member: '', admin: '' };

    const send = (c: Pick<Case, 'method' | 'path' | 'headers' | 'body' | 'role'>): Promise<Answer> =>
      new Promise((resolve, reject) => {
        const headers: Record<string, string | number> = { ...c.headers };
        if (cookies[c.role]) headers.cookie = cookies[c.role];
        if (c.body) headers['content-length'] = c.body.length;
        // A connection of its own per case (agent: false): a kept-alive socket that the server closes
        // as idle just when it is reused resets the next request, which says nothing about the app.
        const req = httpRequest({ host: '127.0.0.1', port, method: c.method, path: c.path, headers, timeout: 15_000, agent: false }, (res) => {
          const chunks: Buffer[] = [];
          // Event streams stay open by design: their status and headers are the answer.
          if (String(res.headers['content-type']).startsWith('text/event-stream')) {
            res.destroy();
            return resolve({ status: res.statusCode ?? 0, body: '', contentType: 'text/event-stream' });
          }
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8'), contentType: String(res.headers['content-type'] ?? ''), setCookie: res.headers['set-cookie'] }),
          );
          res.on('error', reject);
        });
        req.on('timeout', () => req.destroy(new Error(`no answer within 15 s: ${c.method} ${c.path.slice(0, 120)}`)));
        req.on('error', reject);
        req.end(c.body);
      });

    /** Signs a new user up and returns their session cookie. */
    const newSession = async () => {
      const body = Buffer.from(JSON.stringify({ email: `fuzz-${randomUUID()}@example.com`, password: 'correct-horse' }));
      const answer = await send({ role: 'anonymous', method: 'POST', path: '/api/auth/register', headers: { origin: ORIGIN, 'content-type': 'application/json' }, body });
      expect(answer.status).toBe(201);
      return { id: JSON.parse(answer.body).id as string, cookie: (answer.setCookie ?? []).map((c) => c.split(';')[0]).join('; ') };
    };

    beforeAll(async () => {
      t = await createTestApp();
      port = Number(new URL(t.url).port);
      const member = await newSession();
      const admin = await newSession();
      await t.db.dataSource.query('UPDATE users SET is_admin = true WHERE id = $1', [admin.id]);
      cookies.member = member.cookie;
      cookies.admin = admin.cookie;
    });

    afterAll(() => t?.close());

    it('answers every hostile request with a 4xx in the error shape, never a 5xx', async () => {
      const document = JSON.parse((await send({ role: 'anonymous', method: 'GET', path: '/api/docs-json', headers: {} })).body);
      const operations = operationsOf(document);
      expect(operations.length).toBeGreaterThan(30);

      const casesOf = (operation: Operation) =>
        rolesFor(operation).flatMap((role) => casesFor(operation, role));
      const cases = shardOf(operations.map(casesOf), shard, shards).flat();
      const failures: string[] = [];
      let next = 0;
      const worker = async () => {
        while (next < cases.length) {
          const c = cases[next++];
          let answer: Answer;
          try {
            answer = await send(c);
          } catch (error) {
            failures.push(`${c.role} ${c.method} ${c.path.slice(0, 80)} [${c.label}]: ${(error as Error).message}`);
            continue;
          }
          const problem = problemWith(answer);
          if (problem) failures.push(`${c.role} ${c.method} ${c.path.slice(0, 80)} [${c.label}] → ${answer.status}: ${problem}`);
        }
      };
      await Promise.all(Array.from({ length: CONCURRENCY }, worker));

      expect(failures.slice(0, 60).map((f) => f.slice(0, 260))).toEqual([]);
      expect(cases.length).toBeGreaterThan(1000 / shards);

      // Still healthy, and the signed-in sessions survived.
      expect((await send({ role: 'anonymous', method: 'GET', path: '/api/health', headers: {} })).status).toBe(200);
      expect((await send({ role: 'member', method: 'GET', path: '/api/auth/user', headers: {} })).status).toBe(200);
    }, 300_000);
  });
}

function rolesFor(operation: Operation): Role[] {
  if (SESSION_ENDING.has(`${operation.method} ${operation.path}`)) return ['anonymous'];
  return ['anonymous', operation.path.startsWith('/api/admin/') ? 'admin' : 'member'];
}

/** The groups of one shard: each group (an operation's cases) goes to the lightest shard so far, largest first. */
function shardOf<T>(groups: T[][], shard: number, shards: number): T[][] {
  const loads = Array.from({ length: shards }, () => 0);
  const mine: T[][] = [];
  const order = groups.map((group, index) => ({ group, index })).sort((a, b) => b.group.length - a.group.length || a.index - b.index);
  for (const { group } of order) {
    const lightest = loads.indexOf(Math.min(...loads));
    loads[lightest] += group.length;
    if (lightest === shard) mine.push(group);
  }
  return mine;
}

/** A plausible value per property of a schema: its example, first enum value, minimum, or a neutral value of its type. */
function baselineOf(schema: { properties?: Record<string, any> } | undefined): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [name, property] of Object.entries(schema?.properties ?? {})) {
    if (property.example !== undefined) body[name] = property.example;
    else if (Array.isArray(property.enum)) body[name] = property.enum[0];
    else if (property.type === 'integer' || property.type === 'number') body[name] = property.minimum ?? 1;
    else if (property.type === 'boolean') body[name] = true;
    else if (property.type === 'array') body[name] = [];
    else if (property.format === 'uuid') body[name] = randomUUID();
    else if (property.type === 'string') body[name] = 'a plausible value';
  }
  return body;
}

const NOT_CONFIGURED = /not configured/i;

/** What is wrong with an answer, or null. */
function problemWith(answer: Answer): string | null {
  if (answer.status >= 500) {
    // A third party that is not configured: JSON for API calls (its code says so; the message is
    // written for the user), a page for browser navigations (Google sign-in).
    const json = safeJson(answer.body);
    const notConfigured =
      answer.status === 503 &&
      (typeof json?.code === 'string' ? /_not_configured$/.test(json.code) : answer.contentType.startsWith('text/html') && NOT_CONFIGURED.test(answer.body));
    if (!notConfigured) return `server error ${answer.body.slice(0, 200)}`;
  }
  if (answer.status < 400 || answer.contentType === 'text/event-stream' || answer.contentType.startsWith('text/html')) return null;
  const body = safeJson(answer.body);
  if (!body) return `error body is not JSON: ${answer.body.slice(0, 120)}`;
  const messageOk = typeof body.message === 'string' || (Array.isArray(body.message) && body.message.every((m: unknown) => typeof m === 'string'));
  if (body.statusCode !== answer.status || !messageOk || typeof body.error !== 'string') return `wrong error shape ${answer.body.slice(0, 200)}`;
  if (!ERROR_CODES.includes(body.code)) return `no known code ${answer.body.slice(0, 200)}`;
  if (body.code === 'validation_failed' && !validationDetailsOk(body)) return `validation errors without their fields ${answer.body.slice(0, 200)}`;
  return null;
}

/** A validation answer lists each failing field with a known code, one per message. */
function validationDetailsOk(body: { message: unknown; errors?: unknown }): boolean {
  if (!Array.isArray(body.errors) || !Array.isArray(body.message)) return false;
  const omitted = body.message.length - body.errors.length;
  return (
    (omitted === 0 || omitted === 1) &&
    body.errors.every((e: { field?: unknown; code?: unknown; message?: unknown }) => typeof e.field === 'string' && FIELD_ERROR_CODES.includes(e.code as FieldErrorCode) && typeof e.message === 'string')
  );
}

function safeJson(text: string): any {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
