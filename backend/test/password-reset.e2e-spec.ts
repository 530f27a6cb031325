// Forgot and reset password: one answer for every email (no enumeration), throttling, mailed
// single-use one-hour tokens stored hashed, every session ended, Google-only accounts told to use
// Google. Mails through the development driver, and once through the SMTP driver against a local SMTP server.
import { USER_MESSAGES } from '@brandloom/contracts';
import { FakeSmtp, linkIn, MailDirectory } from '@brandloom/core/testing';
import { createHash, randomBytes } from 'node:crypto';
import { documentedAnswers, type MatchesDocument } from './openapi-answers';
import { agentFor, createTestApp, signUp, TestApp } from './test-app';

const messageOf = (body: { message: string | string[] }) => ([] as string[]).concat(body.message).join('; ');
const email = (name: string) => `${name}-${randomBytes(4).toString('hex')}@example.com`;
const RESET_LINK = 'http://localhost:3000/reset-password?token=';
const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;

describe('password reset (development mail driver)', () => {
  let t: TestApp;
  let matchesDocument: MatchesDocument;
  let mail: MailDirectory;

  beforeAll(async () => {
    mail = await MailDirectory.create();
    t = await createTestApp({ REDIS_URL: undefined, MAIL_DIR: mail.dir, SMTP_URL: undefined, OUTBOX_POLL_MS: '50', PASSWORD_RESET_MAX_PER_IP: '1000', PASSWORD_RESET_MAX_PER_EMAIL: '3' });
    ({ matchesDocument } = await documentedAnswers(t));
  });
  afterAll(async () => {
    await t?.close();
    await mail.remove();
  });

  const query = (sql: string, params: unknown[] = []) => t.db.dataSource.query(sql, params);
  const forgot = (address: string) => agentFor(t).post('/api/auth/forgot-password').send({ email: address });

  it('answers the same for known and unknown emails; only the known one gets a mail', async () => {
    const { user } = await signUp(t);
    const unknown = email('nobody');
    const known = await forgot(user.email.toUpperCase()).expect(202);
    const missing = await forgot(unknown).expect(202);
    expect(known.body).toEqual({ message: USER_MESSAGES.forgotPasswordSent });
    expect(missing.body).toEqual(known.body);
    const message = await mail.waitFor(user.email);
    expect(message.subject).toBe('Reset your Brandloom password');
    expect(message.from).toContain('no-reply@brandloom.local');
    expect(message.html).toContain(RESET_LINK);
    // Give the relay time to have sent a mail to the unknown address, had it wanted to.
    await new Promise((r) => setTimeout(r, 300));
    expect(await mail.to(unknown)).toEqual([]);
  });

  it('the mailed link sets the password once, ends every session and signs the user in', async () => {
    const { agent, user, password } = await signUp(t);
    const other = agentFor(t);
    await other.post('/api/auth/login').send({ email: user.email, password }).expect(200);
    await forgot(user.email).expect(202);
    const token = tokenOf(linkIn(await mail.waitFor(user.email), RESET_LINK));
    // Stored hashed only.
    const [row] = await query(`SELECT token_hash, expires_at FROM password_resets WHERE user_id = $1`, [user.id]);
    expect(row.token_hash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(new Date(row.expires_at).getTime() - Date.now()).toBeLessThanOrEqual(3600 * 1000);

    const browser = agentFor(t);
    const res = await browser.post('/api/auth/reset-password').send({ token, password: 'fresh-password-9' }).expect(200);
    expect(res.body).toMatchObject({ id: user.id, email: user.email });
    matchesDocument('post', '/api/auth/reset-password', res);
    await browser.get('/api/auth/user').expect(200);
    await agent.get('/api/auth/user').expect(401);
    await other.get('/api/auth/user').expect(401);
    await agentFor(t).post('/api/auth/login').send({ email: user.email, password }).expect(401);
    await agentFor(t).post('/api/auth/login').send({ email: user.email, password: 'fresh-password-9' }).expect(200);

    const reused = await agentFor(t).post('/api/auth/reset-password').send({ token, password: 'another-password' }).expect(400);
    expect(reused.body.message).toBe(USER_MESSAGES.resetTokenInvalid);
    await agentFor(t).post('/api/auth/login').send({ email: user.email, password: 'fresh-password-9' }).expect(200);
  });

  it('expired tokens and older tokens of the same user stop working', async () => {
    const { user, password } = await signUp(t);
    await forgot(user.email).expect(202);
    const first = tokenOf(linkIn(await mail.waitFor(user.email, 1), RESET_LINK));
    await forgot(user.email).expect(202);
    const second = tokenOf(linkIn(await mail.waitFor(user.email, 2), RESET_LINK));
    await query(`UPDATE password_resets SET expires_at = now() - interval '1 second' WHERE token_hash = $1`, [createHash('sha256').update(first).digest('hex')]);
    expect((await agentFor(t).post('/api/auth/reset-password').send({ token: first, password: 'whatever-123' }).expect(400)).body.message).toBe(USER_MESSAGES.resetTokenInvalid);

    await agentFor(t).post('/api/auth/reset-password').send({ token: second, password: 'second-password' }).expect(200);
    await forgot(user.email).expect(202);
    const third = tokenOf(linkIn(await mail.waitFor(user.email, 3), RESET_LINK));
    await query(`UPDATE password_resets SET used_at = NULL, expires_at = now() + interval '1 hour' WHERE token_hash = $1`, [createHash('sha256').update(first).digest('hex')]);
    // Using the third spends the first too (every open token of the user).
    await agentFor(t).post('/api/auth/reset-password').send({ token: third, password: 'third-password' }).expect(200);
    await agentFor(t).post('/api/auth/reset-password').send({ token: first, password: 'sneaky-password' }).expect(400);
    await agentFor(t).post('/api/auth/login').send({ email: user.email, password: 'third-password' }).expect(200);
    expect(password).not.toBe('third-password');
  });

  it('a new link retires the earlier open ones: only the newest mailed link works', async () => {
    const { user } = await signUp(t);
    await forgot(user.email).expect(202);
    const older = tokenOf(linkIn(await mail.waitFor(user.email, 1), RESET_LINK));
    await forgot(user.email).expect(202);
    const newer = tokenOf(linkIn(await mail.waitFor(user.email, 2), RESET_LINK));
    const refused = await agentFor(t).post('/api/auth/reset-password').send({ token: older, password: 'older-link-password' }).expect(400);
    expect(refused.body.message).toBe(USER_MESSAGES.resetTokenInvalid);
    await agentFor(t).post('/api/auth/reset-password').send({ token: newer, password: 'newer-link-password' }).expect(200);
    await agentFor(t).post('/api/auth/login').send({ email: user.email, password: 'newer-link-password' }).expect(200);
  });

  it('validates the body with clear messages', async () => {
    for (const [body, message] of [
      [{ token: 'x'.repeat(43), password: 'short' }, 'Password must be at least 8 characters'],
      [{ password: 'long-enough-1' }, USER_MESSAGES.resetTokenRequired],
      [{ token: 'not a token', password: 'long-enough-1' }, USER_MESSAGES.resetTokenInvalid],
      [{ token: 'x'.repeat(43), password: 'long-enough-1' }, USER_MESSAGES.resetTokenInvalid],
    ] as const) {
      expect(messageOf((await agentFor(t).post('/api/auth/reset-password').send(body).expect(400)).body)).toBe(message);
    }
    expect(messageOf((await forgot('not-an-email').expect(400)).body)).toBe('Please enter a valid email address');
    await agentFor(t).post('/api/auth/forgot-password').set('Origin', 'https://evil.example').send({ email: email('x') }).expect(403);
  });

  it('a Google-only account gets a mail saying to sign in with Google, and no token', async () => {
    const { user } = await signUp(t);
    await query(`UPDATE users SET password_hash = NULL, google_id = 'g-reset' WHERE id = $1`, [user.id]);
    await forgot(user.email).expect(202);
    const message = await mail.waitFor(user.email);
    expect(message.subject).toBe('Sign in to Brandloom with Google');
    expect(message.text).toContain('signs in with Google');
    expect(message.text).not.toContain('reset-password?token=');
    expect(await query(`SELECT 1 FROM password_resets WHERE user_id = $1`, [user.id])).toEqual([]);
  });

  it('sends at most PASSWORD_RESET_MAX_PER_EMAIL mails per account per window, with the same answer', async () => {
    const { user } = await signUp(t);
    for (let i = 0; i < 5; i++) expect((await forgot(user.email).expect(202)).body.message).toBe(USER_MESSAGES.forgotPasswordSent);
    await mail.waitFor(user.email, 3);
    await new Promise((r) => setTimeout(r, 400));
    expect(await mail.to(user.email)).toHaveLength(3);
  });
});

describe('password reset throttle per IP', () => {
  let t: TestApp;
  let mail: MailDirectory;
  beforeAll(async () => {
    mail = await MailDirectory.create();
    t = await createTestApp({ REDIS_URL: undefined, MAIL_DIR: mail.dir, SMTP_URL: undefined, OUTBOX_POLL_MS: '600000', PASSWORD_RESET_MAX_PER_IP: '2' });
  });
  afterAll(async () => {
    await t?.close();
    await mail.remove();
  });

  it('answers 429 with Retry-After beyond the limit, for known and unknown emails alike', async () => {
    await agentFor(t).post('/api/auth/forgot-password').send({ email: email('a') }).expect(202);
    await agentFor(t).post('/api/auth/forgot-password').send({ email: email('b') }).expect(202);
    const res = await agentFor(t).post('/api/auth/forgot-password').send({ email: email('c') }).expect(429);
    expect(res.body.message).toBe(USER_MESSAGES.tooManyResetRequests);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('forgot password from two addresses (behind a trusted proxy)', () => {
  let t: TestApp;
  let mail: MailDirectory;
  beforeAll(async () => {
    mail = await MailDirectory.create();
    t = await createTestApp({ REDIS_URL: undefined, MAIL_DIR: mail.dir, SMTP_URL: undefined, OUTBOX_POLL_MS: '50', TRUST_PROXY: 'true', PASSWORD_RESET_MAX_PER_IP: '3', PASSWORD_RESET_MAX_PER_EMAIL: '2' });
  });
  afterAll(async () => {
    await t?.close();
    await mail.remove();
  });

  const forgotFrom = (ip: string, address: string) => agentFor(t).post('/api/auth/forgot-password').set('X-Forwarded-For', ip).send({ email: address });

  it("one address's requests answer 429 for that address only", async () => {
    for (const name of ['a', 'b', 'c']) await forgotFrom('203.0.113.10', email(name)).expect(202);
    await forgotFrom('203.0.113.10', email('d')).expect(429);
    await forgotFrom('198.51.100.10', email('e')).expect(202);
  });

  it("another address using up the account's mails leaves the owner the same answer and a working newest link", async () => {
    const { user } = await signUp(t);
    await forgotFrom('203.0.113.20', user.email).expect(202);
    await mail.waitFor(user.email, 1);
    await forgotFrom('203.0.113.20', user.email).expect(202);
    const newest = tokenOf(linkIn(await mail.waitFor(user.email, 2), RESET_LINK));
    const owner = await forgotFrom('198.51.100.20', user.email).expect(202);
    expect(owner.body).toEqual({ message: USER_MESSAGES.forgotPasswordSent });
    await new Promise((r) => setTimeout(r, 400));
    expect(await mail.to(user.email)).toHaveLength(2);
    await agentFor(t).post('/api/auth/reset-password').set('X-Forwarded-For', '198.51.100.20').send({ token: newest, password: 'owner-password-1' }).expect(200);
  });
});

describe('mail through SMTP (nodemailer against a local SMTP server)', () => {
  let t: TestApp;
  let smtp: FakeSmtp;
  beforeAll(async () => {
    smtp = await FakeSmtp.start();
    t = await createTestApp({ REDIS_URL: undefined, SMTP_URL: smtp.url('mailer', 's3cret'), MAIL_FROM: 'Brandloom <hello@brandloom.test>', OUTBOX_POLL_MS: '50' });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('delivers the reset mail with the configured sender and credentials', async () => {
    const { user } = await signUp(t);
    await agentFor(t).post('/api/auth/forgot-password').send({ email: user.email }).expect(202);
    const deadline = Date.now() + 10_000;
    while (smtp.received.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]).toMatchObject({ to: user.email, from: '"Brandloom" <hello@brandloom.test>', subject: 'Reset your Brandloom password' });
    expect(smtp.received[0].text).toContain(RESET_LINK);
    expect(smtp.logins).toEqual([{ username: 'mailer', password: 's3cret' }]);
  });

  it('refuses a malformed SMTP_URL at start with a message naming it, and a later quiet app stays quiet', async () => {
    await expect(createTestApp({ SMTP_URL: 'http://smtp.example.com' })).rejects.toThrow(/SMTP_URL must be an smtp:\/\/ or smtps:\/\/ URL/);
    const written: string[] = [];
    const stdout = jest.spyOn(process.stdout, 'write').mockImplementation((chunk) => (written.push(String(chunk)), true));
    try {
      const quiet = await createTestApp();
      await quiet.close();
    } finally {
      stdout.mockRestore();
    }
    expect(written.filter((line) => line.includes('[Nest]'))).toEqual([]);
  });
});
