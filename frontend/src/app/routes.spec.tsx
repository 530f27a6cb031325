import { screen, waitFor } from '@testing-library/react';
import { anonymous, mockApi, renderApp, signedInApi } from '../test/utils';

describe('routes', () => {
  it('shows the not-found page for an unknown path', async () => {
    mockApi({});
    renderApp('/no-such-page');
    expect(await screen.findByText('404 Page Not Found')).toBeInTheDocument();
  });

  it('does not treat protected pages without a spec screen as unknown', async () => {
    mockApi(signedInApi());
    renderApp('/studio/bulk');
    expect(await screen.findByRole('heading', { name: 'Bulk Generation' })).toBeInTheDocument();
    expect(screen.queryByText('404 Page Not Found')).not.toBeInTheDocument();
  });

  it('redirects /credits to /billing', async () => {
    mockApi(signedInApi());

    const router = renderApp('/credits');

    await waitFor(() => expect(router.state.location.pathname).toBe('/billing'));
    expect(await screen.findByRole('heading', { name: 'Credits & Billing' })).toBeInTheDocument();
  });

  it('renders the landing page at /, which only asks whether the visitor is signed in', async () => {
    const fetchMock = mockApi({ 'GET /api/auth/user': anonymous });
    renderApp('/');
    expect(await screen.findByRole('link', { name: 'Start free' })).toHaveAttribute('href', '/signup');
    expect(screen.getAllByRole('link', { name: 'Sign in' })[0]).toHaveAttribute('href', '/signin');
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
  });
});
