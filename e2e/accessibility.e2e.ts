import type { Page } from 'playwright-core';
import { makeAdmin, publishPost } from './admin-setup';
import { axeViolations } from './axe';
import { baseUrl, BrowserSession, openBrowser } from './browser';
import { PUBLIC_SCREENS, SIGNED_IN_SCREENS, WIDTHS } from './routes';
import { signUp } from './accounts';

/** Once the same user is an administrator: the console's screens and a published post. */
const ADMIN_SCREENS = ['/admin', '/admin/blog', '/admin/blog/create', '/admin/audit', '/admin/jobs'];

async function visit(page: Page, path: string): Promise<void> {
  await page.goto(path, { waitUntil: 'networkidle' });
  await page.locator('main, #root > *').first().waitFor();
  // Let entrance transitions finish, so colours are measured as the user sees them.
  await page.waitForTimeout(300);
}

/** Ad formats: the 'Resize for ads' dialog while choosing and while working, and the detail dialog's formats. */
async function adFormatStates(page: Page): Promise<string[]> {
  const problems: string[] = [];
  await page.request.post('/api/generate/test', { data: { prompt: 'TEST Accessible poster', quality: 'low', size: '1024x1024' } });
  for (let i = 0; i < 120 && (await (await page.request.get('/api/assets/count')).json()).count < 1; i += 1) await page.waitForTimeout(250);
  await visit(page, '/library');
  await page.getByTestId('asset-card').first().getByRole('button', { name: 'Asset actions' }).click();
  await page.getByRole('menuitem', { name: 'Resize for ads' }).click();
  const dialog = page.getByRole('dialog', { name: 'Resize for ads' });
  await dialog.getByRole('radio', { name: /AI extend/ }).check();
  await page.waitForTimeout(300);
  problems.push(...(await axeViolations(page)));
  await dialog.getByRole('radio', { name: /^Extend/ }).check();
  await dialog.getByRole('button', { name: 'Resize', exact: true }).click();
  await dialog.getByRole('button', { name: 'Done' }).waitFor({ timeout: 30_000 });
  problems.push(...(await axeViolations(page)));
  await dialog.getByRole('button', { name: 'Done' }).click();
  await page.getByRole('button', { name: /^View Accessible poster(?! \()/ }).click();
  await page.getByTestId('ad-formats').waitFor();
  await page.waitForTimeout(300);
  problems.push(...(await axeViolations(page)));
  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
  return problems;
}

describe('accessibility: every screen passes axe-core WCAG 2 A/AA at desktop and phone width', () => {
  let session: BrowserSession;
  beforeAll(async () => {
    session = await openBrowser();
  });
  afterAll(() => session.close());

  it.each(Object.entries(WIDTHS))('at %s width', async (_, viewport) => {
    const context = await session.browser.newContext({ baseURL: baseUrl(), viewport, extraHTTPHeaders: { Origin: new URL(baseUrl()).origin } });
    const page = await context.newPage();
    try {
      const problems: string[] = [];
      for (const path of PUBLIC_SCREENS) {
        await visit(page, path);
        problems.push(...(await axeViolations(page)));
      }
      // The landing page's states: the gallery overlay, the annual prices, and the menu on a phone.
      await visit(page, '/');
      await page.getByRole('list', { name: 'Sample images' }).getByRole('button').first().click();
      await page.getByRole('dialog').waitFor();
      await page.waitForTimeout(300);
      problems.push(...(await axeViolations(page)));
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'hidden' });
      await page.getByRole('tab', { name: /Annual/ }).click();
      await page.getByRole('tab', { name: /Annual/, selected: true }).waitFor();
      if (viewport.width < 900) await page.getByRole('button', { name: 'Open menu' }).click();
      problems.push(...(await axeViolations(page)));
      const email = `a11y-${viewport.width}-${Date.now()}@example.com`;
      await signUp(page.request, 'Access', { email });
      const profile = await page.request.post('/api/brand-profiles', { data: { name: 'Accessible Brand' } });
      const { id } = (await profile.json()) as { id: string };
      for (const path of [...SIGNED_IN_SCREENS, `/brand-brain/${id}`, `/brand-profile-details/${id}`]) {
        await visit(page, path);
        problems.push(...(await axeViolations(page)));
      }
      problems.push(...(await adFormatStates(page)));
      await makeAdmin(email);
      const post = await publishPost(page.request, `Accessible post ${viewport.width} ${Date.now()}`);
      for (const path of [...ADMIN_SCREENS, `/admin/blog/edit/${post.id}`, '/blog', `/blog/${post.slug}`]) {
        await visit(page, path);
        problems.push(...(await axeViolations(page)));
      }
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  }, 300_000);
});
