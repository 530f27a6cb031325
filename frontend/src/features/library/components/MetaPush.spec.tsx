import { META_MESSAGES } from '@brandloom/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { dismissToast } from '../../../lib/toast';
import { FakeEventSource } from '../../../test/FakeEventSource';
import { makeOrganization } from '../../../test/utils';
import { connectedMetaStatus, libraryHandlers, makeAsset, metaStatus, mockLibraryApi } from '../test/fixtures';
import { choose, metaIntegration, openPushDialog, renderWithMeta, toastWith, walkCascade } from '../test/metaPush';
import { renderLibrary } from '../test/render';

const asset = makeAsset({ id: 'asset-1', name: 'Lighthouse' });
const campaigns = {
  campaigns: [
    { id: '9001', name: 'Spring launch', status: 'ACTIVE', objective: 'OUTCOME_TRAFFIC', adsets: [{ id: '7001', name: 'Spring EU', status: 'ACTIVE' }] },
    { id: '9002', name: 'Retargeting', status: 'PAUSED', objective: null, adsets: [] },
  ],
};

afterEach(() => act(() => dismissToast()));

describe('Meta integration card', () => {
  it('shows a connected account: Active, the Meta user, three pages then "+N more pages", last sync; Refresh and Disconnect toast', async () => {
    let status = connectedMetaStatus();
    const api = mockLibraryApi(
      libraryHandlers({
        'GET /api/meta/status': () => ({ body: status }),
        'POST /api/meta/refresh': { body: connectedMetaStatus() },
        'POST /api/meta/disconnect': () => ((status = metaStatus()), { body: { message: 'Meta disconnected' } }),
      }),
    );
    renderLibrary();
    const card = await metaIntegration();
    expect(await card.findByText('Active')).toBeInTheDocument();
    expect(card.getByText('Mia Marketer')).toBeInTheDocument();
    const pages = within(card.getByRole('list', { name: 'Connected pages' }));
    expect(pages.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Brandloom Page', 'Second Page', 'Third Page', '+1 more pages']);
    expect(card.getByText(/Last synced/)).toBeInTheDocument();

    await userEvent.click(card.getByRole('button', { name: 'Refresh' }));
    expect(await toastWith(META_MESSAGES.refreshed)).toBeInTheDocument();
    expect(api.to('POST', '/api/meta/refresh')).toHaveLength(1);
    act(() => dismissToast());

    await userEvent.click(card.getByRole('button', { name: 'Disconnect' }));
    expect(await toastWith(META_MESSAGES.disconnected)).toBeInTheDocument();
    expect(await card.findByRole('button', { name: 'Connect' })).toBeInTheDocument();
  });

  it("toasts 'Refresh Error' with the server's message", async () => {
    mockLibraryApi(
      libraryHandlers({
        'GET /api/meta/status': { body: connectedMetaStatus() },
        'POST /api/meta/refresh': { status: 409, body: { statusCode: 409, message: META_MESSAGES.expired, error: 'Conflict' } },
      }),
    );
    renderLibrary();
    const card = await metaIntegration();
    await userEvent.click(await card.findByRole('button', { name: 'Refresh' }));
    const toast = await toastWith(META_MESSAGES.refreshError);
    expect(toast).toHaveAttribute('data-variant', 'destructive');
    expect(toast).toHaveTextContent(META_MESSAGES.expired);
  });

  it('names the plan that includes Meta, with a link to billing, and says when the server has no Meta app', async () => {
    mockLibraryApi(libraryHandlers({ 'GET /api/meta/status': { body: metaStatus({ plan_allows: false }) } }));
    renderLibrary();
    const card = await metaIntegration();
    expect(await card.findByText(/part of the Team\+ plan/)).toBeInTheDocument();
    expect(card.getByRole('link', { name: 'Upgrade to Team+' })).toHaveAttribute('href', '/billing');
  });

  it("turns Meta's return into a toast and cleans the URL", async () => {
    mockLibraryApi(libraryHandlers());
    const { router } = renderLibrary('/library?meta=error&reason=The%20user%20denied%20access');
    const toast = await toastWith(META_MESSAGES.connectionError);
    expect(toast).toHaveTextContent('The user denied access');
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });
});

describe('Push to Meta dialog', () => {
  it('walks the cascade and pushes: inactive accounts disabled, campaigns of the account, ad sets of the campaign, then a toast linking to Ads Manager', async () => {
    const api = renderWithMeta([asset], {
      'GET /api/meta/campaigns': { body: campaigns },
      'POST /api/meta/push-asset': { status: 201, body: { message: META_MESSAGES.pushed, adResult: { id: '238600001' } } },
    });
    const dialog = await openPushDialog();
    expect(dialog.getByRole('textbox', { name: 'Creative name' })).toHaveValue('Lighthouse - Meta Ad');
    expect(dialog.getByText('20/100 characters')).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Push to Meta' })).toBeDisabled();
    expect(dialog.queryByRole('combobox', { name: 'Campaign' })).not.toBeInTheDocument();

    await userEvent.click(dialog.getByRole('combobox', { name: 'Ad account' }));
    expect(await screen.findByRole('option', { name: /Closed account.*Inactive/ })).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(screen.getByRole('option', { name: /Brandloom Ads/ }));
    await choose(dialog, 'Facebook page', 'Second Page');
    await waitFor(() => expect(dialog.getByRole('combobox', { name: 'Campaign' })).toBeInTheDocument());
    expect(api.to('GET', '/api/meta/campaigns')[0].url.searchParams.get('adAccountId')).toBe('act_111');
    await choose(dialog, 'Campaign', 'Spring launch');
    await choose(dialog, 'Ad set', 'Spring EU');

    await userEvent.click(dialog.getByRole('button', { name: 'Push to Meta' }));
    const toast = await toastWith('Pushed to Meta');
    expect(toast).toHaveTextContent(META_MESSAGES.pushed);
    const link = within(toast).getByText('View in Ads Manager').closest('a')!;
    expect(link).toHaveAttribute('href', 'https://adsmanager.facebook.com/adsmanager/manage/ads?act=111&selected_ad_ids=238600001');
    expect(link).toHaveAttribute('target', '_blank');
    expect(api.to('POST', '/api/meta/push-asset')[0].body).toEqual({
      assetId: 'asset-1',
      adAccountId: 'act_111',
      pageId: '502',
      campaignId: '9001',
      adSetId: '7001',
      creativeName: 'Lighthouse - Meta Ad',
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Push to Meta' })).not.toBeInTheDocument());
  });

  it("sends the destination link, the organization's website unless changed, and refuses one that is not https", async () => {
    const organization = makeOrganization();
    organization.organization.website = 'https://acme.example.com';
    const api = renderWithMeta([asset], {
      'GET /api/organization': { body: organization },
      'GET /api/meta/campaigns': { body: campaigns },
      'POST /api/meta/push-asset': { status: 201, body: { message: META_MESSAGES.pushed, adResult: { id: '238600009' } } },
    });
    const dialog = await openPushDialog();
    const link = dialog.getByRole('textbox', { name: 'Destination link' });
    await waitFor(() => expect(link).toHaveValue('https://acme.example.com'));
    await walkCascade(dialog, 'Second Page');

    // Pasted, not typed key by key: each key would re-render the whole dialog.
    await userEvent.clear(link);
    await userEvent.paste('http://acme.example.com');
    await userEvent.click(dialog.getByRole('button', { name: 'Push to Meta' }));
    expect(await dialog.findByText('Enter an https:// address, for example https://example.com/offer')).toBeInTheDocument();
    expect(api.to('POST', '/api/meta/push-asset')).toHaveLength(0);

    await userEvent.clear(link);
    await userEvent.paste('https://acme.example.com/spring');
    await userEvent.click(dialog.getByRole('button', { name: 'Push to Meta' }));
    await toastWith('Pushed to Meta');
    expect(api.to('POST', '/api/meta/push-asset')[0].body).toMatchObject({ assetId: 'asset-1', adSetId: '7001', link: 'https://acme.example.com/spring' });
  });

  const translatedAd = (id: string, assetId: string, language: string | null, created: string) => ({ id, asset_id: assetId, language, placement: '1:1', layout: 'headline-top', status: 'completed', created_at: created });
  const translatedAdApi = () =>
    mockLibraryApi(
      libraryHandlers({
        'GET /api/assets': { body: [asset] },
        'GET /api/assets/asset-1': { body: { ...asset, method: 'ad', parent_asset_id: 'picture-1' } },
        'GET /api/ads': {
          body: {
            ads: [
              translatedAd('ad-en', 'asset-1', null, '2026-11-25T08:00:00Z'),
              translatedAd('ad-de', 'asset-de', 'de', '2026-11-25T08:01:00Z'),
              { ...translatedAd('ad-fr', 'asset-fr', 'fr', '2026-11-25T08:02:00Z'), placement: '9:16' },
            ],
          },
        },
        'GET /api/meta/status': { body: connectedMetaStatus() },
        'GET /api/meta/campaigns': { body: campaigns },
        'POST /api/meta/push-asset': { status: 201, body: { message: META_MESSAGES.pushed, adResult: { id: '238600011' } } },
      }),
    );
  const fillPush = async () => {
    const dialog = await openPushDialog();
    await walkCascade(dialog, 'Second Page');
    return dialog;
  };

  it('offers an ad with translations as one multi-language ad (the default) or one ad per language', async () => {
    const api = translatedAdApi();
    renderLibrary();
    const dialog = await fillPush();
    // The French ad is of another placement: English and German are this ad's languages.
    expect(await dialog.findByRole('group', { name: 'This ad is in 2 languages' })).toBeInTheDocument();
    expect(dialog.getByRole('radio', { name: 'One multi-language ad: Meta shows each person their language' })).toBeChecked();
    await userEvent.click(dialog.getByRole('button', { name: 'Push to Meta' }));
    await toastWith('Pushed to Meta');
    expect(api.to('POST', '/api/meta/push-asset')).toHaveLength(1);
    expect(api.to('POST', '/api/meta/push-asset')[0].body).toMatchObject({ assetId: 'asset-1', adSetId: '7001', multiLanguage: true });
  });

  it('pushes an ad with translations as one ad per language when asked, each named with its language', async () => {
    const api = translatedAdApi();
    renderLibrary();
    const dialog = await fillPush();
    await userEvent.click(await dialog.findByRole('radio', { name: 'One ad per language (2 ads)' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Push to Meta' }));
    await waitFor(() => expect(api.to('POST', '/api/meta/push-asset')).toHaveLength(2));
    const [english, german] = api.to('POST', '/api/meta/push-asset').map((call) => call.body as Record<string, unknown>);
    expect(english).toMatchObject({ assetId: 'asset-1', creativeName: expect.stringMatching(/\(en-US\)$/) });
    expect(german).toMatchObject({ assetId: 'asset-de', creativeName: expect.stringMatching(/\(de\)$/) });
    expect(german).not.toHaveProperty('multiLanguage');
  });

  it('offers the asset’s ad formats (4:5 suggested for feed, 9:16 for stories), makes a missing one first, then pushes that image', async () => {
    FakeEventSource.install();
    const square = makeAsset({ id: 'asset-sq', name: 'Lighthouse (1:1)', parent_asset_id: 'asset-1', format: '1:1', method: 'crop', width: 1080, height: 1080 });
    const api = renderWithMeta([asset], {
      'GET /api/meta/campaigns': { body: campaigns },
      'GET /api/assets/asset-1/formats': { body: { original: asset, formats: [square], jobs: [] } },
      'POST /api/assets/asset-1/formats': {
        status: 201,
        body: { jobs: [{ id: 'job-9', asset_id: 'asset-1', format: '9:16', method: 'crop', status: 'queued', progress: 0, message: null, result_asset_id: null, credits_charged: 0, progressUrl: '/api/formats/progress/job-9' }], creditsCharged: 0, creditsRemaining: 10 },
      },
      'POST /api/meta/push-asset': { status: 201, body: { message: META_MESSAGES.pushed, adResult: { id: '238600002' } } },
    });
    const dialog = await openPushDialog();
    await userEvent.click(dialog.getByRole('combobox', { name: 'Image format' }));
    const options = (await screen.findAllByRole('option')).map((option) => option.textContent);
    expect(options).toEqual([
      'Original image',
      'Square 1:1 (1080×1080)',
      'Portrait 4:5 (1080×1350) · will be made · suggested for feed',
      'Story 9:16 (1080×1920) · will be made · suggested for stories',
      'Landscape 1.91:1 (1200×628) · will be made',
    ]);
    await userEvent.click(screen.getByRole('option', { name: /Story 9:16/ }));
    await walkCascade(dialog);
    await userEvent.click(dialog.getByRole('button', { name: 'Push to Meta' }));

    await waitFor(() => expect(api.to('POST', '/api/assets/asset-1/formats')).toHaveLength(1));
    expect(api.to('POST', '/api/assets/asset-1/formats')[0].body).toEqual({ formats: ['9:16'], method: 'crop' });
    expect(api.to('POST', '/api/meta/push-asset')).toHaveLength(0);
    FakeEventSource.for('/api/formats/progress/job-9').emit('progress', { progress: 50 });
    expect(await dialog.findByText('Making the 9:16 format… 50%')).toBeInTheDocument();
    FakeEventSource.for('/api/formats/progress/job-9').emit('completed', { progress: 100, format: '9:16' });
    await toastWith('Pushed to Meta');
    expect(api.to('POST', '/api/meta/push-asset')[0].body).toMatchObject({ assetId: 'asset-1', format: '9:16', adSetId: '7001' });
  });

  it("refuses an incomplete form with the product's messages and the 'Missing Information' toast", async () => {
    const api = renderWithMeta([asset], { 'GET /api/meta/campaigns': { body: campaigns } });
    const dialog = await openPushDialog();
    await choose(dialog, 'Ad account', 'Brandloom Ads');
    await waitFor(() => expect(dialog.getByRole('combobox', { name: 'Campaign' })).toBeInTheDocument());
    await choose(dialog, 'Campaign', 'Spring launch');
    await choose(dialog, 'Ad set', 'Spring EU');
    await userEvent.clear(dialog.getByRole('textbox', { name: 'Creative name' }));
    await userEvent.type(dialog.getByRole('textbox', { name: 'Creative name' }), '   ');
    await userEvent.click(dialog.getByRole('button', { name: 'Push to Meta' }));

    const toast = await toastWith(META_MESSAGES.missingInformation);
    expect(toast).toHaveTextContent(META_MESSAGES.missingInformationDescription);
    expect(dialog.getByText(META_MESSAGES.selectPage)).toBeInTheDocument();
    expect(dialog.getByText(META_MESSAGES.enterCreativeName)).toBeInTheDocument();
    expect(api.to('POST', '/api/meta/push-asset')).toHaveLength(0);
  });

  it("says 'Push Failed' with the generic text, and Meta's message only in debug mode; follows a 202 to the end", async () => {
    let pushes = 0;
    renderWithMeta([asset], {
      'GET /api/meta/campaigns': { body: campaigns },
      'POST /api/meta/push-asset': () =>
        ++pushes <= 2
          ? { status: 502, body: { statusCode: 502, message: 'Meta answered: Invalid image', error: 'Bad Gateway' } }
          : { status: 202, body: { message: 'The push is still running', pushId: 'push-1' } },
      'GET /api/meta/pushes/push-1': { body: { id: 'push-1', status: 'completed', adId: '238600009' } },
    });
    const dialog = await openPushDialog();
    await walkCascade(dialog);

    await userEvent.click(dialog.getByRole('button', { name: 'Push to Meta' }));
    expect(await toastWith(META_MESSAGES.pushFailedTitle)).toHaveTextContent(META_MESSAGES.pushFailedDescription);
    act(() => dismissToast());

    await userEvent.click(dialog.getByRole('checkbox', { name: /Debug mode/ }));
    await userEvent.click(dialog.getByRole('button', { name: 'Push to Meta' }));
    expect(await toastWith(META_MESSAGES.pushFailedTitle)).toHaveTextContent('Meta answered: Invalid image');
    act(() => dismissToast());

    await userEvent.click(dialog.getByRole('button', { name: 'Push to Meta' }));
    const toast = await toastWith('Pushed to Meta');
    expect(within(toast).getByText('View in Ads Manager').closest('a')).toHaveAttribute('href', expect.stringContaining('selected_ad_ids=238600009'));
  });

  it('searches campaigns above five, by name or id, after a pause, and says when none match', async () => {
    const many = {
      campaigns: Array.from({ length: 7 }, (_, i) => ({ id: `90${i}`, name: i === 3 ? 'Black Friday' : `Campaign ${i}`, status: 'ACTIVE', objective: null, adsets: [] })),
    };
    renderWithMeta([asset], { 'GET /api/meta/campaigns': { body: many } });
    const dialog = await openPushDialog();
    await choose(dialog, 'Ad account', 'Brandloom Ads');
    const search = await dialog.findByRole('searchbox', { name: 'Search campaigns' });
    await userEvent.type(search, 'black');
    await new Promise((resolve) => setTimeout(resolve, 400));
    await userEvent.click(dialog.getByRole('combobox', { name: 'Campaign' }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['Black Friday · Active']);
    await userEvent.click(screen.getByRole('option', { name: /Black Friday/ }));
    await userEvent.type(search, '{Control>}a{/Control}902');
    await new Promise((resolve) => setTimeout(resolve, 400));
    await userEvent.click(dialog.getByRole('combobox', { name: 'Campaign' }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['Campaign 2 · Active']);
    await userEvent.click(screen.getByRole('option', { name: /Campaign 2/ }));
    await userEvent.clear(search);
    await userEvent.type(search, 'nothing');
    expect(await dialog.findByText('No campaigns found matching "nothing"')).toBeInTheDocument();
  });
});
