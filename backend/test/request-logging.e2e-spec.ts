/**
 * What the API writes to its log: refused input gets one warn line per request, never a stack, so
 * an anonymous caller cannot flood the log with stack traces; no token, code or signature of a URL
 * or header reaches it, whatever the route; in development each request is one short line. Runs the
 * real process (as npm start does) and reads its log.
 */
import { createTestDatabase, freeLoopbackPort, linkIn, MailDirectory, TestDatabase, waitFor } from '@brandloom/core/testing';
import { ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from './generation-helpers';

interface LogLine {
  level: number;
  msg?: string;
  context?: string;
  req?: { url?: string; headers?: Record<string, string> };
  res?: { statusCode?: number };
  err?: unknown;
}

const WARN = 40;

/** The environment without Stripe, so the webhook answers 503 'Payments are not configured'. */
const withoutStripe = (env: NodeJS.ProcessEnv) => Object.fromEntries(Object.entries(env).filter(([name]) => !name.startsWith('STRIPE_')));

interface Api {
  child: ChildProcess;
  base: string;
  output: () => string;
}

/** The API as npm start runs it (development), its built web app a stand-in page, its mails in `mailDir`. */
async function startApi(db: TestDatabase, env: Record<string, string>): Promise<Api> {
  const port = await freeLoopbackPort();
  const base = `http://127.0.0.1:${port}`;
  let output = '';
  const child = spawn(process.execPath, [join(ROOT, 'scripts/start.mjs'), '--api', '--no-web'], {
    cwd: ROOT,
    env: { ...withoutStripe(process.env), NODE_ENV: 'development', LOG_LEVEL: 'info', DATABASE_URL: db.url, REDIS_URL: '', PORT: String(port), APP_URL: base, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  await waitFor(
    'the API to be healthy',
    async () => {
      try {
        return (await fetch(`${base}/api/health`)).ok ? true : undefined;
      } catch {
        return undefined;
      }
    },
    120_000,
    () => output,
  );
  return { child, base, output: () => output };
}

async function stopApi(api: Api | undefined): Promise<void> {
  if (!api || api.child.exitCode !== null) return;
  const exited = new Promise((resolve) => api.child.once('exit', resolve));
  api.child.kill('SIGTERM');
  await exited;
}

/** A browser: its cookies, its Origin on every request. */
class Browser {
  private cookies = new Map<string, string>();

  constructor(private readonly base: string) {}

  async call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Response> {
    const res = await fetch(`${this.base}${path}`, {
      method,
      headers: { origin: this.base, cookie: [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; '), ...(body ? { 'content-type': 'application/json' } : {}), ...headers },
      body: body ? JSON.stringify(body) : undefined,
      redirect: 'manual',
    });
    for (const cookie of res.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const equals = pair.indexOf('=');
      this.cookies.set(pair.slice(0, equals), pair.slice(equals + 1));
    }
    return res;
  }

  async expect(status: number, method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<Response> {
    const res = await this.call(method, path, body, headers);
    if (res.status !== status) throw new Error(`${method} ${path}: expected ${status}, got ${res.status} ${await res.text()}`);
    return res;
  }
}

describe('the request log', () => {
  let db: TestDatabase;
  let api: Api;
  let mail: MailDirectory;
  let staticDir: string;
  let base: string;
  const output = () => api.output();

  beforeAll(async () => {
    db = await createTestDatabase();
    mail = await MailDirectory.create();
    staticDir = mkdtempSync(join(tmpdir(), 'brandloom-log-web-'));
    writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>Brandloom</title><div id="root"></div>');
    // JSON lines here: the whole request (headers included) is what could carry a secret.
    api = await startApi(db, { LOG_FORMAT: 'json', MAIL_DIR: mail.dir, SMTP_URL: '', STATIC_DIR: staticDir, OUTBOX_POLL_MS: '50' });
    base = api.base;
  }, 150_000);

  afterAll(async () => {
    await stopApi(api);
    await db?.drop();
    await mail?.remove();
    if (staticDir) rmSync(staticDir, { recursive: true, force: true });
  });

  /** The complete lines written so far (the last one may still be arriving). */
  const logLines = (): LogLine[] =>
    output()
      .slice(0, output().lastIndexOf('\n') + 1)
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as LogLine);

  it('logs deep JSON, NUL, malformed JSON and an unconfigured signed callback at warn, without a stack', async () => {
    const post = (path: string, body: string, type = 'application/json') =>
      fetch(`${base}${path}`, { method: 'POST', headers: { Origin: base, 'Content-Type': type }, body });
    expect((await post('/api/auth/login', '['.repeat(3000) + ']'.repeat(3000))).status).toBe(400);
    expect((await post('/api/auth/register', '{"email":"a\\u0000@example.com","password":"correct-horse"}')).status).toBe(400);
    expect((await post('/api/folders', '{"name": x}')).status).toBe(400);
    // Anonymous, no Origin needed, and this server has no Stripe: a 503 that says so.
    expect((await fetch(`${base}/api/stripe/webhook`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' })).status).toBe(503);

    const paths = ['/api/auth/login', '/api/auth/register', '/api/folders', '/api/stripe/webhook'];
    // Refused before Nest's middleware (body parser, input guard): the 'Requests' line; otherwise pino-http's
    // (written when the response ends, after the error filter's own line for the same request).
    const levelsOf = (path: string) =>
      logLines()
        .filter((line) => (line.context === 'Requests' ? (line.msg ?? '').startsWith(`POST ${path} `) : line.req?.url === path && line.context !== 'Errors'))
        .map((line) => line.level);
    await waitFor('the four requests in the log', () => (paths.every((path) => levelsOf(path).length > 0) ? true : undefined), 10_000, output);
    for (const path of paths) expect([path, levelsOf(path)]).toEqual([path, [WARN]]);
    // The error filter's own line for the 503 is a warn too, and names the error.
    expect(logLines().filter((line) => line.context === 'Errors')).toEqual([expect.objectContaining({ level: WARN, msg: 'PaymentsNotConfiguredError: Payments are not configured' })]);
    expect(output()).not.toMatch(/"stack"|\\n\s+at /);
    expect(output()).not.toContain('Maximum call stack size exceeded');
    // Health checks stay out of the log.
    expect(logLines().filter((line) => line.req?.url === '/api/health' || (line.msg ?? '').startsWith('GET /api/health'))).toEqual([]);
  });

  it('keeps every token, code and signature out of it through a whole password reset and invitation, whatever the route', async () => {
    const secrets: string[] = [];
    const owner = new Browser(base);
    const ownerEmail = `owner-${randomBytes(4).toString('hex')}@example.com`;
    await owner.expect(201, 'POST', '/api/auth/register', { email: ownerEmail, password: 'a long enough password', username: 'Olive Owner' });

    // Password reset: the mailed link opened, the page calling the API (with the page as Referer), the new password set.
    const visitor = new Browser(base);
    await visitor.expect(202, 'POST', '/api/auth/forgot-password', { email: ownerEmail });
    const resetLink = linkIn(await mail.waitFor(ownerEmail), `${base}/reset-password?token=`);
    const resetToken = new URL(resetLink).searchParams.get('token')!;
    secrets.push(resetToken);
    await visitor.expect(200, 'GET', resetLink.slice(base.length));
    await visitor.expect(200, 'POST', '/api/auth/reset-password', { token: resetToken, password: 'a fresh long password' }, { referer: resetLink });

    // Invitation (by the owner, signed in by the reset; their other sessions ended): sent, its page opened, previewed, a new person signs up and accepts.
    const guestEmail = `guest-${randomBytes(4).toString('hex')}@example.com`;
    await visitor.expect(201, 'POST', '/api/organization/invitations', { email: guestEmail, role: 'member' });
    const inviteLink = linkIn(await mail.waitFor(guestEmail), `${base}/invitations/`);
    const inviteToken = inviteLink.split('/').pop()!;
    secrets.push(inviteToken);
    const guest = new Browser(base);
    await guest.expect(200, 'GET', `/invitations/${inviteToken}`);
    await guest.expect(200, 'GET', `/api/invitations/${inviteToken}`, undefined, { referer: inviteLink });
    await guest.expect(201, 'POST', '/api/auth/register', { email: guestEmail, password: 'a long enough password', username: 'Gus Guest' });
    await guest.expect(200, 'POST', `/api/invitations/${inviteToken}/accept`);

    // Codes, states and signatures of other routes: an OAuth callback, a deletion status, a signed webhook, a bearer header.
    const oauthCode = `4/0Ab${randomBytes(24).toString('base64url')}`;
    const oauthState = randomBytes(16).toString('hex');
    const deletionCode = randomBytes(8).toString('hex').toUpperCase();
    const signature = `t=1700000000,v1=${randomBytes(32).toString('hex')}`;
    const bearer = randomBytes(24).toString('base64url');
    secrets.push(oauthCode, oauthState, deletionCode, signature, bearer);
    await guest.call('GET', `/api/auth/google/callback?code=${encodeURIComponent(oauthCode)}&state=${oauthState}`);
    await guest.call('GET', `/api/meta/data-deletion/${deletionCode}`);
    await guest.call('POST', '/api/stripe/webhook', {}, { 'stripe-signature': signature, authorization: `Bearer ${bearer}` });

    const logged = (text: string) => output().includes(text) || output().includes(encodeURIComponent(text));
    // The requests are there, with their secrets replaced. Each line is written when its answer ends,
    // which on a busy machine can be after the client has read the answer: wait for every one.
    const urls = () => logLines().map((line) => line.req?.url ?? line.msg ?? '');
    const redacted = ['/api/invitations/[Redacted]', '/api/invitations/[Redacted]/accept', `/api/meta/data-deletion/[Redacted]`, '/api/auth/google/callback?code=[Redacted]&state=[Redacted]'];
    const pages = ['GET /reset-password?token=[Redacted] 200', 'GET /invitations/[Redacted] 200'];
    const inLog = () => redacted.every((url) => urls().includes(url)) && pages.every((page) => urls().some((url) => url.startsWith(page))) && /\/api\/stripe\/webhook/.test(output());
    await waitFor('every request of the walk in the log', () => (inLog() ? true : undefined), 30_000, output);
    expect(secrets.filter(logged)).toEqual([]);
    expect(urls()).toEqual(expect.arrayContaining(redacted));
    for (const page of pages) expect(urls().some((url) => url.startsWith(page))).toBe(true);
    // What is not secret stays readable: ids, the caller's e-mail in the mail line.
    expect(output()).toContain(`mail to ${guestEmail}`);
  }, 120_000);
});

describe('the request log in development', () => {
  let db: TestDatabase;
  let api: Api | undefined;

  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => {
    await stopApi(api);
    await db?.drop();
  });

  it('is one short readable line per request (method, path without its secrets, status, ms), not JSON', async () => {
    api = await startApi(db, {});
    const token = randomBytes(32).toString('base64url');
    expect((await fetch(`${api.base}/api/invitations/${token}`)).status).toBe(404);
    expect((await fetch(`${api.base}/api/auth/user`)).status).toBe(401);
    const lines = () => api!.output().split('\n');
    await waitFor('both requests in the log', () => (lines().some((l) => l.includes('GET /api/auth/user 401')) && lines().some((l) => l.includes('/api/invitations/')) ? true : undefined), 10_000, api.output);
    expect(lines().filter((line) => line.includes('GET /api/'))).toEqual([
      expect.stringMatching(/^\[\d\d:\d\d:\d\d\] INFO: GET \/api\/invitations\/\[Redacted\] 404 \d+ ms$/),
      expect.stringMatching(/^\[\d\d:\d\d:\d\d\] INFO: GET \/api\/auth\/user 401 \d+ ms$/),
    ]);
    expect(lines().filter((line) => line.startsWith('{'))).toEqual([]);
    expect(api.output()).not.toContain(token);
  }, 150_000);
});
