import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { RunningApp, startApp } from './app-server';
import { BrowserSession, openBrowser } from './browser';
import { waitForMailedLink } from './mail';

/**
 * The signed-in home and the account: the dashboard's sections, a team growing through a mailed
 * invitation, dark mode that follows the user, and a password reset through the mailed link.
 * The app writes its mails (development driver) to a directory of this suite's own.
 */
describe('dashboard, settings, invitations and password reset', () => {
  let app: RunningApp;
  let session: BrowserSession;
  const mailDir = mkdtempSync(join(tmpdir(), 'brandloom-mail-'));

  beforeAll(async () => {
    app = await startApp({ MAIL_DIR: mailDir });
    session = await openBrowser(app.url);
  }, 90_000);
  afterAll(async () => {
    await session?.close();
    await app?.stop();
    rmSync(mailDir, { recursive: true, force: true });
  });

  const newContext = (): Promise<BrowserContext> =>
    session.browser.newContext({ baseURL: app.url, viewport: { width: 1280, height: 800 }, extraHTTPHeaders: { Origin: new URL(app.url).origin } });
  const uniqueEmail = (name: string) => `${name}-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.com`;

  async function register(page: Page, email: string, username: string, password = 'a-long-password'): Promise<void> {
    const res = await page.request.post('/api/auth/register', { data: { email, password, username } });
    expect(res.status()).toBe(201);
  }

  async function signIn(page: Page, email: string, password: string): Promise<void> {
    // The pre-rendered form takes typing before it is hydrated; a click then would do nothing.
    await page.goto('/signin', { waitUntil: 'networkidle' });
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL('**/dashboard');
  }

  it('shows the dashboard sections empty, then with data', async () => {
    const context = await newContext();
    const page = await context.newPage();
    try {
      await register(page, uniqueEmail('dash'), 'Dasher');
      await page.goto('/dashboard');
      await page.getByTestId('sample-images').waitFor();
      await page.getByText('No brand profiles yet').waitFor();
      expect(await page.getByRole('link', { name: 'Create your first brand profile' }).getAttribute('href')).toBe('/brand-brain/new');
      expect(await page.getByTestId('stat-credits-remaining-value').textContent()).toBe('25');
      expect(await page.getByTestId('stat-subscription-value').textContent()).toBe('No subscription');
      // The welcome bonus is the first ledger row.
      await page.getByTestId('transaction-list').getByText('Welcome bonus').waitFor();
      expect(await page.getByTestId('transaction-amount').first().textContent()).toBe('+25 credits');
      expect(await page.getByTestId('stat-brand-profiles-trend').count()).toBe(0);

      const created = await page.request.post('/api/brand-profiles', { data: { name: 'Harbour Coffee Co', brand_data: { brandPersonality: ['Warm', 'Bold', 'Calm', 'Playful'] } } });
      expect(created.status()).toBe(201);
      const { id } = (await created.json()) as { id: string };
      await page.reload();
      const item = page.getByTestId('brand-profile-list').getByRole('link', { name: /Harbour Coffee Co/ });
      await item.waitFor();
      expect(await item.getAttribute('href')).toBe(`/brand-brain/${id}`);
      expect(await item.getByTestId('brand-initials').textContent()).toBe('HC');
      expect(await item.locator('.MuiChip-root').count()).toBe(3);
      expect(await page.getByTestId('stat-brand-profiles-value').textContent()).toBe('1');
      expect(await page.getByTestId('stat-brand-profiles-trend').textContent()).toBe('Last added today');
      // No credits spent yet: the usage card says so instead of drawing an empty axis.
      await page.getByTestId('credit-chart-empty').waitFor();
    } finally {
      await context.close();
    }
  });

  it('invites by email; the invitee opens the mailed link in another browser, signs up and appears in Team', async () => {
    const ownerContext = await newContext();
    const inviteeContext = await newContext();
    try {
      const owner = await ownerContext.newPage();
      await register(owner, uniqueEmail('owner'), 'Olivia');
      await owner.goto('/settings?tab=team');
      await owner.getByRole('button', { name: 'Invite member' }).click();
      const dialog = owner.getByRole('dialog', { name: 'Invite a team member' });
      const inviteeEmail = uniqueEmail('invitee');
      await dialog.getByLabel('Email').fill(inviteeEmail);
      await dialog.getByRole('button', { name: 'Send invitation' }).click();
      await owner.getByRole('table', { name: 'Pending invitations' }).getByText(inviteeEmail).waitFor();

      const link = await waitForMailedLink(mailDir, inviteeEmail, new RegExp(`${app.url.replace(/[.:/]/g, '\\$&')}/invitations/[A-Za-z0-9_-]+`));
      const invitee = await inviteeContext.newPage();
      await invitee.goto(link);
      await invitee.getByRole('heading', { name: /^Join / }).waitFor();
      const form = invitee.getByRole('form', { name: 'Create your account' });
      await form.getByLabel('Username').fill('Ivan');
      await form.getByLabel('Password').fill('a-long-password');
      await form.getByRole('button', { name: 'Create account and join' }).click();
      await invitee.waitForURL('**/dashboard', { timeout: 15_000 }).catch(async (error: unknown) => {
        throw new Error(`${String(error)}\n${await invitee.locator('body').innerText()}`);
      });
      // Joined the inviting organization: no welcome bonus of its own, the owner's balance.
      await invitee.getByTestId('sidebar-username').filter({ hasText: 'Ivan' }).waitFor();

      await owner.reload();
      const members = owner.getByRole('table', { name: 'Team members' });
      await members.getByText(inviteeEmail).waitFor();
      expect(await members.getByTestId('member-row').count()).toBe(2);
      expect(await owner.getByRole('table', { name: 'Pending invitations' }).count()).toBe(0);
    } finally {
      await ownerContext.close();
      await inviteeContext.close();
    }
  });

  it('dark mode persists across a reload and another sign-in', async () => {
    const email = uniqueEmail('dark');
    const first = await newContext();
    const second = await newContext();
    const colorScheme = (page: Page) => page.evaluate('document.documentElement.getAttribute("data-color-scheme")');
    try {
      const page = await first.newPage();
      await register(page, email, 'Nocturne');
      await page.goto('/settings?tab=preferences');
      const saved = page.waitForResponse((res) => res.url().endsWith('/api/users/me/preferences') && res.request().method() === 'PATCH');
      await page.getByRole('switch', { name: 'Dark mode' }).click();
      await page.locator('html[data-color-scheme="dark"]').waitFor({ state: 'attached' });
      expect((await saved).ok()).toBe(true);

      // Before any bundle runs, /theme-init.js has already applied it.
      await page.reload({ waitUntil: 'domcontentloaded' });
      expect(await colorScheme(page)).toBe('dark');
      await page.getByRole('switch', { name: 'Dark mode' }).waitFor();
      expect(await page.getByRole('switch', { name: 'Dark mode' }).isChecked()).toBe(true);
      const background = await page.evaluate('getComputedStyle(document.body).backgroundColor');
      expect(background).toBe('rgb(11, 17, 32)');

      // Another browser: the preference comes from the account.
      const other = await second.newPage();
      await signIn(other, email, 'a-long-password');
      await other.locator('html[data-color-scheme="dark"]').waitFor({ state: 'attached' });
    } finally {
      await first.close();
      await second.close();
    }
  });

  it('forgot password → mailed link → the new password works', async () => {
    const email = uniqueEmail('forgetful');
    const context = await newContext();
    try {
      const page = await context.newPage();
      await register(page, email, 'Forgetful', 'the-old-password');
      await page.request.post('/api/auth/logout');
      await page.goto('/signin', { waitUntil: 'networkidle' });
      await page.getByRole('link', { name: 'Forgot password?' }).click();
      await page.waitForURL('**/forgot-password');
      // The page is its own chunk: until it has rendered, the sign-in form (and its Email field) is still there.
      await page.getByText('Forgot your password?').waitFor();
      await page.getByLabel('Email').fill(email);
      await page.getByRole('button', { name: 'Send reset link' }).click();
      await page.getByText(/If an account exists for that email/).waitFor();

      const link = await waitForMailedLink(mailDir, email, new RegExp(`${app.url.replace(/[.:/]/g, '\\$&')}/reset-password\\?token=[A-Za-z0-9_-]+`));
      await page.goto(link);
      await page.getByLabel('New password', { exact: true }).fill('a-brand-new-password');
      await page.getByLabel('Confirm new password').fill('a-brand-new-password');
      await page.getByRole('button', { name: 'Set new password' }).click();
      await page.waitForURL('**/dashboard');

      const fresh = await newContext();
      try {
        const again = await fresh.newPage();
        const refused = await again.request.post('/api/auth/login', { data: { email, password: 'the-old-password' } });
        expect(refused.status()).toBe(401);
        await signIn(again, email, 'a-brand-new-password');
      } finally {
        await fresh.close();
      }
    } finally {
      await context.close();
    }
  });
});
