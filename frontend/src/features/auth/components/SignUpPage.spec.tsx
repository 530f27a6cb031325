import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { anonymous, hydratePublicPage, makeUser, mockApi, renderScreen, signedInApi } from '../../../test/utils';
import SignUpPage from './SignUpPage';

describe('/signup', () => {
  it('offers no Google sign-up when Google is not configured', async () => {
    mockApi({ 'GET /api/auth/user': anonymous, 'GET /api/auth/providers': { body: { google: false } } });
    renderScreen(<SignUpPage />, { path: '/signup' });

    await screen.findByLabelText(/Email/);
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Sign up with Google' })).not.toBeInTheDocument());
    expect(screen.queryByText(/Google/)).not.toBeInTheDocument();
  });

  it('offers Google sign-up when it is configured', async () => {
    mockApi({ 'GET /api/auth/user': anonymous, 'GET /api/auth/providers': { body: { google: true } } });
    renderScreen(<SignUpPage />, { path: '/signup' });

    expect(await screen.findByRole('link', { name: 'Sign up with Google' })).toHaveAttribute('href', '/api/auth/google');
    expect(screen.queryByText('Google sign-in is not configured')).not.toBeInTheDocument();
  });

  it('validates the email address and the password length', async () => {
    mockApi({ 'GET /api/auth/user': anonymous, 'GET /api/auth/providers': { body: { google: true } } });
    renderScreen(<SignUpPage />, { path: '/signup' });

    await userEvent.type(await screen.findByLabelText('Email'), 'nope');
    await userEvent.type(screen.getByLabelText('Password'), '1234567');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 8 characters')).toBeInTheDocument();
  });

  it('shows the server message when the email is taken', async () => {
    mockApi({
      'GET /api/auth/user': anonymous,
      'GET /api/auth/providers': { body: { google: true } },
      'POST /api/auth/register': {
        status: 409,
        body: { statusCode: 409, message: 'An account with this email already exists', error: 'Conflict' },
      },
    });
    renderScreen(<SignUpPage />, { path: '/signup' });

    await userEvent.type(await screen.findByLabelText('Email'), 'alice@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'long-enough');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('An account with this email already exists');
  });

  it('registers (leaving out a blank username) and goes to the dashboard', async () => {
    let registered = false;
    const user = makeUser({ username: '' });
    const fetchMock = mockApi({
      ...signedInApi(user),
      'GET /api/auth/providers': { body: { google: true } },
      'GET /api/auth/user': () => (registered ? { body: user } : anonymous),
      'POST /api/auth/register': () => {
        registered = true;
        return { status: 201, body: user };
      },
    });
    const { router } = renderScreen(<SignUpPage />, { path: '/signup' });

    await userEvent.type(await screen.findByLabelText('Username'), '   ');
    await userEvent.type(screen.getByLabelText('Email'), 'new@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'long-enough');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/auth/register',
      expect.objectContaining({ body: JSON.stringify({ email: 'new@example.com', password: 'long-enough' }) }),
    );
  });

  it('sends a signed-in user to the dashboard', async () => {
    mockApi({ ...signedInApi(), 'GET /api/auth/providers': { body: { google: true } } });
    const { router } = renderScreen(<SignUpPage />, { path: '/signup' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });
});

describe('/signup pre-rendered and hydrated by the public entry', () => {
  it('registers and goes to the dashboard', async () => {
    const fetchMock = mockApi({
      'GET /api/auth/user': anonymous,
      'GET /api/auth/providers': { body: { google: true } },
      'POST /api/auth/register': { status: 201, body: makeUser({ username: 'Newcomer' }) },
    });
    const errors = vi.spyOn(console, 'error');
    const { replace } = hydratePublicPage(SignUpPage);

    await userEvent.type(screen.getByLabelText('Username'), ' Newcomer ');
    await userEvent.type(screen.getByLabelText('Email'), 'new@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'long-enough');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));

    await waitFor(() => expect(replace).toHaveBeenCalledWith('/dashboard'));
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/auth/register',
      expect.objectContaining({ body: JSON.stringify({ email: 'new@example.com', password: 'long-enough', username: 'Newcomer' }) }),
    );
    expect(errors).not.toHaveBeenCalled();
  });

  it('shows the server message when the email is taken', async () => {
    mockApi({
      'GET /api/auth/user': anonymous,
      'GET /api/auth/providers': { body: { google: true } },
      'POST /api/auth/register': { status: 409, body: { statusCode: 409, message: 'An account with this email already exists', error: 'Conflict' } },
    });
    const { replace } = hydratePublicPage(SignUpPage);

    await userEvent.type(screen.getByLabelText('Email'), 'alice@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'long-enough');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('An account with this email already exists');
    expect(replace).not.toHaveBeenCalled();
  });
});
