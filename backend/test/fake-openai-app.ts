// Shared by the suites that run the app against the local fake OpenAI (FakeOpenAI) with local storage.
import { InProcessQueueDriver, QueuePort, STORAGE_DRIVER, type StorageDriver } from '@brandloom/core';
import { tempStorage } from '@brandloom/core/testing';
import { FakeOpenAI } from '../../libs/core/src/testing/fake-openai';
import { organizationIdOf, type Agent } from './generation-helpers';
import { createTestApp, signUp, type TestApp } from './test-app';

export interface FakeOpenAIApp {
  openai: FakeOpenAI;
  /** Set once the suite's beforeAll has run. */
  t: TestApp;
  storage: StorageDriver;
}

/**
 * Registers, in the calling describe, an app on a database of its own that talks to a fake OpenAI
 * (in-process queue, local storage): started before all tests, the fake reset before each one,
 * everything stopped and removed after all (once the queue is idle).
 */
export function appWithFakeOpenAI(): FakeOpenAIApp {
  const openai = new FakeOpenAI();
  const files = tempStorage();
  const suite = { openai } as FakeOpenAIApp;
  beforeAll(async () => {
    await openai.start();
    suite.t = await createTestApp({ ...openai.env(), REDIS_URL: undefined, STORAGE_DIR: files.dir });
    suite.storage = suite.t.app.get<StorageDriver>(STORAGE_DRIVER);
  });
  afterAll(async () => {
    await (suite.t?.app.get(QueuePort) as InProcessQueueDriver | undefined)?.onIdle();
    await suite.t?.close();
    await openai.stop();
    files.cleanup();
  });
  beforeEach(() => openai.reset());
  return suite;
}

/** A new user, owner of a new organization, with its brand profile 'Acme Coffee' (its brand_data when given). */
export async function memberWithBrandProfile(t: TestApp, brandData?: object): Promise<{ agent: Agent; organizationId: string; profileId: string }> {
  const { agent } = await signUp(t);
  const organizationId = await organizationIdOf(agent);
  const profile = await agent.post('/api/brand-profiles').send({ name: 'Acme Coffee', description: 'Small-batch roaster', brand_data: brandData }).expect(201);
  return { agent, organizationId, profileId: profile.body.id };
}
