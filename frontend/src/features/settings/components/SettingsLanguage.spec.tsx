import { DEFAULT_PREFERENCES, type ApiKeyDto, type Language } from '@brandloom/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setActiveLocale } from '../../../lib/i18n/format';
import { dismissToast } from '../../../lib/toast';
import { mockApi, renderScreen } from '../../../test/utils';
import { settingsApi, WEBHOOK_ENDPOINT_ID, webhookDelivery, webhookEndpoint } from '../test/fixtures';
import SettingsPage from './SettingsPage';

afterEach(() => {
  act(() => dismissToast());
  act(() => setActiveLocale('en-US'));
  document.documentElement.lang = 'en-US';
});

const URL = 'https://hooks.example.com/brandloom';
const endpoint = webhookEndpoint({
  url: URL,
  events: ['generation.completed'],
  enabled: false,
  disabled_reason: 'Disabled after 12 failed attempts to deliver one event',
  consecutive_failures: 12,
});
const delivery = webhookDelivery({ status_code: null, duration_ms: null, error: 'timeout', next_attempt_at: null });
const apiKey: ApiKeyDto = {
  id: 'key-1',
  name: 'Feed sync',
  prefix: 'bl_live_abcd',
  scopes: ['generate'],
  created_by: null,
  created_at: '2026-11-20T10:00:00.000Z',
  last_used_at: null,
};

function open(language: Language, tab: string, replies: Parameters<typeof settingsApi>[1] = {}) {
  mockApi(
    settingsApi('owner', {
      ...replies,
      'GET /api/users/me/preferences': { body: { ...DEFAULT_PREFERENCES, language } },
      'GET /api/webhooks': { body: [endpoint] },
      [`GET /api/webhooks/${WEBHOOK_ENDPOINT_ID}/deliveries`]: { body: [delivery] },
      'GET /api/api-keys': { body: [apiKey] },
    }),
  );
  renderScreen(<SettingsPage />, { path: `/settings?tab=${tab}` });
}

describe('Settings → Team, Webhooks and API access in the chosen language', () => {
  it('shows the team, its invitations and the invite dialog in German', async () => {
    const user = userEvent.setup();
    open('de', 'team');
    const members = await screen.findByRole('table', { name: 'Teammitglieder' });
    expect(within(members).getByRole('columnheader', { name: 'Benutzer' })).toBeInTheDocument();
    expect(within(members).getByRole('columnheader', { name: 'Rolle' })).toBeInTheDocument();
    expect(screen.getByText('alice (Sie)')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Rolle von bob' })).toHaveTextContent('Mitglied');
    const invitations = await screen.findByRole('table', { name: 'Offene Einladungen' });
    expect(within(invitations).getByText(/Läuft am .*2026 ab/)).toBeInTheDocument();
    expect(within(invitations).getByRole('button', { name: 'Erneut senden' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Mitglied einladen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Teammitglied einladen' });
    await user.click(within(dialog).getByRole('button', { name: 'Einladung senden' }));
    expect(within(dialog).getByText('Bitte geben Sie eine gültige E-Mail-Adresse ein')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Abbrechen' })).toBeInTheDocument();
  });

  it('shows an endpoint Brandloom disabled, its delivery log and the add dialog in French', async () => {
    const user = userEvent.setup();
    open('fr', 'webhooks');
    const card = await screen.findByRole('article', { name: URL });
    expect(within(card).getByRole('alert')).toHaveTextContent(/^Brandloom a désactivé cet endpoint\s: 12 tentatives de livraison d’un même événement ont échoué\. Corrigez le récepteur, puis réactivez-le\.$/);
    expect(within(card).getByText('12 tentatives échouées depuis le dernier succès')).toBeInTheDocument();
    expect(within(card).getByRole('switch', { name: 'Activé' })).not.toBeChecked();

    await user.click(within(card).getByRole('button', { name: 'Journal de livraisons' }));
    const log = await within(card).findByRole('table', { name: `Journal de livraisons de ${URL}` });
    expect(within(log).getByRole('columnheader', { name: 'Réponse' })).toBeInTheDocument();
    const [row] = within(log).getAllByTestId('delivery-row');
    expect(row).toHaveTextContent('Tentative 1');
    expect(row).toHaveTextContent('Échec');
    expect(row).toHaveTextContent('Aucune réponse');

    await user.click(screen.getByRole('button', { name: 'Ajouter un endpoint' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ajouter un endpoint de webhook' });
    expect(within(dialog).getByRole('checkbox', { name: /Le solde de crédits est bas/ })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Ajouter un endpoint' }));
    expect(within(dialog).getByText('Choisissez au moins un événement')).toBeInTheDocument();
  });

  it('shows the API keys, the create dialog with its scopes and the revoke dialog in German', async () => {
    const user = userEvent.setup();
    open('de', 'profile');
    const table = await screen.findByRole('table', { name: 'API-Schlüssel' });
    expect(within(table).getByRole('columnheader', { name: 'Zuletzt genutzt' })).toBeInTheDocument();
    expect(within(table).getByText('von einem ehemaligen Mitglied')).toBeInTheDocument();
    expect(within(table).getByText('Nie')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'API-Zugriff' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Schlüssel erstellen' }));
    const dialog = await screen.findByRole('dialog', { name: 'API-Schlüssel erstellen' });
    expect(within(dialog).getByRole('checkbox', { name: /Bilderstellungen und Anzeigenformate erstellen \(verbraucht Credits\)/ })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Schlüssel erstellen' }));
    expect(within(dialog).getByText('Name ist erforderlich')).toBeInTheDocument();
    expect(within(dialog).getByText('Wählen Sie mindestens eine Berechtigung')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Abbrechen' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'API-Schlüssel erstellen' })).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Feed sync widerrufen' }));
    expect(await screen.findByRole('dialog', { name: 'Feed sync widerrufen?' })).toHaveTextContent('Anfragen mit diesem Schlüssel werden ab sofort abgelehnt.');
  });

  it('shows the Billing tab in German: plan, price, renewal, card and the way to the billing page', async () => {
    open('de', 'billing', {
      'GET /api/stripe/billing-details': {
        body: {
          subscription: { productName: 'Pro', productId: 'pro_monthly', plan_tier: 'Pro', price: 98, interval: 'month', status: 'active', cancel_at_period_end: true, current_period_end: '2026-12-05T12:00:00.000Z' },
          purchases: [],
          payment_method: { brand: null, last4: '4242', exp_month: 4, exp_year: 2030 },
        },
      },
    });
    const card = within(await screen.findByRole('region', { name: 'Abrechnung' }));
    const billing = await card.findByTestId('settings-billing');
    expect(billing).toHaveTextContent(/98 \$ \/ Monat · 75 Credits pro Monat/);
    expect(billing).toHaveTextContent('Endet am 5. Dezember 2026');
    expect(card.getByTestId('payment-method')).toHaveTextContent('Zahlungsmethode: Karte mit Endziffern 4242, gültig bis 04/2030');
    expect(card.getByRole('button', { name: 'Abo verwalten' })).toBeInTheDocument();
    expect(card.getByRole('link', { name: 'Credits & Abrechnung' })).toHaveAttribute('href', '/billing');
  });

  it('says in Spanish that there is no subscription and how credits come meanwhile', async () => {
    open('es', 'billing', { 'GET /api/stripe/billing-details': { body: { subscription: null, purchases: [], payment_method: null, payments_configured: true } } });
    const billing = await within(await screen.findByRole('region', { name: 'Facturación' })).findByTestId('settings-billing');
    expect(within(billing).getByText('Sin suscripción')).toBeInTheDocument();
    expect(billing).toHaveTextContent('Estás usando tus créditos de bienvenida con las funciones de Starter');
    expect(within(billing).getByTestId('payment-method')).toHaveTextContent('Método de pago: ninguno registrado');
  });
});
