import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { anonymous, hydratePublicPage, makeUser, mockApi, renderApp, renderScreen, signedInApi, type Reply } from '../../../test/utils';
import SignInPage from './SignInPage';

const providers = { 'GET /api/auth/providers': { body: { google: true } } };

async function fillAndSubmit(email: string, password: string) {
  await userEvent.type(await screen.findByLabelText('Email'), email);
  await userEvent.type(screen.getByLabelText('Password'), password);
  await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('/signin', () => {
  it('validates the email address and the password length', async () => {
    const fetchMock = mockApi({ 'GET /api/auth/user': anonymous, ...providers });
    renderScreen(<SignInPage />, { path: '/signin' });

    await userEvent.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 8 characters')).toBeInTheDocument();

    await fillAndSubmit('not-an-email', 'short');
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 8 characters')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalledWith('/api/auth/login', expect.anything());
  });

  it.each<[string, Reply, string]>([
    [
      'the server message',
      { status: 429, body: { statusCode: 429, message: 'Too many attempts. Try again later.', error: 'Too Many Requests' } },
      'Too many attempts. Try again later.',
    ],
    ['the default message', { status: 401 }, 'Invalid email or password'],
  ])('shows %s when sign-in fails', async (_, reply, message) => {
    mockApi({ 'GET /api/auth/user': anonymous, ...providers, 'POST /api/auth/login': reply });
    renderScreen(<SignInPage />, { path: '/signin' });

    await fillAndSubmit('alice@example.com', 'wrong-password');

    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });

  it('shows "Invalid email or password" for rejected credentials', async () => {
    mockApi({
      'GET /api/auth/user': anonymous,
      ...providers,
      'POST /api/auth/login': {
        status: 401,
        body: { statusCode: 401, message: 'Invalid email or password', error: 'Unauthorized' },
      },
    });
    const { router } = renderScreen(<SignInPage />, { path: '/signin' });

    await fillAndSubmit('alice@example.com', 'wrong-password');

    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password');
    expect(router.state.location.pathname).toBe('/signin');
  });

  it('signs in and goes to the dashboard', async () => {
    let signedIn = false;
    const user = makeUser();
    const fetchMock = mockApi({
      ...signedInApi(user),
      ...providers,
      'GET /api/auth/user': () => (signedIn ? { body: user } : anonymous),
      'POST /api/auth/login': () => {
        signedIn = true;
        return { body: user };
      },
    });
    const router = renderApp('/signin');

    await fillAndSubmit(' alice@example.com ', 'correct-horse');

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(await screen.findByTestId('sidebar-username')).toHaveTextContent('alice');
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/auth/login',
      expect.objectContaining({ method: 'POST', body: JSON.stringify({ email: 'alice@example.com', password: 'correct-horse' }) }),
    );
  });

  it('sends a signed-in user to the dashboard', async () => {
    mockApi({ ...signedInApi(), ...providers });
    const { router } = renderScreen(<SignInPage />, { path: '/signin' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('links to Google sign-in, password reset, sign-up and the legal pages', async () => {
    mockApi({ 'GET /api/auth/user': anonymous, ...providers });
    renderScreen(<SignInPage />, { path: '/signin' });

    expect(await screen.findByRole('link', { name: 'Sign in with Google' })).toHaveAttribute('href', '/api/auth/google');
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/forgot-password');
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/signup');
    expect(screen.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms');
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
  });
});

describe('/signin pre-rendered and hydrated by the public entry', () => {
  const setValue = (input: HTMLInputElement, value: string) => {
    input.value = value;
  };

  it('keeps what the visitor typed before the script ran, signs in and goes to the dashboard', async () => {
    const user = makeUser();
    const fetchMock = mockApi({ 'GET /api/auth/user': anonymous, ...providers, 'POST /api/auth/login': { body: user } });
    const errors = vi.spyOn(console, 'error');
    const { replace } = hydratePublicPage(SignInPage, {
      beforeHydration: (page) => {
        setValue(page.querySelector('input[name="email"]')!, ' alice@example.com ');
        setValue(page.querySelector('input[name="password"]')!, 'correct-horse');
      },
    });

    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    await waitFor(() => expect(replace).toHaveBeenCalledWith('/dashboard'));
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/auth/login',
      expect.objectContaining({ method: 'POST', body: JSON.stringify({ email: 'alice@example.com', password: 'correct-horse' }) }),
    );
    // The markup matched: React hydrated it rather than rendering it again.
    expect(errors).not.toHaveBeenCalled();
  });

  it('validates, then shows the server message in an alert and stays', async () => {
    mockApi({
      'GET /api/auth/user': anonymous,
      ...providers,
      'POST /api/auth/login': { status: 401, body: { statusCode: 401, message: 'Invalid email or password', error: 'Unauthorized' } },
    });
    const { replace } = hydratePublicPage(SignInPage);

    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 8 characters')).toBeInTheDocument();
    // The first invalid field takes the focus, as react-hook-form does in the SPA.
    expect(screen.getByLabelText('Email')).toHaveFocus();

    await fillAndSubmit('alice@example.com', 'wrong-password');
    expect(screen.queryByText('Please enter a valid email address')).not.toBeInTheDocument();
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password');
    expect(replace).not.toHaveBeenCalled();
  });

  it('sends a signed-in visitor to the dashboard', async () => {
    mockApi({ 'GET /api/auth/user': { body: makeUser() }, ...providers });
    const { replace } = hydratePublicPage(SignInPage);
    await waitFor(() => expect(replace).toHaveBeenCalledWith('/dashboard'));
  });

  it("offers no Google sign-in (nor its 'or' rule) when Google is not configured; 'Forgot password?' leads to /forgot-password", async () => {
    mockApi({ 'GET /api/auth/user': anonymous, 'GET /api/auth/providers': { body: { google: false } } });
    hydratePublicPage(SignInPage);

    expect(await screen.findByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/forgot-password');
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Sign in with Google' })).not.toBeInTheDocument());
    expect(screen.queryByRole('button', { name: 'Sign in with Google' })).not.toBeInTheDocument();
    expect(screen.queryByRole('separator')).not.toBeInTheDocument();
  });
});
