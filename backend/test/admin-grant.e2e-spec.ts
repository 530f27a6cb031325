import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { createTestApp, signUp, TestApp } from './test-app';

const script = join(__dirname, '../../scripts/admin-grant.mjs');

describe('npm run admin:grant -- <email>', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ REDIS_URL: undefined });
  });
  afterAll(() => t.close());

  const grant = (email: string) => spawnSync(process.execPath, [script, email], { env: { ...process.env, DATABASE_URL: t.db.url }, encoding: 'utf8' });

  it('makes an existing user an administrator, whatever the case of the email', async () => {
    const { agent, user } = await signUp(t, { email: 'Future.Admin@example.com' });
    expect(user.is_admin).toBe(false);

    const result = grant('future.admin@EXAMPLE.com');
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('is now an administrator');
    expect((await agent.get('/api/auth/user').expect(200)).body.is_admin).toBe(true);
  });

  it('fails with a message for an unknown email and changes nobody', async () => {
    await signUp(t);
    const admins = async () => (await t.db.dataSource.query(`SELECT count(*)::int AS count FROM users WHERE is_admin`))[0].count;
    const before = await admins();
    const result = grant('nobody@example.com');
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('No user with the email nobody@example.com');
    expect(await admins()).toBe(before);
  });
});
