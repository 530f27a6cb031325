import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startApp } from './app-server';

/**
 * One app for the browser tests that need nothing special; E2E_BASE_URL tells them where, and
 * E2E_MAIL_DIR where its development mail driver writes (a flow reads a mailed link there). Each
 * generation takes a second, so the live progress the tests look for is on screen long enough to
 * be seen on a busy machine. Every flow signs up from 127.0.0.1, so the per-IP sign-up limit is
 * raised above what the whole run needs (the limit itself is tested in the server suites).
 */
export default async function globalSetup(): Promise<void> {
  const mailDir = mkdtempSync(join(tmpdir(), 'brandloom-e2e-mail-'));
  const app = await startApp({ LOCAL_RENDERER_DELAY_MS: '1000', REGISTRATION_MAX_PER_IP: '1000', MAIL_DIR: mailDir });
  Object.assign(globalThis as { __E2E_APP__?: typeof app; __E2E_MAIL_DIR__?: string }, { __E2E_APP__: app, __E2E_MAIL_DIR__: mailDir });
  process.env.E2E_BASE_URL = app.url;
  process.env.E2E_DATABASE_URL = app.databaseUrl;
  process.env.E2E_MAIL_DIR = mailDir;
}
