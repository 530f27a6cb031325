import { SIGNED_IN_HINT_COOKIE } from '@brandloom/contracts';
import { screen, waitFor } from '@testing-library/react';
import { anonymous, mockApi, renderApp, signedInApi } from '../test/utils';

describe('protected routes', () => {
  it('checks authentication, then sends an anonymous visitor to /signin', async () => {
    mockApi({ 'GET /api/auth/user': anonymous, 'GET /api/auth/providers': { body: { google: true } } });

    const router = renderApp('/dashboard');

    expect(screen.getByText('Checking authentication...')).toBeInTheDocument();
    expect(await screen.findByText('Not authenticated')).toBeInTheDocument();
    expect(screen.getByText('Redirecting to login...')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');

    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
  });

  it('without the session hint cookie, sends the visitor to /signin without asking /api/auth/user', async () => {
    document.cookie = `${SIGNED_IN_HINT_COOKIE}=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
    const fetchMock = mockApi({ 'GET /api/auth/providers': { body: { google: true } } });

    const router = renderApp('/dashboard');

    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(fetchMock.mock.calls.map(([url]) => String(url))).not.toContain('/api/auth/user');
  });

  it('renders the page inside the app shell for a signed-in user', async () => {
    mockApi(signedInApi());

    const router = renderApp('/studio');

    expect(screen.getByText('Checking authentication...')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Image Generation Studio' })).toBeInTheDocument();
    expect(screen.queryByText('Not authenticated')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/studio');
  });
});
