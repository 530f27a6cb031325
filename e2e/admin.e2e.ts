import type { BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { addFormatAndPushJobs, failGeneration } from './admin-setup';
import { axeViolations } from './axe';
import { baseUrl, BrowserSession, openBrowser } from './browser';
import { scrollShadowState } from './scroll-shadows';
import { signUp } from './accounts';

/** The admin console in the browser: blog post with an image, a credit grant, and what members see. */
describe('admin console', () => {
  let session: BrowserSession;
  const stamp = Date.now();

  beforeAll(async () => {
    session = await openBrowser();
    const email = `admin-${stamp}@example.com`;
    await signUp(session.page.request, 'Editor', { email, admin: true });
  });
  afterAll(() => session.close());

  it('creates and publishes a post with an uploaded image, and /blog shows it with its image', async () => {
    const { page } = session;
    const title = `Spring launch ${stamp}`;
    await page.goto('/admin/blog/create');
    // The console loads the editor's parts after the first paint: a title typed before they settle can be reset.
    await page.waitForLoadState('networkidle');
    await page.getByLabel('Title *').fill(title);
    await expectValue(page.getByLabel('Slug *'), `spring-launch-${stamp}`);
    await page.locator('.ProseMirror').click();
    await page.keyboard.type('Brand kits are here.');
    const image = await sharp({ create: { width: 320, height: 180, channels: 3, background: '#1D4ED8' } }).png().toBuffer();
    await page.getByTestId('featured-image-file').setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: image });
    await page.getByRole('img', { name: 'Featured image preview' }).waitFor();
    await page.getByRole('switch', { name: 'Published' }).check();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Blog post created', { exact: true }).waitFor();
    await page.waitForURL(/\/admin\/blog\/edit\//);

    await page.goto('/blog');
    const card = page.getByRole('listitem').filter({ hasText: title });
    await card.waitFor();
    // No excerpt was typed: the card shows the post's opening words.
    await card.getByText('Brand kits are here.').waitFor();
    const src = await card.locator('img').getAttribute('src');
    expect(src).toMatch(/^\/api\/blog\/images\/[0-9a-f-]{36}\.webp$/);
    const served = await page.request.get(src!);
    expect({ status: served.status(), type: served.headers()['content-type'] }).toEqual({ status: 200, type: 'image/webp' });
    await card.locator('img').scrollIntoViewIfNeeded();
    await waitFor(async () => Boolean(await card.locator('img').evaluate((img) => (img as unknown as { complete: boolean; naturalWidth: number }).complete && (img as unknown as { naturalWidth: number }).naturalWidth > 0)));
  });

  it("shows react-admin's notifications as the app's toast, whole on screen and accessible, at desktop and phone width", async () => {
    const { page } = session;
    for (const [width, height] of [[1280, 800], [390, 844]]) {
      await page.setViewportSize({ width, height });
      await page.goto('/admin/blog/create');
      // As above: the title goes in once the editor's parts have settled, and the slug shows it was kept.
      await page.waitForLoadState('networkidle');
      await page.getByLabel('Title *').fill(`Toast check ${width} ${stamp}`);
      await expectValue(page.getByLabel('Slug *'), `toast-check-${width}-${stamp}`);
      await page.locator('.ProseMirror').click();
      await page.keyboard.type('Draft.');
      await page.getByRole('button', { name: 'Save' }).click();
      const toast = page.getByText('Blog post created', { exact: true });
      await toast.waitFor();
      const box = (await toast.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(width);
      expect(box.y + box.height).toBeLessThanOrEqual(height);
      expect(await page.evaluate('document.documentElement.scrollWidth <= window.innerWidth')).toBe(true);
      if (process.env.E2E_SCREENSHOTS) await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/admin-toast-${width}.png` });
      expect(await axeViolations(page)).toEqual([]);
    }
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  it("grants credits to an organization, and the organization's balance changes", async () => {
    const { page } = session;
    const member = await newMemberContext(`Granted${stamp}`);
    try {
      const before = (await (await member.request.get('/api/credits/balance')).json()).credits as number;
      await page.goto('/admin');
      await page.getByRole('tab', { name: 'Organizations' }).click();
      await page.getByPlaceholder('Search by name').fill(`Granted${stamp}`);
      const row = page.getByRole('row').filter({ hasText: `Granted${stamp}` });
      await row.getByRole('button', { name: 'Grant credits' }).click();
      const dialog = page.getByRole('dialog', { name: `Grant credits to Granted${stamp}` });
      await dialog.getByLabel('Amount').fill('40');
      await dialog.getByLabel('Reason').fill('Launch partner');
      await dialog.getByRole('button', { name: 'Grant' }).click();
      await page.getByText('Credits granted successfully', { exact: true }).waitFor();
      expect((await (await member.request.get('/api/credits/balance')).json()).credits).toBe(before + 40);
      await row.getByText(String(before + 40), { exact: true }).waitFor();
    } finally {
      await member.close();
    }
  });

  it('retries a failed generation once from Operations; the failed run and its retry link to each other', async () => {
    const { page } = session;
    const label = `TEST Lighthouse ${stamp}`;
    const started = await page.request.post('/api/generate/test', { data: { prompt: label, quality: 'low', size: '1024x1024' } });
    const failedId = ((await started.json()) as { job: { id: string } }).job.id;
    await failGeneration(failedId);

    await page.goto('/admin/jobs');
    const row = page.getByRole('row').filter({ hasText: label });
    await row.getByRole('button', { name: `Retry generation ${label}` }).click();
    await page.getByText('The generation runs again as a new generation', { exact: true }).waitFor();
    const retried = row.filter({ hasText: 'failed' }).getByRole('link', { name: /^Retried as [0-9a-f]{8}$/ });
    await retried.waitFor();
    expect(await row.filter({ hasText: 'failed' }).getByRole('button', { name: /^Retry/ }).count()).toBe(0);
    await page.getByRole('link', { name: `Retry of ${failedId.slice(0, 8)}` }).waitFor();
    for (const viewport of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
      await page.setViewportSize(viewport);
      await page.waitForTimeout(300);
      expect(await axeViolations(page)).toEqual([]);
      // No sideways scroll of the page (the table scrolls inside its card on a phone).
      expect(await page.evaluate('document.documentElement.scrollWidth <= window.innerWidth')).toBe(true);
    }
    await page.setViewportSize({ width: 1280, height: 800 });

    // The link opens Operations narrowed to the retry, which links back.
    await retried.click();
    await page.waitForURL(/\/admin\/jobs\?.*filter=/);
    await page.getByRole('link', { name: `Retry of ${failedId.slice(0, 8)}` }).waitFor();
    await waitFor(async () => (await page.getByRole('row').count()) === 2); // the header and the retry
    expect(await page.getByRole('textbox', { name: 'Job id' }).inputValue()).toMatch(/^generation:[0-9a-f-]{36}$/);
    expect(await axeViolations(page)).toEqual([]);
  });

  it('lists every kind of job in Operations, format jobs and Meta pushes included, each kind a filter, without sideways page scroll', async () => {
    const { page } = session;
    const creative = `Winter sale ${stamp}`;
    await addFormatAndPushJobs(`admin-${stamp}@example.com`, creative);
    await page.goto('/admin/jobs');
    await page.getByRole('row').filter({ hasText: `Meta push: ${creative}` }).waitFor();
    await page.getByRole('row').filter({ hasText: 'Format 9:16 (ai extend)' }).first().waitFor();

    await page.getByRole('combobox', { name: 'Kind' }).click();
    await page.getByRole('option', { name: 'Meta push' }).click();
    await waitFor(async () => (await page.getByRole('row').filter({ hasText: 'Format 9:16' }).count()) === 0);
    const push = page.getByRole('row').filter({ hasText: `Meta push: ${creative}` });
    await push.getByText('running').waitFor();
    for (const viewport of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
      await page.setViewportSize(viewport);
      await page.waitForTimeout(300);
      if (process.env.E2E_SCREENSHOTS) await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/admin-jobs-${viewport.width}.png`, fullPage: true });
      expect(await axeViolations(page)).toEqual([]);
      expect(await page.evaluate('document.documentElement.scrollWidth <= window.innerWidth')).toBe(true);
      // The list's own box scrolls instead, with an edge shadow only when its table is wider than it.
      const table = await scrollShadowState(page.locator('.RaDatagrid-tableWrapper').first());
      expect({ start: table.start, end: table.end, shadow: table.backgroundImage !== 'none' }).toEqual({ start: false, end: table.overflows, shadow: table.overflows });
    }
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  it('shows a member no Admin Portal entry, and the not-found page at /admin', async () => {
    const member = await newMemberContext(`Member${stamp}`);
    try {
      const page = await member.newPage();
      await page.goto('/dashboard');
      await page.getByRole('link', { name: 'Dashboard' }).first().waitFor();
      expect(await page.getByRole('link', { name: 'Admin Portal' }).count()).toBe(0);
      await page.goto('/admin');
      await page.getByText('404 Page Not Found').waitFor();
    } finally {
      await member.close();
    }
  });

  async function newMemberContext(username: string): Promise<BrowserContext> {
    const context = await session.browser.newContext({ baseURL: baseUrl(), extraHTTPHeaders: { Origin: new URL(baseUrl()).origin } });
    await signUp(context.request, username, { email: `${username.toLowerCase()}@example.com` });
    return context;
  }
});

async function waitFor(check: () => Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function expectValue(locator: ReturnType<Page['getByLabel']>, value: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while ((await locator.inputValue()) !== value) {
    if (Date.now() > deadline) throw new Error(`expected ${value}, found ${await locator.inputValue()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
