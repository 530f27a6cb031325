import type { BrowserContext, Page } from 'playwright-core';
import { publishPost } from './admin-setup';
import { axeViolations } from './axe';
import { baseUrl, BrowserSession, openBrowser } from './browser';
import { WIDTHS } from './routes';
import { signUp } from './accounts';

/**
 * The blog, a post and the not-found page wear the public pages' header (a way home) and footer
 * with sign-up, the blog whole without JavaScript and following an edit; the app's screens stay
 * still while they load (layout shift, measured as the browser reports it, under 0.1); anonymous
 * visitors are never asked for a session they do not have.
 */
const CLS_LIMIT = 0.1;

// Runs before the page's own scripts (DevTools protocol: the CSP does not apply).
const LAYOUT_SHIFT_OBSERVER = `
  window.__cls = 0;
  new PerformanceObserver((list) => { for (const e of list.getEntries()) if (!e.hadRecentInput) window.__cls += e.value; })
    .observe({ type: 'layout-shift', buffered: true });`;

const unique = (label: string) => `${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

async function newContext(session: BrowserSession, options: { javaScriptEnabled?: boolean; viewport?: { width: number; height: number } } = {}): Promise<BrowserContext> {
  return session.browser.newContext({ baseURL: baseUrl(), viewport: options.viewport ?? WIDTHS.desktop, javaScriptEnabled: options.javaScriptEnabled ?? true, extraHTTPHeaders: { Origin: new URL(baseUrl()).origin } });
}

/** `prefix`: the language's ('/fr'), whose pages link to that language's home and sign-up. */
async function expectPublicFrame(page: Page, prefix = ''): Promise<void> {
  const header = page.locator('header, [role=banner]').first();
  await header.waitFor();
  expect(await header.locator(`a[href="${prefix}/"]`).count()).toBeGreaterThan(0);
  expect(await page.locator('footer, [role=contentinfo]').count()).toBeGreaterThan(0);
  // Seen at every width: on a phone the header's sign-up is inside the menu, the footer's is not.
  expect(await page.locator(`footer a[href="${prefix}/signup"]`).isVisible()).toBe(true);
  const widths = (await page.evaluate('[document.scrollingElement.scrollWidth, window.innerWidth]')) as [number, number];
  expect(widths[0]).toBe(widths[1]);
}

describe('the public shell on the blog and the 404 page, and app screens that stay still', () => {
  let session: BrowserSession;
  let post: { id: string; slug: string };
  beforeAll(async () => {
    session = await openBrowser();
    const email = unique('blog-admin');
    await signUp(session.page.request, 'Editor', { email, admin: true });
    post = await publishPost(session.page.request, `Shell post ${Date.now()}`);
  });
  afterAll(() => session.close());

  it('/blog and a post render whole without JavaScript, with their head tags, and follow an edit', async () => {
    const context = await newContext(session, { javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await page.goto('/blog');
      await expectPublicFrame(page);
      await page.getByRole('heading', { level: 1, name: 'Blog' }).waitFor();
      await page.getByRole('link', { name: /Shell post/ }).first().click();
      await page.waitForURL(`**/blog/${post.slug}`);
      await expectPublicFrame(page);
      await page.getByRole('heading', { level: 1, name: /Shell post/ }).waitFor();
      expect(await page.getByRole('heading', { level: 2, name: 'News' }).count()).toBe(1);
      expect(await page.title()).toMatch(/Shell post .* \| Brandloom Blog/);
      expect(await page.locator('link[rel=canonical]').getAttribute('href')).toMatch(new RegExp(`/blog/${post.slug}$`));

      const edit = await session.page.request.put(`/api/admin/blog/posts/${post.id}`, {
        data: { title: 'Edited in place', slug: post.slug, content: '<p>Fresh words.</p>', excerpt: 'What is new', author: 'Brandloom', status: 'published' },
      });
      expect(edit.status()).toBe(200);
      await page.reload();
      await page.getByRole('heading', { level: 1, name: 'Edited in place' }).waitFor();
      expect(await page.getByText('Fresh words.').count()).toBe(1);
      expect(await page.title()).toBe('Edited in place | Brandloom Blog');

      await page.goto('/blog/no-such-post');
      await expectPublicFrame(page);
      await page.getByRole('heading', { level: 1, name: 'Post Not Found' }).waitFor();
    } finally {
      await context.close();
    }
  });

  it.each(Object.entries(WIDTHS))('at %s width the blog, a post and the 404 page have the header and footer, fit the screen and pass axe, with no session request', async (_, viewport) => {
    const context = await newContext(session, { viewport });
    try {
      const page = await context.newPage();
      const sessionChecks: string[] = [];
      page.on('request', (request) => request.url().endsWith('/api/auth/user') && sessionChecks.push(page.url()));
      const problems: string[] = [];
      for (const path of ['/blog', `/blog/${post.slug}`, '/no-such-page', '/']) {
        await page.goto(path, { waitUntil: 'networkidle' });
        await expectPublicFrame(page);
        await page.waitForTimeout(300);
        problems.push(...(await axeViolations(page)));
      }
      await page.goto('/no-such-page', { waitUntil: 'networkidle' });
      await page.getByRole('heading', { level: 1, name: /404/ }).waitFor();
      expect(problems).toEqual([]);
      expect(sessionChecks).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it.each(Object.entries(WIDTHS))("at %s width a German post's footer leads to that post in French and in English, and back to the German blog", async (_, viewport) => {
    const context = await newContext(session, { viewport });
    try {
      const page = await context.newPage();
      await page.goto(`/de/blog/${post.slug}`);
      await page.getByRole('navigation', { name: 'Sprache' }).getByRole('link', { name: 'Français' }).click();
      await page.waitForURL(`**/fr/blog/${post.slug}`);
      expect(await page.locator('html').getAttribute('lang')).toBe('fr');
      await page.getByRole('heading', { level: 1 }).waitFor();
      await expectPublicFrame(page, '/fr');
      expect(await axeViolations(page)).toEqual([]);
      expect(await page.getByRole('navigation', { name: 'Langue' }).getByRole('link', { name: 'English (US)' }).getAttribute('href')).toBe(`/blog/${post.slug}?lang=en`);
      await page.goto('/fr/blog');
      await page.getByRole('navigation', { name: 'Langue' }).getByRole('link', { name: 'Deutsch' }).click();
      await page.waitForURL('**/de/blog');
      expect(await page.locator('html').getAttribute('lang')).toBe('de');
    } finally {
      await context.close();
    }
  });

  it('a new account is signed in by its sign-up cookies alone, and /studio, /dashboard and /settings shift less than 0.1 while they load', async () => {
    const context = await newContext(session);
    try {
      await signUp(context.request, 'Still', { email: unique('cls') });
      const cookies = await context.cookies();
      expect(cookies.find((c) => c.name === 'brandloom.signed_in')?.httpOnly).toBe(false);
      expect(cookies.find((c) => c.name === 'brandloom.sid')?.httpOnly).toBe(true);
      for (const [path, ready] of [
        ['/studio', (page: Page) => page.getByLabel('Prompt').first().waitFor()],
        ['/dashboard', (page: Page) => page.getByText('Brand Profiles').first().waitFor()],
        ['/settings', (page: Page) => page.getByRole('tab').first().waitFor()],
      ] as const) {
        // A fresh page per screen, cold: the shift is measured from the first byte.
        const page = await context.newPage();
        await page.addInitScript({ content: LAYOUT_SHIFT_OBSERVER });
        await page.goto(path, { waitUntil: 'networkidle' });
        await ready(page);
        await page.waitForTimeout(1000);
        const shift = { path, cls: (await page.evaluate('window.__cls')) as number };
        expect(shift).toEqual({ path, cls: expect.any(Number) });
        expect(shift.cls).toBeLessThan(CLS_LIMIT);
        await page.close();
      }
    } finally {
      await context.close();
    }
  });
});
