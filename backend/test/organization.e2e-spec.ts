import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type request from 'supertest';
import { createTestApp, signUp, TestApp } from './test-app';

const DEMO_ADMIN_EMAIL = 'admin@demo.brandloom.app';
const DEMO_MEMBER_EMAIL = 'member@demo.brandloom.app';
const NOT_AUTHENTICATED = { statusCode: 401, message: 'Not authenticated', error: 'Unauthorized', code: 'not_authenticated' };

/**
 * The outbox relay polls rarely here: on app.close() the DataSource is destroyed before the
 * BackgroundRunner stops the relay, so a poll in flight at that moment fails the suite (reported).
 */
const QUIET_RELAY = { OUTBOX_POLL_MS: '600000' };
const BASE_ENV = { ...QUIET_RELAY, SEED_DEMO: undefined, EMBEDDED_DATABASE: undefined, DEMO_CREDENTIALS_FILE: undefined };

/** `brandloom.sid=…` from a response, ready for a Cookie header. */
function sessionCookie(res: request.Response): string {
  const line = ([] as string[]).concat(res.headers['set-cookie'] ?? []).find((c) => c.startsWith('brandloom.sid='));
  if (!line) throw new Error('the response sets no session cookie');
  return line.split(';')[0];
}

const USER_FIELDS = ['avatar_url', 'created_at', 'email', 'id', 'is_admin', 'username'];

describe('organizations: sign-up creates one, scoped reads, welcome bonus', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(BASE_ENV);
  });
  afterAll(() => t?.close());

  const query = (sql: string, params: unknown[] = []) => t.db.dataSource.query(sql, params);

  it('GET /api/organization answers the new organization (Starter, 25 credits) and its owner', async () => {
    const { agent, user } = await signUp(t, { username: 'Olivia Owner' });
    const res = await agent.get('/api/organization').expect(200);
    expect(res.body).toEqual({
      organization: {
        id: expect.any(String),
        name: 'Olivia Owner',
        plan_tier: 'Starter',
        credits: 25,
        stripe_subscription_id: null,
        website: null,
        description: null,
        logo_url: null,
        created_at: expect.any(String),
      },
      members: [{ ...user, avatar_url: null, created_at: expect.any(String), role: 'owner' }],
    });
    expect(Object.keys(res.body.members[0]).sort()).toEqual([...USER_FIELDS, 'role'].sort());
    expect(new Date(res.body.organization.created_at).toISOString()).toBe(res.body.organization.created_at);

    const [membership] = await query(`SELECT organization_id, role FROM memberships WHERE user_id = $1`, [user.id]);
    expect(membership).toEqual({ organization_id: res.body.organization.id, role: 'owner' });
  });

  it('names the organization after the email local part when there is no username', async () => {
    const { agent } = await signUp(t, { email: 'noname.person@example.com' });
    expect((await agent.get('/api/organization').expect(200)).body.organization.name).toBe('noname.person');
  });

  it('GET /api/organization/members lists the user fields plus role', async () => {
    const { agent, user } = await signUp(t, { username: 'Member Lister' });
    const res = await agent.get('/api/organization/members').expect(200);
    expect(res.body).toEqual([{ ...user, avatar_url: null, created_at: expect.any(String), role: 'owner' }]);
  });

  it('GET /api/credits/balance answers the welcome bonus', async () => {
    const { agent } = await signUp(t);
    expect((await agent.get('/api/credits/balance').expect(200)).body).toEqual({ credits: 25 });
  });

  it('writes exactly one ledger row for the bonus, and the balance equals the ledger', async () => {
    const { agent } = await signUp(t);
    const { organization } = (await agent.get('/api/organization').expect(200)).body;
    const ledger = await query(`SELECT amount, type, description, status FROM credit_ledger WHERE organization_id = $1`, [organization.id]);
    expect(ledger).toEqual([{ amount: 25, type: 'bonus', description: 'Welcome bonus', status: 'completed' }]);
    const [{ credits }] = await query(`SELECT credits FROM organizations WHERE id = $1`, [organization.id]);
    expect(credits).toBe(25);
  });

  it('records user.registered, organization.created and credits.granted in the outbox for the organization', async () => {
    const { agent, user } = await signUp(t);
    const { organization } = (await agent.get('/api/organization').expect(200)).body;
    const rows: Array<{ type: string; payload: Record<string, unknown> }> = await query(
      `SELECT type, payload FROM outbox WHERE organization_id = $1 ORDER BY id`,
      [organization.id],
    );
    expect(rows.map((r) => r.type).sort()).toEqual(['credits.granted', 'organization.created', 'user.registered']);
    expect(rows.find((r) => r.type === 'user.registered')!.payload).toMatchObject({ userId: user.id, email: user.email });
    expect(rows.find((r) => r.type === 'organization.created')!.payload).toMatchObject({ ownerId: user.id });
    expect(rows.find((r) => r.type === 'credits.granted')!.payload).toMatchObject({ amount: 25, type: 'bonus', balance: 25 });
  });

  it('keeps organizations apart: each user sees only their own organization, members and balance', async () => {
    const alice = await signUp(t, { username: 'Alice Tenant' });
    const bob = await signUp(t, { username: 'Bob Tenant' });
    // Make the two balances differ so a leak of the other tenant's balance would show.
    const bobOrg = (await bob.agent.get('/api/organization').expect(200)).body.organization;
    await query(
      `WITH g AS (INSERT INTO credit_ledger (organization_id, amount, type, description) VALUES ($1, 10, 'bonus', 'test grant') RETURNING amount)
       UPDATE organizations SET credits = credits + (SELECT amount FROM g) WHERE id = $1`,
      [bobOrg.id],
    );

    const aliceView = (await alice.agent.get('/api/organization').expect(200)).body;
    const bobView = (await bob.agent.get('/api/organization').expect(200)).body;
    expect(aliceView.organization.id).not.toBe(bobView.organization.id);
    expect(aliceView.organization).toMatchObject({ name: 'Alice Tenant', credits: 25 });
    expect(bobView.organization).toMatchObject({ name: 'Bob Tenant', credits: 35 });
    expect(aliceView.members.map((m: { id: string }) => m.id)).toEqual([alice.user.id]);
    expect(bobView.members.map((m: { id: string }) => m.id)).toEqual([bob.user.id]);

    expect((await alice.agent.get('/api/organization/members').expect(200)).body.map((m: { id: string }) => m.id)).toEqual([alice.user.id]);
    expect((await bob.agent.get('/api/organization/members').expect(200)).body.map((m: { id: string }) => m.id)).toEqual([bob.user.id]);
    expect((await alice.agent.get('/api/credits/balance').expect(200)).body).toEqual({ credits: 25 });
    expect((await bob.agent.get('/api/credits/balance').expect(200)).body).toEqual({ credits: 35 });
  });

  it.each(['/api/organization', '/api/organization/members', '/api/credits/balance'])('answers %s with 401 when anonymous', async (path) => {
    expect((await t.http().get(path).expect(401)).body).toEqual(NOT_AUTHENTICATED);
  });

  it('seeds no demo users without SEED_DEMO and without the embedded database', async () => {
    const rows = await query(`SELECT email FROM users WHERE email LIKE '%@demo.brandloom.app'`);
    expect(rows).toEqual([]);
  });
});

describe('demo data', () => {
  describe('with SEED_DEMO=true', () => {
    let t: TestApp;
    let dir: string;
    let credentialsFile: string;
    beforeAll(async () => {
      dir = mkdtempSync(join(tmpdir(), 'brandloom-demo-'));
      credentialsFile = join(dir, 'nested', 'demo-logins.json');
      t = await createTestApp({ ...BASE_ENV, SEED_DEMO: 'true', DEMO_CREDENTIALS_FILE: credentialsFile });
    });
    afterAll(async () => {
      await t?.close();
      rmSync(dir, { recursive: true, force: true });
    });

    const logins = () =>
      JSON.parse(readFileSync(credentialsFile, 'utf8')) as { admin: { email: string; password: string }; member: { email: string; password: string } };

    it('writes the generated logins to DEMO_CREDENTIALS_FILE, readable by its owner only', () => {
      const { admin, member } = logins();
      expect(admin.email).toBe(DEMO_ADMIN_EMAIL);
      expect(member.email).toBe(DEMO_MEMBER_EMAIL);
      expect(admin.password.length).toBeGreaterThanOrEqual(12);
      expect(member.password.length).toBeGreaterThanOrEqual(12);
      expect(admin.password).not.toBe(member.password);
      expect(statSync(credentialsFile).mode & 0o077).toBe(0);
    });

    it('lets the demo admin (is_admin true) and the demo member log in with those passwords', async () => {
      const { admin, member } = logins();
      const a = await t.http().post('/api/auth/login').send(admin).expect(200);
      expect(a.body).toMatchObject({ email: DEMO_ADMIN_EMAIL, is_admin: true });
      const m = await t.http().post('/api/auth/login').send(member).expect(200);
      expect(m.body).toMatchObject({ email: DEMO_MEMBER_EMAIL, is_admin: false });
    });

    it("puts both in one 'Team+' organization with 500 credits that its ledger adds up to", async () => {
      const { admin, member } = logins();
      const adminLogin = await t.http().post('/api/auth/login').send(admin).expect(200);
      const cookie = sessionCookie(adminLogin);
      const view = (await t.http().get('/api/organization').set('Cookie', cookie).expect(200)).body;
      expect(view.organization).toMatchObject({ plan_tier: 'Team+', credits: 500 });
      expect(view.members.map((m: { email: string }) => m.email).sort()).toEqual([DEMO_ADMIN_EMAIL, DEMO_MEMBER_EMAIL]);
      expect((await t.http().get('/api/credits/balance').set('Cookie', cookie).expect(200)).body).toEqual({ credits: 500 });

      const memberLogin = await t.http().post('/api/auth/login').send(member).expect(200);
      const memberCookie = sessionCookie(memberLogin);
      expect((await t.http().get('/api/organization').set('Cookie', memberCookie).expect(200)).body.organization.id).toBe(view.organization.id);

      const [{ sum, rows }] = await t.db.dataSource.query(
        `SELECT coalesce(sum(amount), 0)::int AS sum, count(*)::int AS rows FROM credit_ledger WHERE organization_id = $1`,
        [view.organization.id],
      );
      expect(sum).toBe(500);
      expect(rows).toBeGreaterThan(0);
      // No organization is left over from the admin's own sign-up.
      expect((await t.db.dataSource.query(`SELECT count(*)::int AS count FROM organizations`))[0].count).toBe(1);
    });
  });

  describe('on an empty embedded database (EMBEDDED_DATABASE=true)', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ ...BASE_ENV, EMBEDDED_DATABASE: 'true' });
    });
    afterAll(() => t?.close());

    it('seeds the demo admin and member', async () => {
      const rows = await t.db.dataSource.query(`SELECT email, is_admin FROM users ORDER BY email`);
      expect(rows).toEqual([
        { email: DEMO_ADMIN_EMAIL, is_admin: true },
        { email: DEMO_MEMBER_EMAIL, is_admin: false },
      ]);
    });
  });
});
