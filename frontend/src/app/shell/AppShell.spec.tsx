import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { anonymous, makeUser, mockApi, renderApp, signedInApi } from '../../test/utils';
import { setViewport, VIEWPORTS } from '../../test/viewport';

async function desktopSidebar() {
  return within(await screen.findByRole('navigation', { name: 'Main' }));
}

describe('app shell', () => {
  it('shows the user, the organization and the credit balance', async () => {
    mockApi(signedInApi(makeUser({ username: 'alice' }), 25));

    renderApp('/dashboard');

    expect(await screen.findByTestId('sidebar-username')).toHaveTextContent('alice');
    expect(await screen.findByText('Acme Studio')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('credit-balance')).toHaveTextContent('25 Credits'));
    expect(screen.getByText('A')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Generate' })).toHaveAttribute('href', '/studio');
    expect(screen.getByText(`© ${new Date().getFullYear()} Brandloom. All rights reserved.`)).toBeInTheDocument();
  });

  it('shows "..." until the balance arrives', async () => {
    let answer: (credits: number) => void = () => {};
    mockApi({
      ...signedInApi(),
      'GET /api/credits/balance': () => new Promise((resolve) => (answer = (credits) => resolve({ body: { credits } }))),
    });

    renderApp('/dashboard');

    await screen.findByText('Acme Studio');
    expect(screen.getByTestId('credit-balance')).toHaveTextContent('...');
    answer(7);
    await waitFor(() => expect(screen.getByTestId('credit-balance')).toHaveTextContent('7 Credits'));
  });

  it('falls back to "User" and "Organization" and does not ask for a balance without an organization', async () => {
    const fetchMock = mockApi({
      'GET /api/auth/user': { body: makeUser({ username: '' }) },
      'GET /api/organization': anonymous,
    });

    renderApp('/dashboard');

    expect(await screen.findByTestId('sidebar-username')).toHaveTextContent('User');
    expect(await screen.findByText('Organization')).toBeInTheDocument();
    expect(screen.getByText('U')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalledWith('/api/credits/balance', expect.anything());
    // Not '...' forever: the header says the balance is unavailable.
    expect(screen.getByTestId('credit-balance')).toHaveTextContent('Credits unavailable');
  });

  it('says the balance is unavailable when the balance call fails', async () => {
    mockApi({ ...signedInApi(), 'GET /api/credits/balance': { status: 500, body: { statusCode: 500, message: 'Internal server error', error: 'Internal Server Error' } } });

    renderApp('/dashboard');

    await waitFor(() => expect(screen.getByTestId('credit-balance')).toHaveTextContent('Credits unavailable'));
    expect(screen.getByTestId('credit-balance')).not.toHaveTextContent('...');
  });

  it('lists the sections, with Blog on desktop and no Admin Portal for a member', async () => {
    mockApi(signedInApi(makeUser({ is_admin: false })));

    renderApp('/dashboard');

    const sidebar = await desktopSidebar();
    const links = sidebar.getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')]);
    expect(links).toEqual([
      ['Dashboard', '/dashboard'],
      ['Studio', '/studio'],
      ['Brand Brain', '/brand-brain'],
      ['Library', '/library'],
      ['Performance', '/performance'],
      ['Credits & Billing', '/billing'],
      ['Settings', '/settings'],
      ['Blog', '/blog'],
    ]);
    expect(screen.queryByText('Admin Portal')).not.toBeInTheDocument();
  });

  it('adds the Admin Portal entry for administrators', async () => {
    mockApi(signedInApi(makeUser({ is_admin: true })));

    renderApp('/dashboard');

    const sidebar = await desktopSidebar();
    expect(sidebar.getByRole('link', { name: 'Admin Portal' })).toHaveAttribute('href', '/admin');
  });

  it('opens a mobile menu without Blog or Admin Portal and with a Sign Out button', async () => {
    setViewport(VIEWPORTS.phone);
    mockApi(signedInApi(makeUser({ is_admin: true })));
    renderApp('/dashboard');

    await userEvent.click(await screen.findByRole('button', { name: 'Open menu' }));

    const menu = within(await screen.findByRole('presentation'));
    expect(menu.getByRole('link', { name: 'Credits & Billing' })).toHaveAttribute('href', '/billing');
    expect(menu.queryByRole('link', { name: 'Blog' })).not.toBeInTheDocument();
    expect(menu.queryByRole('link', { name: 'Admin Portal' })).not.toBeInTheDocument();
    expect(menu.getByRole('button', { name: 'Sign Out' })).toBeInTheDocument();
  });

  it.each([
    ['/dashboard', 'Dashboard', 'Welcome back! Your creative operations at a glance.'],
    ['/studio', 'Studio', 'Generate brand-consistent images with AI'],
    ['/brand-brain', 'Brand Brain', 'Manage your brand profiles and guidelines'],
    ['/brand-profile-details/42', 'Brand Brain', 'Manage your brand profiles and guidelines'],
    ['/library', 'Asset Library', 'Browse and manage your generated assets'],
    ['/billing', 'Credits', 'Manage your credit balance and transactions'],
    ['/settings', 'Settings', 'Manage your account and preferences'],
  ])('titles %s "%s" once: the header names it for screen readers and does not repeat the subtitle', async (path, title, subtitle) => {
    mockApi(signedInApi());

    renderApp(path);

    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(within(screen.getByRole('banner')).queryByText(subtitle)).not.toBeInTheDocument();
  });

  it('logs out, forgets the session and goes to /signin', async () => {
    const fetchMock = mockApi({
      ...signedInApi(),
      'POST /api/auth/logout': { status: 204 },
      'GET /api/auth/providers': { body: { google: true } },
    });
    const router = renderApp('/dashboard');

    await userEvent.click(await screen.findByRole('button', { name: 'Log Out' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith('/api/auth/logout', expect.objectContaining({ method: 'POST' }));
  });
});
