import type { BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { makeAdmin } from './admin-setup';
import { baseUrl, BrowserSession, openBrowser } from './browser';

/** The admin console in the browser: blog post with an image, a credit grant, and what members see. */
describe('admin console', () => {
  let session: BrowserSession;
  const stamp = Date.now();

  beforeAll(async () => {
    session = await openBrowser();
    const email = `admin-${stamp}@example.com`;
    await session.page.request.post('/api/auth/register', { data: { email, password: 'a-long-password', username: 'Editor' } });
    await makeAdmin(email);
  });
  afterAll(() => session.close());

  it('creates and publishes a post with an uploaded image, and /blog shows it with its image', async () => {
    const { page } = session;
    const title = `Spring launch ${stamp}`;
    await page.goto('/admin/blog/create');
    await page.getByLabel('Title *').fill(title);
    await expectValue(page.getByLabel('Slug *'), `spring-launch-${stamp}`);
    await page.locator('.ProseMirror').click();
    await page.keyboard.type('Brand kits are here.');
    const image = await sharp({ create: { width: 320, height: 180, channels: 3, background: '#1D4ED8' } }).png().toBuffer();
    await page.getByTestId('featured-image-file').setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: image });
    await page.getByRole('img', { name: 'Featured image preview' }).waitFor();
    await page.getByRole('switch', { name: 'Published' }).check();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Blog post created').waitFor();
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
      await page.getByText('Credits granted successfully').waitFor();
      expect((await (await member.request.get('/api/credits/balance')).json()).credits).toBe(before + 40);
      await row.getByText(String(before + 40), { exact: true }).waitFor();
    } finally {
      await member.close();
    }
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
    await context.request.post('/api/auth/register', { data: { email: `${username.toLowerCase()}@example.com`, password: 'a-long-password', username } });
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
