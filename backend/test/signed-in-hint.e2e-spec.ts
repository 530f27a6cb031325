/**
 * The signed-in hint: a non-secret cookie the server sets beside the session cookie, so public pages
 * ask `/api/auth/user` only when there is a session to find. The 401 for an anonymous caller stays.
 */
import { SIGNED_IN_HINT_COOKIE } from '@brandloom/contracts';
import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { agentFor, createTestApp, TestApp } from './test-app';

const APP_URL = 'http://localhost:3000';
const uniqueEmail = () => `hint-${randomBytes(4).toString('hex')}@example.com`;
const setCookies = (res: request.Response): string[] => ([] as string[]).concat(res.headers['set-cookie'] ?? []);
const cookieLine = (res: request.Response, name: string) => setCookies(res).find((c) => c.startsWith(`${name}=`));
const expires = (line: string | undefined) => Date.parse(/Expires=([^;]+)/i.exec(line ?? '')?.[1] ?? '');

describe('the signed-in hint cookie', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ APP_URL, OUTBOX_POLL_MS: '600000' });
  });
  afterAll(() => t?.close());

  it("is set by sign-up's answer beside the session cookie, readable by script, with the session's lifetime", async () => {
    const res = await agentFor(t).post('/api/auth/register').send({ email: uniqueEmail(), password: 'a-long-password', username: 'Hinted' }).expect(201);
    const session = cookieLine(res, 'brandloom.sid');
    const hint = cookieLine(res, SIGNED_IN_HINT_COOKIE);
    expect(session).toBeDefined();
    expect(hint).toMatch(new RegExp(`^${SIGNED_IN_HINT_COOKIE}=1;`));
    expect(hint).not.toMatch(/HttpOnly/i);
    expect(hint).toMatch(/SameSite=Lax/i);
    expect(Math.abs(expires(hint) - expires(session))).toBeLessThan(5000);
    expect(expires(hint)).toBeGreaterThan(Date.now() + 24 * 3600 * 1000);
  });

  it('is set by sign-in, kept fresh by signed-in requests, and cleared by logout', async () => {
    const email = uniqueEmail();
    await agentFor(t).post('/api/auth/register').send({ email, password: 'a-long-password' }).expect(201);
    const agent = agentFor(t);
    const login = await agent.post('/api/auth/login').send({ email, password: 'a-long-password' }).expect(200);
    expect(cookieLine(login, SIGNED_IN_HINT_COOKIE)).toMatch(/=1;/);
    const user = await agent.get('/api/auth/user').expect(200);
    expect(cookieLine(user, SIGNED_IN_HINT_COOKIE)).toMatch(/=1;/);
    const logout = await agent.post('/api/auth/logout').expect(204);
    const cleared = cookieLine(logout, SIGNED_IN_HINT_COOKIE);
    expect(cleared).toMatch(new RegExp(`^${SIGNED_IN_HINT_COOKIE}=;`));
    expect(cleared).toMatch(/Expires=Thu, 01 Jan 1970/);
    // Signed out, the session check still answers 401 as the spec asks.
    await agent.get('/api/auth/user').expect(401);
  });

  it('is cleared when the request carries it without a live session (expired or ended elsewhere), and never set for anonymous visitors', async () => {
    const stale = await request(t.app.getHttpServer()).get('/api/auth/user').set('Cookie', `${SIGNED_IN_HINT_COOKIE}=1; brandloom.sid=s%3Agone.invalid`).expect(401);
    expect(cookieLine(stale, SIGNED_IN_HINT_COOKIE)).toMatch(new RegExp(`^${SIGNED_IN_HINT_COOKIE}=;`));
    const anonymous = await request(t.app.getHttpServer()).get('/api/auth/user').expect(401);
    expect(cookieLine(anonymous, SIGNED_IN_HINT_COOKIE)).toBeUndefined();
    const failed = await agentFor(t).post('/api/auth/login').send({ email: uniqueEmail(), password: 'wrong-password' }).expect(401);
    expect(cookieLine(failed, SIGNED_IN_HINT_COOKIE)).toBeUndefined();
  });
});
