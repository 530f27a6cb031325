import { createAssets, tempStorage, waitFor } from '@brandloom/core/testing';
import Ajv from 'ajv';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import request from 'supertest';
import { organizationIdOf } from './generation-helpers';
import { agentFor, createTestApp, signUp, TestApp } from './test-app';

interface Operation {
  operationId: string;
  summary?: string;
  tags?: string[];
  security?: Array<Record<string, string[]>>;
  parameters?: Array<{ name: string; in: string }>;
  requestBody?: unknown;
  responses: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}
interface Document {
  tags: Array<{ name: string }>;
  security?: unknown[];
  components: { schemas: Record<string, { required?: string[]; properties?: Record<string, unknown> }>; securitySchemes: Record<string, unknown> };
  paths: Record<string, Record<string, Operation>>;
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch'];
const ERROR_REF = { $ref: '#/components/schemas/ErrorResponse' };
const A_UUID = '00000000-0000-4000-8000-000000000000';

describe('OpenAPI document', () => {
  let t: TestApp;
  const storage = tempStorage();
  let doc: Document;
  let operations: Array<{ path: string; method: string; op: Operation }>;

  beforeAll(async () => {
    t = await createTestApp({ REDIS_URL: undefined, STORAGE_DIR: storage.dir, OPENAI_API_KEY: undefined });
    doc = (await t.http().get('/api/docs-json').expect(200)).body;
    operations = Object.entries(doc.paths).flatMap(([path, item]) => Object.entries(item).filter(([method]) => METHODS.includes(method)).map(([method, op]) => ({ path, method, op })));
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    storage.cleanup();
  });

  const securityOf = (op: Operation) => op.security ?? doc.security;

  it('gives every operation its security, a unique operationId, a summary and a declared tag', () => {
    expect(operations.length).toBeGreaterThan(100);
    const declared = new Set(doc.tags.map((tag) => tag.name));
    const ids = operations.map(({ op }) => op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const { path, method, op } of operations) {
      const where = `${method.toUpperCase()} ${path}`;
      expect([where, Array.isArray(securityOf(op))]).toEqual([where, true]);
      expect([where, op.summary]).toEqual([where, expect.any(String)]);
      expect([where, op.tags?.length && op.tags.every((tag) => declared.has(tag))]).toEqual([where, true]);
    }
    const schemes = new Set(operations.flatMap(({ op }) => securityOf(op)!.flatMap((requirement) => Object.keys(requirement as object))));
    expect([...schemes].sort()).toEqual(['api-key', 'cookie']);
    for (const scheme of schemes) expect(doc.components.securitySchemes[scheme]).toBeDefined();
  });

  it('documents 401 with the one error shape on every secured operation, and the refusals of keys and administrators', () => {
    expect(doc.components.schemas.ErrorResponse.required).toEqual(['statusCode', 'message', 'error', 'code']);
    for (const { path, method, op } of operations) {
      const where = `${method.toUpperCase()} ${path}`;
      const secured = securityOf(op)!.length > 0;
      if (secured) expect([where, op.responses['401']?.content?.['application/json']?.schema]).toEqual([where, ERROR_REF]);
      if (path.startsWith('/api/v1/')) {
        expect([where, op.security]).toEqual([where, [{ 'api-key': [] }]]);
        for (const status of ['403', '429']) expect([where, status, op.responses[status]?.content?.['application/json']?.schema]).toEqual([where, status, ERROR_REF]);
      }
      if (path.startsWith('/api/admin/')) expect([where, op.responses['403']?.content?.['application/json']?.schema]).toEqual([where, ERROR_REF]);
      if (path.includes('{')) expect([where, Object.keys(op.responses)]).toEqual([where, expect.arrayContaining(['400', '404'])]);
      if (op.requestBody) expect([where, Object.keys(op.responses)]).toEqual([where, expect.arrayContaining(['400'])]);
      for (const [status, response] of Object.entries(op.responses)) {
        if (status.startsWith('2') && status !== '204') expect([where, status, Object.values(response.content ?? {}).length > 0 && Object.values(response.content!).every((media) => media.schema)]).toEqual([where, status, true]);
      }
    }
    expect(Object.keys(doc.paths['/api/v1/generations'].post.responses)).toEqual(expect.arrayContaining(['409', '422']));
    expect(doc.paths['/api/v1/generations'].get.parameters?.some((p) => p.name === 'Idempotency-Key')).toBe(false);
    expect(Object.keys(doc.paths['/api/v1/generations/{id}/events'].get.responses['200'].content!)).toEqual(['text/event-stream']);
  });

  it('says the truth about security: each secured route answers 401 in the documented shape without credentials, and a public one does not', async () => {
    const http = agentFor(t.app);
    const wrong: string[] = [];
    for (const { path, method, op } of operations) {
      const url = path.replace(/\{[^}]+\}/g, A_UUID);
      const call = (http as unknown as Record<string, (url: string) => ReturnType<typeof http.get>>)[method](url).redirects(0);
      const media = Object.keys((op.requestBody as { content?: object } | undefined)?.content ?? {});
      const res = await (media.includes('multipart/form-data') ? call.field('name', 'x') : op.requestBody ? call.send({}) : call);
      const secured = securityOf(op)!.length > 0;
      const shaped = ['statusCode', 'message', 'error', 'code'].every((key) => key in (res.body ?? {}));
      if (secured ? res.status !== 401 || !shaped : res.status === 401) wrong.push(`${method.toUpperCase()} ${path}: ${res.status}`);
    }
    expect(wrong).toEqual([]);
  }, 120_000);

  it('describes the public API’s generations, assets, brand profiles and credits with schemas their real answers match', async () => {
    const ajv = new Ajv({ strict: false, allErrors: true });
    ajv.addFormat('uuid', /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i).addFormat('date-time', (value: string) => !Number.isNaN(Date.parse(value)));
    ajv.addSchema({ $id: 'openapi.json', components: doc.components });
    const { agent } = await signUp(t);
    const organizationId = await organizationIdOf(agent);
    await createAssets(t.db.dataSource, [{ organizationId, name: 'Listed' }]);
    const { key } = (await agent.post('/api/api-keys').send({ name: 'Schemas', scopes: ['generate', 'assets:read', 'assets:write', 'brand:read', 'brand:write'] }).expect(201)).body;
    const api = (method: 'get' | 'post' | 'patch', path: string) => request(t.app.getHttpServer())[method](path).set('Authorization', `Bearer ${key}`);

    async function answers(method: 'get' | 'post' | 'patch', path: string, documented: string, body?: object) {
      const res = await (body ? api(method, path).send(body) : api(method, path));
      const response = doc.paths[documented][method].responses[String(res.status)];
      const schema = response?.content?.['application/json']?.schema as { $ref?: string; items?: { $ref?: string } } | undefined;
      const named = schema?.$ref ?? schema?.items?.$ref;
      expect([path, named]).toEqual([path, expect.stringMatching(/^#\/components\/schemas\/V1/)]);
      const validate = schema?.$ref ? ajv.getSchema(`openapi.json${named}`)! : ajv.compile({ type: 'array', items: { $ref: `openapi.json${named}` } });
      expect([path, validate(res.body), validate.errors ?? null]).toEqual([path, true, null]);
      return res.body;
    }

    const created = await answers('post', '/api/v1/generations', '/api/v1/generations', { prompt: 'A poster for a summer sale', quality: 'low', size: '1024x1024', variation_count: 1 });
    await waitFor('the generation to complete', async () => ((await api('get', `/api/v1/generations/${created.id}`)).body.status === 'completed' ? true : undefined), 30_000);
    const completed = await answers('get', `/api/v1/generations/${created.id}`, '/api/v1/generations/{id}');
    expect(completed.assets.length).toBe(1);
    await answers('get', '/api/v1/generations', '/api/v1/generations');
    const assets = await answers('get', '/api/v1/assets', '/api/v1/assets');
    await answers('get', `/api/v1/assets/${assets.data[0].id}`, '/api/v1/assets/{id}');
    await answers('patch', `/api/v1/assets/${assets.data[0].id}`, '/api/v1/assets/{id}', { name: 'Renamed' });
    await answers('get', '/api/v1/credits/balance', '/api/v1/credits/balance');
    await answers('get', '/api/v1/credits/transactions', '/api/v1/credits/transactions');
    const profile = await answers('post', '/api/v1/brand-profiles', '/api/v1/brand-profiles', { name: 'Acme Coffee', description: 'Roasters', brand_data: { colors: { primary: '#112233' } } });
    await answers('get', `/api/v1/brand-profiles/${profile.id}`, '/api/v1/brand-profiles/{id}');
    expect((await answers('get', '/api/v1/brand-profiles', '/api/v1/brand-profiles')).length).toBe(1);
  }, 60_000);

  it('passes redocly lint (recommended rules) with no errors', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'openapi-'));
    try {
      const file = join(dir, 'openapi.json');
      writeFileSync(file, JSON.stringify(doc));
      const redocly = join(__dirname, '../../node_modules/.bin/redocly');
      const { stdout } = await promisify(execFile)(redocly, ['lint', file, '--format=json', '--max-problems=10000'], { cwd: dir, maxBuffer: 32 * 1024 * 1024 }).catch((error: { stdout: string }) => error);
      const problems = (JSON.parse(stdout) as { problems: Array<{ severity: string; ruleId: string; message: string }> }).problems;
      expect(problems.filter((p) => p.severity === 'error')).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
