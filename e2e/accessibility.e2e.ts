import type { Page } from 'playwright-core';
import { makeAdmin, publishPost } from './admin-setup';
import { axeViolations } from './axe';
import { baseUrl, BrowserSession, openBrowser } from './browser';
import { PUBLIC_SCREENS, SIGNED_IN_SCREENS, WIDTHS } from './routes';
import { signUp } from './accounts';

/** The console's screens an administrator walks, besides a post's editor and the published post. */
const CONSOLE_SCREENS = ['/admin', '/admin/blog', '/admin/blog/create', '/admin/audit', '/admin/jobs'];

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

/** Runs `walk` on a page of its own at the width (a visitor's, or a new member's or administrator's), then closes it. */
async function onPage<T>(session: BrowserSession, viewport: { width: number; height: number }, as: 'visitor' | 'member' | 'administrator', walk: (page: Page) => Promise<T>): Promise<T> {
  const context = await session.browser.newContext({ baseURL: baseUrl(), viewport, extraHTTPHeaders: { Origin: new URL(baseUrl()).origin } });
  try {
    const page = await context.newPage();
    if (as !== 'visitor') {
      const email = `a11y-${viewport.width}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
      await signUp(page.request, 'Access', { email });
      if (as === 'administrator') await makeAdmin(email);
    }
    return await walk(page);
  } finally {
    await context.close();
  }
}

async function violationsOn(page: Page, paths: string[]): Promise<string[]> {
  const problems: string[] = [];
  for (const path of paths) {
    await visit(page, path);
    problems.push(...(await axeViolations(page)));
  }
  return problems;
}

/** A bound for a stuck walk, not a speed check: each walk visits up to twenty screens on a machine that may be busy. */
const WALK_TIMEOUT = 300_000;

describe.each(Object.entries(WIDTHS))('accessibility: every screen passes axe-core WCAG 2 A/AA at %s width', (_, viewport) => {
  let session: BrowserSession;
  beforeAll(async () => {
    session = await openBrowser();
  });
  afterAll(() => session.close());

  it('the public pages, and the landing page with its gallery open, annual prices and (on a phone) its menu', async () => {
    await onPage(session, viewport, 'visitor', async (page) => {
      const problems = await violationsOn(page, PUBLIC_SCREENS);
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
      expect(problems).toEqual([]);
    });
  }, WALK_TIMEOUT);

  it("the signed-in app's screens, a brand profile's pages included", async () => {
    await onPage(session, viewport, 'member', async (page) => {
      const profile = await page.request.post('/api/brand-profiles', { data: { name: 'Accessible Brand' } });
      const { id } = (await profile.json()) as { id: string };
      expect(await violationsOn(page, [...SIGNED_IN_SCREENS, `/brand-brain/${id}`, `/brand-profile-details/${id}`])).toEqual([]);
    });
  }, WALK_TIMEOUT);

  it("the 'Resize for ads' dialog while choosing and while working, and the image's formats", async () => {
    await onPage(session, viewport, 'member', async (page) => {
      expect(await adFormatStates(page)).toEqual([]);
    });
  }, WALK_TIMEOUT);

  it("the console's screens, the blog editor and a published post", async () => {
    await onPage(session, viewport, 'administrator', async (page) => {
      const post = await publishPost(page.request, `Accessible post ${viewport.width} ${Date.now()}`);
      expect(await violationsOn(page, [...CONSOLE_SCREENS, `/admin/blog/edit/${post.id}`, '/blog', `/blog/${post.slug}`])).toEqual([]);
    });
  }, WALK_TIMEOUT);
});
