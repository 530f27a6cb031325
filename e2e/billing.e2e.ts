import { FakeStripe } from '../libs/core/src/testing/fake-stripe';
import type { Page } from 'playwright-core';
import { freeLoopbackPort } from '../libs/core/src/testing/loopback-server';
import { RunningApp, startApp } from './app-server';
import { BrowserSession, openBrowser } from './browser';
import { scrollShadowState } from './scroll-shadows';
import { signUp } from './accounts';

const MONTHLY = [['Starter', '$58'], ['Pro', '$98'], ['Agency', '$198'], ['Team+', '$548']];
const ANNUAL = [['Starter', '$499'], ['Pro', '$799'], ['Agency', '$1,599'], ['Team+', '$3,999']];

describe('Credits & Billing with Stripe Checkout (fake Stripe)', () => {
  let stripe: FakeStripe;
  let app: RunningApp;
  let session: BrowserSession;

  beforeAll(async () => {
    // The fake posts signed webhooks to the app once a payment completes, so the app's port comes first.
    const port = await freeLoopbackPort();
    stripe = await FakeStripe.start({ webhookUrl: `http://127.0.0.1:${port}/api/stripe/webhook` });
    app = await startApp(stripe.env, port);
    session = await openBrowser(app.url);
    await signUp(session.page.request, 'Buyer', { email: `buyer-${Date.now()}@example.com` });
  });
  afterAll(async () => {
    await session?.close();
    await app?.stop();
    await stripe?.close();
  });

  it('lists the plans, switches Monthly/Annual, buys Pro through Checkout and shows the success toast', async () => {
    const { page } = session;
    await page.goto('/billing');

    // The product's prices, written out here so a wrong catalogue fails the test.
    for (const [plan, price] of MONTHLY) await expectPlanPrice(page, plan, `${price}/month`);
    await page.getByRole('tab', { name: /^Annual/ }).click();
    for (const [plan, price] of ANNUAL) await expectPlanPrice(page, plan, `${price}/year`);
    await page.getByRole('tab', { name: 'Monthly', exact: true }).click();

    await page.getByRole('button', { name: 'Subscribe to Pro', exact: true }).click();
    await page.waitForURL(`${stripe.url}/c/pay/**`);
    await page.locator('#pay').click();

    await page.getByText('Payment successful!', { exact: true }).waitFor();
    await page.waitForURL((url) => url.pathname === '/billing' && url.search === '');
    // The webhook granted the first month's 75 credits on top of the 25-credit welcome bonus.
    await page.getByTestId('billing-balance').filter({ hasText: '100' }).waitFor({ timeout: 15_000 });

    // The transactions table shows no edge shadow while it fits (the box keeps its own colour); on a
    // phone it scrolls sideways, with a shadow on the edge that has more columns beyond it.
    const transactions = page.getByRole('region', { name: 'Credit transactions table' });
    await transactions.getByRole('row').nth(2).waitFor();
    await page.setViewportSize({ width: 1280, height: 800 });
    expect(await scrollShadowState(transactions)).toEqual({ overflows: false, start: false, end: false, backgroundImage: 'none' });
    if (process.env.E2E_SCREENSHOTS) await transactions.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/billing-transactions-1280.png` });
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await scrollShadowState(transactions)).toMatchObject({ overflows: true, start: false, end: true, backgroundImage: expect.stringContaining('linear-gradient') });
    if (process.env.E2E_SCREENSHOTS) await transactions.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/billing-transactions-390.png` });
    await transactions.evaluate((element) => {
      const box = element as unknown as { scrollLeft: number; scrollWidth: number };
      box.scrollLeft = box.scrollWidth;
    });
    expect(await scrollShadowState(transactions)).toMatchObject({ start: true, end: false });
    if (process.env.E2E_SCREENSHOTS) await transactions.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/billing-transactions-390-end.png` });
  });
});

async function expectPlanPrice(page: Page, planName: string, price: string): Promise<void> {
  const card = page.getByRole('article', { name: planName, exact: true });
  await card.getByTestId('plan-price').filter({ hasText: price }).waitFor();
}
