import type { Page } from 'playwright-core';
import { axeViolations } from './axe';
import { baseUrl, BrowserSession, openBrowser } from './browser';

/** Every route of frontend/src/app/routes.tsx (ids filled in), signed out and signed in. */
const PUBLIC_SCREENS = ['/', '/signin', '/signup', '/forgot-password', '/reset-password?token=not-a-real-token', '/invitations/not-a-real-token', '/terms', '/privacy', '/meta-deletion', '/meta-deletion?code=UNKNOWN0000', '/blog', '/blog/some-post', '/no-such-page'];
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
  '/settings?tab=organization',
  '/settings?tab=team',
  '/settings?tab=billing',
  '/settings?tab=preferences',
  '/settings/integrations',
  '/blog/create',
  '/admin',
];
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
      await page.request.post('/api/auth/register', { data: { email: `a11y-${viewport.width}-${Date.now()}@example.com`, password: 'a-long-password', username: 'Access' } });
      const profile = await page.request.post('/api/brand-profiles', { data: { name: 'Accessible Brand' } });
      const { id } = (await profile.json()) as { id: string };
      for (const path of [...SIGNED_IN_SCREENS, `/brand-brain/${id}`, `/brand-profile-details/${id}`]) {
        await visit(page, path);
        problems.push(...(await axeViolations(page)));
      }
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  }, 180_000);
});
