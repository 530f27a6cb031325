import { RunningApp, startApp } from './app-server';
import { axeViolations } from './axe';
import { BrowserSession, openBrowser } from './browser';
import { signUp } from './accounts';

const VIEWPORTS = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } };

/**
 * Settings → API access in Chromium: an owner creates a key (shown once, copied), the key works on
 * /api/v1 without a cookie or Origin, and revoking it (after confirming) shuts it out; at desktop
 * and phone width, accessibly and without horizontal scroll.
 */
describe('Settings → API access', () => {
  let app: RunningApp;
  let session: BrowserSession;

  beforeAll(async () => {
    app = await startApp();
    session = await openBrowser(app.url);
    await signUp(session.page.request, 'Keeper', { email: `keys-${Date.now()}@example.com` });
  }, 90_000);
  afterAll(async () => {
    await session?.close();
    await app?.stop();
  });

  it.each(Object.entries(VIEWPORTS))('at %s width creates, shows once, lists and revokes a key', async (name, viewport) => {
    const context = await session.browser.newContext({ baseURL: app.url, viewport, storageState: await session.context.storageState(), extraHTTPHeaders: { Origin: new URL(app.url).origin } });
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    try {
      const page = await context.newPage();
      await page.goto('/settings');
      const section = page.getByRole('region', { name: 'API access' });
      await section.getByRole('button', { name: 'Create key' }).click();
      const dialog = page.getByRole('dialog', { name: 'Create an API key' });
      await dialog.getByRole('textbox', { name: 'Name' }).fill(`Feed sync ${name}`);
      await dialog.getByRole('checkbox', { name: /^assets:read/ }).check();
      expect(await page.evaluate('document.documentElement.scrollWidth - document.documentElement.clientWidth')).toBeLessThanOrEqual(0);
      expect(await axeViolations(page)).toEqual([]);
      if (process.env.E2E_SCREENSHOTS) await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/api-access-create-${name}.png` });
      await dialog.getByRole('button', { name: 'Create key' }).click();

      const shown = page.getByRole('dialog', { name: 'Your new API key' });
      const field = shown.getByRole('textbox', { name: 'New API key' });
      await field.waitFor();
      const key = await field.inputValue();
      expect(key).toMatch(/^bl_test_[A-Za-z0-9_-]{43}$/);
      await shown.getByRole('button', { name: 'Copy key' }).click();
      expect(await page.evaluate('navigator.clipboard.readText()')).toBe(key);
      expect(await axeViolations(page)).toEqual([]);
      if (process.env.E2E_SCREENSHOTS) await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/api-access-key-${name}.png` });
      await shown.getByRole('button', { name: 'Done' }).click();

      const row = page.getByTestId('api-key-row').filter({ hasText: `Feed sync ${name}` });
      await row.waitFor();
      expect(await row.textContent()).toContain(key.slice(0, 12));
      expect(await page.content()).not.toContain(key);
      // The key works on its own: no cookie, no Origin.
      const asCurl = await fetch(`${app.url}/api/v1/assets`, { headers: { Authorization: `Bearer ${key}` } });
      expect(asCurl.status).toBe(200);
      await page.reload();
      await page.getByTestId('api-key-row').filter({ hasText: `Feed sync ${name}` }).waitFor();
      expect(await page.evaluate('document.documentElement.scrollWidth - document.documentElement.clientWidth')).toBeLessThanOrEqual(0);
      expect(await axeViolations(page)).toEqual([]);
      if (process.env.E2E_SCREENSHOTS) await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/api-access-list-${name}.png`, fullPage: true });

      await page.getByRole('button', { name: `Revoke Feed sync ${name}` }).click();
      const confirm = page.getByRole('dialog', { name: `Revoke Feed sync ${name}?` });
      await confirm.getByRole('button', { name: 'Revoke' }).click();
      await page.getByTestId('api-key-row').filter({ hasText: `Feed sync ${name}` }).waitFor({ state: 'detached' });
      expect((await fetch(`${app.url}/api/v1/assets`, { headers: { Authorization: `Bearer ${key}` } })).status).toBe(401);
    } finally {
      await context.close();
    }
  });
});
