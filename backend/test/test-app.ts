import { AppConfig } from '@brandloom/core';
import { createTestDatabase, tempStorage, TestDatabase } from '@brandloom/core/testing';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { createApp } from '../src/bootstrap';
import { checkDocumentedAnswers, recordAnswers } from './openapi-answers';

/** Configuration of a test app: each value overrides the environment's, undefined removes it. */
export type TestEnv = Record<string, string | undefined>;

export interface TestApp {
  app: NestExpressApplication;
  db: TestDatabase;
  /** Where the app listens (http://127.0.0.1:port), for clients other than supertest. */
  url: string;
  http: () => ReturnType<typeof request>;
  close(): Promise<void>;
}

/**
 * The real API on a database of its own. `env` overrides configuration for this app
 * (for example GOOGLE_* pointing at a fake server). Queue keys get a unique prefix.
 * Every /api answer the app gives is recorded, and `close()` fails when one of them is not
 * what the OpenAPI document says (operation, status, media type, JSON schema). `build` makes the
 * app under that configuration: the product's (createApp), or one with a provider overridden.
 */
export async function createTestApp(env: TestEnv = {}, build: () => Promise<NestExpressApplication> = () => createApp({ logger: false })): Promise<TestApp> {
  const db = await createTestDatabase();
  const previous = { ...process.env };
  Object.assign(process.env, {
    NODE_ENV: 'test',
    DATABASE_URL: db.url,
    QUEUE_PREFIX: `bl-test-${randomBytes(4).toString('hex')}`,
    LOG_LEVEL: 'silent',
    APP_URL: 'http://localhost:3000',
    // Every test registers its users from 127.0.0.1; the registration throttle's own test sets its limit.
    REGISTRATION_MAX_PER_IP: '100000',
    // Suites call paid third-party routes (their fakes) many times a minute; paid-call-limits.e2e-spec sets the limits it tests.
    ...Object.fromEntries(['STRIPE_CALLS', 'META_CALLS', 'BRAND_EXTRACTIONS'].flatMap((calls) => [[`${calls}_PER_USER`, '100000'], [`${calls}_PER_ORGANIZATION`, '100000']])),
    ...env,
  });
  for (const [key, value] of Object.entries(env)) if (value === undefined) delete process.env[key];
  try {
    const app = await build();
    const server = app.getHttpServer();
    // Listening once lets supertest send every request to this address over kept-alive connections,
    // instead of opening and closing a server of its own per request. The server keeps an idle
    // connection longer than Node's client agent does (5 s), so the client is always the one to close it.
    server.keepAliveTimeout = 30_000;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const recorder = recordAnswers(server);
    const testApp: TestApp = {
      app,
      db,
      url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      http: () => agentFor(app),
      async close() {
        recorder.stop();
        try {
          await checkDocumentedAnswers(testApp, recorder.answers);
        } finally {
          try {
            await app.close();
          } finally {
            await db.drop();
          }
        }
      },
    };
    return testApp;
  } finally {
    process.env = previous;
  }
}

export interface ZeroDependencyApp {
  /** Set once the suite's beforeAll has run. */
  t: TestApp;
  /** The app's local storage directory. */
  storageDir: string;
  /** Another API process on the same database and storage (a restart), with `env` added; the caller closes it. */
  anotherApp(env?: TestEnv): Promise<TestApp>;
}

/**
 * Registers, in the calling describe, an app on the zero-dependency path (in-process queue, local
 * storage in a directory of its own, the local renderer), with `env` added to its configuration:
 * started before all tests, closed and its files removed after all.
 */
export function zeroDependencyApp(env: TestEnv = {}): ZeroDependencyApp {
  const storage = tempStorage();
  const configuration = { REDIS_URL: undefined, STORAGE_DIR: storage.dir, OPENAI_API_KEY: undefined };
  const suite = {
    storageDir: storage.dir,
    anotherApp: (other = {}) => createTestApp({ ...configuration, DATABASE_URL: suite.t.db.url, ...other }),
  } as ZeroDependencyApp;
  beforeAll(async () => {
    suite.t = await createTestApp({ ...configuration, ...env });
  });
  afterAll(async () => {
    await suite.t?.close();
    storage.cleanup();
  });
  return suite;
}

/**
 * A client of `app` that keeps its cookies and, like a browser on the app's own pages, sends the
 * app's Origin (state-changing requests without it are refused). `.set('Origin', ...)` overrides it.
 */
export function agentFor(target: TestApp | NestExpressApplication) {
  const app = 'app' in target ? target.app : target;
  return request.agent(app.getHttpServer()).set('Origin', app.get(AppConfig).appUrl);
}

/** Registers a user through the API and returns an agent that keeps its session cookie. */
export async function signUp(testApp: TestApp, fields: { email?: string; password?: string; username?: string } = {}) {
  const agent = agentFor(testApp);
  const body = { email: fields.email ?? `user-${randomBytes(4).toString('hex')}@example.com`, password: fields.password ?? 'correct-horse', username: fields.username };
  const res = await agent.post('/api/auth/register').send(body).expect(201);
  return { agent, user: res.body as { id: string; email: string; username: string; is_admin: boolean }, password: body.password };
}
