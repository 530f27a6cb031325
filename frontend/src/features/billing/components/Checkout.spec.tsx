import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BILLING_MESSAGES } from '@brandloom/contracts';
import { dismissToast } from '../../../lib/toast';
import { makeUser, stubLocation } from '../../../test/utils';
import { billingHandlers, callsTo, CONFIGURED_BUNDLE_PRICE_IDS, makeProducts, mockBillingApi, type BillingHandler } from '../test/fixtures';
import { renderBillingPage } from '../test/render';

const SUBSCRIBE = 'POST /api/stripe/create-subscription-session';
const BUY = 'POST /api/stripe/create-checkout-session';
const PORTAL = 'GET /api/stripe/customer-portal';

let assign: ReturnType<typeof vi.fn>;
beforeEach(() => {
  assign = stubLocation();
});
afterEach(() => act(() => dismissToast()));

const proSubscription = {
  subscription: { productName: 'Pro', productId: 'pro_monthly', plan_tier: 'Pro', price: 98, interval: 'month', status: 'active', cancel_at_period_end: false, current_period_end: '2026-04-05T12:00:00.000Z' },
  purchases: [],
};

async function openBilling(overrides: Record<string, BillingHandler>) {
  const fetchMock = mockBillingApi(
    billingHandlers({ 'GET /api/stripe/products': { body: { products: makeProducts(CONFIGURED_BUNDLE_PRICE_IDS) } }, ...overrides }),
  );
  renderBillingPage('/billing');
  await screen.findByRole('button', { name: 'Subscribe to Pro' });
  return fetchMock;
}

/** The billing page of an organization with a subscription (what the portal manages). */
const openSubscribedBilling = (overrides: Record<string, BillingHandler>) => openBilling({ 'GET /api/stripe/billing-details': { body: proSubscription }, ...overrides });

async function showCreditPacks() {
  await userEvent.click(screen.getByRole('tab', { name: 'One-time Credit Purchases' }));
  await screen.findByRole('button', { name: 'Buy Small' });
}

async function expectToast(title: string, description: string) {
  const titleElement = await screen.findByText(title, { selector: 'li *' });
  const toastElement = titleElement.closest('li');
  expect(toastElement).toHaveTextContent(description);
  expect(toastElement).toHaveAttribute('data-variant', 'destructive');
}

// The codes the server's billing errors carry with these messages.
const CODES: Record<string, string> = {
  'Payments are not configured': 'payments_not_configured',
  'This plan requires setup in Stripe before it can be purchased.': 'product_not_purchasable',
  'This credit package requires setup in Stripe before it can be purchased.': 'product_not_purchasable',
};
const error = (status: number, message: string) => ({ status, body: { statusCode: status, message, error: 'Error', ...(CODES[message] && { code: CODES[message] }) } });

describe('buying', () => {
  it('subscribes to a monthly plan and goes to the returned checkout URL', async () => {
    const fetchMock = await openBilling({ [SUBSCRIBE]: { body: { url: 'https://checkout.stripe.test/c/pay/cs_pro' } } });

    await userEvent.click(screen.getByRole('button', { name: 'Subscribe to Pro' }));

    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://checkout.stripe.test/c/pay/cs_pro'));
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/stripe/create-subscription-session',
      expect.objectContaining({ method: 'POST', body: JSON.stringify({ priceId: 'price_pro_monthly' }) }),
    );
    // The browser is leaving: no second checkout can start.
    expect(screen.getByRole('button', { name: 'Subscribe to Agency' })).toBeDisabled();
  });

  it('subscribes to an annual plan with its annual price id', async () => {
    const fetchMock = await openBilling({ [SUBSCRIBE]: { body: { url: 'https://checkout.stripe.test/annual' } } });

    await userEvent.click(screen.getByRole('tab', { name: /^Annual/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Subscribe to Agency' }));

    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://checkout.stripe.test/annual'));
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/stripe/create-subscription-session',
      expect.objectContaining({ body: JSON.stringify({ priceId: 'price_agency_annual' }) }),
    );
  });

  it('buys a credit pack through the one-time checkout', async () => {
    const fetchMock = await openBilling({ [BUY]: { body: { url: 'https://checkout.stripe.test/small' } } });
    await showCreditPacks();

    await userEvent.click(screen.getByRole('button', { name: 'Buy Small' }));

    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://checkout.stripe.test/small'));
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/stripe/create-checkout-session',
      expect.objectContaining({ method: 'POST', body: JSON.stringify({ priceId: 'price_1SmallPack000001' }) }),
    );
    expect(callsTo(fetchMock, '/api/stripe/create-subscription-session', 'POST')).toBe(0);
  });

  it('toasts "No checkout URL returned from server." when the answer has no url', async () => {
    await openBilling({ [SUBSCRIBE]: { body: {} } });

    await userEvent.click(screen.getByRole('button', { name: 'Subscribe to Starter' }));

    await expectToast('Error', 'No checkout URL returned from server.');
    expect(assign).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Subscribe to Starter' })).toBeEnabled();
  });

  it('toasts "Subscription error" in the member\'s words when payments are not configured', async () => {
    await openBilling({ [SUBSCRIBE]: error(503, 'Payments are not configured') });

    await userEvent.click(screen.getByRole('button', { name: 'Subscribe to Pro' }));

    await expectToast('Subscription error', BILLING_MESSAGES.purchasesUnavailable);
    expect(screen.queryByText(/STRIPE_|Payments are not configured/)).not.toBeInTheDocument();
    expect(assign).not.toHaveBeenCalled();
  });

  it('tells an administrator which variables make payments work', async () => {
    await openBilling({ 'GET /api/auth/user': { body: makeUser({ is_admin: true }) }, [SUBSCRIBE]: error(503, 'Payments are not configured') });

    await userEvent.click(screen.getByRole('button', { name: 'Subscribe to Pro' }));

    await expectToast('Subscription error', BILLING_MESSAGES.purchasesUnavailableAdmin);
  });

  it('offers no purchase while payments are not configured, and says why', async () => {
    await openBilling({ 'GET /api/stripe/billing-details': { body: { subscription: null, purchases: [], payments_configured: false } } });

    expect(await screen.findByTestId('payments-unavailable')).toHaveTextContent(BILLING_MESSAGES.purchasesUnavailable);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Subscribe to Pro' })).toBeDisabled());
  });

  it('toasts "Subscription error" / "Failed to create subscription." when the server gives no usable message', async () => {
    await openBilling({ [SUBSCRIBE]: error(500, 'Internal server error') });

    await userEvent.click(screen.getByRole('button', { name: 'Subscribe to Pro' }));

    await expectToast('Subscription error', 'Failed to create subscription.');
    expect(screen.queryByText('Internal server error')).not.toBeInTheDocument();
  });

  it('toasts "Payment error" with the server message for a credit pack', async () => {
    await openBilling({ [BUY]: error(400, 'This credit package requires setup in Stripe before it can be purchased.') });
    await showCreditPacks();

    await userEvent.click(screen.getByRole('button', { name: 'Buy Medium' }));

    await expectToast('Payment error', BILLING_MESSAGES.priceUnavailable);
  });

  it('toasts "Payment error" / "Failed to process payment." when the request fails without a message', async () => {
    await openBilling({ [BUY]: () => Promise.reject(new TypeError('Failed to fetch')) });
    await showCreditPacks();

    await userEvent.click(screen.getByRole('button', { name: 'Buy Large' }));

    await expectToast('Payment error', 'Failed to process payment.');
    expect(assign).not.toHaveBeenCalled();
  });

  it('refuses a plan whose price id is not set up in Stripe, without calling the server', async () => {
    const fetchMock = await openBilling({
      'GET /api/stripe/products': { body: { products: makeProducts({ pro_monthly: 'price_pro' }) } },
    });

    await userEvent.click(screen.getByRole('button', { name: 'Subscribe to Pro' }));

    await expectToast('Subscription error', BILLING_MESSAGES.priceUnavailable);
    expect(callsTo(fetchMock, '/api/stripe/create-subscription-session', 'POST')).toBe(0);
    expect(assign).not.toHaveBeenCalled();
  });

  it('refuses a credit pack whose price id does not start with price_, without calling the server', async () => {
    const fetchMock = await openBilling({
      'GET /api/stripe/products': { body: { products: makeProducts({ ...CONFIGURED_BUNDLE_PRICE_IDS, beta_pass: 'prod_beta_pass_123456' }) } },
    });
    await showCreditPacks();

    await userEvent.click(screen.getByRole('button', { name: 'Buy Beta Pass' }));

    await expectToast('Payment error', BILLING_MESSAGES.priceUnavailable);
    expect(callsTo(fetchMock, '/api/stripe/create-checkout-session', 'POST')).toBe(0);
  });

  it('refuses the catalogue\'s default pack price id price_beta_pass (15 characters)', async () => {
    const fetchMock = await openBilling({ 'GET /api/stripe/products': { body: { products: makeProducts() } } });
    await showCreditPacks();

    await userEvent.click(screen.getByRole('button', { name: 'Buy Beta Pass' }));

    await expectToast('Payment error', BILLING_MESSAGES.priceUnavailable);
    expect(callsTo(fetchMock, '/api/stripe/create-checkout-session', 'POST')).toBe(0);
  });

  it('allows a price id of exactly 16 characters', async () => {
    const fetchMock = await openBilling({
      'GET /api/stripe/products': { body: { products: makeProducts({ pro_monthly: 'price_0123456789' }) } },
      [SUBSCRIBE]: { body: { url: 'https://checkout.stripe.test/16' } },
    });

    await userEvent.click(screen.getByRole('button', { name: 'Subscribe to Pro' }));

    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://checkout.stripe.test/16'));
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/stripe/create-subscription-session',
      expect.objectContaining({ body: JSON.stringify({ priceId: 'price_0123456789' }) }),
    );
  });

  it('disables the buy buttons while a checkout is starting', async () => {
    let answer: () => void = () => {};
    await openBilling({
      [SUBSCRIBE]: () => new Promise((resolve) => (answer = () => resolve(error(503, 'Payments are not configured')))),
    });

    await userEvent.click(screen.getByRole('button', { name: 'Subscribe to Pro' }));

    await waitFor(() => expect(screen.getByRole('button', { name: 'Subscribe to Pro' })).toBeDisabled());
    expect(screen.getByRole('button', { name: 'Subscribe to Starter' })).toBeDisabled();
    answer();
    await expectToast('Subscription error', BILLING_MESSAGES.purchasesUnavailable);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Subscribe to Pro' })).toBeEnabled());
  });
});

describe('Manage subscription', () => {
  it('is not offered without a subscription: there is nothing to manage', async () => {
    await openBilling({ 'GET /api/stripe/billing-details': { body: { subscription: null, purchases: [] } } });
    await screen.findByTestId('no-subscription');
    expect(screen.queryByRole('button', { name: 'Manage subscription' })).not.toBeInTheDocument();
  });

  it('goes to the customer portal URL', async () => {
    const fetchMock = await openSubscribedBilling({ [PORTAL]: { body: { url: 'https://billing.stripe.test/p/session_1' } } });

    await userEvent.click(await screen.findByRole('button', { name: 'Manage subscription' }));

    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://billing.stripe.test/p/session_1'));
    expect(callsTo(fetchMock, '/api/stripe/customer-portal')).toBe(1);
  });

  it('toasts "Error" / "Failed to access customer portal." on failure', async () => {
    await openSubscribedBilling({ [PORTAL]: error(500, 'Internal server error') });

    await userEvent.click(await screen.findByRole('button', { name: 'Manage subscription' }));

    await expectToast('Error', 'Failed to access customer portal.');
    expect(assign).not.toHaveBeenCalled();
  });

  it('toasts "Error" / "Failed to access customer portal." when no URL comes back', async () => {
    await openSubscribedBilling({ [PORTAL]: { body: {} } });

    await userEvent.click(await screen.findByRole('button', { name: 'Manage subscription' }));

    await expectToast('Error', 'Failed to access customer portal.');
    expect(assign).not.toHaveBeenCalled();
  });

  it('shows the server message when payments are not configured', async () => {
    await openSubscribedBilling({ [PORTAL]: error(503, 'Payments are not configured') });

    await userEvent.click(await screen.findByRole('button', { name: 'Manage subscription' }));

    await expectToast('Error', 'Payments are not configured');
  });
});
