import type { Language } from '@brandloom/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MetaIntegrationCard } from './MetaIntegrationCard';
import { PushToMetaDialog } from './PushToMetaDialog';
import { switchLanguage } from '../../../lib/i18n/translate';
import { dismissToast } from '../../../lib/toast';
import { renderScreen } from '../../../test/utils';
import { connectedMetaStatus, libraryHandlers, makeAsset, mockLibraryApi } from '../../library/test/fixtures';

const lighthouse = makeAsset({ id: 'asset-1', name: 'Lighthouse' });
const harbour = makeAsset({ id: 'asset-2', name: 'Harbour' });
const square = makeAsset({ id: 'asset-sq', name: 'Lighthouse (1:1)', parent_asset_id: 'asset-1', format: '1:1', method: 'crop', width: 1080, height: 1080 });
const campaigns = {
  campaigns: [
    { id: '9001', name: 'Spring launch', status: 'ACTIVE', objective: 'OUTCOME_TRAFFIC', adsets: [{ id: '7001', name: 'Spring EU', status: 'PAUSED' }, { id: '7002', name: 'Spring US', status: 'ACTIVE' }] },
  ],
};

afterEach(() => act(() => dismissToast()));

/**
 * What the dialog's menus say in each language: the options' notes and Meta's statuses included, in
 * words that agree with a campaign and an ad set alike (es: 'campaña' is feminine, 'conjunto' masculine).
 */
const EXPECTED: Record<Language, { labels: [account: string, campaign: string, adSet: string, format: string]; accounts: string[]; campaigns: string[]; adSets: string[]; formats: string[] }> = {
  'en-US': {
    labels: ['Ad account', 'Campaign', 'Ad set', 'Image format'],
    accounts: ['Brandloom Ads (111)', 'Closed account (222) · Inactive'],
    campaigns: ['Spring launch · Active'],
    adSets: ['Spring EU · Paused', 'Spring US · Active'],
    formats: [
      'Original image',
      'Square 1:1 (1080×1080)',
      'Portrait 4:5 (1080×1350) · will be made · suggested for feed',
      'Story 9:16 (1080×1920) · will be made · suggested for stories',
      'Landscape 1.91:1 (1200×628) · will be made',
    ],
  },
  es: {
    labels: ['Cuenta publicitaria', 'Campaña', 'Conjunto de anuncios', 'Formato de imagen'],
    accounts: ['Brandloom Ads (111)', 'Closed account (222) · Inactiva'],
    campaigns: ['Spring launch · En curso'],
    adSets: ['Spring EU · En pausa', 'Spring US · En curso'],
    formats: [
      'Imagen original',
      'Cuadrado 1:1 (1080×1080)',
      'Vertical 4:5 (1080×1350) · se creará · ideal para el feed',
      'Historia 9:16 (1080×1920) · se creará · ideal para stories',
      'Horizontal 1.91:1 (1200×628) · se creará',
    ],
  },
  fr: {
    labels: ['Compte publicitaire', 'Campagne', 'Ensemble de publicités', 'Format d’image'],
    accounts: ['Brandloom Ads (111)', 'Closed account (222) · Inactif'],
    campaigns: ['Spring launch · En diffusion'],
    adSets: ['Spring EU · En pause', 'Spring US · En diffusion'],
    formats: [
      'Image d’origine',
      'Carré 1:1 (1080×1080)',
      'Portrait vertical 4:5 (1080×1350) · à créer · à privilégier pour le fil d’actualité',
      'Story verticale 9:16 (1080×1920) · à créer · à privilégier pour les stories',
      'Paysage 1.91:1 (1200×628) · à créer',
    ],
  },
  de: {
    labels: ['Werbekonto', 'Kampagne', 'Anzeigengruppe', 'Bildformat'],
    accounts: ['Brandloom Ads (111)', 'Closed account (222) · Inaktiv'],
    campaigns: ['Spring launch · Aktiv'],
    adSets: ['Spring EU · Pausiert', 'Spring US · Aktiv'],
    formats: [
      'Originalbild',
      'Quadrat 1:1 (1080×1080)',
      'Hochformat 4:5 (1080×1350) · wird erstellt · empfohlen für den Newsfeed',
      'Story-Format 9:16 (1080×1920) · wird erstellt · empfohlen für Stories',
      'Querformat 1.91:1 (1200×628) · wird erstellt',
    ],
  },
};

/** Opens a select of the dialog, reads its options, and picks the first one that is enabled. */
async function optionsOf(dialog: ReturnType<typeof within>, label: string): Promise<string[]> {
  await userEvent.click(await dialog.findByRole('combobox', { name: label }));
  const options = await screen.findAllByRole('option');
  const texts = options.map((option) => option.textContent ?? '');
  await userEvent.click(options.find((option) => option.getAttribute('aria-disabled') !== 'true')!);
  await waitFor(() => expect(screen.queryByRole('listbox')).not.toBeInTheDocument());
  return texts;
}

describe('Push to Meta dialog in each language', () => {
  it.each(Object.keys(EXPECTED) as Language[])('says the menus’ notes and Meta’s statuses in %s', async (language) => {
    mockLibraryApi(
      libraryHandlers({
        'GET /api/meta/status': { body: connectedMetaStatus() },
        'GET /api/meta/campaigns': { body: campaigns },
        'GET /api/assets/asset-1/formats': { body: { original: lighthouse, formats: [square], jobs: [] } },
        'GET /api/assets/asset-1': { body: lighthouse },
      }),
    );
    await act(() => switchLanguage(language));
    const expected = EXPECTED[language];
    const [account, campaign, adSet, format] = expected.labels;
    renderScreen(<PushToMetaDialog asset={lighthouse} onClose={() => {}} />);
    const dialog = within(await screen.findByRole('dialog'));
    // The formats come with the asset's formats: wait until the made ones are known.
    await waitFor(() => expect(dialog.getByRole('combobox', { name: format })).toBeInTheDocument());
    expect(await optionsOf(dialog, account)).toEqual(expected.accounts);
    expect(await optionsOf(dialog, campaign)).toEqual(expected.campaigns);
    expect(await optionsOf(dialog, adSet)).toEqual(expected.adSets);
    await waitFor(async () => {
      await userEvent.click(dialog.getByRole('combobox', { name: format }));
      expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual(expected.formats);
      await userEvent.keyboard('{Escape}');
    });
  }, 30_000);
});

describe('Push to Meta: the link to Ads Manager', () => {
  it('selects every ad of a push of several assets', async () => {
    const done = (id: string, assetId: string, adId: string) => ({
      id,
      status: 'completed',
      assetId,
      assetName: assetId,
      adAccountId: 'act_111',
      campaignId: '9001',
      adSetId: '7001',
      pageId: '501',
      creativeName: 'Variant test',
      creativeId: null,
      adId,
      error: null,
      pushedBy: 'mia',
      createdAt: '2026-11-25T10:00:00.000Z',
      completedAt: '2026-11-25T10:00:05.000Z',
    });
    mockLibraryApi(
      libraryHandlers({
        'GET /api/meta/status': { body: connectedMetaStatus() },
        'GET /api/meta/campaigns': { body: campaigns },
        'POST /api/meta/push-ads': { status: 202, body: { message: 'Pushing', batchId: 'batch-1', pushes: [done('push-1', 'asset-1', '238600001'), done('push-2', 'asset-2', '238600002')] } },
      }),
    );
    renderScreen(<PushToMetaDialog asset={null} assets={[lighthouse, harbour]} onClose={() => {}} />);
    const dialog = within(await screen.findByRole('dialog', { name: 'Push 2 images to Meta' }));
    await optionsOf(dialog, 'Ad account');
    await optionsOf(dialog, 'Facebook page');
    await optionsOf(dialog, 'Campaign');
    await optionsOf(dialog, 'Ad set');
    await userEvent.click(dialog.getByRole('button', { name: 'Push 2 ads' }));
    const toast = (await screen.findByText('Pushed to Meta', { selector: '*' })).closest('li')!;
    expect(within(toast).getByText('View in Ads Manager').closest('a')).toHaveAttribute(
      'href',
      'https://adsmanager.facebook.com/adsmanager/manage/ads?act=111&selected_ad_ids=238600001%2C238600002',
    );
  }, 30_000);
});

/** The connected integration card's words in each language (four pages: three shown, one more). */
const CARD: Record<Language, [title: string, active: string, accounts: string, more: string, refresh: string, disconnect: string]> = {
  'en-US': ['Meta Ads integration', 'Active', '2 ad accounts', '+1 more pages', 'Refresh', 'Disconnect'],
  es: ['Integración con Meta Ads', 'Activa', '2 cuentas publicitarias', '+1 página más', 'Actualizar', 'Desconectar'],
  fr: ['Intégration Meta Ads', 'Activée', '2 comptes publicitaires', '+1 page de plus', 'Actualiser', 'Déconnecter'],
  de: ['Meta-Ads-Integration', 'Aktiv', '2 Werbekonten', '+1 weitere Seite', 'Aktualisieren', 'Trennen'],
};

describe('Meta integration card in each language', () => {
  it.each(Object.keys(CARD) as Language[])('names the connection, its accounts and pages, and its actions in %s', async (language) => {
    mockLibraryApi(libraryHandlers({ 'GET /api/meta/status': { body: connectedMetaStatus() } }));
    await act(() => switchLanguage(language));
    const [title, active, accounts, more, refresh, disconnect] = CARD[language];
    renderScreen(<MetaIntegrationCard />);
    const card = within(await screen.findByRole('region', { name: title }));
    expect(await card.findByText(active)).toBeInTheDocument();
    expect(card.getByText(accounts)).toBeInTheDocument();
    expect(card.getByText(more)).toBeInTheDocument();
    expect(card.getByRole('button', { name: refresh })).toBeInTheDocument();
    expect(card.getByRole('button', { name: disconnect })).toBeInTheDocument();
  });

  it('says why a refresh failed in German, by the server’s error code, not in the server’s English', async () => {
    mockLibraryApi(
      libraryHandlers({
        'GET /api/meta/status': { body: connectedMetaStatus() },
        'POST /api/meta/refresh': { status: 409, body: { statusCode: 409, code: 'meta_token_expired', message: 'Your Meta connection has expired. Connect again.', error: 'Conflict' } },
      }),
    );
    await act(() => switchLanguage('de'));
    renderScreen(<MetaIntegrationCard />);
    const card = within(await screen.findByRole('region', { name: 'Meta-Ads-Integration' }));
    await userEvent.click(await card.findByRole('button', { name: 'Aktualisieren' }));
    const toast = (await screen.findByText('Aktualisierung fehlgeschlagen', { selector: '*' })).closest('li')!;
    expect(within(toast).getByText('Ihre Meta-Verbindung ist abgelaufen. Verbinden Sie sich erneut.')).toBeInTheDocument();
    expect(within(toast).queryByText(/expired/)).toBeNull();
  });
});
