import { createAssets, tempStorage, waitFor } from '@brandloom/core/testing';
import express from 'express';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import request from 'supertest';
import { organizationIdOf } from './generation-helpers';
import { checkDocumentedAnswers, documentedAnswers, recordAnswers } from './openapi-answers';
import { clientTypesOf, RESPONSE_TYPE_CHECKS, typeErrorsOf, typescriptBlocksOf } from './openapi-client';
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
interface Schema {
  $ref?: string;
  type?: string;
  properties?: Record<string, unknown>;
  additionalProperties?: unknown;
  items?: Schema;
  oneOf?: Schema[];
  anyOf?: Schema[];
  allOf?: Schema[];
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

  it('documents the 403 a change from another site gets, and each such session route really refuses one that way', async () => {
    const foreign = request.agent(t.app.getHttpServer()).set('Origin', 'https://elsewhere.example');
    const wrong: string[] = [];
    for (const { path, method, op } of operations.filter(({ method }) => method !== 'get')) {
      const documented = op.responses['403']?.content?.['application/json']?.schema;
      const res = await (foreign as unknown as Record<string, (url: string) => ReturnType<typeof foreign.get>>)[method](path.replace(/\{[^}]+\}/g, A_UUID)).redirects(0).send({});
      const refused = res.status === 403 && res.body.code === 'foreign_origin';
      if (refused !== Boolean(documented) || (refused && JSON.stringify(documented) !== JSON.stringify(ERROR_REF))) wrong.push(`${method.toUpperCase()} ${path}: ${res.status} ${res.body?.code}`);
    }
    expect(wrong).toEqual([]);
  }, 120_000);

  it('describes the session routes’ answers and refusals with the schemas their real answers match', async () => {
    const { matchesDocument } = await documentedAnswers(t);
    const { agent, user, password } = await signUp(t);
    matchesDocument('post', '/api/auth/register', { status: 201, body: user });
    const organizationId = await organizationIdOf(agent);
    const [asset] = await createAssets(t.db.dataSource, [{ organizationId, name: 'Listed' }]);
    const calls: Array<['get' | 'post' | 'patch', string, string, object?]> = [
      ['get', '/api/assets/count', '/api/assets/count'],
      ['get', '/api/brand-profiles/usage', '/api/brand-profiles/usage'],
      ['get', '/api/organization', '/api/organization'],
      ['patch', '/api/organization', '/api/organization', { name: 'Schemas Inc', website: 'https://schemas.example.com' }],
      ['get', '/api/organization/members', '/api/organization/members'],
      ['post', '/api/organization/invitations', '/api/organization/invitations', { email: 'invitee@example.com', role: 'member' }],
      ['get', '/api/organization/invitations', '/api/organization/invitations'],
      ['get', '/api/users/me', '/api/users/me'],
      ['patch', '/api/users/me', '/api/users/me', { bio: 'Describes schemas' }],
      ['get', '/api/users/me/preferences', '/api/users/me/preferences'],
      ['patch', '/api/users/me/preferences', '/api/users/me/preferences', { dark_mode: true }],
      ['get', '/api/auth/user', '/api/auth/user'],
      ['post', '/api/auth/forgot-password', '/api/auth/forgot-password', { email: user.email }],
      ['get', '/api/stripe/products', '/api/stripe/products'],
      ['get', '/api/stripe/subscriptions', '/api/stripe/subscriptions'],
      ['get', '/api/stripe/billing-details', '/api/stripe/billing-details'],
      ['post', '/api/generate', '/api/generate', { prompt: 'A poster for a spring sale', quality: 'low', size: '1024x1024', variationCount: 1 }],
      ['post', '/api/generate/test', '/api/generate/test', { prompt: 'A poster for a summer sale', quality: 'low', size: '1024x1024', variationCount: 1 }],
      ['get', '/api/fonts', '/api/fonts'],
      ['get', '/api/meta/status', '/api/meta/status'],
      ['get', '/api/meta/pushes', '/api/meta/pushes'],
      ['get', '/api/dashboard/summary', '/api/dashboard/summary'],
      ['get', '/api/ad-results', '/api/ad-results'],
      ['get', `/api/ad-results/${asset.id}/daily`, '/api/ad-results/{assetId}/daily'],
      ['get', `/api/ad-results/${asset.id}/more-like-this`, '/api/ad-results/{assetId}/more-like-this'],
    ];
    for (const [method, url, path, body] of calls) {
      const res = await (body ? agent[method](url).send(body) : agent[method](url));
      expect([url, res.status < 300]).toEqual([url, true]);
      matchesDocument(method, path, res);
    }
    matchesDocument('post', '/api/auth/login', await agentFor(t).post('/api/auth/login').send({ email: user.email, password }));
    // Their refusals too: the error shape under a status the operation documents.
    matchesDocument('post', '/api/auth/login', await agentFor(t).post('/api/auth/login').send({ email: user.email, password: 'not-the-password' }).expect(401));
    matchesDocument('post', '/api/auth/register', await agentFor(t).post('/api/auth/register').send({ email: user.email, password: 'another-password' }).expect(409));
    matchesDocument('patch', '/api/organization', await agent.patch('/api/organization').send({ name: 'x' }).expect(400));
    matchesDocument('get', '/api/ad-results/{assetId}/daily', await agent.get(`/api/ad-results/${A_UUID}/daily`).expect(404));

    // The admin console's answers, on records this test made.
    await t.db.dataSource.query('UPDATE users SET is_admin = true WHERE id = $1', [user.id]);
    const grant = await agent.post(`/api/admin/organizations/${organizationId}/credits`).send({ credits: 5, reason: 'Schemas' }).expect(200);
    matchesDocument('post', '/api/admin/organizations/{orgId}/credits', grant);
    const post = await agent.post('/api/admin/blog/posts').send({ title: 'Schemas', content: '<p>Described</p>', excerpt: 'Described', slug: 'schemas', author: 'Brandloom', status: 'published' }).expect(201);
    matchesDocument('post', '/api/admin/blog/posts', post);
    const firstId = async (path: string) => ((await agent.get(path).expect(200)).body as Array<{ id: string }>)[0].id;
    const adminAnswers: Array<[string, string]> = [
      ['/api/admin/dashboard', '/api/admin/dashboard'],
      ['/api/admin/users', '/api/admin/users'],
      [`/api/admin/users/${user.id}`, '/api/admin/users/{id}'],
      [`/api/admin/organizations/${organizationId}`, '/api/admin/organizations/{id}'],
      ['/api/admin/credits', '/api/admin/credits'],
      [`/api/admin/credits/${grant.body.transaction.id}`, '/api/admin/credits/{id}'],
      ['/api/admin/audit', '/api/admin/audit'],
      [`/api/admin/audit/${await firstId('/api/admin/audit')}`, '/api/admin/audit/{id}'],
      ['/api/admin/jobs', '/api/admin/jobs'],
      [`/api/admin/jobs/${encodeURIComponent(await firstId('/api/admin/jobs'))}`, '/api/admin/jobs/{id}'],
      ['/api/admin/metrics', '/api/admin/metrics'],
      ['/api/admin/model-usage', '/api/admin/model-usage'],
      ['/api/admin/stand-ins', '/api/admin/stand-ins'],
      ['/api/admin/blog/posts', '/api/admin/blog/posts'],
      ['/api/blog/posts', '/api/blog/posts'],
      [`/api/blog/posts/${post.body.slug}`, '/api/blog/posts/{slug}'],
    ];
    for (const [url, path] of adminAnswers) matchesDocument('get', path, await agent.get(url).expect(200));
    matchesDocument('put', '/api/admin/users/{userId}/admin', await agent.put(`/api/admin/users/${user.id}/admin`).send({ is_admin: true }).expect(200));
    matchesDocument('get', '/api/admin/organizations', await agent.get('/api/admin/organizations').expect(200));
    matchesDocument('put', '/api/admin/blog/posts/{id}', await agent.put(`/api/admin/blog/posts/${post.body.id}`).send({ ...post.body, title: 'Schemas, described' }).expect(200));
    matchesDocument('delete', '/api/admin/blog/posts/{id}', await agent.delete(`/api/admin/blog/posts/${post.body.id}`).expect(200));
  }, 60_000);

  it('describes the public API’s generations, assets, brand profiles and credits (and the key routes’ answers) with schemas their real answers match', async () => {
    const { ajv } = await documentedAnswers(t);
    const { agent } = await signUp(t);
    const organizationId = await organizationIdOf(agent);
    await createAssets(t.db.dataSource, [{ organizationId, name: 'Listed' }]);
    const createdKey = (await agent.post('/api/api-keys').send({ name: 'Schemas', scopes: ['generate', 'assets:read', 'assets:write', 'brand:read', 'brand:write', 'ads:write'] }).expect(201)).body;
    const { key } = createdKey;
    // The key routes' own components match their real answers too.
    for (const [name, body] of [['CreatedApiKey', createdKey], ...(await agent.get('/api/api-keys').expect(200)).body.map((listed: object) => ['ApiKey', listed])]) {
      const validate = ajv.getSchema(`openapi.json#/components/schemas/${name}`)!;
      expect([name, validate(body), validate.errors ?? null]).toEqual([name, true, null]);
    }
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

    const folder = await answers('post', '/api/v1/folders', '/api/v1/folders', { name: 'Summer' });
    await answers('patch', `/api/v1/folders/${folder.id}`, '/api/v1/folders/{id}', { name: 'Summer sale' });
    expect((await answers('get', '/api/v1/folders', '/api/v1/folders')).map((f: { name: string }) => f.name)).toEqual(['Summer sale']);
    const formats = await answers('get', `/api/v1/assets/${completed.assets[0].id}/formats`, '/api/v1/assets/{id}/formats');
    expect(formats.original.id).toBe(completed.assets[0].id);
    const batch = await answers('post', '/api/v1/generations/bulk', '/api/v1/generations/bulk', { csv: 'prompt,quality\nA poster for a winter sale,low\n' });
    expect((await answers('get', `/api/v1/generations/bulk/${batch.batchId}`, '/api/v1/generations/bulk/{batchId}')).total).toBe(1);
    expect((await answers('get', '/api/v1/ads/layouts', '/api/v1/ads/layouts')).layouts.length).toBeGreaterThan(0);
    await answers('get', '/api/v1/ads', '/api/v1/ads');
  }, 60_000);

  it('documents the Meta push bodies: the target fields both share, the creative name required only for a single push', () => {
    const target = ['adAccountId', 'adSetId', 'pageId', 'campaignId'];
    const { PushAssetDto: single, PushAdsDto: several } = doc.components.schemas;
    expect(Object.keys(single.properties!).sort()).toEqual([...target, 'assetId', 'creativeName', 'format', 'link', 'multiLanguage'].sort());
    expect([...single.required!].sort()).toEqual([...target, 'assetId', 'creativeName'].sort());
    expect(Object.keys(several.properties!)).toEqual(expect.arrayContaining([...target, 'creativeName', 'assetIds', 'placements', 'creativeFeatures']));
    expect([...several.required!].sort()).toEqual([...target, 'assetIds'].sort());
  });

  it('gives every request and answer body a schema that names its fields (only binary, text, CSV and event streams are free-form)', () => {
    const resolve = (schema: Schema): Schema => (schema.$ref ? resolve(doc.components.schemas[schema.$ref.replace('#/components/schemas/', '')] as Schema) : schema);
    const permissive = (given: Schema): boolean => {
      const schema = resolve(given);
      if (schema.type === 'array') return !schema.items || permissive(schema.items);
      if (schema.oneOf ?? schema.anyOf ?? schema.allOf) return (schema.oneOf ?? schema.anyOf ?? schema.allOf)!.some(permissive);
      if (schema.type && schema.type !== 'object') return false;
      return schema.additionalProperties === true || !schema.properties || Object.keys(schema.properties).length === 0;
    };
    const loose: string[] = [];
    for (const { path, method, op } of operations) {
      const where = `${method.toUpperCase()} ${path}`;
      const named = (what: string, media: string) => (media === 'application/json' ? what : `${what} ${media}`);
      const bodies = [
        ...Object.entries((op.requestBody as { content?: Record<string, { schema?: Schema }> } | undefined)?.content ?? {}).map(([media, { schema }]) => [named('request', media), schema] as const),
        ...Object.entries(op.responses).flatMap(([status, response]) => Object.entries(response.content ?? {}).map(([media, { schema }]) => [named(status, media), schema as Schema | undefined] as const)),
      ];
      for (const [what, schema] of bodies) if (!schema || permissive(schema)) loose.push(`${where} ${what}`);
    }
    expect(loose).toEqual([]);

    // A request field typed as an object says what it holds (a reflected `string | null` comes out as a bare object).
    const bare = (field: Schema) => field.type === 'object' && !field.properties && field.additionalProperties === undefined && !field.allOf && !field.$ref;
    const mistyped = operations.flatMap(({ path, method, op }) =>
      Object.values((op.requestBody as { content?: Record<string, { schema?: Schema }> } | undefined)?.content ?? {}).flatMap(({ schema }) =>
        Object.entries((schema && resolve(schema).properties) ?? {})
          .filter(([, field]) => bare(field as Schema))
          .map(([name]) => `${method.toUpperCase()} ${path} ${name}`),
      ),
    );
    expect(mistyped).toEqual([]);
  });

  it('gives a client generated with openapi-typescript real answer types, and the typed examples of docs/api.md compile against it', async () => {
    const schema = await clientTypesOf(doc);
    const blocks = typescriptBlocksOf(readFileSync(join(__dirname, '../../docs/api.md'), 'utf8'));
    expect(blocks.some((block) => block.includes("from 'openapi-fetch'") && block.includes("from './schema'"))).toBe(true);
    const examples = Object.fromEntries(blocks.map((block, i) => [`example-${i + 1}.ts`, block]));
    expect(typeErrorsOf({ 'schema.d.ts': schema, 'checks.ts': RESPONSE_TYPE_CHECKS, ...examples })).toEqual([]);

    // The same checks refuse a document whose generation answer lost its schema.
    const damaged = JSON.parse(JSON.stringify(doc)) as Document;
    delete damaged.paths['/api/v1/generations/{id}'].get.responses['200'].content;
    const errors = typeErrorsOf({ 'schema.d.ts': await clientTypesOf(damaged), 'checks.ts': RESPONSE_TYPE_CHECKS });
    expect(errors).toEqual(expect.arrayContaining([expect.stringMatching(/^checks\.ts:/)]));
  }, 300_000);

  it('records the answers a suite sees and fails on a body its schema refuses, an undocumented status, media type or operation, and an unrouted answer not in the error shape', async () => {
    // A server that answers the document's paths wrongly, recorded the way createTestApp records the API.
    const drifting = express();
    drifting.get('/api/v1/generations/:id', (_req, res) => void res.json({ id: 'not-a-uuid' }));
    drifting.get('/api/auth/user', (_req, res) => void res.status(418).json({ statusCode: 418, message: 'No', error: 'I’m a teapot', code: 'teapot' }));
    drifting.get('/api/auth/providers', (_req, res) => void res.json({ google: false }));
    drifting.get('/api/assets/file/*key', (_req, res) => void res.type('image/gif').send(Buffer.from('GIF89a')));
    drifting.get('/api/not-documented', (_req, res) => void res.json({}));
    drifting.use((_req, res) => void res.status(404).json({ message: 'Nothing here' }));
    const server = createServer(drifting);
    const recorder = recordAnswers(server);
    const http = request(server);
    for (const path of ['/api/v1/generations/g-1', '/api/auth/user', '/api/auth/providers', '/api/assets/file/org/a.gif', '/api/not-documented', '/api/nowhere', '/robots.txt']) await http.get(path);
    recorder.stop();
    await http.get('/api/auth/user');

    expect(recorder.answers.map(({ method, path, status }) => `${method} ${path} ${status}`)).toEqual([
      'get /api/v1/generations/{id} 200',
      'get /api/auth/user 418',
      'get /api/auth/providers 200',
      'get /api/assets/file/{key} 200',
      'get /api/not-documented 200',
      'get null 404',
    ]);
    const { driftOf } = await documentedAnswers(t);
    expect(recorder.answers.map(driftOf)).toEqual([
      expect.stringMatching(/^GET \/api\/v1\/generations\/\{id\} 200: .*must have required property/),
      expect.stringMatching(/^GET \/api\/auth\/user 418: status not documented \(documented: 200, 400, 401\)$/),
      '',
      expect.stringMatching(/^GET \/api\/assets\/file\/\{key\} 200: media type image\/gif not documented/),
      'GET /api/not-documented 200: the document has no such operation',
      expect.stringMatching(/^GET \/api\/nowhere 404: .*must have required property 'statusCode'/),
    ]);
    await expect(checkDocumentedAnswers(t, recorder.answers)).rejects.toThrow(/does not say:\n {2}- GET \/api\/v1\/generations\/\{id\} 200: /);
    await expect(checkDocumentedAnswers(t, recorder.answers.filter((answer) => answer.path === '/api/auth/providers'))).resolves.toBeUndefined();
  });

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
