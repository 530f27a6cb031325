import { DEFAULT_PREFERENCES, type Language } from '@brandloom/contracts';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setActiveLocale } from '../../../lib/i18n/format';
import { switchLanguage } from '../../../lib/i18n/translate';
import { dismissToast } from '../../../lib/toast';
import { billingHandlers, CONFIGURED_BUNDLE_PRICE_IDS, makeProducts, mockBillingApi, type BillingHandler } from '../test/fixtures';
import { renderBillingPage } from '../test/render';
import { stubLocation } from '../../../test/utils';

beforeEach(() => void stubLocation());
afterEach(() => {
  act(() => dismissToast());
  act(() => setActiveLocale('en-US'));
  document.documentElement.lang = 'en-US';
});

/** The app has the user's language by the time a page opens (it returns from checkout to a loaded app). */
async function open(language: Language, path: string, overrides: Record<string, BillingHandler> = {}) {
  await act(() => switchLanguage(language));
  mockBillingApi(
    billingHandlers({
      'GET /api/users/me/preferences': { body: { ...DEFAULT_PREFERENCES, language } },
      'GET /api/stripe/products': { body: { products: makeProducts(CONFIGURED_BUNDLE_PRICE_IDS) } },
      ...overrides,
    }),
  );
  renderBillingPage(path);
}

describe('the purchase screens in the chosen language', () => {
  it('shows the plans, their features and the credit packs in German', async () => {
    const user = userEvent.setup();
    await open('de', '/billing');
    expect(await screen.findByRole('button', { name: 'Pro abonnieren' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Tarife & Credits' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Monats- & Jahrestarife' })).toHaveAttribute('aria-selected', 'true');
    const pro = screen.getByRole('article', { name: 'Pro' });
    expect(within(pro).getByText('Am beliebtesten')).toBeInTheDocument();
    expect(within(pro).getByText('/Monat')).toBeInTheDocument();
    expect(within(pro).getByTestId('plan-credits')).toHaveTextContent(/ Credits pro Monat$/);
    expect(within(pro).getByRole('list', { name: 'Funktionen von Pro' })).toHaveTextContent('KI-Bilderstellung');
    expect(within(pro).getByText('Unbegrenzte Plätze')).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: /Jährlich/ }));
    expect(await screen.findByText(/^Bis zu 40\s%\ssparen$/)).toBeInTheDocument();
    expect(within(await screen.findByRole('article', { name: 'Pro' })).getByTestId('plan-monthly-equivalent')).toHaveTextContent(/^~.+ pro Monat$/);

    await user.click(screen.getByRole('tab', { name: 'Einmalige Credit-Käufe' }));
    expect(await screen.findByRole('button', { name: 'Klein kaufen' })).toBeInTheDocument();
    expect(screen.getByText('Credit-Pakete verfallen nie. Einmal kaufen und die Credits nutzen, wann immer Sie sie brauchen.')).toBeInTheDocument();
    expect(screen.getAllByText('Einmalkauf').length).toBeGreaterThan(0);
    expect(screen.getAllByText('Nur kurze Zeit').length).toBeGreaterThan(0);
  });

  it('toasts the return from checkout in French, and a refused purchase in the member’s words', async () => {
    const user = userEvent.setup();
    await open('fr', '/billing?canceled=true', {
      'POST /api/stripe/create-subscription-session': { status: 503, body: { statusCode: 503, message: 'Payments are not configured', error: 'Service Unavailable', code: 'payments_not_configured' } },
    });
    expect(await screen.findByText('Paiement annulé')).toBeInTheDocument();
    expect(screen.getByText('Votre paiement a été annulé. Aucun montant n’a été débité.')).toBeInTheDocument();

    await user.click(await screen.findByRole('button', { name: 'S’abonner à Pro' }));
    const title = await screen.findByText('Erreur d’abonnement', { selector: 'li *' });
    expect(title.closest('li')).toHaveTextContent('L’achat d’offres et de crédits n’est pas encore disponible. Vos crédits de bienvenue fonctionnent en attendant');
  });

  it('opens /credits/buy on the credit packs in Spanish after a successful payment', async () => {
    await open('es', '/credits/buy?success=true&session_id=cs_test_1');
    expect(await screen.findByText('¡Pago realizado!')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Comprar Pequeño' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Compras únicas de créditos' })).toHaveAttribute('aria-selected', 'true');
  });
});
