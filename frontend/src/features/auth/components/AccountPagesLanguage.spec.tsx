import { DEFAULT_PREFERENCES, SIGNED_IN_HINT_COOKIE, type InvitationPreviewDto } from '@brandloom/contracts';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { switchLanguage } from '../../../lib/i18n/translate';
import { anonymous, makeUser, mockApi, renderScreen, signedInApi } from '../../../test/utils';
import ForgotPasswordPage from './ForgotPasswordPage';
import InvitationPage from './InvitationPage';
import ResetPasswordPage from './ResetPasswordPage';

const preview = (overrides: Partial<InvitationPreviewDto> = {}): InvitationPreviewDto => ({
  organization_name: 'Kaffee GmbH',
  email: 'carol@example.com',
  role: 'member',
  status: 'pending',
  valid: true,
  invited_by: 'Greta',
  expires_at: '2026-12-01T00:00:00.000Z',
  current: null,
  ...overrides,
});

/** A visitor whose browser speaks German and has no session (the password pages never ask for the user). */
function germanBrowser() {
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['de-DE', 'de']);
  document.cookie = `${SIGNED_IN_HINT_COOKIE}=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
}

afterEach(async () => {
  vi.restoreAllMocks();
  await act(() => switchLanguage('en-US'));
});

describe('the invitation and password pages in German', () => {
  it('invites a visitor in German, with the role, the tabs and the form’s own checks', async () => {
    const user = userEvent.setup();
    germanBrowser();
    mockApi({ 'GET /api/auth/user': anonymous, 'GET /api/invitations/tok-1': { body: preview() } });
    renderScreen(<InvitationPage />, { path: '/invitations/tok-1', route: '/invitations/:token' });
    expect(await screen.findByRole('heading', { name: 'Kaffee GmbH beitreten' })).toBeInTheDocument();
    expect(screen.getByText('Greta hat Sie als Mitglied eingeladen')).toBeInTheDocument();
    expect(screen.getByRole('tablist', { name: 'So treten Sie bei' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Ich bin neu hier' })).toHaveAttribute('aria-selected', 'true');
    const form = screen.getByRole('form', { name: 'Konto erstellen' });
    expect(form).toHaveTextContent('Ihr Konto verwendet carol@example.com.');
    await user.click(within(form).getByRole('button', { name: 'Konto erstellen und beitreten' }));
    expect(await within(form).findByText('Das Passwort muss mindestens 8 Zeichen lang sein')).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Ich habe ein Konto' }));
    const signIn = screen.getByRole('form', { name: 'Anmelden' });
    expect(within(signIn).getByRole('link', { name: 'Passwort vergessen?' })).toBeInTheDocument();
  });

  it('says in German why an invitation cannot be used', async () => {
    germanBrowser();
    mockApi({ 'GET /api/auth/user': anonymous, 'GET /api/invitations/old': { body: preview({ status: 'revoked', valid: false }) } });
    renderScreen(<InvitationPage />, { path: '/invitations/old', route: '/invitations/:token' });
    expect(await screen.findByText('Diese Einladung wurde widerrufen.')).toBeInTheDocument();
  });

  it('tells a signed-in German owner with a team to hand it over first, from the server’s reason', async () => {
    mockApi({
      ...signedInApi(makeUser({ email: 'carol@example.com' })),
      'GET /api/users/me/preferences': { body: { ...DEFAULT_PREFERENCES, language: 'de' } },
      'GET /api/invitations/tok-2': {
        body: preview({
          current: {
            email_matches: true,
            already_member: false,
            organization_name: 'Solo',
            organization_deleted: false,
            blocked_reason: 'You own an organization with other members. Make another member an owner before you join another organization.',
          },
        }),
      },
    });
    renderScreen(<InvitationPage />, { path: '/invitations/tok-2', route: '/invitations/:token' });
    expect(await screen.findByText('Sie sind Inhaber einer Organisation mit weiteren Mitgliedern. Machen Sie ein anderes Mitglied zum Inhaber, bevor Sie einer anderen Organisation beitreten.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Einladung annehmen' })).not.toBeInTheDocument();
  });

  it('writes the reset page’s checks and the refusal of a used link in German', async () => {
    const user = userEvent.setup();
    germanBrowser();
    mockApi({
      'GET /api/auth/user': anonymous,
      'POST /api/auth/reset-password': { status: 400, body: { statusCode: 400, message: 'This password reset link is invalid or has expired. Please request a new one.', error: 'Bad Request', code: 'account_input_invalid' } },
    });
    renderScreen(<ResetPasswordPage />, { path: '/reset-password?token=used' });
    await user.type(await screen.findByLabelText('Neues Passwort'), 'brand-new-password');
    await user.type(screen.getByLabelText('Neues Passwort bestätigen'), 'something-else');
    await user.click(screen.getByRole('button', { name: 'Neues Passwort speichern' }));
    expect(await screen.findByText('Die Passwörter stimmen nicht überein')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Neues Passwort bestätigen'));
    await user.type(screen.getByLabelText('Neues Passwort bestätigen'), 'brand-new-password');
    await user.click(screen.getByRole('button', { name: 'Neues Passwort speichern' }));
    expect(await screen.findByText('Dieser Link zum Zurücksetzen des Passworts ist ungültig oder abgelaufen. Bitte fordern Sie einen neuen an.')).toBeInTheDocument();
  });

  it('confirms a reset request in German, whatever the server’s English says', async () => {
    const user = userEvent.setup();
    germanBrowser();
    mockApi({ 'GET /api/auth/user': anonymous, 'POST /api/auth/forgot-password': { status: 202, body: { message: 'If an account exists for that email, we have sent a link to reset the password.' } } });
    renderScreen(<ForgotPasswordPage />, { path: '/forgot-password' });
    await user.type(await screen.findByLabelText('E-Mail'), 'someone@example.com');
    await user.click(screen.getByRole('button', { name: 'Link zum Zurücksetzen senden' }));
    expect(await screen.findByRole('status')).toHaveTextContent(/^Falls es ein Konto mit dieser E-Mail-Adresse gibt, haben wir einen Link zum Zurücksetzen des Passworts gesendet\./);
  });
});
