import type { Page } from 'playwright-core';
import { makeAdmin, publishPost } from './admin-setup';
import { axeViolations } from './axe';
import { baseUrl, BrowserSession, openBrowser } from './browser';

/** Every route of frontend/src/app/routes.tsx (ids filled in), signed out and signed in. */
const PUBLIC_SCREENS = ['/', '/signin', '/signup', '/terms', '/privacy', '/meta-deletion', '/meta-deletion?code=UNKNOWN0000', '/blog', '/blog/some-post', '/no-such-page'];
const SIGNED_IN_SCREENS = [
  '/dashboard',
  '/studio',
  '/studio/bulk',
  '/brand-brain',
  '/brand-brain/new',
  '/library',
  '/billing',
  '/credits/buy',
  '/settings',
  '/settings/integrations',
  '/blog/create',
  '/admin',
];
/** Once the same user is an administrator: the console's screens and a published post. */
const ADMIN_SCREENS = ['/admin', '/admin/blog', '/admin/blog/create', '/admin/audit', '/admin/jobs'];
const WIDTHS = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } };

async function visit(page: Page, path: string): Promise<void> {
  await page.goto(path, { waitUntil: 'networkidle' });
  await page.locator('main, #root > *').first().waitFor();
  // Let entrance transitions finish, so colours are measured as the user sees them.
  await page.waitForTimeout(300);
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
      if (viewport.width < 900) await page.getByRole('button', { name: 'Open menu' }).click();
      problems.push(...(await axeViolations(page)));
      const email = `a11y-${viewport.width}-${Date.now()}@example.com`;
      await page.request.post('/api/auth/register', { data: { email, password: 'a-long-password', username: 'Access' } });
      const profile = await page.request.post('/api/brand-profiles', { data: { name: 'Accessible Brand' } });
      const { id } = (await profile.json()) as { id: string };
      for (const path of [...SIGNED_IN_SCREENS, `/brand-brain/${id}`, `/brand-profile-details/${id}`]) {
        await visit(page, path);
        problems.push(...(await axeViolations(page)));
      }
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
