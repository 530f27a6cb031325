import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { createTestApp, signUp, TestApp, agentFor } from './test-app';

const APP_URL = 'http://localhost:3000';
const PASSWORD = 'correct-horse-battery';
const INVALID_CREDENTIALS = { statusCode: 401, message: 'Invalid email or password', error: 'Unauthorized', code: 'invalid_credentials' };
const TOO_MANY = { statusCode: 429, message: 'Too many login attempts. Please try again in 15 minutes.', error: 'Too Many Requests', code: 'login_attempts_limit', params: { minutes: 15 } };
const FOREIGN_ORIGIN = { statusCode: 403, message: 'Cross-origin request refused', error: 'Forbidden', code: 'foreign_origin' };

/**
 * The outbox relay polls rarely here: on app.close() the DataSource is destroyed before the
 * BackgroundRunner stops the relay, so a poll in flight at that moment fails the suite (reported).
 */
const QUIET_RELAY = { OUTBOX_POLL_MS: '600000' };
/** Nothing from the machine's environment changes what these suites expect. */
const BASE_ENV = { ...QUIET_RELAY, APP_URL, GOOGLE_CLIENT_ID: undefined, GOOGLE_CLIENT_SECRET: undefined, SEED_DEMO: undefined, EMBEDDED_DATABASE: undefined };

const uniqueEmail = (label = 'user') => `${label}-${randomBytes(4).toString('hex')}@example.com`;

function setCookies(res: request.Response): string[] {
  return ([] as string[]).concat(res.headers['set-cookie'] ?? []);
}

/** The full Set-Cookie line of the session cookie, if the response sets one. */
function sessionSetCookie(res: request.Response): string | undefined {
  return setCookies(res).find((c) => c.startsWith('brandloom.sid='));
}

/** `brandloom.sid=…`, ready for a Cookie header. */
function sessionCookie(res: request.Response): string {
  const line = sessionSetCookie(res);
  if (!line) throw new Error('the response sets no session cookie');
  return line.split(';')[0];
}

/** The session id inside the signed cookie value `s:<sid>.<signature>`. */
function sessionId(cookie: string): string {
  const value = decodeURIComponent(cookie.slice('brandloom.sid='.length));
  expect(value.startsWith('s:')).toBe(true);
  return value.slice(2, value.lastIndexOf('.'));
}

const attributes = (setCookie: string) => setCookie.split(';').slice(1).map((a) => a.trim().toLowerCase());

describe('auth: register, login, logout, sessions, validation, Origin check', () => {
  let t: TestApp;
  beforeAll(async () => {
    // The default limits: the few failed logins here never reach them.
    t = await createTestApp({ ...BASE_ENV, TRUST_PROXY: undefined, LOGIN_MAX_ATTEMPTS_PER_ACCOUNT: '5', LOGIN_MAX_ATTEMPTS_PER_IP: '20' });
  });
  afterAll(() => t?.close());

  const userCount = async (email: string) =>
    (await t.db.dataSource.query(`SELECT count(*)::int AS count FROM users WHERE lower(email) = lower($1)`, [email]))[0].count as number;
  const sessionExists = async (sid: string) => (await t.db.dataSource.query(`SELECT 1 FROM session WHERE sid = $1`, [sid])).length === 1;

  describe('register', () => {
    it('creates the user (201), signs them in and returns the user fields', async () => {
      const email = uniqueEmail('reg');
      const res = await t.http().post('/api/auth/register').send({ email, password: PASSWORD, username: 'Regina' }).expect(201);
      expect(res.body).toEqual({ id: expect.any(String), username: 'Regina', email, avatar_url: null, is_admin: false, created_at: expect.any(String) });
      expect(new Date(res.body.created_at).toISOString()).toBe(res.body.created_at);
      expect(Date.now() - Date.parse(res.body.created_at)).toBeLessThan(60_000);
      expect(JSON.stringify(res.body)).not.toMatch(/password|hash/i);

      const me = await t.http().get('/api/auth/user').set('Cookie', sessionCookie(res)).expect(200);
      expect(me.body).toEqual(res.body);
    });

    it('stores an argon2id hash, never the password', async () => {
      const { user } = await signUp(t, { password: PASSWORD });
      const [{ password_hash }] = await t.db.dataSource.query(`SELECT password_hash FROM users WHERE id = $1`, [user.id]);
      expect(password_hash).toMatch(/^\$argon2id\$/);
      expect(password_hash).not.toContain(PASSWORD);
    });

    it('uses the email local part as username when none is given', async () => {
      const res = await t.http().post('/api/auth/register').send({ email: 'local.part-42@example.com', password: PASSWORD }).expect(201);
      expect(res.body.username).toBe('local.part-42');
    });

    it('sets the session cookie HttpOnly, SameSite=Lax, Path=/ and not Secure over plain http', async () => {
      const res = await t.http().post('/api/auth/register').send({ email: uniqueEmail(), password: PASSWORD }).expect(201);
      const attrs = attributes(sessionSetCookie(res)!);
      expect(attrs).toEqual(expect.arrayContaining(['httponly', 'samesite=lax', 'path=/']));
      expect(attrs).not.toContain('secure');
    });

    it('ignores X-Forwarded-Proto when TRUST_PROXY is off (no Secure cookie a plain-http client would drop)', async () => {
      const res = await t.http().post('/api/auth/register').set('X-Forwarded-Proto', 'https').send({ email: uniqueEmail(), password: PASSWORD }).expect(201);
      expect(attributes(sessionSetCookie(res)!)).not.toContain('secure');
    });

    it('refuses a second account for the same email, whatever its case (409)', async () => {
      const email = uniqueEmail('dup');
      await t.http().post('/api/auth/register').send({ email, password: PASSWORD }).expect(201);
      const res = await t.http().post('/api/auth/register').send({ email: email.toUpperCase(), password: 'another-password' }).expect(409);
      expect(res.body).toEqual({ statusCode: 409, message: 'An account with this email already exists', error: 'Conflict', code: 'email_taken' });
      expect(sessionSetCookie(res)).toBeUndefined();
      expect(await userCount(email)).toBe(1);
    });

    it('accepts a password of exactly 8 characters', async () => {
      await t.http().post('/api/auth/register').send({ email: uniqueEmail(), password: '12345678' }).expect(201);
    });
  });

  describe('validation (400, nothing created)', () => {
    const email = () => uniqueEmail('invalid');
    it.each([
      ['an invalid email', () => ({ email: 'not-an-email', password: PASSWORD }), ['Please enter a valid email address']],
      ['a missing email', () => ({ password: PASSWORD }), ['Please enter a valid email address']],
      ['a 7-character password', () => ({ email: email(), password: '1234567' }), ['Password must be at least 8 characters']],
      ['a missing password', () => ({ email: email() }), ['Password must be at least 8 characters']],
      ['a non-string password', () => ({ email: email(), password: 123456789 }), ['Password must be at least 8 characters']],
      ['an email longer than 254 characters', () => ({ email: `${'a'.repeat(64)}@${'b'.repeat(180)}.${'c'.repeat(20)}.com`, password: PASSWORD }), ['Please enter a valid email address']],
      ['a 201-character password', () => ({ email: email(), password: 'p'.repeat(201) }), ['Password must be at most 200 characters']],
      ['a one-character username', () => ({ email: email(), password: PASSWORD, username: 'a' }), ['Username must be at least 2 characters']],
      ['a blank username', () => ({ email: email(), password: PASSWORD, username: '   ' }), ['Username must be at least 2 characters']],
      ['a 101-character username', () => ({ email: email(), password: PASSWORD, username: 'u'.repeat(101) }), ['Username must be at most 100 characters']],
      ['an unknown field', () => ({ email: email(), password: PASSWORD, is_admin: true }), ['property is_admin should not exist']],
    ])('register with %s', async (_label, makeBody, messages) => {
      const body = makeBody() as Record<string, unknown>;
      const res = await t.http().post('/api/auth/register').send(body).expect(400);
      expect(res.body).toEqual({ statusCode: 400, message: messages, error: 'Bad Request', code: 'validation_failed', errors: messages.map((message) => expect.objectContaining({ message })) });
      expect(sessionSetCookie(res)).toBeUndefined();
      if (typeof body.email === 'string') expect(await userCount(body.email)).toBe(0);
    });

    it('register with everything wrong lists every message', async () => {
      const res = await t.http().post('/api/auth/register').send({ email: 'nope', password: 'short', username: 'x' }).expect(400);
      expect([...res.body.message].sort()).toEqual(
        ['Password must be at least 8 characters', 'Please enter a valid email address', 'Username must be at least 2 characters'].sort(),
      );
    });

    it.each([
      ['an invalid email', { email: 'not-an-email', password: PASSWORD }, ['Please enter a valid email address']],
      ['a short password', { email: 'someone@example.com', password: 'short' }, ['Password must be at least 8 characters']],
      ['nothing at all', {}, ['Please enter a valid email address', 'Password must be at least 8 characters']],
      ['an unknown field', { email: 'someone@example.com', password: PASSWORD, remember: true }, ['property remember should not exist']],
    ])('login with %s', async (_label, body, messages) => {
      const res = await t.http().post('/api/auth/login').send(body).expect(400);
      expect(res.body).toEqual({ statusCode: 400, message: messages, error: 'Bad Request', code: 'validation_failed', errors: messages.map((message) => expect.objectContaining({ message })) });
    });
  });

  describe('login', () => {
    it('signs in with the right password (200, user fields, session cookie), email case-insensitive', async () => {
      const { user } = await signUp(t, { email: uniqueEmail('Login'), password: PASSWORD, username: 'Logan' });
      const res = await t.http().post('/api/auth/login').send({ email: `  ${user.email.toUpperCase()} `, password: PASSWORD }).expect(200);
      expect(res.body).toEqual({ id: user.id, username: 'Logan', email: user.email, avatar_url: null, is_admin: false, created_at: expect.any(String) });
      const attrs = attributes(sessionSetCookie(res)!);
      expect(attrs).toEqual(expect.arrayContaining(['httponly', 'samesite=lax']));
      expect((await t.http().get('/api/auth/user').set('Cookie', sessionCookie(res)).expect(200)).body.id).toBe(user.id);
    });

    it('answers a wrong password with 401 and no session', async () => {
      const { user } = await signUp(t);
      const res = await t.http().post('/api/auth/login').send({ email: user.email, password: 'wrong-password' }).expect(401);
      expect(res.body).toEqual(INVALID_CREDENTIALS);
      expect(sessionSetCookie(res)).toBeUndefined();
    });

    it('answers an unknown email with the same 401', async () => {
      const res = await t.http().post('/api/auth/login').send({ email: uniqueEmail('nobody'), password: PASSWORD }).expect(401);
      expect(res.body).toEqual(INVALID_CREDENTIALS);
      expect(sessionSetCookie(res)).toBeUndefined();
    });

    it('regenerates the session id at login: the previous session is gone and not authenticated', async () => {
      const agent = agentFor(t);
      const email = uniqueEmail('regen');
      const oldCookie = sessionCookie(await agent.post('/api/auth/register').send({ email, password: PASSWORD }).expect(201));
      expect(await sessionExists(sessionId(oldCookie))).toBe(true);

      // The agent sends its current session cookie along with the login.
      const login = await agent.post('/api/auth/login').send({ email, password: PASSWORD }).expect(200);
      const newCookie = sessionCookie(login);
      expect(sessionId(newCookie)).not.toBe(sessionId(oldCookie));

      await t.http().get('/api/auth/user').set('Cookie', oldCookie).expect(401);
      expect(await sessionExists(sessionId(oldCookie))).toBe(false);
      expect(await sessionExists(sessionId(newCookie))).toBe(true);
      expect((await agent.get('/api/auth/user').expect(200)).body.email).toBe(email);
    });

    it('gives every login its own session id', async () => {
      const { user } = await signUp(t, { password: PASSWORD });
      const a = sessionCookie(await t.http().post('/api/auth/login').send({ email: user.email, password: PASSWORD }).expect(200));
      const b = sessionCookie(await t.http().post('/api/auth/login').send({ email: user.email, password: PASSWORD }).expect(200));
      expect(sessionId(a)).not.toBe(sessionId(b));
    });

    it('refuses a session cookie with a forged or missing signature', async () => {
      const res = await t.http().post('/api/auth/register').send({ email: uniqueEmail(), password: PASSWORD }).expect(201);
      const sid = sessionId(sessionCookie(res));
      await t.http().get('/api/auth/user').set('Cookie', sessionCookie(res)).expect(200);
      await t.http().get('/api/auth/user').set('Cookie', `brandloom.sid=${encodeURIComponent(`s:${sid}.forged-signature`)}`).expect(401);
      await t.http().get('/api/auth/user').set('Cookie', `brandloom.sid=${sid}`).expect(401);
    });
  });

  describe('logout', () => {
    it('answers 204, clears the cookie, deletes the session row; the old cookie then gets 401', async () => {
      const { user } = await signUp(t, { password: PASSWORD });
      const cookie = sessionCookie(await t.http().post('/api/auth/login').send({ email: user.email, password: PASSWORD }).expect(200));
      expect(await sessionExists(sessionId(cookie))).toBe(true);

      const res = await t.http().post('/api/auth/logout').set('Cookie', cookie).expect(204);
      expect(res.text).toBe('');
      const cleared = sessionSetCookie(res)!;
      expect(cleared).toMatch(/^brandloom\.sid=;/);
      expect(cleared).toMatch(/Expires=Thu, 01 Jan 1970/);

      expect(await sessionExists(sessionId(cookie))).toBe(false);
      const after = await t.http().get('/api/auth/user').set('Cookie', cookie).expect(401);
      expect(after.body).toEqual({ statusCode: 401, message: 'Not authenticated', error: 'Unauthorized', code: 'not_authenticated' });
    });

    it('leaves other sessions of the same user signed in', async () => {
      const { agent, user } = await signUp(t, { password: PASSWORD });
      const other = sessionCookie(await t.http().post('/api/auth/login').send({ email: user.email, password: PASSWORD }).expect(200));
      await agent.post('/api/auth/logout').expect(204);
      await agent.get('/api/auth/user').expect(401);
      await t.http().get('/api/auth/user').set('Cookie', other).expect(200);
    });
  });

  describe('each request reads the session with its user', () => {
    it('ends a session the moment its row is deleted (as a password change or account takeover does)', async () => {
      const { agent, user } = await signUp(t, { password: PASSWORD });
      await agent.get('/api/auth/user').expect(200);
      await t.db.dataSource.query(`DELETE FROM session WHERE sess->'passport'->>'user' = $1`, [user.id]);
      await agent.get('/api/auth/user').expect(401);
    });

    it('sees a change to the user at once (no cached user between requests)', async () => {
      const { agent, user } = await signUp(t, { password: PASSWORD });
      expect((await agent.get('/api/auth/user').expect(200)).body.is_admin).toBe(false);
      await t.db.dataSource.query(`UPDATE users SET is_admin = true, username = 'renamed' WHERE id = $1`, [user.id]);
      expect((await agent.get('/api/auth/user').expect(200)).body).toMatchObject({ is_admin: true, username: 'renamed' });
    });

    it('writes the sliding expiry back at most once a minute, and again once it is older', async () => {
      const { agent, user } = await signUp(t, { password: PASSWORD });
      const expiry = async () =>
        new Date((await t.db.dataSource.query(`SELECT expire FROM session WHERE sess->'passport'->>'user' = $1`, [user.id]))[0].expire).getTime();
      const fresh = await expiry();
      await new Promise((r) => setTimeout(r, 1100));
      await agent.get('/api/auth/user').expect(200);
      expect(await expiry()).toBe(fresh);
      // Written two minutes ago: the next request slides it forward again.
      await t.db.dataSource.query(`UPDATE session SET expire = expire - interval '2 minutes' WHERE sess->'passport'->>'user' = $1`, [user.id]);
      await agent.get('/api/auth/user').expect(200);
      expect(await expiry()).toBeGreaterThan(fresh);
    });
  });

  describe('Origin check on state-changing requests', () => {
    it.each(['https://evil.example', 'null', 'http://localhost:3000.evil.example', 'https://localhost:3000', 'http://localhost:3001'])(
      'refuses register from Origin %s with 403 and creates nothing',
      async (origin) => {
        const email = uniqueEmail('csrf');
        const res = await t.http().post('/api/auth/register').set('Origin', origin).send({ email, password: PASSWORD }).expect(403);
        expect(res.body).toEqual(FOREIGN_ORIGIN);
        expect(sessionSetCookie(res)).toBeUndefined();
        expect(await userCount(email)).toBe(0);
      },
    );

    it('refuses a cross-origin login (no session) and a cross-origin logout (session survives)', async () => {
      const { agent, user } = await signUp(t, { password: PASSWORD });
      const login = await t.http().post('/api/auth/login').set('Origin', 'https://evil.example').send({ email: user.email, password: PASSWORD }).expect(403);
      expect(login.body).toEqual(FOREIGN_ORIGIN);
      expect(sessionSetCookie(login)).toBeUndefined();

      await agent.post('/api/auth/logout').set('Origin', 'https://evil.example').expect(403);
      await agent.get('/api/auth/user').expect(200);
    });

    it('lets the app origin (APP_URL) through', async () => {
      const email = uniqueEmail('same-origin');
      await t.http().post('/api/auth/register').set('Origin', APP_URL).send({ email, password: PASSWORD }).expect(201);
      expect(await userCount(email)).toBe(1);
      await t.http().post('/api/auth/login').set('Origin', APP_URL).send({ email, password: PASSWORD }).expect(200);
    });

    it('does not apply to safe methods', async () => {
      await t.http().get('/api/auth/providers').set('Origin', 'https://evil.example').expect(200);
    });
  });

  describe('providers and Google without configuration', () => {
    it('reports Google as not configured', async () => {
      expect((await t.http().get('/api/auth/providers').expect(200)).body).toEqual({ google: false });
    });

    it('answers /api/auth/google with a 503 HTML page saying so', async () => {
      const res = await t.http().get('/api/auth/google').expect(503);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.text).toContain('Google sign-in is not configured');
    });

    it('answers the callback with 503 as well', async () => {
      const res = await t.http().get('/api/auth/google/callback?code=x&state=y').expect(503);
      expect(res.body).toEqual({ statusCode: 503, message: 'Google sign-in is not configured', error: 'Service Unavailable', code: 'google_not_configured' });
    });
  });
});

/** A login from one client address, as the trusted proxy reports it (rightmost X-Forwarded-For). */
function loginFrom(t: TestApp, ip: string, email: string, password: string) {
  return t.http().post('/api/auth/login').set('X-Forwarded-For', ip).send({ email, password });
}

const uniqueIp = () => `10.${randomBytes(1)[0]}.${randomBytes(1)[0]}.${1 + (randomBytes(1)[0] % 250)}`;

describe('auth behind a trusted proxy (TRUST_PROXY=true): Secure cookies and login throttling', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      ...BASE_ENV,
      TRUST_PROXY: 'true',
      LOGIN_MAX_ATTEMPTS_PER_ACCOUNT: '3',
      LOGIN_MAX_ATTEMPTS_PER_IP: '6',
      LOGIN_THROTTLE_WINDOW_SECONDS: '900',
      LOGIN_ACCOUNT_SLOWDOWN_AFTER: '8',
      LOGIN_ACCOUNT_SLOWDOWN_SECONDS: '30',
    });
  });
  afterAll(() => t?.close());

  it('marks the session cookie Secure when the proxy says the request came over https', async () => {
    const res = await t.http().post('/api/auth/register').set('X-Forwarded-Proto', 'https').send({ email: uniqueEmail(), password: PASSWORD }).expect(201);
    expect(attributes(sessionSetCookie(res)!)).toEqual(expect.arrayContaining(['secure', 'httponly', 'samesite=lax']));
  });

  it('does not mark it Secure for a plain-http request', async () => {
    const res = await t.http().post('/api/auth/register').send({ email: uniqueEmail(), password: PASSWORD }).expect(201);
    expect(attributes(sessionSetCookie(res)!)).not.toContain('secure');
  });

  it('blocks an account for the address that failed 3 times (429, even with the right password); other accounts there still work', async () => {
    const { user } = await signUp(t, { email: uniqueEmail('locked'), password: PASSWORD });
    const ip = uniqueIp();
    // The per-account counter ignores the email's case and surrounding blanks.
    for (const email of [user.email, user.email.toUpperCase(), ` ${user.email} `]) {
      expect((await loginFrom(t, ip, email, 'wrong-password').expect(401)).body).toEqual(INVALID_CREDENTIALS);
    }
    const blocked = await loginFrom(t, ip, user.email, PASSWORD).expect(429);
    expect(blocked.body).toEqual(TOO_MANY);
    expect(sessionSetCookie(blocked)).toBeUndefined();
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(800);
    expect(retryAfter).toBeLessThanOrEqual(900);

    // Another account from the same address is not locked (3 of the address's 6 failures used).
    const other = await signUp(t, { password: PASSWORD });
    await loginFrom(t, ip, other.user.email, PASSWORD).expect(200);
  });

  it("does not lock the owner out: another address's failures leave a client with none signing in", async () => {
    const { user } = await signUp(t, { email: uniqueEmail('victim'), password: PASSWORD });
    const attacker = uniqueIp();
    for (let i = 0; i < 5; i++) await loginFrom(t, attacker, user.email, `wrong-${i}-password`).expect((res) => expect([401, 429]).toContain(res.status));
    await loginFrom(t, attacker, user.email, PASSWORD).expect(429);
    const owner = await loginFrom(t, uniqueIp(), user.email, PASSWORD).expect(200);
    expect(sessionSetCookie(owner)).toBeDefined();
  });

  it('trusts the browser of an earlier login (device cookie): it signs in from an address whose failures locked everyone else out', async () => {
    const { user } = await signUp(t, { email: uniqueEmail('device'), password: PASSWORD });
    const shared = uniqueIp();
    const browser = agentFor(t);
    const first = await browser.post('/api/auth/login').set('X-Forwarded-For', uniqueIp()).send({ email: user.email, password: PASSWORD }).expect(200);
    const device = setCookies(first).find((c) => c.startsWith('brandloom.device='))!;
    expect(attributes(device)).toEqual(expect.arrayContaining(['httponly', 'samesite=strict', 'path=/api/auth']));
    expect(device).not.toContain(encodeURIComponent(user.email));

    // Someone behind the same address guesses until both the account (for that address) and the address are refused.
    for (let i = 0; i < 3; i++) await loginFrom(t, shared, user.email, `wrong-${i}-password`).expect(401);
    for (let i = 0; i < 3; i++) await loginFrom(t, shared, uniqueEmail('ghost'), PASSWORD).expect(401);
    await loginFrom(t, shared, user.email, PASSWORD).expect(429);
    await loginFrom(t, shared, uniqueEmail('anyone'), PASSWORD).expect(429);
    await browser.post('/api/auth/login').set('X-Forwarded-For', shared).send({ email: user.email, password: PASSWORD }).expect(200);

    // The cookie is this account's only: for another account the browser counts as its address.
    const other = await signUp(t, { password: PASSWORD });
    const cookieOnly = device.split(';')[0];
    await t.http().post('/api/auth/login').set('X-Forwarded-For', shared).set('Cookie', cookieOnly).send({ email: other.user.email, password: PASSWORD }).expect(429);
    // A forged cookie is no device: refused like any client of that address.
    const forged = `brandloom.device=${cookieOnly.split('=')[1].split('.')[0]}.${'A'.repeat(43)}`;
    await t.http().post('/api/auth/login').set('X-Forwarded-For', shared).set('Cookie', forged).send({ email: user.email, password: PASSWORD }).expect(429);
  });

  it('trusts the browser that signed up as well', async () => {
    const { agent, user } = await signUp(t, { email: uniqueEmail('newcomer'), password: PASSWORD });
    const ip = uniqueIp();
    for (let i = 0; i < 3; i++) await loginFrom(t, ip, user.email, `wrong-${i}-password`).expect(401);
    await loginFrom(t, ip, user.email, PASSWORD).expect(429);
    await agent.post('/api/auth/login').set('X-Forwarded-For', ip).send({ email: user.email, password: PASSWORD }).expect(200);
  });

  it("a trusted device's own failures lock only that device", async () => {
    const { user } = await signUp(t, { email: uniqueEmail('own'), password: PASSWORD });
    const browser = agentFor(t);
    const ip = uniqueIp();
    await browser.post('/api/auth/login').set('X-Forwarded-For', ip).send({ email: user.email, password: PASSWORD }).expect(200);
    for (let i = 0; i < 3; i++) await browser.post('/api/auth/login').set('X-Forwarded-For', ip).send({ email: user.email, password: 'wrong-password' }).expect(401);
    expect((await browser.post('/api/auth/login').set('X-Forwarded-For', ip).send({ email: user.email, password: PASSWORD }).expect(429)).body).toEqual(TOO_MANY);
    // The address itself has no failure on this account: a client without the cookie signs in there.
    await loginFrom(t, ip, user.email, PASSWORD).expect(200);
  });

  it('slows an account down for untrusted clients once failures spread over many addresses pass the threshold; a trusted device is unaffected', async () => {
    const { user } = await signUp(t, { email: uniqueEmail('spread'), password: PASSWORD });
    const browser = agentFor(t);
    await browser.post('/api/auth/login').set('X-Forwarded-For', uniqueIp()).send({ email: user.email, password: PASSWORD }).expect(200);
    // 8 failures (the slow-down threshold here), 2 per address: no address is locked on its own.
    for (let i = 0; i < 8; i++) await loginFrom(t, `192.0.2.${100 + Math.floor(i / 2)}`, user.email, `wrong-${i}-password`).expect(401);

    const owner = uniqueIp();
    await loginFrom(t, owner, user.email, PASSWORD).expect(200);
    const slowed = await loginFrom(t, uniqueIp(), user.email, PASSWORD).expect(429);
    expect(slowed.body).toEqual({ ...TOO_MANY, message: 'Too many login attempts. Please try again in 1 minute.', params: { minutes: 1 } });
    const wait = Number(slowed.headers['retry-after']);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(30);
    await browser.post('/api/auth/login').set('X-Forwarded-For', uniqueIp()).send({ email: user.email, password: PASSWORD }).expect(200);
  });

  it('refuses every account from an address after 6 failures there (unknown emails count), until then lets them in', async () => {
    const ip = uniqueIp();
    const { user } = await signUp(t, { password: PASSWORD });
    for (let i = 0; i < 5; i++) await loginFrom(t, ip, uniqueEmail('ghost'), PASSWORD).expect(401);
    await loginFrom(t, ip, user.email, PASSWORD).expect(200);
    await loginFrom(t, ip, uniqueEmail('ghost'), PASSWORD).expect(401);

    // 6 failures from this address: refused with the right password too, whoever it is...
    expect((await loginFrom(t, ip, user.email, PASSWORD).expect(429)).body).toEqual(TOO_MANY);
    expect((await loginFrom(t, ip, uniqueEmail('anyone'), PASSWORD).expect(429)).body).toEqual(TOO_MANY);
    // ...while the same account still works from another address.
    await loginFrom(t, uniqueIp(), user.email, PASSWORD).expect(200);
  });

  it('resets the account counter after a successful login', async () => {
    const ip = uniqueIp();
    const { user } = await signUp(t, { password: PASSWORD });
    await loginFrom(t, ip, user.email, 'wrong-password').expect(401);
    await loginFrom(t, ip, user.email, 'wrong-password').expect(401);
    await loginFrom(t, ip, user.email, PASSWORD).expect(200);
    await loginFrom(t, ip, user.email, 'wrong-password').expect(401);
    // Without the reset the account would already have 3 failures here: 429 instead of 401.
    await loginFrom(t, ip, user.email, 'wrong-password').expect(401);
  });

  it('keys the address limit on the address the proxy appended, not on spoofable entries before it', async () => {
    const ip = uniqueIp();
    for (let i = 1; i <= 6; i++) {
      await t.http().post('/api/auth/login').set('X-Forwarded-For', `198.51.100.${i}, ${ip}`).send({ email: uniqueEmail('spoof'), password: PASSWORD }).expect(401);
    }
    const { user } = await signUp(t, { password: PASSWORD });
    await t.http().post('/api/auth/login').set('X-Forwarded-For', `203.0.113.7, ${ip}`).send({ email: user.email, password: PASSWORD }).expect(429);
  });
});

describe('login throttling without a trusted proxy', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ ...BASE_ENV, TRUST_PROXY: undefined, LOGIN_MAX_ATTEMPTS_PER_ACCOUNT: '3', LOGIN_MAX_ATTEMPTS_PER_IP: '6' });
  });
  afterAll(() => t?.close());

  it('ignores X-Forwarded-For, so rotating it does not escape the per-address limit', async () => {
    for (let i = 1; i <= 6; i++) {
      await loginFrom(t, `198.51.100.${i}`, uniqueEmail('rotating'), PASSWORD).expect(401);
    }
    const { user } = await signUp(t, { password: PASSWORD });
    const res = await loginFrom(t, '203.0.113.99', user.email, PASSWORD).expect(429);
    expect(res.body).toEqual(TOO_MANY);
  });
});
