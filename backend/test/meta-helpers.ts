// Shared by the suites that push to the local fake Graph API (FakeMeta).
import { setPlan, waitForSettled } from '@brandloom/core/testing';
import { organizationIdOf, type Agent } from './generation-helpers';
import { signUp, type TestApp } from './test-app';

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
