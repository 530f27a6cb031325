import { act, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '../../../app/AppProviders';
import { createQueryClient } from '../../../lib/queryClient';
import { DEFAULT_PREFERENCES } from '@brandloom/contracts';
import { switchLanguage } from '../../../lib/i18n/translate';
import { mockApi, signedInApi } from '../../../test/utils';
import IntegrationsPage from './IntegrationsPage';

function renderPage() {
  const router = createMemoryRouter([{ path: '/settings/integrations', element: <IntegrationsPage /> }], { initialEntries: ['/settings/integrations'] });
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

const status = { connected: true, plan_allows: true, configured: true, expired: false, metaUser: { id: '1', name: 'Mia Marketer' }, connectedAt: null, adAccounts: [], pages: [], lastSync: null };
const push = (overrides: Record<string, unknown>) => ({
  id: 'p1', status: 'completed', assetId: 'a1', assetName: 'Lighthouse', adAccountId: 'act_111', campaignId: '9001', adSetId: '7001', pageId: '501',
  creativeName: 'Lighthouse - Meta Ad', creativeId: 'c1', adId: '2386', error: null, pushedBy: 'alice', createdAt: '2026-11-20T10:00:00.000Z', completedAt: null, ...overrides,
});

describe('/settings/integrations', () => {
  it('shows the Meta card and the push history, with Ads Manager links and failures', async () => {
    mockApi({
      ...signedInApi(),
      'GET /api/meta/status': { body: status },
      'GET /api/meta/pushes': { body: { pushes: [push({}), push({ id: 'p2', status: 'failed', adId: null, assetName: null, error: META_ERROR })] } },
    });
    renderPage();
    expect(screen.getByRole('heading', { name: 'Integrations' })).toBeInTheDocument();
    expect(await screen.findByText('Mia Marketer')).toBeInTheDocument();
    const table = within(await screen.findByRole('table', { name: 'Push history' }));
    const rows = table.getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(within(rows[0]).getByRole('link', { name: 'View in Ads Manager' })).toHaveAttribute('href', 'https://adsmanager.facebook.com/adsmanager/manage/ads?act=111&selected_ad_ids=2386');
    expect(rows[1]).toHaveTextContent('Deleted asset');
    expect(rows[1]).toHaveTextContent(META_ERROR);
  });

  it('says when nothing was pushed yet', async () => {
    mockApi({ ...signedInApi(), 'GET /api/meta/status': { body: status }, 'GET /api/meta/pushes': { body: { pushes: [] } } });
    renderPage();
    expect(await screen.findByText('No assets pushed to Meta yet.')).toBeInTheDocument();
  });
});

describe('the Meta card in German', () => {
  afterEach(async () => {
    await act(() => switchLanguage('en-US'));
  });

  it('names the connection, its ad accounts and pages, the last sync and its actions in German', async () => {
    mockApi({
      ...signedInApi(),
      'GET /api/users/me/preferences': { body: { ...DEFAULT_PREFERENCES, language: 'de' } },
      'GET /api/meta/status': {
        body: {
          ...status,
          adAccounts: [{ id: 'act_1', name: 'A' }, { id: 'act_2', name: 'B' }],
          pages: Array.from({ length: 7 }, (_, i) => ({ id: `p${i}`, name: `Seite ${i}` })),
          lastSync: '2026-11-24T10:00:00.000Z',
        },
      },
      'GET /api/meta/pushes': { body: { pushes: [] } },
    });
    renderPage();
    const card = within(await screen.findByRole('region', { name: 'Meta-Ads-Integration' }));
    expect(await card.findByText('Aktiv')).toBeInTheDocument();
    expect(card.getByText('2 Werbekonten')).toBeInTheDocument();
    expect(card.getByRole('list', { name: 'Verbundene Seiten' })).toHaveTextContent(/\+\d+ weitere Seiten/);
    expect(card.getByText(/^Zuletzt synchronisiert: 24\.11\.2026/)).toBeInTheDocument();
    expect(card.getByRole('button', { name: 'Aktualisieren' })).toBeInTheDocument();
    expect(card.getByRole('button', { name: 'Trennen' })).toBeInTheDocument();
  });

  it('asks a German user to connect, and to reconnect once the connection expired', async () => {
    mockApi({
      ...signedInApi(),
      'GET /api/users/me/preferences': { body: { ...DEFAULT_PREFERENCES, language: 'de' } },
      'GET /api/meta/status': { body: { ...status, connected: false, expired: true } },
      'GET /api/meta/pushes': { body: { pushes: [] } },
    });
    renderPage();
    const card = within(await screen.findByRole('region', { name: 'Meta-Ads-Integration' }));
    expect(await card.findByText('Ihre Meta-Verbindung ist abgelaufen. Bitte verbinden Sie Ihr Meta-Business-Konto erneut.')).toBeInTheDocument();
    expect(card.getByRole('button', { name: 'Erneut verbinden' })).toBeInTheDocument();
  });
});

const META_ERROR = 'Meta answered: Invalid image';
