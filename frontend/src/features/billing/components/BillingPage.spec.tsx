import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { dismissToast } from '../../../lib/toast';
import { makeUser, renderApp } from '../../../test/utils';
import { renderBillingPage } from '../test/render';
import { billingHandlers, callsTo, makeProducts, mockBillingApi, organizationWithTier } from '../test/fixtures';

afterEach(() => act(() => dismissToast()));

const plan = (name: string) => screen.getByRole('article', { name });

describe('/billing', () => {
  it('is routed at /billing and /credits/buy inside the app shell', async () => {
    mockBillingApi(billingHandlers());

    renderApp('/credits/buy');

    expect(await screen.findByRole('heading', { level: 1, name: 'Credits' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Credits & Billing' })).toBeInTheDocument();
    expect(await screen.findByRole('tab', { name: 'One-time Credit Purchases' })).toHaveAttribute('aria-selected', 'true');
  });

  it('shows the balance, the cost per quality and the current plan with its subscription', async () => {
    mockBillingApi(
      billingHandlers({
        'GET /api/organization': { body: organizationWithTier('Pro') },
        'GET /api/credits/balance': { body: { credits: 137 } },
        'GET /api/stripe/billing-details': {
          body: {
            subscription: {
              productName: 'Pro',
              productId: 'pro_monthly',
              plan_tier: 'Pro',
              price: 98,
              interval: 'month',
              status: 'active',
              cancel_at_period_end: false,
              current_period_end: '2026-04-05T12:00:00.000Z',
            },
            purchases: [],
          },
        },
      }),
    );

    renderBillingPage('/billing');

    expect(await screen.findByRole('heading', { name: 'Credits & Billing' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('billing-balance')).toHaveTextContent('137'));
    expect(screen.getByTestId('cost-low')).toHaveTextContent('Low quality1 credit');
    expect(screen.getByTestId('cost-medium')).toHaveTextContent('Medium quality2 credits');
    expect(screen.getByTestId('cost-high')).toHaveTextContent('High quality4 credits');
    expect(await screen.findByTestId('plan-tier')).toHaveTextContent('Pro');
    const subscription = await screen.findByTestId('subscription-details');
    expect(subscription).toHaveTextContent('$98 / month');
    expect(subscription).toHaveTextContent('Renews on April 5, 2026');
    expect(within(plan('Pro')).getByText('Current plan')).toBeInTheDocument();
    expect(within(plan('Starter')).queryByText('Current plan')).not.toBeInTheDocument();
  });

  it('says plainly that there is no subscription: welcome credits with Starter\'s features, and what subscribing adds', async () => {
    mockBillingApi(billingHandlers());
    renderBillingPage('/billing');

    const card = await screen.findByRole('region', { name: 'Your plan' });
    expect(await within(card).findByTestId('plan-tier')).toHaveTextContent('No subscription');
    expect(within(card).getByTestId('no-subscription')).toHaveTextContent("You are using your welcome credits with Starter's features (1 brand profile");
    expect(within(card).getByTestId('no-subscription')).toHaveTextContent('A subscription adds credits every month');
    expect(within(card).queryByRole('button', { name: 'Manage subscription' })).not.toBeInTheDocument();
  });

  it('lists the monthly plans, and the Annual sub-tab switches to yearly prices', async () => {
    mockBillingApi(billingHandlers());
    renderBillingPage('/billing');

    expect(await screen.findByRole('tab', { name: 'Monthly & Annual Plans' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Monthly' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText('Save up to 40%')).toBeInTheDocument();

    const pro = await screen.findByRole('article', { name: 'Pro' });
    expect(within(pro).getByTestId('plan-price')).toHaveTextContent('$98/month');
    expect(within(pro).getByTestId('plan-credits')).toHaveTextContent('75 credits per month');
    expect(within(pro).getByText('Most popular')).toBeInTheDocument();
    expect(within(pro).getByText('Unlimited seats')).toBeInTheDocument();
    expect(within(pro).getByText('Priority generation')).toBeInTheDocument();
    expect(within(pro).queryByTestId('plan-monthly-equivalent')).not.toBeInTheDocument();
    expect(within(plan('Starter')).queryByText('Most popular')).not.toBeInTheDocument();
    expect(within(plan('Starter')).queryByText('Priority generation')).not.toBeInTheDocument();
    expect(screen.getAllByRole('article').map((card) => card.getAttribute('aria-labelledby'))).toEqual([
      'product-starter_monthly-name',
      'product-pro_monthly-name',
      'product-agency_monthly-name',
      'product-teamplus_monthly-name',
    ]);
    expect(within(plan('Team+')).getByTestId('plan-price')).toHaveTextContent('$548/month');

    await userEvent.click(screen.getByRole('tab', { name: /^Annual/ }));

    expect(screen.getByRole('tab', { name: /^Annual/ })).toHaveAttribute('aria-selected', 'true');
    const annualPro = plan('Pro');
    expect(within(annualPro).getByTestId('plan-price')).toHaveTextContent('$799/year');
    expect(within(annualPro).getByTestId('plan-monthly-equivalent')).toHaveTextContent('~$67 per month');
    expect(within(annualPro).getByTestId('plan-credits')).toHaveTextContent('900 credits per year');
    expect(within(annualPro).getByText('Most popular')).toBeInTheDocument();
    expect(screen.queryByText('$98')).not.toBeInTheDocument();
    expect(within(plan('Team+')).getByTestId('plan-price')).toHaveTextContent('$3,999/year');

    await userEvent.click(screen.getByRole('tab', { name: 'Monthly' }));
    expect(within(plan('Pro')).getByTestId('plan-price')).toHaveTextContent('$98/month');
  });

  it('lists the credit packs on the One-time Credit Purchases tab, Beta passes marked limited', async () => {
    mockBillingApi(billingHandlers());
    renderBillingPage('/billing');

    await userEvent.click(await screen.findByRole('tab', { name: 'One-time Credit Purchases' }));

    expect(await screen.findByText(/Credit packs never expire/)).toBeInTheDocument();
    const names = ['Small', 'Medium', 'Large', 'Beta Pass', 'Beta Pass Plus'];
    expect(screen.getAllByRole('article')).toHaveLength(names.length);
    expect(within(plan('Small')).getByTestId('bundle-price')).toHaveTextContent('$55');
    expect(within(plan('Small')).getByTestId('bundle-credits')).toHaveTextContent('20 credits');
    expect(within(plan('Beta Pass Plus')).getByTestId('bundle-credits')).toHaveTextContent('2,500 credits');
    for (const name of names) {
      const limited = name.startsWith('Beta Pass');
      expect(within(plan(name)).queryByText('Limited time') !== null).toBe(limited);
      expect(within(plan(name)).getByRole('button', { name: `Buy ${name}` })).toBeEnabled();
    }
    expect(screen.queryByRole('button', { name: /Subscribe to/ })).not.toBeInTheDocument();
  });

  it('opens /credits/buy on the credit packs, and "Buy credits" switches to them', async () => {
    mockBillingApi(billingHandlers());
    renderBillingPage('/credits/buy');

    expect(await screen.findByRole('tab', { name: 'One-time Credit Purchases' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('button', { name: 'Buy Small' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('tab', { name: 'Monthly & Annual Plans' }));
    expect(await screen.findByRole('button', { name: 'Subscribe to Pro' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Buy credits' }));
    expect(screen.getByRole('tab', { name: 'One-time Credit Purchases' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('button', { name: 'Buy Small' })).toBeInTheDocument();
  });

  it('reads product flags from the metadata when the top-level fields are missing', async () => {
    const products = makeProducts().map(({ features: _f, popular: _p, limited: _l, ...rest }) => rest);
    mockBillingApi(billingHandlers({ 'GET /api/stripe/products': { body: products } }));
    renderBillingPage('/billing');

    const pro = await screen.findByRole('article', { name: 'Pro' });
    expect(within(pro).getByText('Most popular')).toBeInTheDocument();
    expect(within(pro).getByText('Priority generation')).toBeInTheDocument();
  });

  it('shows "Error loading billing information" with the message, and "Try Again" reloads', async () => {
    let fail = true;
    const fetchMock = mockBillingApi(
      billingHandlers({
        'GET /api/stripe/products': () =>
          fail
            ? { status: 502, body: { statusCode: 502, message: 'Catalogue unavailable', error: 'Bad Gateway' } }
            : { body: { products: makeProducts() } },
      }),
    );
    renderBillingPage('/billing');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error loading billing information');
    expect(alert).toHaveTextContent('Catalogue unavailable');
    expect(screen.queryByRole('article')).not.toBeInTheDocument();

    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try Again' }));

    expect(await screen.findByRole('article', { name: 'Pro' })).toBeInTheDocument();
    expect(screen.queryByText('Error loading billing information')).not.toBeInTheDocument();
    expect(callsTo(fetchMock, '/api/stripe/products')).toBe(2);
  });

  it('shows the raw "status: body" message when the error body is not JSON', async () => {
    mockBillingApi(billingHandlers({ 'GET /api/stripe/billing-details': { status: 504, text: 'Gateway Timeout' } }));
    renderBillingPage('/billing');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error loading billing information');
    expect(alert).toHaveTextContent('504: Gateway Timeout');
  });

  it('shows loading skeletons until the data arrives', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    mockBillingApi(
      billingHandlers({
        'GET /api/stripe/products': async () => {
          await gate;
          return { body: { products: makeProducts() } };
        },
        'GET /api/credits/balance': async () => {
          await gate;
          return { body: { credits: 25 } };
        },
      }),
    );
    renderBillingPage('/billing');

    expect(await screen.findByTestId('products-loading')).toBeInTheDocument();
    expect(screen.getByTestId('billing-balance-loading')).toBeInTheDocument();

    release();
    expect(await screen.findByRole('article', { name: 'Pro' })).toBeInTheDocument();
    expect(screen.queryByTestId('products-loading')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('billing-balance')).toHaveTextContent('25'));
  });
});

describe('adding credits (administrators)', () => {
  it('is not offered to members', async () => {
    mockBillingApi(billingHandlers());
    renderBillingPage('/billing');
    await screen.findByTestId('billing-balance');
    expect(screen.queryByRole('button', { name: 'Add credits' })).not.toBeInTheDocument();
  });

  it('adds credits, toasts and reloads the balance', async () => {
    let credits = 25;
    const fetchMock = mockBillingApi(
      billingHandlers({
        'GET /api/auth/user': { body: makeUser({ is_admin: true }) },
        'GET /api/credits/balance': () => ({ body: { credits } }),
        'POST /api/credits/add': () => {
          credits += 50;
          return { status: 201, body: { id: 'tx-add', amount: 50, balance: credits } };
        },
      }),
    );
    renderBillingPage('/billing');
    await waitFor(() => expect(screen.getByTestId('billing-balance')).toHaveTextContent('25'));

    await userEvent.click(screen.getByRole('button', { name: 'Add credits' }));
    expect(screen.getByText('Enter a whole number from 1 to 1,000,000')).toBeInTheDocument();
    expect(callsTo(fetchMock, '/api/credits/add', 'POST')).toBe(0);

    await userEvent.type(screen.getByLabelText('Credits to add'), '50');
    await userEvent.click(screen.getByRole('button', { name: 'Add credits' }));

    expect(await screen.findByText('Credits Added')).toBeInTheDocument();
    expect(screen.getByText('50 credits have been added to your account.')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith('/api/credits/add', expect.objectContaining({ method: 'POST', body: '{"amount":50}' }));
    await waitFor(() => expect(screen.getByTestId('billing-balance')).toHaveTextContent('75'));
  });

  it('toasts "Failed to add credits" with the server message', async () => {
    mockBillingApi(
      billingHandlers({
        'GET /api/auth/user': { body: makeUser({ is_admin: true }) },
        'POST /api/credits/add': { status: 403, body: { statusCode: 403, message: 'Administrators only', error: 'Forbidden' } },
      }),
    );
    renderBillingPage('/billing');

    await userEvent.type(await screen.findByLabelText('Credits to add'), '10');
    await userEvent.click(screen.getByRole('button', { name: 'Add credits' }));

    const title = await screen.findByText('Failed to add credits');
    expect(title.closest('li')).toHaveAttribute('data-variant', 'destructive');
    expect(screen.getByText('Administrators only')).toBeInTheDocument();
  });
});
