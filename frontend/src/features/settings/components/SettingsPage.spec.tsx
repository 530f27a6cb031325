import { DEFAULT_PREFERENCES, type ApiKeyDto } from '@brandloom/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { COLOR_SCHEME_ATTRIBUTE } from '../../../lib/colorMode';
import { dismissToast } from '../../../lib/toast';
import { mockApi, renderApp, renderScreen, stubLocation } from '../../../test/utils';
import IntegrationsPage from './IntegrationsPage';
import SettingsPage from './SettingsPage';
import { bodiesOf, invitation, makeAccount, organizationWithRole, settingsApi } from '../test/fixtures';

afterEach(() => act(() => dismissToast()));

describe('/settings', () => {
  it('has the six tabs, the integrations and the API access card', async () => {
    mockApi(settingsApi());
    renderScreen(<SettingsPage />, { path: '/settings' });
    const tabs = await screen.findByRole('tablist', { name: 'Settings sections' });
    expect(within(tabs).getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Profile', 'Organization', 'Team', 'Billing', 'Preferences', 'Webhooks']);
    expect(screen.getByRole('heading', { name: 'Integrations' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'API access' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Create key' })).toBeInTheDocument();
    expect(screen.queryByText('API access coming soon!')).not.toBeInTheDocument();
  });

  it('/settings/integrations opens Settings on the integrations card', async () => {
    mockApi(settingsApi());
    renderScreen(<IntegrationsPage />, { path: '/settings/integrations' });
    const heading = await screen.findByRole('heading', { name: 'Integrations' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.getByRole('tablist', { name: 'Settings sections' })).toBeInTheDocument();
  });

  describe('Profile', () => {
    it('saves username and bio, and asks for the current password only when the email changes', async () => {
      const user = userEvent.setup();
      const fetchMock = mockApi(
        settingsApi('owner', {
          'PATCH /api/users/me': (init) => ({ body: { ...makeAccount(), ...JSON.parse(String(init?.body)) } }),
        }),
      );
      renderApp('/settings');
      const username = await screen.findByRole('textbox', { name: 'Username' });
      await user.clear(username);
      await user.type(username, 'alice-b');
      expect(within(screen.getByRole('form', { name: 'Profile' })).queryByLabelText('Current password')).toBeNull();
      await user.click(screen.getByRole('button', { name: 'Save profile' }));
      await waitFor(() => expect(bodiesOf(fetchMock, 'PATCH', '/api/users/me')).toEqual([{ username: 'alice-b', bio: 'Brand lead' }]));
      // The sidebar follows the saved name.
      await waitFor(() => expect(screen.getAllByTestId('sidebar-username')[0]).toHaveTextContent('alice-b'));

      const email = screen.getByRole('textbox', { name: 'Email' });
      await user.clear(email);
      await user.type(email, 'new@example.com');
      const profileForm = screen.getByRole('form', { name: 'Profile' });
      await user.click(within(profileForm).getByRole('button', { name: 'Save profile' }));
      expect(await within(profileForm).findByText('Enter your current password to change your email')).toBeInTheDocument();
      expect(bodiesOf(fetchMock, 'PATCH', '/api/users/me')).toHaveLength(1);
      await user.type(within(profileForm).getByLabelText('Current password'), 'a-long-password');
      await user.click(within(profileForm).getByRole('button', { name: 'Save profile' }));
      await waitFor(() => expect(bodiesOf(fetchMock, 'PATCH', '/api/users/me')[1]).toEqual({ username: 'alice-b', bio: 'Brand lead', email: 'new@example.com', currentPassword: 'a-long-password' }));
    });

    it('uploads an avatar and shows it in the sidebar', async () => {
      const user = userEvent.setup();
      const fetchMock = mockApi(settingsApi('owner', { 'POST /api/users/me/avatar': { body: makeAccount({ avatar_url: '/api/users/avatars/a.webp' }) } }));
      renderApp('/settings');
      await screen.findByRole('textbox', { name: 'Username' });
      await user.upload(screen.getByTestId('upload-avatar-input'), new File(['png'], 'me.png', { type: 'image/png' }));
      await waitFor(() => expect(screen.getAllByRole('img', { name: 'alice' }).some((img) => img.getAttribute('src') === '/api/users/avatars/a.webp')).toBe(true));
      const [, init] = fetchMock.mock.calls.find(([url]) => String(url) === '/api/users/me/avatar')!;
      expect((init?.body as FormData).get('avatar')).toBeInstanceOf(File);
    });

    it('changes the password with current, new and confirm', async () => {
      const user = userEvent.setup();
      const fetchMock = mockApi(settingsApi('owner', { 'POST /api/users/me/password': { status: 204 } }));
      renderScreen(<SettingsPage />, { path: '/settings' });
      const form = await screen.findByRole('form', { name: 'Change password' });
      await user.type(within(form).getByLabelText('Current password'), 'old-password');
      await user.type(within(form).getByLabelText('New password'), 'new-password-1');
      await user.type(within(form).getByLabelText('Confirm new password'), 'new-password-2');
      await user.click(within(form).getByRole('button', { name: 'Update password' }));
      expect(await within(form).findByText('Passwords do not match')).toBeInTheDocument();
      await user.clear(within(form).getByLabelText('Confirm new password'));
      await user.type(within(form).getByLabelText('Confirm new password'), 'new-password-1');
      await user.click(within(form).getByRole('button', { name: 'Update password' }));
      await waitFor(() =>
        expect(bodiesOf(fetchMock, 'POST', '/api/users/me/password')).toEqual([{ currentPassword: 'old-password', newPassword: 'new-password-1', confirmPassword: 'new-password-1' }]),
      );
      expect(await screen.findByText('Password updated. Your other sessions have been signed out.')).toBeInTheDocument();
    });

    it('deletes the account only after the typed confirmation, and shows the server’s refusal', async () => {
      const user = userEvent.setup();
      let refuse = true;
      const fetchMock = mockApi(
        settingsApi('owner', {
          'DELETE /api/users/me': () =>
            refuse
              ? { status: 409, body: { statusCode: 409, message: 'You own an organization with other members. Make another member an owner before you delete your account.', error: 'Conflict' } }
              : { status: 204 },
        }),
      );
      const { router } = renderScreen(<SettingsPage />, { path: '/settings' });
      await user.click(await screen.findByRole('button', { name: 'Delete account' }));
      const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
      const confirm = within(dialog).getByRole('button', { name: 'Delete account' });
      await user.type(within(dialog).getByLabelText('Password'), 'a-long-password');
      await user.type(within(dialog).getByLabelText('Type DELETE to confirm'), 'delete');
      expect(confirm).toBeDisabled();
      await user.clear(within(dialog).getByLabelText('Type DELETE to confirm'));
      await user.type(within(dialog).getByLabelText('Type DELETE to confirm'), 'DELETE');
      await user.click(confirm);
      expect(await within(dialog).findByText(/Make another member an owner/)).toBeInTheDocument();
      refuse = false;
      await user.click(confirm);
      await waitFor(() => expect(router.state.location.pathname).toBe('/'));
      expect(bodiesOf(fetchMock, 'DELETE', '/api/users/me')[1]).toEqual({ confirm: 'DELETE', password: 'a-long-password' });
    });
  });

  describe('Organization', () => {
    it('lets an owner edit name, website and description', async () => {
      const user = userEvent.setup();
      const fetchMock = mockApi(
        settingsApi('owner', { 'PATCH /api/organization': (init) => ({ body: { ...organizationWithRole('owner').organization, ...JSON.parse(String(init?.body)) } }) }),
      );
      renderScreen(<SettingsPage />, { path: '/settings?tab=organization' });
      const name = await screen.findByRole('textbox', { name: 'Organization name' });
      await user.clear(name);
      await user.type(name, 'Acme Roasters');
      const website = screen.getByRole('textbox', { name: 'Website' });
      await user.clear(website);
      await user.type(website, 'not a url');
      await user.click(screen.getByRole('button', { name: 'Save organization' }));
      expect(await screen.findByText('Website must be an http:// or https:// address')).toBeInTheDocument();
      await user.clear(website);
      await user.type(website, 'https://roasters.example');
      await user.click(screen.getByRole('button', { name: 'Save organization' }));
      await waitFor(() =>
        expect(bodiesOf(fetchMock, 'PATCH', '/api/organization')).toEqual([{ name: 'Acme Roasters', website: 'https://roasters.example', description: 'We roast coffee' }]),
      );
      expect(screen.getByRole('list', { name: 'Organization members' })).toHaveTextContent('bob@example.com · Member');
    });

    it('shows a member the details read-only', async () => {
      mockApi(settingsApi('member'));
      renderScreen(<SettingsPage />, { path: '/settings?tab=organization' });
      expect(await screen.findByRole('textbox', { name: 'Organization name' })).toHaveAttribute('readonly');
      expect(screen.queryByRole('button', { name: 'Save organization' })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Upload logo' })).not.toBeInTheDocument();
      expect(screen.getByText('Only owners and admins can edit the organization.')).toBeInTheDocument();
    });
  });

  describe('Team', () => {
    it('invites with a role, lists pending invitations with resend and revoke, changes roles and removes members', async () => {
      const user = userEvent.setup();
      const fetchMock = mockApi(
        settingsApi('owner', {
          'POST /api/organization/invitations': (init) => ({ status: 201, body: invitation({ id: 'inv-2', ...JSON.parse(String(init?.body)) }) }),
          'POST /api/organization/invitations/inv-1/resend': { body: invitation() },
          'DELETE /api/organization/invitations/inv-1': { status: 204 },
          'PATCH /api/organization/members/user-2': { body: { role: 'admin' } },
          'DELETE /api/organization/members/user-2': { status: 204 },
        }),
      );
      renderScreen(<SettingsPage />, { path: '/settings?tab=team' });
      const members = await screen.findByRole('table', { name: 'Team members' });
      expect(within(members).getAllByTestId('member-row')).toHaveLength(2);
      expect(screen.getByText(/one organization at a time/)).toBeInTheDocument();

      await user.click(screen.getByRole('button', { name: 'Invite member' }));
      const dialog = await screen.findByRole('dialog', { name: 'Invite a team member' });
      await user.type(within(dialog).getByRole('textbox', { name: 'Email' }), 'dave@example.com');
      await user.click(within(dialog).getByRole('combobox', { name: 'Role' }));
      await user.click(await screen.findByRole('option', { name: 'Admin' }));
      await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
      await waitFor(() => expect(bodiesOf(fetchMock, 'POST', '/api/organization/invitations')).toEqual([{ email: 'dave@example.com', role: 'admin' }]));

      const pending = await screen.findByRole('table', { name: 'Pending invitations' });
      expect(pending).toHaveTextContent('carol@example.com');
      await user.click(within(pending).getByRole('button', { name: 'Resend' }));
      await waitFor(() => expect(bodiesOf(fetchMock, 'POST', '/api/organization/invitations/inv-1/resend')).toHaveLength(1));
      await user.click(within(pending).getByRole('button', { name: 'Revoke' }));
      await waitFor(() => expect(bodiesOf(fetchMock, 'DELETE', '/api/organization/invitations/inv-1')).toHaveLength(1));

      await user.click(screen.getByRole('combobox', { name: 'Role of bob' }));
      await user.click(await screen.findByRole('option', { name: 'Admin' }));
      await waitFor(() => expect(bodiesOf(fetchMock, 'PATCH', '/api/organization/members/user-2')).toEqual([{ role: 'admin' }]));

      const bobRow = within(members).getAllByTestId('member-row')[1];
      await user.click(within(bobRow).getByRole('button', { name: 'Remove' }));
      const confirm = await screen.findByRole('dialog', { name: 'Remove bob?' });
      await user.click(within(confirm).getByRole('button', { name: 'Remove' }));
      await waitFor(() => expect(bodiesOf(fetchMock, 'DELETE', '/api/organization/members/user-2')).toHaveLength(1));
    });

    it('shows a member the table without management', async () => {
      const fetchMock = mockApi(settingsApi('member'));
      renderScreen(<SettingsPage />, { path: '/settings?tab=team' });
      const members = await screen.findByRole('table', { name: 'Team members' });
      expect(within(members).queryByRole('button', { name: 'Remove' })).not.toBeInTheDocument();
      expect(within(members).queryByRole('combobox')).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Invite member' })).not.toBeInTheDocument();
      expect(fetchMock.mock.calls.some(([url]) => String(url) === '/api/organization/invitations')).toBe(false);
    });
  });

  describe('Billing', () => {
    it('shows the real plan, price, renewal and payment method, with the portal and /billing', async () => {
      const user = userEvent.setup();
      const assign = stubLocation();
      mockApi(
        settingsApi('owner', {
          'GET /api/stripe/billing-details': {
            body: {
              subscription: { productName: 'Pro', productId: 'pro_monthly', plan_tier: 'Pro', price: 98, interval: 'month', status: 'active', cancel_at_period_end: false, current_period_end: '2026-12-05T12:00:00.000Z' },
              purchases: [],
              payment_method: { brand: 'visa', last4: '4242', exp_month: 4, exp_year: 2030 },
            },
          },
          'GET /api/stripe/customer-portal': { body: { url: 'https://billing.stripe.test/portal' } },
        }),
      );
      renderScreen(<SettingsPage />, { path: '/settings?tab=billing' });
      const billing = await screen.findByTestId('settings-billing');
      expect(billing).toHaveTextContent('Pro');
      expect(billing).toHaveTextContent('$98 / month · 75 credits per month');
      expect(billing).toHaveTextContent('Renews on December 5, 2026');
      expect(screen.getByTestId('payment-method')).toHaveTextContent('Visa ending in 4242, expires 04/2030');
      expect(within(screen.getByRole('region', { name: 'Billing' })).getByRole('link', { name: 'Credits & Billing' })).toHaveAttribute('href', '/billing');
      await user.click(screen.getByRole('button', { name: 'Manage subscription' }));
      await waitFor(() => expect(assign).toHaveBeenCalledWith('https://billing.stripe.test/portal'));
    });

    it('says plainly there is no subscription, as the Billing page does, and offers no portal without one', async () => {
      mockApi(settingsApi('owner', { 'GET /api/stripe/billing-details': { body: { subscription: null, purchases: [], payment_method: null, payments_configured: true } } }));
      renderApp('/settings?tab=billing');
      const billing = await screen.findByTestId('settings-billing');
      expect(within(billing).getByText('No subscription')).toBeInTheDocument();
      expect(billing).toHaveTextContent("welcome credits with Starter's features");
      expect(screen.queryByRole('button', { name: 'Manage subscription' })).not.toBeInTheDocument();
      expect(within(screen.getByRole('region', { name: 'Billing' })).getByRole('link', { name: 'Credits & Billing' })).toHaveAttribute('href', '/billing');
    });
  });

  describe('API access', () => {
    const listed: ApiKeyDto = {
      id: 'key-1',
      name: 'Feed sync',
      prefix: 'bl_live_abcd',
      scopes: ['generate', 'assets:read'],
      created_by: { id: 'user-1', email: 'alice@example.com', username: 'alice' },
      created_at: '2026-11-20T10:00:00.000Z',
      last_used_at: null,
    };

    it('creates a key with a name and scopes, shows it once with copy, lists it and revokes it after confirming', async () => {
      const user = userEvent.setup();
      const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
      let keys: ApiKeyDto[] = [listed];
      const fetchMock = mockApi(
        settingsApi('owner', {
          'GET /api/api-keys': () => ({ body: keys }),
          'POST /api/api-keys': (init) => {
            const body = JSON.parse(String(init?.body));
            const created = { ...listed, id: 'key-2', name: body.name, scopes: body.scopes, prefix: 'bl_live_wxyz', key: `bl_live_wxyz${'k'.repeat(39)}` };
            keys = [{ ...created, key: undefined } as unknown as ApiKeyDto, ...keys];
            return { status: 201, body: created };
          },
          'DELETE /api/api-keys/key-1': () => {
            keys = keys.filter((key) => key.id !== 'key-1');
            return { status: 204 };
          },
        }),
      );
      renderScreen(<SettingsPage />, { path: '/settings' });
      const table = await screen.findByRole('table', { name: 'API keys' });
      const row = within(table).getByTestId('api-key-row');
      expect(row).toHaveTextContent('Feed sync');
      expect(row).toHaveTextContent('bl_live_abcd…');
      expect(row).toHaveTextContent('generate');
      expect(row).toHaveTextContent('assets:read');
      expect(row).toHaveTextContent('by alice@example.com');
      expect(row).toHaveTextContent('Never');

      await user.click(screen.getByRole('button', { name: 'Create key' }));
      const dialog = await screen.findByRole('dialog', { name: 'Create an API key' });
      await user.click(within(dialog).getByRole('button', { name: 'Create key' }));
      expect(within(dialog).getByText('Name is required')).toBeInTheDocument();
      expect(within(dialog).getByText('Choose at least one scope')).toBeInTheDocument();
      expect(bodiesOf(fetchMock, 'POST', '/api/api-keys')).toEqual([]);
      await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Catalogue');
      await user.click(within(dialog).getByRole('checkbox', { name: /^generate/ }));
      await user.click(within(dialog).getByRole('checkbox', { name: /^brand:read/ }));
      await user.click(within(dialog).getByRole('button', { name: 'Create key' }));
      await waitFor(() => expect(bodiesOf(fetchMock, 'POST', '/api/api-keys')).toEqual([{ name: 'Catalogue', scopes: ['generate', 'brand:read'] }]));

      const shown = await screen.findByRole('dialog', { name: 'Your new API key' });
      expect(within(shown).getByRole('textbox', { name: 'New API key' })).toHaveValue(`bl_live_wxyz${'k'.repeat(39)}`);
      expect(within(shown).getByText(/only time it is shown/)).toBeInTheDocument();
      await user.click(within(shown).getByRole('button', { name: 'Copy key' }));
      expect(writeText).toHaveBeenCalledWith(`bl_live_wxyz${'k'.repeat(39)}`);
      await user.click(within(shown).getByRole('button', { name: 'Done' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      await waitFor(() => expect(within(screen.getByRole('table', { name: 'API keys' })).getAllByTestId('api-key-row')).toHaveLength(2));
      expect(screen.queryByText(`bl_live_wxyz${'k'.repeat(39)}`)).not.toBeInTheDocument();

      await user.click(screen.getByRole('button', { name: 'Revoke Feed sync' }));
      const confirm = await screen.findByRole('dialog', { name: 'Revoke Feed sync?' });
      expect(bodiesOf(fetchMock, 'DELETE', '/api/api-keys/key-1')).toHaveLength(0);
      await user.click(within(confirm).getByRole('button', { name: 'Revoke' }));
      await waitFor(() => expect(bodiesOf(fetchMock, 'DELETE', '/api/api-keys/key-1')).toHaveLength(1));
      await waitFor(() => expect(within(screen.getByRole('table', { name: 'API keys' })).getAllByTestId('api-key-row')).toHaveLength(1));
      expect(screen.getByRole('table', { name: 'API keys' })).not.toHaveTextContent('Feed sync');
    });

    it('tells a member that owners and admins manage keys, and asks the server for none', async () => {
      const fetchMock = mockApi(settingsApi('member'));
      renderScreen(<SettingsPage />, { path: '/settings' });
      expect(await screen.findByText('Only owners and admins can manage API keys.')).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Create key' })).not.toBeInTheDocument();
      expect(fetchMock.mock.calls.some(([url]) => String(url) === '/api/api-keys')).toBe(false);
    });
  });

  describe('Preferences', () => {
    it('stores dark mode, notifications and language on the account; dark mode switches the whole app', async () => {
      const user = userEvent.setup();
      const fetchMock = mockApi(settingsApi('owner', { 'PATCH /api/users/me/preferences': (init) => ({ body: { ...DEFAULT_PREFERENCES, ...JSON.parse(String(init?.body)) } }) }));
      renderScreen(<SettingsPage />, { path: '/settings?tab=preferences' });
      await user.click(await screen.findByRole('switch', { name: 'Dark mode' }));
      await waitFor(() => expect(document.documentElement.getAttribute(COLOR_SCHEME_ATTRIBUTE)).toBe('dark'));
      expect(bodiesOf(fetchMock, 'PATCH', '/api/users/me/preferences')).toEqual([{ dark_mode: true }]);

      await user.click(screen.getByRole('switch', { name: 'Email notifications' }));
      await user.click(screen.getByRole('combobox', { name: 'Language' }));
      await user.click(await screen.findByRole('option', { name: 'Deutsch' }));
      await waitFor(() => expect(bodiesOf(fetchMock, 'PATCH', '/api/users/me/preferences')).toEqual([{ dark_mode: true }, { email_notifications: false }, { language: 'de' }]));
    });
  });
});
