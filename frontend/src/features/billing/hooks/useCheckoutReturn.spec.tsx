import { act, screen, waitFor } from '@testing-library/react';
import { dismissToast } from '../../../lib/toast';
import { fakeTimeoutsOnly } from '../../../test/fakeTimeouts';
import { makeOrganization } from '../../../test/utils';
import { renderBillingPage } from '../test/render';
import { billingHandlers, callsTo, mockBillingApi, noSubscription, organizationWithTier, transactionsPath } from '../test/fixtures';

// The 1 s delay is under the test's control. The page is rendered without the lazy routes, whose
// Suspense reveal waits 300 ms on a timer.
fakeTimeoutsOnly();
// Registered after the timers' hooks, so it runs before they are restored (after-hooks run last first).
afterEach(() => act(() => dismissToast()));

const RELOADED = ['/api/stripe/billing-details', '/api/credits/balance', '/api/organization', '/api/credits/transactions?limit=20&type=all'];

const proSubscription = {
  subscription: { productName: 'Pro', productId: 'pro_monthly', plan_tier: 'Pro', price: 98, interval: 'month', status: 'active', cancel_at_period_end: false, current_period_end: '2026-04-05T12:00:00.000Z' },
  purchases: [],
};

/** The billing API before and after the payment's webhook has been handled. */
function billingApiWithPayment(payment: { landed: boolean }) {
  return billingHandlers({
    'GET /api/credits/balance': () => ({ body: { credits: payment.landed ? 100 : 25 } }),
    'GET /api/organization': () => ({ body: payment.landed ? organizationWithTier('Pro') : makeOrganization() }),
    'GET /api/stripe/billing-details': () => ({ body: payment.landed ? proSubscription : noSubscription }),
    [transactionsPath('all')]: () => ({ body: [] }),
  });
}

describe('returning from checkout', () => {
  it('toasts success, clears the query and reloads billing, balance, transactions and organization after 1 s', async () => {
    const payment = { landed: false };
    const fetchMock = mockBillingApi(billingApiWithPayment(payment));
    const router = renderBillingPage('/billing?success=true&session_id=cs_test_123');

    expect(await screen.findByText('Payment successful!')).toBeInTheDocument();
    expect(screen.getByText('Your payment was processed successfully.')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(router.state.location.pathname).toBe('/billing');
    expect(router.state.historyAction).toBe('REPLACE');

    await waitFor(() => RELOADED.forEach((url) => expect(callsTo(fetchMock, url)).toBe(1)));
    await waitFor(() => expect(screen.getByTestId('billing-balance')).toHaveTextContent('25'));
    expect(screen.getByTestId('plan-tier')).toHaveTextContent('No subscription');
    payment.landed = true;

    await act(() => vi.advanceTimersByTimeAsync(999));
    RELOADED.forEach((url) => expect(callsTo(fetchMock, url)).toBe(1));

    await act(() => vi.advanceTimersByTimeAsync(1));
    await waitFor(() => RELOADED.forEach((url) => expect(callsTo(fetchMock, url)).toBe(2)));
    await waitFor(() => expect(screen.getByTestId('billing-balance')).toHaveTextContent('100'));
    expect(screen.getByTestId('plan-tier')).toHaveTextContent('Pro');
  });

  it('toasts the cancellation, clears the query and reloads nothing', async () => {
    const fetchMock = mockBillingApi(billingHandlers());
    const router = renderBillingPage('/billing?canceled=true');

    expect(await screen.findByText('Payment canceled')).toBeInTheDocument();
    expect(screen.getByText('Your payment was canceled. No charges were made.')).toBeInTheDocument();
    expect(screen.queryByText('Payment successful!')).not.toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(router.state.historyAction).toBe('REPLACE');
    await waitFor(() => expect(callsTo(fetchMock, '/api/stripe/billing-details')).toBe(1));

    await act(() => vi.advanceTimersByTimeAsync(5000));
    RELOADED.forEach((url) => expect(callsTo(fetchMock, url)).toBe(1));
  });

  it('ignores success=true without a session id, but still clears the query', async () => {
    const fetchMock = mockBillingApi(billingHandlers());
    const router = renderBillingPage('/billing?success=true');

    await waitFor(() => expect(router.state.location.search).toBe(''));
    await screen.findByTestId('plan-tier');
    expect(screen.queryByText('Payment successful!')).not.toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(callsTo(fetchMock, '/api/stripe/billing-details')).toBe(1);
  });

  it('leaves a plain /billing alone', async () => {
    mockBillingApi(billingHandlers());
    const router = renderBillingPage('/billing?tab=x');

    await screen.findByTestId('plan-tier');
    expect(router.state.location.search).toBe('?tab=x');
    expect(screen.queryByText('Payment successful!')).not.toBeInTheDocument();
    expect(screen.queryByText('Payment canceled')).not.toBeInTheDocument();
  });
});
