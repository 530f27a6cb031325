import type { BrowserContext, Locator, Page } from 'playwright-core';
import { makeAdmin } from './admin-setup';
import { axeViolations } from './axe';
import { baseUrl, BrowserSession, openBrowser } from './browser';
import { ADMIN_SCREENS, APP_SCREENS, WIDTHS } from './routes';
import { signUp } from './accounts';

/**
 * Every signed-in screen, app and admin, at desktop and phone width: the page never scrolls
 * sideways, the header's actions (credits, Generate) sit inside the window, and nothing a user can
 * press is cut off at the window's edge unless it is inside a box that scrolls (with its cue).
 */

/** The few browser types the page-side callbacks use (the e2e project compiles without the DOM library). */
interface Rect {
  left: number;
  right: number;
  width: number;
  height: number;
}
interface PageElement {
  getBoundingClientRect(): Rect;
  closest(selector: string): PageElement | null;
  parentElement: PageElement | null;
  textContent: string | null;
  tagName: string;
  getAttribute(name: string): string | null;
  scrollWidth: number;
  clientWidth: number;
}
interface PageWindow {
  document: { scrollingElement: { scrollWidth: number }; querySelectorAll(selector: string): ArrayLike<PageElement> };
  innerWidth: number;
  getComputedStyle(element: PageElement): { overflowX: string; visibility: string; opacity: string; backgroundImage: string };
}

let session: BrowserSession;
beforeAll(async () => {
  session = await openBrowser();
});
afterAll(() => session.close());

async function signedIn(viewport: { width: number; height: number }, name: string): Promise<{ context: BrowserContext; page: Page; email: string }> {
  const context = await session.browser.newContext({ baseURL: baseUrl(), viewport, extraHTTPHeaders: { Origin: new URL(baseUrl()).origin } });
  const page = await context.newPage();
  const email = `${name}-${viewport.width}-${Date.now()}@example.com`;
  await signUp(page.request, name, { email });
  return { context, page, email };
}

/** The page's width, and every visible control that reaches past the window's edges outside a box that scrolls sideways. */
async function overflow(page: Page): Promise<{ scrollWidth: number; innerWidth: number; clipped: string[] }> {
  return page.evaluate(() => {
    const view = globalThis as unknown as PageWindow;
    const scrolls = (element: PageElement): boolean => {
      for (let node = element.parentElement; node; node = node.parentElement) {
        if (['auto', 'scroll'].includes(view.getComputedStyle(node).overflowX) && node.scrollWidth > node.clientWidth) return true;
      }
      return false;
    };
    const clipped = Array.from(view.document.querySelectorAll('button, a[href], [role=tab], [role=button], input, .MuiChip-root'))
      .filter((element) => {
        const rect = element.getBoundingClientRect();
        const style = view.getComputedStyle(element);
        // A switch's or checkbox's native input is transparent and wider than the control it sits in.
        if (rect.width === 0 || rect.height === 0 || style.visibility === 'hidden' || style.opacity === '0') return false;
        return (rect.right > view.innerWidth + 0.5 || rect.left < -0.5) && !scrolls(element);
      })
      .map((element) => `${element.tagName.toLowerCase()} "${(element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 40)}"`);
    return { scrollWidth: view.document.scrollingElement.scrollWidth, innerWidth: view.innerWidth, clipped };
  });
}

/**
 * A table box's scrolling and its shadow cue, once the cue has caught up with the box's width (it is
 * measured as the box and its table resize): a gradient exactly when the table is wider than its box.
 */
async function scrollCue(box: Locator): Promise<{ overflowX: string; background: string; scrolls: boolean }> {
  const read = () =>
    box.evaluate((element) => {
      const style = (globalThis as unknown as PageWindow).getComputedStyle(element as unknown as PageElement);
      const target = element as unknown as PageElement;
      return { overflowX: style.overflowX, background: style.backgroundImage, scrolls: target.scrollWidth > target.clientWidth };
    });
  const deadline = Date.now() + 5_000;
  let cue = await read();
  while (cue.background.includes('gradient') !== cue.scrolls && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    cue = await read();
  }
  return cue;
}

async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page.getByRole('progressbar').first().waitFor({ state: 'detached', timeout: 10_000 }).catch(() => undefined);
}

const shotName = (path: string) => path.replace(/^\//, '').replace(/[/?=]+/g, '-') || 'root';

describe.each(Object.entries(WIDTHS))('at %s width', (label, viewport) => {
  it('every app and admin screen fits the window: no sideways scroll, the header and every control inside it', async () => {
    const { context, page, email } = await signedIn(viewport, 'walker');
    try {
      await makeAdmin(email);
      // A little of everything the lists show: an image, a brand profile, a pending invitation.
      expect((await page.request.post('/api/generate/test', { data: { prompt: 'Lighthouse poster at dawn', quality: 'low', size: '1024x1024' } })).status()).toBe(201);
      const profile = (await (await page.request.post('/api/brand-profiles', { data: { name: 'Lighthouse Coffee' } })).json()) as { id: string };
      expect((await page.request.post('/api/organization/invitations', { data: { email: `invitee-${Date.now()}@example.com`, role: 'member' } })).status()).toBe(201);

      const problems: string[] = [];
      for (const path of [...APP_SCREENS, ...ADMIN_SCREENS].map((screen) => screen.replace('{profile}', () => profile.id))) {
        await page.goto(path);
        // Hidden ones too: /brand-brain/new opens its dialog over the page, which hides the rest from assistive technology.
        await page.getByRole('main', { includeHidden: true }).first().waitFor();
        await settle(page);
        const generate = page.getByRole('banner', { includeHidden: true }).getByRole('link', { name: 'Generate', includeHidden: true });
        const box = await generate.boundingBox();
        if (!box || box.x < 0 || box.x + box.width > viewport.width + 0.5) problems.push(`${path}: the header's Generate is outside the window (${JSON.stringify(box)})`);
        const { scrollWidth, innerWidth, clipped } = await overflow(page);
        if (scrollWidth !== innerWidth) problems.push(`${path}: the page is ${scrollWidth} px wide in a ${innerWidth} px window`);
        if (clipped.length > 0) problems.push(`${path}: cut off at the edge: ${clipped.join(', ')}`);
        if (process.env.E2E_SCREENSHOTS) await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/app-shell-fit-${label}-${shotName(path)}.png`, fullPage: true });
      }
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  }, 150_000);

  it("Settings' team tables scroll inside their own box with edge shadows as the cue, and axe passes", async () => {
    const { context, page } = await signedIn(viewport, 'teamowner');
    try {
      expect((await page.request.post('/api/organization/invitations', { data: { email: `someone-with-a-long-address-${Date.now()}@example.com`, role: 'member' } })).status()).toBe(201);
      await page.goto('/settings?tab=team');
      const members = page.getByRole('region', { name: 'Team members table' });
      await members.getByRole('table').waitFor();
      await page.getByRole('region', { name: 'Pending invitations table' }).getByRole('table').waitFor();
      for (const name of ['Team members table', 'Pending invitations table']) {
        const region = await scrollCue(page.getByRole('region', { name }));
        expect(region.overflowX).toBe('auto');
        // A shadow at an edge with more columns beyond it (the cue) is there exactly when the table is wider than its box.
        expect(region.background.includes('gradient')).toBe(region.scrolls);
        if (label === 'phone') expect(region.scrolls).toBe(true);
      }
      const { scrollWidth, innerWidth } = await overflow(page);
      expect(scrollWidth).toBe(innerWidth);
      expect(await axeViolations(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('a new user reads "No subscription" on the dashboard and sees Push to Meta as the way to Team+', async () => {
    const { context, page } = await signedIn(viewport, 'starter');
    try {
      await page.goto('/dashboard');
      await expect(page.getByTestId('stat-subscription-value').textContent()).resolves.toBe('No subscription');
      expect(await page.getByTestId('stat-subscription').textContent()).not.toMatch(/Starter$/);
      // The words fit their card (no 'No subscriptio' cut at the card's edge).
      const fits = await page.getByTestId('stat-subscription-value').evaluate((element) => (element as unknown as PageElement).scrollWidth <= (element as unknown as PageElement).clientWidth);
      expect(fits).toBe(true);

      // The credit history scrolls in its own box, with the shadow cue when it is wider; its descriptions stay readable.
      await page.goto('/billing');
      const transactions = page.getByRole('region', { name: 'Credit transactions table' });
      await transactions.getByTestId('transaction-row').first().waitFor();
      const { background, scrolls } = await scrollCue(transactions);
      expect(background.includes('gradient')).toBe(scrolls);
      const description = await transactions.getByRole('columnheader', { name: 'Description' }).boundingBox();
      expect(description!.width).toBeGreaterThanOrEqual(180);

      expect((await page.request.post('/api/generate/test', { data: { prompt: 'Lighthouse poster at dawn', quality: 'low', size: '1024x1024' } })).status()).toBe(201);
      const deadline = Date.now() + 30_000;
      while ((await (await page.request.get('/api/assets/count')).json()).count !== 1) {
        if (Date.now() > deadline) throw new Error('the image was not made');
        await new Promise((r) => setTimeout(r, 250));
      }
      await page.goto('/library');
      const card = page.getByTestId('asset-card').first();
      await card.getByRole('button', { name: 'Asset actions' }).click();
      const item = page.getByRole('menuitem', { name: /meta|ad platform/i });
      await expect(item.textContent()).resolves.toBe('Push to Meta (Team+)');
      await item.click();
      const dialog = page.getByRole('dialog', { name: 'Push to Meta' });
      const status = (await (await page.request.get('/api/meta/status')).json()) as { configured: boolean; plan_allows: boolean };
      expect(status.plan_allows).toBe(false);
      if (status.configured) {
        await dialog.getByRole('link', { name: 'Upgrade to Team+' }).click();
        await page.waitForURL('**/billing');
      } else {
        // Upgrading would not help on a server without Meta: the dialog says so in the member's words.
        await dialog.getByTestId('meta-not-configured').waitFor();
      }
    } finally {
      await context.close();
    }
  });
});
