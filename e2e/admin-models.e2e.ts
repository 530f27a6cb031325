import { FakeOpenAI } from '../libs/core/src/testing/fake-openai';
import { generateImages, signUp } from './accounts';
import { RunningApp, startApp } from './app-server';
import { axeViolations } from './axe';
import { BrowserSession, openBrowser } from './browser';

const VIEWPORTS = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } };

/** The admin dashboard of a deployment still on a model OpenAI retires: the warning and the images by model. */
describe('admin dashboard: model retirement and images by model', () => {
  const fake = new FakeOpenAI();
  let app: RunningApp;
  let session: BrowserSession;

  beforeAll(async () => {
    await fake.start();
    app = await startApp({ ...fake.env(), OPENAI_IMAGE_MODEL: 'gpt-image-1.5', OPENAI_MAX_RETRIES: '0' });
    session = await openBrowser(app.url);
    await signUp(session.page.request, 'Operator', { databaseUrl: app.databaseUrl, admin: true });
    await generateImages(session.page.request, 'A lighthouse at dawn');
  }, 90_000);
  afterAll(async () => {
    await session?.close();
    await app?.stop();
    await fake.stop();
  });

  it.each(Object.entries(VIEWPORTS))('at %s width shows the warning and the images by model, accessibly and without horizontal scroll', async (name, viewport) => {
    const context = await session.browser.newContext({ baseURL: app.url, viewport, storageState: await session.context.storageState(), extraHTTPHeaders: { Origin: new URL(app.url).origin } });
    try {
      const page = await context.newPage();
      await page.goto('/admin');
      const warning = page.getByRole('alert').filter({ hasText: 'gpt-image-1.5' });
      await warning.waitFor();
      expect(await warning.textContent()).toContain('2026-12-01');
      expect(await warning.textContent()).toContain('gpt-image-2.6-flare');
      const usage = page.getByRole('table', { name: 'Images and estimated spend per model and day' });
      await usage.getByRole('row').filter({ hasText: 'gpt-image-1.5' }).waitFor();
      await usage.scrollIntoViewIfNeeded();
      expect(await page.evaluate('document.documentElement.scrollWidth - document.documentElement.clientWidth')).toBeLessThanOrEqual(0);
      expect(await axeViolations(page)).toEqual([]);
      if (process.env.E2E_SCREENSHOTS) await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/admin-models-${name}.png`, fullPage: true });
    } finally {
      await context.close();
    }
  });
});
