import { BrowserSession, openBrowser } from './browser';

describe('sign up, the app shell, sign out', () => {
  let session: BrowserSession;
  beforeAll(async () => {
    session = await openBrowser();
  });
  afterAll(() => session.close());

  it('signs a newcomer up, shows their name and 25 credits, and signs them out', async () => {
    const { page } = session;
    const email = `newcomer-${Date.now()}@example.com`;
    await page.goto('/signup');
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
});

async function expectText(locator: import('playwright-core').Locator, text: string): Promise<void> {
  await locator.waitFor();
  await locator.filter({ hasText: text }).waitFor({ timeout: 10_000 });
  expect(await locator.textContent()).toContain(text);
}
