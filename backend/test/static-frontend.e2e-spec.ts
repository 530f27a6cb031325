/**
 * The built single-page app behind the API: on the first `npm start` the API starts while the web
 * app is still being built, so pages answer 503 with Retry-After until index.html appears, then
 * the app (and /blog/{slug} with the post's tags) without a restart.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestApp, TestApp } from './test-app';

describe('the web app while it is being built', () => {
  let t: TestApp;
  let staticDir: string;
  beforeAll(async () => {
    staticDir = mkdtempSync(join(tmpdir(), 'brandloom-unbuilt-'));
    t = await createTestApp({ STATIC_DIR: staticDir, OUTBOX_POLL_MS: '600000' });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(staticDir, { recursive: true, force: true });
  });

  it('answers pages 503 with Retry-After until index.html exists, then serves it; the API works throughout', async () => {
    const building = await t.http().get('/library').expect(503);
    expect(building.headers['retry-after']).toBe('5');
    expect(building.text).toMatch(/building its web app/);
    await t.http().get('/api/health').expect(200);

    writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>Brandloom</title><div id="root"></div>');
    const built = await t.http().get('/library').expect(200);
    expect(built.text).toContain('<div id="root"></div>');
  });
});
