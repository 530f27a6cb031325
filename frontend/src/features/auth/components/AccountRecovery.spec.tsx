import type { InvitationPreviewDto } from '@brandloom/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { anonymous, makeUser, mockApi, renderScreen, signedInApi } from '../../../test/utils';
import ForgotPasswordPage from './ForgotPasswordPage';
import InvitationPage from './InvitationPage';
import ResetPasswordPage from './ResetPasswordPage';
import SignInPage from './SignInPage';

const SENT = 'If an account exists for that email, we have sent a link to reset the password.';
const bodyOf = (fetchMock: ReturnType<typeof mockApi>, key: string) => {
  const call = fetchMock.mock.calls.find(([url, init]) => `${init?.method ?? 'GET'} ${String(url)}` === key);
  return call ? JSON.parse(String(call[1]?.body)) : undefined;
};

describe('password reset', () => {
  it('the sign-in page links to /forgot-password, which always gives the same answer', async () => {
    const user = userEvent.setup();
    const fetchMock = mockApi({ 'GET /api/auth/user': anonymous, 'GET /api/auth/providers': { body: { google: false } }, 'POST /api/auth/forgot-password': { status: 202, body: { message: SENT } } });
    const { router } = renderScreen(<SignInPage />, { path: '/signin', routes: [{ path: '/forgot-password', element: <ForgotPasswordPage /> }] });
    await user.click(await screen.findByRole('link', { name: 'Forgot password?' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/forgot-password'));
    await screen.findByRole('heading', { name: 'Forgot your password?' });
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'nobody@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText(new RegExp(SENT))).toBeInTheDocument();
    expect(bodyOf(fetchMock, 'POST /api/auth/forgot-password')).toEqual({ email: 'nobody@example.com' });
  });

  it('/reset-password sets the new password with the token and signs in', async () => {
    const user = userEvent.setup();
    const fetchMock = mockApi({
      ...signedInApi(),
      'GET /api/auth/user': anonymous,
      'POST /api/auth/reset-password': { body: makeUser() },
      'GET /api/dashboard/summary': () => new Promise(() => {}),
    });
    const { router } = renderScreen(<ResetPasswordPage />, { path: '/reset-password?token=abc123' });
    await user.type(await screen.findByLabelText('New password'), 'brand-new-password');
    await user.type(screen.getByLabelText('Confirm new password'), 'different-password');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Confirm new password'));
    await user.type(screen.getByLabelText('Confirm new password'), 'brand-new-password');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(bodyOf(fetchMock, 'POST /api/auth/reset-password')).toEqual({ token: 'abc123', password: 'brand-new-password' });
  });

  it('/reset-password shows the server’s refusal of a used or expired link', async () => {
    const user = userEvent.setup();
    const invalid = 'This password reset link is invalid or has expired. Please request a new one.';
    mockApi({ 'GET /api/auth/user': anonymous, 'POST /api/auth/reset-password': { status: 400, body: { statusCode: 400, message: invalid, error: 'Bad Request' } } });
    renderScreen(<ResetPasswordPage />, { path: '/reset-password?token=used' });
    await user.type(await screen.findByLabelText('New password'), 'brand-new-password');
    await user.type(screen.getByLabelText('Confirm new password'), 'brand-new-password');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText(invalid)).toBeInTheDocument();
  });
});

const preview = (overrides: Partial<InvitationPreviewDto> = {}): InvitationPreviewDto => ({
  organization_name: 'Acme Studio',
  email: 'carol@example.com',
  role: 'admin',
  status: 'pending',
  valid: true,
  invited_by: 'alice',
  expires_at: '2026-12-01T00:00:00.000Z',
  current: null,
  ...overrides,
});

describe('/invitations/{token}', () => {
  it('a new person signs up through the invitation and lands on the dashboard', async () => {
    const user = userEvent.setup();
    let signedIn = false;
    const carol = makeUser({ id: 'user-3', username: 'carol', email: 'carol@example.com' });
    const fetchMock = mockApi({
      ...signedInApi(carol),
      'GET /api/auth/user': () => (signedIn ? { body: carol } : anonymous),
      'GET /api/invitations/tok-1': () => ({
        body: preview(signedIn ? { current: { email_matches: true, already_member: true, organization_name: 'Acme Studio', organization_deleted: false, blocked_reason: null } } : {}),
      }),
      'POST /api/auth/register': () => {
        signedIn = true;
        return { status: 201, body: carol };
      },
      'GET /api/dashboard/summary': () => new Promise(() => {}),
    });
    const { router } = renderScreen(<InvitationPage />, { path: '/invitations/tok-1', route: '/invitations/:token' });
    expect(await screen.findByRole('heading', { name: 'Join Acme Studio' })).toBeInTheDocument();
    expect(screen.getByText('alice invited you as Admin')).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'Create your account' });
    await user.type(within(form).getByLabelText('Password'), 'a-long-password');
    await user.click(within(form).getByRole('button', { name: 'Create account and join' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(bodyOf(fetchMock, 'POST /api/auth/register')).toEqual({ email: 'carol@example.com', password: 'a-long-password', invitationToken: 'tok-1' });
  });

  it('a signed-in user accepts and moves into the organization', async () => {
    const user = userEvent.setup();
    const fetchMock = mockApi({
      ...signedInApi(makeUser({ email: 'carol@example.com' })),
      'GET /api/invitations/tok-2': { body: preview({ current: { email_matches: true, already_member: false, organization_name: 'Solo', organization_deleted: true, blocked_reason: null } }) },
      'POST /api/invitations/tok-2/accept': { body: { organization: {}, role: 'admin' } },
      'GET /api/dashboard/summary': () => new Promise(() => {}),
    });
    const { router } = renderScreen(<InvitationPage />, { path: '/invitations/tok-2', route: '/invitations/:token' });
    expect(await screen.findByText(/You are the only member of Solo/)).toBeInTheDocument();
    expect(screen.getByText('A user belongs to one organization at a time: accepting moves you into this organization.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Accept invitation' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(fetchMock.mock.calls.some(([url, init]) => String(url) === '/api/invitations/tok-2/accept' && init?.method === 'POST')).toBe(true);
  });

  it('says why an invitation cannot be used', async () => {
    mockApi({ 'GET /api/auth/user': anonymous, 'GET /api/invitations/old': { body: preview({ status: 'expired', valid: false }) } });
    renderScreen(<InvitationPage />, { path: '/invitations/old', route: '/invitations/:token' });
    expect(await screen.findByText('This invitation has expired. Ask for a new one.')).toBeInTheDocument();
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
  });

  it('refuses a signed-in user whose email is not the invited one', async () => {
    mockApi({
      ...signedInApi(),
      'GET /api/invitations/tok-3': { body: preview({ current: { email_matches: false, already_member: false, organization_name: 'Other', organization_deleted: false, blocked_reason: null } }) },
    });
    renderScreen(<InvitationPage />, { path: '/invitations/tok-3', route: '/invitations/:token' });
    expect(await screen.findByText('This invitation was sent to carol@example.com. Sign in with that address to accept it.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accept invitation' })).not.toBeInTheDocument();
  });
});
