// The push dialog and the integration card, their messages and timings, rule by rule: the
// texts of empty lists and failures, the campaign search's threshold and debounce, the progress
// shown while the push job runs, the card's error toasts and its 30 s polling.
import { META_MESSAGES } from '@brandloom/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { switchLanguage } from '../../../lib/i18n/translate';
import { dismissToast } from '../../../lib/toast';
import { connectedMetaStatus, makeAsset, metaStatus, type LibraryHandler } from '../test/fixtures';
import { choose, metaIntegration, openPushDialog, renderWithMeta, toastWith, walkCascade } from '../test/metaPush';
import { fakeTimeoutsOnly } from '../../../test/fakeTimeouts';
import { makeUser, stubLocation } from '../../../test/utils';

const asset = makeAsset({ id: 'asset-1', name: 'Lighthouse' });
const spring = { id: '9001', name: 'Spring launch', status: 'ACTIVE', objective: 'OUTCOME_TRAFFIC', adsets: [{ id: '7001', name: 'Spring EU', status: 'ACTIVE' }] };
const campaignsOf = (count: number) => ({
  campaigns: Array.from({ length: count }, (_, i) => ({ id: `90${i}`, name: i === 3 ? 'Black Friday' : `Campaign ${i}`, status: 'ACTIVE', objective: null, adsets: [] })),
});

afterEach(() => act(() => dismissToast()));

const failure = (status: number, message: string, code?: string) => ({ status, body: { statusCode: status, message, error: 'Error', code } });

const renderWith = (overrides: Record<string, LibraryHandler>) => renderWithMeta([asset], overrides);
// On a plan without Meta the menu item also names the plan that has it.
const openAnyPushDialog = () => openPushDialog(/^Push to Meta/);

describe('Push to Meta dialog: texts', () => {
  it("says 'Meta account not connected' with the product's sentence and offers no push", async () => {
    renderWith({ 'GET /api/meta/status': { body: metaStatus() } });
    const dialog = await openAnyPushDialog();
    expect(await dialog.findByText(META_MESSAGES.notConnected)).toBeInTheDocument();
    expect(dialog.getByText(META_MESSAGES.notConnectedDescription)).toBeInTheDocument();
    expect(dialog.queryByRole('button', { name: 'Push to Meta' })).not.toBeInTheDocument();
  });

  it('offers Connect Meta inside the dialog when the organization is not connected', async () => {
    renderWith({ 'GET /api/meta/status': { body: metaStatus() } });
    const dialog = await openAnyPushDialog();
    expect(await dialog.findByRole('button', { name: 'Connect Meta' })).toBeInTheDocument();
  });

  it('offers an upgrade link instead of Connect when the plan does not include Meta', async () => {
    renderWith({ 'GET /api/meta/status': { body: metaStatus({ plan_allows: false }) } });
    const dialog = await openAnyPushDialog();
    expect(await dialog.findByRole('link', { name: 'Upgrade to Team+' })).toHaveAttribute('href', '/billing');
    expect(dialog.getByText(META_MESSAGES.planUpgrade)).toBeInTheDocument();
    expect(dialog.queryByRole('button', { name: 'Connect Meta' })).not.toBeInTheDocument();
  });

  it('tells a member in their words that Meta is not available, and an administrator which variables turn it on', async () => {
    renderWith({ 'GET /api/meta/status': { body: metaStatus({ configured: false }) } });
    const memberDialog = await openAnyPushDialog();
    const memberText = (await memberDialog.findByTestId('meta-not-configured')).textContent ?? '';
    expect(memberText).toBe(META_MESSAGES.notConfigured);
    expect(memberText).not.toMatch(/on this server|META_|environment variable|\.env/);
    expect(memberDialog.queryByRole('button', { name: 'Connect Meta' })).not.toBeInTheDocument();
  });

  it('shows an administrator META_APP_ID in the dialog when Meta is not configured', async () => {
    renderWith({ 'GET /api/auth/user': { body: makeUser({ is_admin: true }) }, 'GET /api/meta/status': { body: metaStatus({ configured: false }) } });
    const dialog = await openAnyPushDialog();
    expect(await dialog.findByTestId('meta-not-configured')).toHaveTextContent('META_APP_ID');
  });

  it("says 'No ad accounts found' and 'No pages found' when the connection has none", async () => {
    renderWith({
      'GET /api/meta/status': { body: connectedMetaStatus({ adAccounts: [], pages: [] }) },
    });
    const empty = await openAnyPushDialog();
    expect(await empty.findByText(META_MESSAGES.noAdAccounts)).toBeInTheDocument();
    expect(empty.getByText(META_MESSAGES.noPages)).toBeInTheDocument();
  });

  it("says 'No campaigns found' for an account without campaigns", async () => {
    renderWith({ 'GET /api/meta/campaigns': { body: { campaigns: [] } } });
    const dialog = await openAnyPushDialog();
    await choose(dialog, 'Ad account', 'Brandloom Ads');
    expect(await dialog.findByText(META_MESSAGES.noCampaigns)).toBeInTheDocument();
  });

  it("says 'No ad sets found' for a campaign without ad sets", async () => {
    renderWith({ 'GET /api/meta/campaigns': { body: { campaigns: [{ ...spring, adsets: [] }] } } });
    const dialog = await openAnyPushDialog();
    await choose(dialog, 'Ad account', 'Brandloom Ads');
    await waitFor(() => expect(dialog.getByRole('combobox', { name: 'Campaign' })).toBeInTheDocument());
    await choose(dialog, 'Campaign', 'Spring launch');
    expect(await dialog.findByText(META_MESSAGES.noAdSets)).toBeInTheDocument();
  });

  it("says 'Failed to load campaigns. Please try again.' and the raw error only in debug mode", async () => {
    renderWith({ 'GET /api/meta/campaigns': failure(429, META_MESSAGES.rateLimited) });
    const dialog = await openAnyPushDialog();
    await choose(dialog, 'Ad account', 'Brandloom Ads');
    expect(await dialog.findByText(META_MESSAGES.campaignsFailed)).toBeInTheDocument();
    expect(dialog.queryByText(META_MESSAGES.rateLimited)).not.toBeInTheDocument();
    await userEvent.click(dialog.getByRole('checkbox', { name: /Debug mode/ }));
    expect(await dialog.findByText(META_MESSAGES.rateLimited)).toBeInTheDocument();
  });

  it('names a retired Graph API version even outside debug mode, by its code: trying again cannot help', async () => {
    renderWith({ 'GET /api/meta/campaigns': failure(503, META_MESSAGES.versionRetired('v24.0'), 'meta_graph_retired') });
    const dialog = await openAnyPushDialog();
    await choose(dialog, 'Ad account', 'Brandloom Ads');
    expect(await dialog.findByText(META_MESSAGES.versionRetired('v24.0'))).toBeInTheDocument();
    expect(dialog.queryByText(META_MESSAGES.campaignsFailed)).not.toBeInTheDocument();
  });

  it('keeps other failures generic outside debug mode, whatever their words', async () => {
    renderWith({ 'GET /api/meta/campaigns': failure(502, 'Meta no longer likes this ad account', 'meta_api_error') });
    const dialog = await openAnyPushDialog();
    await choose(dialog, 'Ad account', 'Brandloom Ads');
    expect(await dialog.findByText(META_MESSAGES.campaignsFailed)).toBeInTheDocument();
    expect(dialog.queryByText('Meta no longer likes this ad account')).not.toBeInTheDocument();
  });

  it('names a retired version in the language of the interface', async () => {
    renderWith({ 'GET /api/meta/campaigns': failure(503, META_MESSAGES.versionRetired('v24.0'), 'meta_graph_retired') });
    const dialog = await openAnyPushDialog();
    await choose(dialog, 'Ad account', 'Brandloom Ads');
    expect(await dialog.findByText(META_MESSAGES.versionRetired('v24.0'))).toBeInTheDocument();
    await act(() => switchLanguage('de'));
    expect(await dialog.findByText('Meta unterstützt diese Anfrage nicht mehr.')).toBeInTheDocument();
  });

  it('counts the creative name live as "n/100 characters"', async () => {
    renderWith({});
    const dialog = await openAnyPushDialog();
    const name = dialog.getByRole('textbox', { name: 'Creative name' });
    expect(dialog.getByText('20/100 characters')).toBeInTheDocument();
    await userEvent.clear(name);
    await userEvent.type(name, 'Spring');
    expect(dialog.getByText('6/100 characters')).toBeInTheDocument();
  });
});

describe('Push to Meta dialog: while the push runs', () => {
  it('shows a progress indicator and keeps the push button disabled until the job ends', async () => {
    let answer!: (reply: { status: number; body: unknown }) => void;
    renderWith({
      'GET /api/meta/campaigns': { body: { campaigns: [spring] } },
      'POST /api/meta/push-asset': () => new Promise((resolve) => (answer = resolve)),
    });
    const dialog = await openAnyPushDialog();
    await walkCascade(dialog);
    await userEvent.click(dialog.getByRole('button', { name: 'Push to Meta' }));

    expect(await dialog.findByRole('progressbar', { name: 'Pushing to Meta' })).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Pushing…' })).toBeDisabled();
    answer({ status: 201, body: { message: META_MESSAGES.pushed, adResult: { id: '238600001' } } });
    expect(await toastWith('Pushed to Meta')).toHaveTextContent(META_MESSAGES.pushed);
  });
});

describe('Push to Meta dialog: campaign search', () => {
  // The 300 ms debounce is under the test's control.
  fakeTimeoutsOnly();

  const optionNames = async (dialog: ReturnType<typeof within>) => {
    await userEvent.click(dialog.getByRole('combobox', { name: 'Campaign' }));
    const names = (await screen.findAllByRole('option')).map((o) => o.textContent);
    await userEvent.keyboard('{Escape}');
    return names;
  };

  it('has no search box with 5 campaigns', async () => {
    renderWith({ 'GET /api/meta/campaigns': { body: campaignsOf(5) } });
    const dialog = await openAnyPushDialog();
    await choose(dialog, 'Ad account', 'Brandloom Ads');
    await waitFor(() => expect(dialog.getByRole('combobox', { name: 'Campaign' })).toBeInTheDocument());
    expect(dialog.queryByRole('searchbox', { name: 'Search campaigns' })).not.toBeInTheDocument();
  });

  it('filters 300 ms after the last keystroke, not before', async () => {
    renderWith({ 'GET /api/meta/campaigns': { body: campaignsOf(6) } });
    const dialog = await openAnyPushDialog();
    await choose(dialog, 'Ad account', 'Brandloom Ads');
    const search = await dialog.findByRole('searchbox', { name: 'Search campaigns' });
    await userEvent.type(search, 'BLACK');
    await act(() => vi.advanceTimersByTimeAsync(299));
    expect(await optionNames(dialog)).toHaveLength(6);
    await act(() => vi.advanceTimersByTimeAsync(1));
    await waitFor(async () => expect(await optionNames(dialog)).toEqual(['Black Friday · Active']));
  });
});

describe('Meta integration card: texts, toasts and polling', () => {
  afterEach(() => vi.useRealTimers());

  it('says the integration is not configured when the server has no Meta app', async () => {
    renderWith({ 'GET /api/meta/status': { body: metaStatus({ configured: false }) } });
    const card = await metaIntegration();
    expect(await card.findByText(META_MESSAGES.notConfigured)).toBeInTheDocument();
    expect(card.queryByRole('button', { name: 'Connect' })).not.toBeInTheDocument();
  });

  it("sends the browser to the login URL on Connect, and toasts 'Connection Error' with the server's error when that fails", async () => {
    const assign = stubLocation();
    let refuse = false;
    renderWith({
      'GET /api/meta/status': { body: metaStatus() },
      'GET /api/meta/auth-url': () => (refuse ? failure(503, META_MESSAGES.notConfigured) : { body: { loginUrl: 'https://www.facebook.com/v24.0/dialog/oauth?client_id=1' } }),
    });
    const card = await metaIntegration();
    await userEvent.click(await card.findByRole('button', { name: 'Connect' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://www.facebook.com/v24.0/dialog/oauth?client_id=1'));

    refuse = true;
    await userEvent.click(card.getByRole('button', { name: 'Connect' }));
    const toast = await toastWith(META_MESSAGES.connectionError);
    expect(toast).toHaveAttribute('data-variant', 'destructive');
    expect(toast).toHaveTextContent(META_MESSAGES.notConfigured);
    vi.unstubAllGlobals();
  });

  it("toasts 'Disconnect Error' with the server's error", async () => {
    renderWith({ 'POST /api/meta/disconnect': failure(409, 'Could not disconnect') });
    const card = await metaIntegration();
    await userEvent.click(await card.findByRole('button', { name: 'Disconnect' }));
    const toast = await toastWith(META_MESSAGES.disconnectError);
    expect(toast).toHaveAttribute('data-variant', 'destructive');
    expect(toast).toHaveTextContent('Could not disconnect');
  });

  it('keeps the status cached for 15 minutes and reads it again on mount', async () => {
    const api = renderWith({});
    expect(await (await metaIntegration()).findByText('Active')).toBeInTheDocument();
    const [query] = api.queryClient.getQueryCache().findAll({ queryKey: ['/api/meta/status'] });
    expect(query.gcTime).toBe(15 * 60_000);
    expect(query.observers.every((observer) => observer.options.refetchOnMount === 'always')).toBe(true);
  });

  it('asks for the status again every 30 seconds', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const api = renderWith({});
    const card = await metaIntegration();
    expect(await card.findByText('Active')).toBeInTheDocument();
    const reads = () => api.to('GET', '/api/meta/status').length;
    const first = reads();

    await act(() => vi.advanceTimersByTimeAsync(29_900));
    expect(reads()).toBe(first);
    await act(() => vi.advanceTimersByTimeAsync(100));
    await waitFor(() => expect(reads()).toBe(first + 1));
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    await waitFor(() => expect(reads()).toBe(first + 2));
  });
});
