/**
 * What the API writes to its log for refused input: one warn line per request, never a stack, so
 * an anonymous caller cannot flood the log with stack traces. Runs the real process (as npm start
 * does) and reads its JSON log lines.
 */
import { createTestDatabase, TestDatabase, waitFor } from '@brandloom/core/testing';
import { ChildProcess, spawn } from 'node:child_process';
import { AddressInfo, createServer } from 'node:net';
import { join } from 'node:path';
import { ROOT } from './generation-helpers';

interface LogLine {
  level: number;
  msg?: string;
  context?: string;
  req?: { url?: string };
  res?: { statusCode?: number };
  err?: unknown;
}

const WARN = 40;

/** The environment without Stripe, so the webhook answers 503 'Payments are not configured'. */
const withoutStripe = (env: NodeJS.ProcessEnv) => Object.fromEntries(Object.entries(env).filter(([name]) => !name.startsWith('STRIPE_')));

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });

describe('logging refused input', () => {
  let db: TestDatabase;
  let child: ChildProcess;
  let output = '';
  let base: string;

  beforeAll(async () => {
    db = await createTestDatabase();
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    child = spawn(process.execPath, [join(ROOT, 'scripts/start.mjs'), '--api', '--no-web'], {
      cwd: ROOT,
      env: { ...withoutStripe(process.env), NODE_ENV: 'development', LOG_LEVEL: 'info', DATABASE_URL: db.url, REDIS_URL: '', PORT: String(port), APP_URL: base },
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
  }, 150_000);

  afterAll(async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    await db?.drop();
  });

  /** The complete lines written so far (the last one may still be arriving). */
  const logLines = (): LogLine[] =>
    output
      .slice(0, output.lastIndexOf('\n') + 1)
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
    await waitFor('the four requests in the log', () => (paths.every((path) => levelsOf(path).length > 0) ? true : undefined), 10_000, () => output);
    for (const path of paths) expect([path, levelsOf(path)]).toEqual([path, [WARN]]);
    // The error filter's own line for the 503 is a warn too, and names the error.
    expect(logLines().filter((line) => line.context === 'Errors')).toEqual([expect.objectContaining({ level: WARN, msg: 'PaymentsNotConfiguredError: Payments are not configured' })]);
    expect(output).not.toMatch(/"stack"|\\n\s+at /);
    expect(output).not.toContain('Maximum call stack size exceeded');
    // Health checks stay out of the log.
    expect(logLines().filter((line) => line.req?.url === '/api/health' || (line.msg ?? '').startsWith('GET /api/health'))).toEqual([]);
  });
});
