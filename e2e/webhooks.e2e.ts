import type { BrowserContext } from 'playwright-core';
import { WebhookReceiver } from '../backend/test/webhook-receiver';
import { RunningApp, startApp } from './app-server';
import { axeViolations } from './axe';
import { BrowserSession, openBrowser } from './browser';
import { signUp } from './accounts';

/**
 * Settings → Webhooks at desktop and phone width: an endpoint added through the form (its secret
 * shown once), a test event delivered to a receiver on 127.0.0.1 (allowed by WEBHOOK_ALLOW_LOOPBACK)
 * and its row in the delivery log; no axe violation, nothing wider than the screen.
 */
describe('Settings → Webhooks', () => {
  let app: RunningApp;
  let session: BrowserSession;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    receiver = await WebhookReceiver.start();
    app = await startApp({ WEBHOOK_ALLOW_LOOPBACK: 'true' });
    session = await openBrowser(app.url);
  }, 90_000);
  afterAll(async () => {
    await session?.close();
    await app?.stop();
    await receiver?.close();
  });

  const newContext = (viewport: { width: number; height: number }): Promise<BrowserContext> =>
    session.browser.newContext({ baseURL: app.url, viewport, extraHTTPHeaders: { Origin: new URL(app.url).origin } });

  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    it(`adds an endpoint, shows the secret once, sends a test event and logs it (${viewport.width}x${viewport.height})`, async () => {
      const context = await newContext(viewport);
      const page = await context.newPage();
      const path = `/hook-${viewport.width}`;
      try {
        const email = `hooks-${viewport.width}-${Date.now()}@example.com`;
        await signUp(page.request, `Hooks${viewport.width}`, { email });
        await page.goto('/settings?tab=webhooks');
        await page.getByText('No endpoints yet.').waitFor();
        expect(await axeViolations(page)).toEqual([]);

        await page.getByRole('button', { name: 'Add endpoint' }).click();
        const dialog = page.getByRole('dialog', { name: 'Add a webhook endpoint' });
        await dialog.getByLabel('Endpoint URL').fill(receiver.url(path));
        await dialog.getByRole('checkbox', { name: /^generation\.completed/ }).check();
        expect(await axeViolations(page)).toEqual([]);
        await dialog.getByRole('button', { name: 'Add endpoint' }).click();

        const secretDialog = page.getByRole('dialog', { name: 'Your signing secret' });
        const secret = await secretDialog.getByLabel('Signing secret').inputValue();
        expect(secret).toMatch(/^whsec_/);
        await page.screenshot({ path: `/tmp/webhooks-secret-${viewport.width}.png` });
        await secretDialog.getByRole('button', { name: 'Done' }).click();
        await secretDialog.waitFor({ state: 'hidden' });

        const card = page.getByRole('article', { name: receiver.url(path) });
        await card.getByRole('button', { name: 'Send test event' }).click();
        await receiver.waitFor(path, 1);
        const row = card.getByTestId('delivery-row').first();
        await row.getByText('Delivered').waitFor({ timeout: 15_000 });
        await row.getByText('HTTP 200').waitFor();
        expect(await page.content()).not.toContain(secret);
        expect(await page.evaluate('document.documentElement.scrollWidth - document.documentElement.clientWidth')).toBeLessThanOrEqual(0);
        expect(await axeViolations(page)).toEqual([]);
        await page.screenshot({ path: `/tmp/webhooks-log-${viewport.width}.png`, fullPage: true });
      } finally {
        await context.close();
      }
    });
  }
});
