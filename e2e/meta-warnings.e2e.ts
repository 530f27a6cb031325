import { FakeMeta } from '../libs/core/src/testing/fake-meta';
import { signUp } from './accounts';
import { sql } from './admin-setup';
import { RunningApp, startApp } from './app-server';
import { axeViolations } from './axe';
import { BrowserSession, openBrowser } from './browser';
import { WIDTHS } from './routes';

/**
 * An administrator who reads German sees the Meta Graph API warnings in German on /admin (the
 * version's expiry and a call Meta refused), Meta's own words kept as Meta wrote them, at every width.
 */
describe('/admin: the Meta warnings in German', () => {
  const meta = new FakeMeta();
  let app: RunningApp;
  let session: BrowserSession;

  beforeAll(async () => {
    await meta.start();
    // v24.0 expired on 2026-11-10: the dashboard announces it.
    app = await startApp(meta.env('v24.0'));
    session = await openBrowser(app.url);
    await signUp(session.page.request, 'Root', { databaseUrl: app.databaseUrl, admin: true });
    // A refusal as Meta's client records it when Meta answers #2635.
    await sql(app.databaseUrl, `INSERT INTO meta_graph_warnings (graph_version, code, call, kind, meta_message) VALUES ('v24.0', 2635, 'GET /{id}/campaigns', 'version_retired', $1)`, [
      'You are calling a deprecated version of the Ads API. Please update to the latest version: v27.0.',
    ]);
    expect((await session.page.request.patch('/api/users/me/preferences', { data: { language: 'de' } })).status()).toBe(200);
  }, 90_000);
  afterAll(async () => {
    await session?.close();
    await app?.stop();
    await meta.stop();
  });

  it.each(Object.entries(WIDTHS))('at %s width', async (name, viewport) => {
    const { page } = session;
    await page.setViewportSize(viewport);
    await page.goto('/admin');
    const region = page.getByRole('region', { name: 'Warnungen zur Meta-Integration' });
    await region.getByText(/^Meta Marketing API v24\.0 ist am 10\. November 2026 abgelaufen/).waitFor();
    const refused = region.getByText(/^Meta hat GET \/\{id\}\/campaigns auf Graph API v24\.0 als eingestellte API-Version abgelehnt \(Code 2635\)/);
    await refused.waitFor();
    expect(await refused.locator('span[lang="en-US"]').textContent()).toBe('You are calling a deprecated version of the Ads API. Please update to the latest version: v27.0.');
    const widths = (await page.evaluate('[document.scrollingElement.scrollWidth, window.innerWidth]')) as [number, number];
    expect(widths[0]).toBe(widths[1]);
    expect(await axeViolations(page)).toEqual([]);
    if (process.env.E2E_SCREENSHOTS) await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/admin-meta-warnings-de-${name}.png`, fullPage: true });
  });
});
