import { startApp } from './app-server';

/** One app for the browser tests that need nothing special; E2E_BASE_URL tells them where. */
export default async function globalSetup(): Promise<void> {
  const app = await startApp();
  (globalThis as { __E2E_APP__?: typeof app }).__E2E_APP__ = app;
  process.env.E2E_BASE_URL = app.url;
  process.env.E2E_DATABASE_URL = app.databaseUrl;
}
