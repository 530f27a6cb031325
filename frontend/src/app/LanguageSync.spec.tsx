import { DEFAULT_PREFERENCES, SIGNED_IN_HINT_COOKIE, type Language } from '@brandloom/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { billingHandlers, makeTransaction, mockBillingApi, transactionsPath } from '../features/billing/test/fixtures';
import { settingsApi } from '../features/settings/test/fixtures';
import { browserLanguage, switchLanguage } from '../lib/i18n/translate';
import { mockApi, renderApp } from '../test/utils';

const preferencesIn = (language: Language) => ({ 'GET /api/users/me/preferences': { body: { ...DEFAULT_PREFERENCES, language } } });

describe('the app’s language', () => {
  it('is the signed-in user’s stored preference: menu, headings, table, dates, prices and plurals', async () => {
    mockBillingApi({
      ...billingHandlers({ [transactionsPath('all')]: { body: [makeTransaction({ type: 'purchase', amount: 60, description: 'Medium pack', created_at: '2026-11-24T12:00:00.000Z' })] } }),
      ...preferencesIn('de'),
    });
    renderApp('/billing');

    expect(await screen.findByRole('heading', { name: 'Credits & Abrechnung', level: 2 })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('de');
    const nav = screen.getAllByRole('navigation', { name: 'Hauptmenü' })[0];
    expect(within(nav).getByRole('link', { name: 'Einstellungen' })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Bibliothek' })).toBeInTheDocument();

    const table = await screen.findByRole('table', { name: 'Credit-Transaktionen' });
    expect(within(table).getByRole('columnheader', { name: 'Datum' })).toBeInTheDocument();
    expect(within(table).getByText(/^24\. Nov\. 2026/)).toBeInTheDocument();
    expect(within(table).getByText('Credit-Kauf')).toBeInTheDocument();
    expect(screen.getByTestId('cost-low')).toHaveTextContent('1 Credit');
    expect(screen.getByTestId('cost-high')).toHaveTextContent('4 Credits');
    // Prices: amount first, the symbol after a no-break space.
    await waitFor(() => expect(document.body.textContent).toMatch(/\d\u00a0\$/));
    expect(document.body.textContent).not.toMatch(/\$\d/);
  });

  it.each([
    ['es', '1 crédito', '2 créditos'],
    ['fr', '1 crédit', '2 crédits'],
  ] as const)('writes the cost per image with %s plurals', async (language, one, two) => {
    mockBillingApi({ ...billingHandlers(), ...preferencesIn(language) });
    renderApp('/billing');
    await waitFor(() => expect(document.documentElement.lang).toBe(language));
    expect(await screen.findByTestId('cost-low')).toHaveTextContent(one);
    expect(screen.getByTestId('cost-medium')).toHaveTextContent(two);
  });

  it('switches at once when the user picks another language in Settings → Preferences', async () => {
    const user = userEvent.setup();
    mockApi(settingsApi('owner', { 'PATCH /api/users/me/preferences': (init) => ({ body: { ...DEFAULT_PREFERENCES, ...JSON.parse(String(init?.body)) } }) }));
    renderApp('/settings?tab=preferences');

    await user.click(await screen.findByRole('combobox', { name: 'Language' }));
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['English (US)', 'Español', 'Français', 'Deutsch']);
    await user.click(screen.getByRole('option', { name: 'Français' }));

    expect(await screen.findByRole('combobox', { name: 'Langue' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('fr');
    expect(screen.getByRole('tab', { name: 'Préférences' })).toBeInTheDocument();
    expect(within(screen.getAllByRole('navigation', { name: 'Principal' })[0]).getByRole('link', { name: 'Paramètres' })).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Langue' }));
    await user.click(screen.getByRole('option', { name: 'English (US)' }));
    expect(await screen.findByRole('combobox', { name: 'Language' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('en-US');
  });

  it('is the browser’s language for a visitor when it is one of the four, else en-US', () => {
    expect(browserLanguage(['de-DE', 'en'])).toBe('de');
    expect(browserLanguage(['fr-CA'])).toBe('fr');
    expect(browserLanguage(['it', 'es-MX'])).toBe('es');
    expect(browserLanguage(['en-GB', 'de'])).toBe('en-US');
    expect(browserLanguage(['ja'])).toBe('en-US');
  });

  it('is the browser’s language on a visitor’s page that never asks for the user (/forgot-password)', async () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['fr-FR', 'fr']);
    // A browser without a session (tests run as one the server marked signed in).
    document.cookie = `${SIGNED_IN_HINT_COOKIE}=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
    try {
      renderApp('/forgot-password');
      expect(await screen.findByRole('heading', { name: /^Mot de passe oublié/ })).toBeInTheDocument();
      expect(document.documentElement.lang).toBe('fr');
    } finally {
      vi.restoreAllMocks();
      await switchLanguage('en-US');
    }
  });
});
