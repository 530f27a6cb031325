// Shared by the suites that push to the local fake Graph API (FakeMeta).
import { setPlan, tempStorage, waitForSettled } from '@brandloom/core/testing';
import { FakeMeta } from '../../libs/core/src/testing/fake-meta';
import { organizationIdOf, type Agent } from './generation-helpers';
import { documentedAnswers, type MatchesDocument } from './openapi-answers';
import { createTestApp, signUp, type TestApp, type TestEnv } from './test-app';

export interface FakeMetaApp {
  meta: FakeMeta;
  /** The local storage directory of the suite's apps. */
  storageDir: string;
  /** Set once the suite's beforeAll has run, as is matchesDocument. */
  t: TestApp;
  matchesDocument: MatchesDocument;
  /** Another API process on the suite's database, configured like the suite's app but for `env`; the caller closes it. */
  anotherApp(env?: TestEnv): Promise<TestApp>;
}

/**
 * Registers, in the calling describe, an app on a database of its own that talks to a fake Meta
 * Graph API (in-process queue, local storage, no OpenAI): started before all tests, with `env` added
 * to its configuration, everything stopped and removed after all.
 */
export function appWithFakeMeta(env: TestEnv = {}): FakeMetaApp {
  const meta = new FakeMeta();
  const storage = tempStorage();
  const configuration = (): TestEnv => ({ ...meta.env(), REDIS_URL: undefined, STORAGE_DIR: storage.dir, OPENAI_API_KEY: undefined });
  const suite = {
    meta,
    storageDir: storage.dir,
    anotherApp: (other = {}) => createTestApp({ ...configuration(), DATABASE_URL: suite.t.db.url, ...other }),
  } as FakeMetaApp;
  beforeAll(async () => {
    await meta.start();
    suite.t = await createTestApp({ ...configuration(), ...env });
    ({ matchesDocument: suite.matchesDocument } = await documentedAnswers(suite.t));
  });
  afterAll(async () => {
    await suite.t?.close();
    await meta.stop();
    storage.cleanup();
  });
  return suite;
}

/**
 * A new user's organization on Team+ (the plan that may push to Meta) with `count` generated images,
 * connected to the fake Meta through its login dialog and our callback. The app must run with the
 * fake's env (FakeMeta.env()).
 */
export async function connectedTeamPlusOrganization(t: TestApp, count: number): Promise<{ agent: Agent; organizationId: string; assetIds: string[] }> {
  const { agent } = await signUp(t);
  const organizationId = await organizationIdOf(agent);
  await setPlan(t.db.dataSource, organizationId, 'Team+');
  const started = await agent.post('/api/generate').send({ prompt: 'A lighthouse at dawn', quality: 'low', size: '1024x1024', variationCount: count }).expect(201);
  await waitForSettled(t.db.dataSource, [started.body.job.id]);
  const assets: Array<{ id: string }> = await t.db.dataSource.query(`SELECT id FROM assets WHERE organization_id = $1 ORDER BY variation_index`, [organizationId]);
  const { loginUrl } = (await agent.get('/api/meta/auth-url').expect(200)).body;
  const back = new URL((await fetch(loginUrl, { redirect: 'manual' })).headers.get('location')!);
  await agent.get(back.pathname + back.search).expect(302);
  return { agent, organizationId, assetIds: assets.map((a) => a.id) };
}
