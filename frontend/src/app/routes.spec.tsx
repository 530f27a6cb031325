import { screen, waitFor, within } from '@testing-library/react';
import { anonymous, mockApi, renderApp, signedInApi } from '../test/utils';

describe('routes', () => {
  it('shows the not-found page for an unknown path, inside the public header (a way home) and footer (sign up)', async () => {
    mockApi({ 'GET /api/auth/user': anonymous });
    renderApp('/no-such-page');
    expect(await screen.findByText('404 Page Not Found')).toBeInTheDocument();
    const header = screen.getByRole('banner');
    expect(within(header).getByRole('link', { name: 'Brandloom' })).toHaveAttribute('href', '/');
    expect(within(header).getByRole('link', { name: 'Pricing' })).toHaveAttribute('href', '/#pricing');
    expect(within(screen.getByRole('contentinfo')).getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/signup');
  });

  it('shows the blog, reached inside the app, with the public header and footer', async () => {
    mockApi({ 'GET /api/auth/user': anonymous, 'GET /api/blog/posts?page=1&pageSize=9': { body: { posts: [], total: 0, page: 1, pageSize: 9 } } });
    renderApp('/blog');
    expect(await screen.findByRole('heading', { level: 1, name: 'Blog' })).toBeInTheDocument();
    expect(within(screen.getByRole('banner')).getByRole('link', { name: 'Brandloom' })).toHaveAttribute('href', '/');
    expect(within(screen.getByRole('contentinfo')).getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/signup');
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
