import Ajv, { type ValidateFunction } from 'ajv';
import { parse } from 'path-to-regexp';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { TestApp } from './test-app';

type Schemaful = { content?: Record<string, { schema?: object }> };
interface OpenApiDocument {
  components: { schemas: Record<string, object> };
  paths: Record<string, Record<string, { responses: Record<string, Schemaful> }>>;
}

/** One HTTP answer the API gave: `path` is the document's (with {placeholders}), or null when no route matched. */
export interface RecordedAnswer {
  method: string;
  url: string;
  path: string | null;
  status: number;
  contentType: string | null;
  body: unknown;
}

const JSON_TYPE = 'application/json';
const ERROR_SCHEMA = { $ref: '#/components/schemas/ErrorResponse' };
/** Swagger UI and the document itself are not operations of the document. */
const UNDOCUMENTED = /^\/api\/docs(-json|-yaml)?(\/|$)/;
/** The request logger's middleware is mounted as a route on every /api path: a request only it matched had no route. */
const EVERY_PATH = /^\/api\/\{\*\w+\}$/;

type Token = ReturnType<typeof parse>['tokens'][number];
const templateOfTokens = (tokens: Token[]): string => tokens.map((token) => (token.type === 'text' ? token.value : token.type === 'group' ? templateOfTokens(token.tokens) : `{${token.name}}`)).join('');

/** Express's route pattern (`/api/assets/:id`, `/api/assets/file/*key`) as the document writes it (`/api/assets/{id}`), as @nestjs/swagger does. */
export const documentPathOf = (routePath: string) => templateOfTokens(parse(routePath).tokens);

/**
 * Records every answer `server` gives to an /api request (its matched route, status, media type
 * and JSON body) until `stop()`: the answers a test file sees, for checkDocumentedAnswers.
 */
export function recordAnswers(server: Server) {
  const answers: RecordedAnswer[] = [];
  let recording = true;
  const onRequest = (req: IncomingMessage, res: ServerResponse) => {
    const url = req.url ?? '';
    if (!url.startsWith('/api/') || UNDOCUMENTED.test(url.split('?')[0])) return;
    const chunks: Buffer[] = [];
    const isJson = () => String(res.getHeader('content-type') ?? '').includes('json');
    const keep = (chunk: unknown, encoding?: unknown) => {
      if (chunk && isJson()) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8'));
    };
    const write = res.write.bind(res) as (...args: unknown[]) => boolean;
    const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
    res.write = ((chunk: unknown, ...rest: unknown[]) => (keep(chunk, rest[0]), write(chunk, ...rest))) as typeof res.write;
    res.end = ((chunk?: unknown, ...rest: unknown[]) => (typeof chunk !== 'function' && keep(chunk, rest[0]), end(chunk, ...rest))) as typeof res.end;
    let done = false;
    const record = () => {
      if (done || !recording || !res.headersSent) return;
      done = true;
      const route = (req as IncomingMessage & { route?: { path?: unknown } }).route;
      const text = Buffer.concat(chunks).toString('utf8');
      let body: unknown = text;
      try {
        body = text ? JSON.parse(text) : undefined;
      } catch {
        // Not JSON though it says so: the check reports it against the schema.
      }
      const contentType = res.getHeader('content-type');
      answers.push({
        method: (req.method ?? 'GET').toLowerCase(),
        url,
        path: typeof route?.path === 'string' && !EVERY_PATH.test(route.path) ? documentPathOf(route.path) : null,
        status: res.statusCode,
        contentType: contentType ? String(contentType).split(';')[0].trim() : null,
        body,
      });
    };
    res.once('finish', record);
    res.once('close', record);
  };
  server.prependListener('request', onRequest);
  return {
    answers,
    stop() {
      recording = false;
      server.off('request', onRequest);
    },
  };
}

/**
 * The app's OpenAPI document and a check that a real answer matches the JSON schema its operation
 * documents for the answer's status (ajv; formats uuid, date-time and date). Apps that serve the same
 * document share one check, so each schema is compiled once per test file, not once per app.
 */
export async function documentedAnswers(t: TestApp) {
  const text = (await t.http().get('/api/docs-json').expect(200)).text;
  let check = checks.get(text);
  if (!check) checks.set(text, (check = documentCheck(JSON.parse(text) as OpenApiDocument)));
  return check;
}

const checks = new Map<string, ReturnType<typeof documentCheck>>();

function documentCheck(doc: OpenApiDocument) {
  const ajv = new Ajv({ strict: false, allErrors: true });
  ajv
    .addFormat('uuid', /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i)
    .addFormat('date-time', (value: string) => !Number.isNaN(Date.parse(value)))
    .addFormat('date', /^\d{4}-\d{2}-\d{2}$/);
  ajv.addSchema({ $id: 'openapi.json', components: doc.components });
  const compiled = new WeakMap<object, ValidateFunction>();

  /** Why `body` does not match `schema` (ajv's errors), or null when it does. */
  function schemaErrors(schema: object, body: unknown): string | null {
    let validate = compiled.get(schema);
    if (!validate) {
      validate = ajv.compile(JSON.parse(JSON.stringify(schema).replace(/"#\/components\//g, '"openapi.json#/components/')) as object);
      compiled.set(schema, validate);
    }
    return validate(body) ? null : ajv.errorsText(validate.errors, { separator: '; ' });
  }

  /** `path` is the document's (with {placeholders}); the answer is supertest's. */
  function matchesDocument(method: string, path: string, answer: { status: number; body: unknown }): void {
    const where = `${method.toUpperCase()} ${path} ${answer.status}`;
    const schema = doc.paths[path]?.[method]?.responses[String(answer.status)]?.content?.[JSON_TYPE]?.schema;
    expect([where, schema]).toEqual([where, expect.anything()]);
    expect([where, schemaErrors(schema!, answer.body)]).toEqual([where, null]);
  }

  /** The operation a request without a matched route (refused by a middleware first) was meant for. */
  function templateOf(method: string, url: string): string | null {
    const path = url.split('?')[0];
    const matches = (template: string) => new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}/?$`).test(path);
    return Object.keys(doc.paths).find((template) => doc.paths[template][method] && matches(template)) ?? null;
  }

  /** What is wrong with a recorded answer by the document ('' when nothing is). */
  function driftOf(answer: RecordedAnswer): string {
    const method = answer.method === 'head' ? 'get' : answer.method;
    const path = answer.path ?? templateOf(method, answer.url);
    const where = `${answer.method.toUpperCase()} ${path ?? answer.url} ${answer.status}`;
    if (!path) {
      // No route: the app's 404 route_not_found, or a refusal before routing; both are errors.
      if (answer.status < 400) return `${where}: no documented operation answers it`;
      const errors = answer.contentType === JSON_TYPE ? schemaErrors(ERROR_SCHEMA, answer.body) : `media type ${answer.contentType} is not ${JSON_TYPE}`;
      return errors ? `${where}: ${errors}` : '';
    }
    const operation = doc.paths[path]?.[method];
    if (!operation) return `${where}: the document has no such operation`;
    const response = operation.responses[String(answer.status)];
    if (!response) return `${where}: status not documented (documented: ${Object.keys(operation.responses).join(', ')})`;
    if (answer.method === 'head' || !answer.contentType || !response.content) return '';
    const media = response.content[answer.contentType];
    if (!media) return `${where}: media type ${answer.contentType} not documented (documented: ${Object.keys(response.content).join(', ')})`;
    const errors = answer.contentType === JSON_TYPE && media.schema ? schemaErrors(media.schema, answer.body) : null;
    return errors ? `${where}: ${errors}` : '';
  }

  return { doc, ajv, matchesDocument, driftOf };
}

/** The check documentedAnswers gives, for a suite's `let`. */
export type MatchesDocument = ReturnType<typeof documentCheck>['matchesDocument'];

/** Fails with one line per answer that the document does not describe (same operation, status and drift once). */
export async function checkDocumentedAnswers(t: TestApp, answers: RecordedAnswer[]): Promise<void> {
  if (answers.length === 0) return;
  const { driftOf } = await documentedAnswers(t);
  const drifts = [...new Set(answers.map(driftOf).filter(Boolean))];
  if (drifts.length) throw new Error(`The API answered what its OpenAPI document (/api/docs-json) does not say:\n${drifts.map((drift) => `  - ${drift}`).join('\n')}`);
}
