import type { Page } from 'playwright-core';
import { axeViolations } from './axe';
import { BrowserSession, openBrowser } from './browser';
import { signUp } from './accounts';

/**
 * What a new user meets, at desktop and phone width: toasts never cover an open dialog, Settings and
 * the admin lists fit the screen, credits read as credits, test images are named by their prompt,
 * Meta says what to do in the reader's words, and Google sign-in is hidden when not configured.
 */
const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;

const ADMIN_LISTS = ['/admin/users', '/admin/organizations', '/admin/credits', '/admin/audit', '/admin/jobs', '/admin/blog'];

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The boxes of the visible toasts and of the open dialogs, as the browser lays them out now. */
async function toastsAndDialogs(page: Page): Promise<{ toasts: Box[]; dialogs: Box[] }> {
  return (await page.evaluate(`(() => {
    const boxes = (selector) =>
      [...document.querySelectorAll(selector)]
        .map((element) => element.getBoundingClientRect())
        .filter((rect) => rect.width > 0 && rect.height > 0)
        .map((rect) => ({ x: rect.x, y: rect.y, width: rect.width, height: rect.height }));
    return { toasts: boxes('li[role="status"], li[role="alert"]'), dialogs: boxes('[role="dialog"]') };
  })()`)) as { toasts: Box[]; dialogs: Box[] };
}

/** Samples the layout for a while (toasts slide in, dialogs fade in): never a toast over a dialog. */
async function expectNoToastOverDialog(page: Page, forMs = 1500): Promise<void> {
  const deadline = Date.now() + forMs;
  while (Date.now() < deadline) {
    const { toasts, dialogs } = await toastsAndDialogs(page);
    for (const toast of toasts) for (const dialog of dialogs) expect({ toast, dialog, overlap: overlaps(toast, dialog) }).toEqual({ toast, dialog, overlap: false });
    await page.waitForTimeout(100);
  }
}

async function expectNoHorizontalScroll(page: Page, width: number): Promise<void> {
  const scrollWidth = (await page.evaluate('document.scrollingElement.scrollWidth')) as number;
  expect({ path: new URL(page.url()).pathname, scrollWidth }).toEqual({ path: new URL(page.url()).pathname, scrollWidth: width });
}

async function expectAxeClean(page: Page): Promise<void> {
  expect(await axeViolations(page)).toEqual([]);
}

describe.each(VIEWPORTS)('a new user at $name width ($width px)', ({ width, height }) => {
  let member: BrowserSession;
  let admin: BrowserSession;
  const stamp = `${Date.now()}${width}`;

  beforeAll(async () => {
    member = await openBrowser();
    await member.page.setViewportSize({ width, height });
    await signUp(member.page.request, `New ${stamp}`, { email: `new-${stamp}@example.com` });
    admin = await openBrowser();
    await admin.page.setViewportSize({ width, height });
    const adminEmail = `console-${stamp}@example.com`;
    await signUp(admin.page.request, `Console ${stamp}`, { email: adminEmail, admin: true });
  });
  afterAll(async () => {
    await member?.close();
    await admin?.close();
  });

  it('generates a test image named by its prompt; its toasts never cover the zoom view or the library asset view', async () => {
    const { page } = member;
    await page.goto('/studio');
    const prompt = `Instagram post for a spring sale ${stamp}`;
    await page.getByLabel('Prompt').fill(prompt);
    await page.getByRole('button', { name: 'Generate', exact: true }).click();
    await page.getByRole('img', { name: 'Generated image' }).waitFor({ timeout: 30_000 });
    // The progress toast is replaced once the image is shown.
    await page.locator('li[role="status"]').filter({ hasText: 'Image ready!' }).waitFor();
    expect(await page.locator('li').filter({ hasText: 'Your image is being generated.' }).count()).toBe(0);

    await page.getByRole('button', { name: /zoom/i }).click();
    const zoom = page.getByRole('dialog');
    await zoom.waitFor();
    await expectNoToastOverDialog(page);
    await zoom.getByRole('button', { name: 'Download', exact: true }).click();
    // Beside, above or below the view, or held until it closes (the zoom view fills the screen).
    await expectNoToastOverDialog(page);
    await page.keyboard.press('Escape');
    await zoom.waitFor({ state: 'hidden' });

    const assets = (await (await page.request.get('/api/assets')).json()) as Array<{ name: string; test_image: boolean }>;
    expect(assets.length).toBeGreaterThan(0);
    for (const asset of assets) expect(asset.name.startsWith('TEST')).toBe(false);
    expect(assets.map((a) => ({ name: a.name, test_image: a.test_image }))).toContainEqual({ name: prompt, test_image: true });

    await page.goto('/library');
    const card = page.getByTestId('asset-card').filter({ hasText: prompt }).first();
    await card.waitFor();
    await card.getByText('Test image').first().waitFor();
    await card.getByRole('button', { name: new RegExp(`View ${prompt}`) }).click();
    const view = page.getByRole('dialog');
    await view.waitFor();
    await view.getByRole('button', { name: 'Download', exact: true }).click();
    await expectNoToastOverDialog(page);
    await page.keyboard.press('Escape');
    await view.waitFor({ state: 'hidden' });
    // Held or not, the toast is there once the view has closed.
    await page.locator('li[role="status"]').filter({ hasText: 'Download started' }).waitFor();
    await expectNoHorizontalScroll(page, width);
  });

  it('shows the welcome bonus as 25 credits, never as money', async () => {
    const { page } = member;
    await page.goto('/dashboard');
    const row = page.getByTestId('transaction-list').getByRole('listitem').filter({ hasText: 'Welcome bonus' });
    await row.waitFor();
    const text = await row.innerText();
    expect(text).toMatch(/25/);
    expect(text).toMatch(/credit/i);
    expect(text).not.toMatch(/\$|USD/);
    await expectNoHorizontalScroll(page, width);
    await expectAxeClean(page);
  });

  it('fits Settings on the screen, tab by tab', async () => {
    const { page } = member;
    for (const tab of ['profile', 'organization', 'team', 'billing', 'preferences']) {
      await page.goto(`/settings?tab=${tab}`);
      await page.getByRole('tab', { selected: true }).waitFor();
      await page.waitForLoadState('networkidle');
      await expectNoHorizontalScroll(page, width);
    }
    await expectAxeClean(page);
  });

  it('shows each screen\'s title once, whole, and the sidebar does not repeat the user\'s name', async () => {
    const { page } = member;
    for (const [path, title] of [['/dashboard', 'Dashboard'], ['/settings', 'Settings']]) {
      await page.goto(path);
      const heading = page.getByRole('main').getByRole('heading', { name: title, exact: true });
      await heading.waitFor();
      expect(await heading.evaluate((h) => h.scrollWidth <= h.clientWidth)).toBe(true);
      // The header names the screen for screen readers only: on screen the title shows once.
      const shown = await page.locator('main, header').getByText(title, { exact: true }).evaluateAll((nodes) => nodes.filter((n) => (n as unknown as { checkVisibility(): boolean }).checkVisibility() && (n as unknown as { getBoundingClientRect(): { width: number } }).getBoundingClientRect().width > 1).length);
      expect(shown).toBe(1);
    }
    if (width >= 1280) {
      const sidebar = page.getByRole('navigation', { name: 'Main' }).locator('xpath=..');
      expect(await sidebar.getByText(`New ${stamp}`, { exact: true }).count()).toBe(1);
    }
  });

  it('tells a member that Meta is not available in their words, with no server setup', async () => {
    const { page } = member;
    await page.goto('/library');
    await page.getByTestId('asset-card').first().getByRole('button', { name: 'Asset actions' }).click();
    await page.getByRole('menuitem', { name: /meta|ad platform/i }).click();
    const dialog = page.getByRole('dialog');
    const notice = dialog.getByTestId('meta-not-configured');
    await notice.waitFor();
    const text = await dialog.innerText();
    expect(text).not.toMatch(/on this server|META_|environment variable|\.env/);
    expect(text).toMatch(/administrator/i);
    await expectNoToastOverDialog(page, 300);
  });

  it('shows an administrator META_APP_ID and OPENAI_API_KEY, and every admin list fits the screen', async () => {
    const { page } = admin;
    await page.goto('/settings/integrations');
    await page.getByText(/META_APP_ID/).first().waitFor();
    await page.goto('/studio');
    await page.getByText(/OPENAI_API_KEY/).first().waitFor();
    await page.goto('/admin');
    await page.getByText(/OPENAI_API_KEY/).first().waitFor();
    for (const path of ADMIN_LISTS) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      await page.locator('table, .RaList-noResults, .RaEmpty-message, [role="grid"]').first().waitFor();
      await expectNoHorizontalScroll(page, width);
      await expectAxeClean(page);
    }
  });

  it('hides Google sign-in on the sign-in and sign-up pages when it is not configured, before and after their script runs', async () => {
    const visitor = await openBrowser();
    try {
      await visitor.page.setViewportSize({ width, height });
      for (const path of ['/signin', '/signup']) {
        await visitor.context.setOffline(false);
        await visitor.page.goto(path);
        await visitor.page.waitForLoadState('networkidle');
        expect(await visitor.page.getByText(/google/i).count()).toBe(0);
        await expectNoHorizontalScroll(visitor.page, width);
        await expectAxeClean(visitor.page);
      }
      // The pre-rendered HTML alone (no script) hides it too.
      const noScript = await visitor.browser.newContext({ baseURL: visitor.page.url(), javaScriptEnabled: false });
      const page = await noScript.newPage();
      for (const path of ['/signin', '/signup']) {
        await page.goto(new URL(path, visitor.page.url()).toString());
        expect(await page.getByRole('link', { name: /google/i }).isVisible()).toBe(false);
      }
      await noScript.close();
    } finally {
      await visitor.close();
    }
  });
});
