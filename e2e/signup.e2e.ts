import { baseUrl, BrowserSession, openBrowser } from './browser';

describe('sign up, the app shell, sign out', () => {
  let session: BrowserSession;
  beforeAll(async () => {
    session = await openBrowser();
  });
  afterAll(() => session.close());

  it('signs a newcomer up, shows their name and 25 credits, and signs them out', async () => {
    const { page } = session;
    const email = `newcomer-${Date.now()}@example.com`;
    await page.goto('/signup', { waitUntil: 'networkidle' });
    await page.getByLabel('Username').fill('Newcomer');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('a-long-password');
    await page.getByRole('button', { name: 'Create account' }).click();

    await page.waitForURL('**/dashboard');
    await expectText(page.getByTestId('sidebar-username'), 'Newcomer');
    await expectText(page.getByTestId('credit-balance'), '25 Credits');

    await page.getByRole('button', { name: 'Log Out' }).click();
    await page.waitForURL('**/signin');
    await page.goto('/dashboard');
    await page.waitForURL('**/signin');
  });

  it('serves /signin and /signup pre-rendered, hydrated by the public entry without the SPA, in the stored colour mode', async () => {
    const context = await session.browser.newContext({ baseURL: baseUrl() });
    const page = await context.newPage();
    try {
      const scripts: string[] = [];
      page.on('request', (request) => {
        if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
      });
      for (const path of ['/signin', '/signup']) {
        scripts.length = 0;
        await page.goto(path, { waitUntil: 'networkidle' });
        expect(scripts.some((script) => /^\/assets\/public-[\w-]+\.js$/.test(script))).toBe(true);
        // The SPA's entry (router, query cache, shell) stays out.
        expect(scripts.filter((script) => /^\/assets\/index-[\w-]+\.js$/.test(script))).toEqual([]);
      }

      await page.evaluate(`localStorage.setItem('brandloom-mode', 'dark')`);
      for (const path of ['/signin', '/signup']) {
        await page.goto(path, { waitUntil: 'networkidle' });
        expect(await page.evaluate('document.documentElement.getAttribute("data-color-scheme")')).toBe('dark');
        expect(await page.evaluate('getComputedStyle(document.body).backgroundColor')).toBe('rgb(11, 17, 32)');
      }
    } finally {
      await context.close();
    }
  });

  it('signs in from the pre-rendered /signin (a wrong password first), and sends a signed-in visitor on to /dashboard', async () => {
    const origin = new URL(baseUrl()).origin;
    const context = await session.browser.newContext({ baseURL: origin, extraHTTPHeaders: { Origin: origin } });
    const page = await context.newPage();
    try {
      const email = `returning-${Date.now()}@example.com`;
      await page.request.post('/api/auth/register', { data: { email, password: 'a-long-password', username: 'Returning' } });
      await page.request.post('/api/auth/logout');

      // Hydrated before typing: a click before the scripts ran posts the form natively (303 back here).
      await page.goto('/signin', { waitUntil: 'networkidle' });
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password').fill('not-the-password');
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await expectText(page.getByRole('alert'), 'Invalid email or password');
      await page.getByLabel('Password').fill('a-long-password');
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await page.waitForURL('**/dashboard');
      await expectText(page.getByTestId('sidebar-username'), 'Returning');

      for (const path of ['/signin', '/signup']) {
        await page.goto(path);
        await page.waitForURL('**/dashboard');
      }
    } finally {
      await context.close();
    }
  });
});

async function expectText(locator: import('playwright-core').Locator, text: string): Promise<void> {
  await locator.waitFor();
  await locator.filter({ hasText: text }).waitFor({ timeout: 10_000 });
  expect(await locator.textContent()).toContain(text);
}
