/**
 * The launcher (scripts/start.mjs): a worker that dies is restarted while the API keeps serving,
 * one that keeps dying at once stops the launcher with a clear message; a taken embedded
 * PostgreSQL port is replaced by a free one, and a data directory in use is refused in one line.
 * SIGTERM stops everything within SHUTDOWN_GRACE_MS even while progress streams are open: they are
 * told to reconnect, and reconnected to the next start they end with the job's final state.
 */
import { createTestDatabase, freeLoopbackPort, listenOnLoopbackPort, procStatField, TestDatabase, waitFor } from '@brandloom/core/testing';
import { ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { Agent, get as httpGet, IncomingMessage } from 'node:http';
import { createServer, Server } from 'node:net';
import { join } from 'node:path';
import { ROOT } from './generation-helpers';

interface Launched {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function launch(args: string[], env: Record<string, string | undefined>): Launched {
  let output = '';
  const child = spawn(process.execPath, [join(ROOT, 'scripts/start.mjs'), ...args], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: 'development', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

const healthy = async (port: number) => {
  try {
    return (await fetch(`http://127.0.0.1:${port}/api/health`)).status === 200;
  } catch {
    return false;
  }
};

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** A new account on `appUrl`: its session cookie. */
async function signUp(appUrl: string): Promise<string> {
  const registered = await fetch(`${appUrl}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: appUrl },
    body: JSON.stringify({ email: `launcher-${randomBytes(4).toString('hex')}@example.com`, password: 'a long enough password', username: 'launcher' }),
  });
  expect(registered.status).toBe(201);
  return registered.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
}

/** A one-image test generation: its id. */
async function generate(appUrl: string, cookie: string): Promise<string> {
  const generated = await fetch(`${appUrl}/api/generate/test`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: appUrl, cookie },
    body: JSON.stringify({ prompt: 'TEST a lighthouse at dusk', quality: 'low', size: '1024x1024', variationCount: 1 }),
  });
  expect(generated.status).toBe(201);
  return ((await generated.json()) as { generationId: string }).generationId;
}

interface OpenStream {
  text: () => string;
  /** Resolves when the server ended the response. */
  ended: Promise<void>;
}

/** A progress stream read as it arrives, over a keep-alive connection as a browser holds it. */
function openStream(appUrl: string, path: string, cookie: string): Promise<OpenStream> {
  return new Promise((resolve, reject) => {
    const agent = new Agent({ keepAlive: true });
    httpGet(`${appUrl}${path}`, { agent, headers: { cookie, accept: 'text/event-stream' } }, (res: IncomingMessage) => {
      if (res.statusCode !== 200) return reject(new Error(`${path} answered ${res.statusCode}`));
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      const ended = new Promise<void>((done) => res.once('end', done));
      resolve({ text: () => text, ended });
    }).once('error', reject);
  });
}

/** An idle keep-alive connection to the API (a browser keeps one after each request). */
async function idleKeepAlive(appUrl: string): Promise<void> {
  const agent = new Agent({ keepAlive: true, keepAliveMsecs: 60_000 });
  await new Promise<void>((resolve, reject) => httpGet(`${appUrl}/api/health/live`, { agent }, (res) => (res.resume(), res.once('end', resolve))).once('error', reject));
}

/** The processes `pid` started that still run (which of the launcher's children holds its stop). */
function describeChildren(pid: number): string {
  const children = readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .flatMap((entry) => {
      try {
        if (procStatField(Number(entry), 4) !== pid) return [];
        return [`${entry} ${readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0').join(' ').trim()}`];
      } catch {
        return []; // gone meanwhile
      }
    });
  return children.length > 0 ? `its children still running: ${children.join('; ')}` : 'no child of it still runs';
}

/** The launcher's exit code and how long it took to exit after SIGTERM; fails past `limitMs`. */
async function stopWithin(run: Launched, limitMs: number): Promise<{ code: number | null; ms: number }> {
  const sentAt = Date.now();
  run.child.kill('SIGTERM');
  let timer: NodeJS.Timeout | undefined;
  const code = await Promise.race([run.exited, new Promise<'hung'>((resolve) => (timer = setTimeout(() => resolve('hung'), limitMs)))]);
  clearTimeout(timer);
  if (code === 'hung') throw new Error(`still running ${limitMs} ms after SIGTERM: ${describeChildren(run.child.pid!)}\n${run.output().slice(-3000)}`);
  return { code, ms: Date.now() - sentAt };
}

const workerPids = (output: string) => [...output.matchAll(/the worker process started \(pid (\d+)\)/g)].map((m) => Number(m[1]));

describe('npm start (scripts/start.mjs)', () => {
  describe('with PostgreSQL and Redis', () => {
    let db: TestDatabase;
    beforeAll(async () => {
      db = await createTestDatabase();
    });
    afterAll(() => db?.drop());

    it('restarts a worker killed with SIGKILL while the API keeps serving, and stops every process on SIGTERM', async () => {
      const port = await freeLoopbackPort();
      const run = launch(['--no-web'], { DATABASE_URL: db.url, REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', PORT: String(port), QUEUE_PREFIX: `bl-launch-${randomBytes(4).toString('hex')}` });
      try {
        await waitFor('the API to be healthy', async () => ((await healthy(port)) ? true : undefined), 90_000, run.output);
        const first = await waitFor('the worker to start', () => workerPids(run.output())[0], 30_000, run.output);
        process.kill(first, 'SIGKILL');
        await waitFor('the restart notice', () => (/the worker process exited \(SIGKILL\); restarting it in 1 s/.test(run.output()) ? true : undefined), 10_000, run.output);
        expect(await healthy(port)).toBe(true);
        const pids = await waitFor('a new worker', () => (workerPids(run.output()).length >= 2 ? workerPids(run.output()) : undefined), 15_000, run.output);
        expect(pids[1]).not.toBe(first);
        expect(isAlive(pids[1])).toBe(true);
        expect(await healthy(port)).toBe(true);

        run.child.kill('SIGTERM');
        expect(await run.exited).toBe(0);
        expect(isAlive(pids[1])).toBe(false);
        expect(await healthy(port)).toBe(false);
      } finally {
        run.child.kill('SIGKILL');
      }
    }, 150_000);

    it('says so in one line and exits non-zero when the HTTP port is taken', async () => {
      const blocker: Server = createServer();
      const port = await listenOnLoopbackPort(blocker);
      try {
        const run = launch(['--no-web'], { DATABASE_URL: db.url, PORT: String(port), REDIS_URL: '' });
        expect(await run.exited).toBe(1);
        expect(run.output()).toContain(`port ${port} is already in use`);
      } finally {
        blocker.close();
      }
    }, 60_000);
  });

  describe('SIGTERM with progress streams open', () => {
    const graceMs = 3000;
    let db: TestDatabase;
    beforeAll(async () => {
      db = await createTestDatabase();
    });
    afterAll(() => db?.drop());

    it('start:api: a queued job\'s stream is told to reconnect and the API exits within SHUTDOWN_GRACE_MS; reconnected to the next start, the stream ends completed', async () => {
      const port = await freeLoopbackPort();
      const appUrl = `http://127.0.0.1:${port}`;
      // No worker beside this API: the generation stays queued in Redis.
      const env = { DATABASE_URL: db.url, REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', QUEUE_PREFIX: `bl-launch-${randomBytes(4).toString('hex')}`, PORT: String(port), APP_URL: appUrl, SHUTDOWN_GRACE_MS: String(graceMs), LOG_LEVEL: 'info' };
      const api = launch(['--api', '--no-web'], env);
      let next: Launched | undefined;
      try {
        await waitFor('the API to be healthy', async () => ((await healthy(port)) ? true : undefined), 90_000, api.output);
        const cookie = await signUp(appUrl);
        const id = await generate(appUrl, cookie);
        const streams = await Promise.all([openStream(appUrl, `/api/generate/progress/${id}`, cookie), openStream(appUrl, `/api/generate/progress/${id}`, cookie)]);
        await waitFor('the queued state on both streams', () => (streams.every((s) => /event: progress\ndata: .*"status":"queued"/.test(s.text())) ? true : undefined), 10_000, () => streams.map((s) => s.text()).join('\n'));
        await idleKeepAlive(appUrl);

        const stopped = await stopWithin(api, graceMs + 5000);
        expect(stopped.code).toBe(0);
        expect(stopped.ms).toBeLessThan(graceMs);
        for (const stream of streams) {
          await stream.ended;
          expect(stream.text()).toMatch(/retry: \d+\nevent: reconnect\ndata: \{\}\n\n$/);
        }
        expect(await healthy(port)).toBe(false);

        // The next start (API and worker) runs the job; the stream, opened again, ends with it.
        next = launch(['--no-web'], env);
        await waitFor('the next API to be healthy', async () => ((await healthy(port)) ? true : undefined), 90_000, next.output);
        const again = await openStream(appUrl, `/api/generate/progress/${id}`, cookie);
        await again.ended;
        expect(again.text()).toMatch(/event: completed\n[\s\S]*event: close\n/);
        expect((await stopWithin(next, graceMs + 5000)).code).toBe(0);
      } finally {
        api.child.kill('SIGKILL');
        next?.child.kill('SIGKILL');
      }
    }, 180_000);

    it('npm start: a running job\'s stream is told to reconnect and everything exits within SHUTDOWN_GRACE_MS, though the job runs on', async () => {
      const port = await freeLoopbackPort();
      const appUrl = `http://127.0.0.1:${port}`;
      // Jobs run inside the API process here, and this one takes a minute.
      const run = launch(['--no-web'], { DATABASE_URL: db.url, REDIS_URL: '', PORT: String(port), APP_URL: appUrl, SHUTDOWN_GRACE_MS: String(graceMs), LOCAL_RENDERER_DELAY_MS: '60000', LOG_LEVEL: 'info' });
      try {
        await waitFor('the API to be healthy', async () => ((await healthy(port)) ? true : undefined), 90_000, run.output);
        const cookie = await signUp(appUrl);
        const id = await generate(appUrl, cookie);
        const stream = await openStream(appUrl, `/api/generate/progress/${id}`, cookie);
        await waitFor('the running state on the stream', () => (/"status":"processing"/.test(stream.text()) ? true : undefined), 15_000, stream.text);
        await idleKeepAlive(appUrl);

        const stopped = await stopWithin(run, graceMs + 5000);
        expect(stopped.code).toBe(0);
        expect(stopped.ms).toBeLessThan(graceMs + 1000);
        await stream.ended;
        expect(stream.text()).toMatch(/event: reconnect\ndata: \{\}\n\n$/);
        expect(await healthy(port)).toBe(false);
      } finally {
        run.child.kill('SIGKILL');
      }
    }, 150_000);
  });

  describe('the worker supervisor', () => {
    it('gives up with a clear message when the worker keeps dying right after it starts', async () => {
      const script = `
        import { spawn } from 'node:child_process';
        import { supervise } from './scripts/lib/supervisor.mjs';
        supervise({
          name: 'worker',
          start: () => spawn(process.execPath, ['-e', 'process.exit(3)']),
          initialDelayMs: 10,
          onGiveUp: (code) => { console.error('gave up with ' + code); process.exit(code); },
        });`;
      let output = '';
      const child = spawn(process.execPath, ['--input-type=module', '-e', script], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
      child.stderr.on('data', (chunk) => (output += chunk));
      const code = await new Promise((resolve) => child.once('exit', resolve));
      expect(code).toBe(3);
      expect(output.match(/restarting it in/g)).toHaveLength(4);
      expect(output).toMatch(/the worker process exited \(code 3\) 5 times in a row within 10 s of starting; giving up/);
      expect(output).toContain('gave up with 3');
      // The delay doubles: 10, 20, 40, 80 ms.
      expect([...output.matchAll(/restarting it in ([\d.]+) s/g)].map((m) => Number(m[1]) * 1000)).toEqual([10, 20, 40, 80]);
    });
  });

  describe('embedded PostgreSQL', () => {
    let dataDir: string;
    beforeAll(() => {
      dataDir = mkdtempSync(join('/var/tmp', 'brandloom-launcher-'));
    });
    afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

    it('on SIGTERM lets the worker finish its job while the embedded PostgreSQL still runs, and stops the database last', async () => {
      const postgresDir = join(dataDir, 'postgres-stop');
      const port = await freeLoopbackPort();
      const appUrl = `http://127.0.0.1:${port}`;
      const run = launch(['--no-web'], {
        DATABASE_URL: undefined,
        REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
        QUEUE_PREFIX: `bl-launch-${randomBytes(4).toString('hex')}`,
        EMBEDDED_POSTGRES_PORT: String(await freeLoopbackPort()),
        EMBEDDED_POSTGRES_DIR: postgresDir,
        PORT: String(port),
        APP_URL: appUrl,
        LOG_LEVEL: 'info',
        LOCAL_RENDERER_DELAY_MS: '2000',
        SESSION_SECRET: 'launcher-test-secret-that-is-long-enough-00',
      });
      try {
        await waitFor('the API to be healthy', async () => ((await healthy(port)) ? true : undefined), 120_000, run.output);
        const [worker] = await waitFor('the worker to start', () => (workerPids(run.output()).length > 0 ? workerPids(run.output()) : undefined), 30_000, run.output);
        const registered = await fetch(`${appUrl}/api/auth/register`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: appUrl },
          body: JSON.stringify({ email: `launcher-${randomBytes(4).toString('hex')}@example.com`, password: 'a long enough password', username: 'launcher' }),
        });
        expect(registered.status).toBe(201);
        const cookie = registered.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
        const generated = await fetch(`${appUrl}/api/generate/test`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: appUrl, cookie },
          body: JSON.stringify({ prompt: 'TEST a lighthouse at dusk', quality: 'low', size: '1024x1024', variationCount: 1 }),
        });
        expect(generated.status).toBe(201);
        await waitFor('the job to start', () => (/job started name=generation.run/.test(run.output()) ? true : undefined), 30_000, run.output);

        // Mid-job: the worker finishes it (and writes its completion) before the database stops.
        run.child.kill('SIGTERM');
        expect(await run.exited).toBe(0);
        expect(run.output()).toMatch(/job ended name=generation.run .*outcome=completed/);
        expect(run.output()).not.toMatch(/database system is shutting down|ECONNREFUSED|terminating connection due to administrator command/);
        expect(isAlive(worker)).toBe(false);
        expect(existsSync(join(postgresDir, 'postmaster.pid'))).toBe(false);
      } finally {
        run.child.kill('SIGKILL');
      }
    }, 180_000);

    it('uses another port when the default one is taken, and refuses a second start on the same data directory', async () => {
      const blocker: Server = createServer();
      const taken = await listenOnLoopbackPort(blocker);
      const env = { DATABASE_URL: undefined, REDIS_URL: '', EMBEDDED_POSTGRES_PORT: String(taken), EMBEDDED_POSTGRES_DIR: join(dataDir, 'postgres'), SESSION_SECRET: 'launcher-test-secret-that-is-long-enough-00' };
      const first = launch(['--no-web'], { ...env, PORT: String(await freeLoopbackPort()) });
      try {
        await waitFor('the embedded PostgreSQL to start on another port', () => (/Brandloom is running/.test(first.output()) ? true : undefined), 120_000, first.output);
        expect(first.output()).toMatch(new RegExp(`port ${taken} is taken: the embedded PostgreSQL uses port \\d+`));
        // The stand-ins in use are named with the variable that switches each.
        await waitFor('the stand-ins to be listed', () => (/Running with stand-ins/.test(first.output()) ? true : undefined), 10_000, first.output);
        expect(first.output()).toContain('Image generation: the local renderer draws test images (set OPENAI_API_KEY)');
        expect(first.output()).toContain('Database: the embedded PostgreSQL in .data/postgres (set DATABASE_URL)');

        const second = launch(['--no-web'], { ...env, PORT: String(await freeLoopbackPort()) });
        expect(await second.exited).toBe(1);
        expect(second.output()).toMatch(/The embedded PostgreSQL in .* is already running \(pid \d+\): another npm start uses it/);
        expect(second.output()).not.toMatch(/triggerUncaughtException|at .*\.mjs/);
      } finally {
        first.child.kill('SIGTERM');
        await first.exited;
        blocker.close();
      }
    }, 180_000);
  });
});
