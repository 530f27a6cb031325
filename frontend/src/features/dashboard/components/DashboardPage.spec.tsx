import { screen, waitFor, within } from '@testing-library/react';
import { mockApi, renderScreen, signedInApi } from '../../../test/utils';
import DashboardPage from './DashboardPage';
import { emptySummary, fullSummary } from '../test/fixtures';

const SUMMARY = 'GET /api/dashboard/summary';
const section = (testId: string) => within(screen.getByTestId(testId));

describe('/dashboard', () => {
  it('shows every section with data from one summary request', async () => {
    const fetchMock = mockApi({ ...signedInApi(), [SUMMARY]: { body: fullSummary() } });
    renderScreen(<DashboardPage />, { path: '/dashboard' });

    expect(await screen.findByTestId('stat-generated-assets-value')).toHaveTextContent('42');
    expect(screen.getByTestId('stat-generated-assets-trend')).toHaveTextContent('20% more than the previous 30 days');
    expect(screen.getByTestId('stat-credits-remaining-value')).toHaveTextContent('137');
    expect(screen.getByTestId('stat-credits-remaining-trend')).toHaveTextContent('8 credits used this week');
    expect(screen.getByTestId('stat-brand-profiles-value')).toHaveTextContent('2');
    expect(screen.getByTestId('stat-brand-profiles-trend')).toHaveTextContent('Last added 2 days ago');
    expect(screen.getByTestId('stat-subscription-value')).toHaveTextContent('Pro');
    expect(screen.getByTestId('stat-subscription-trend')).toHaveTextContent('Renews in 17 days');

    const generations = section('recent-generations');
    expect(generations.getByRole('link', { name: 'View all' })).toHaveAttribute('href', '/library');
    expect(generations.getAllByRole('img')).toHaveLength(6);
    expect(generations.getByRole('link', { name: 'Asset 1' }).querySelector('img')).toHaveAttribute('src', '/api/assets/file/org/asset-1.png?variant=thumb');

    const brands = section('brand-profiles');
    expect(brands.getByRole('link', { name: 'View all' })).toHaveAttribute('href', '/brand-brain');
    expect(brands.getByRole('link', { name: 'New' })).toHaveAttribute('href', '/brand-brain/new');
    const acme = brands.getByRole('link', { name: /Acme Coffee Roasters/ });
    expect(acme).toHaveAttribute('href', '/brand-brain/profile-1');
    expect(within(acme).getByText('AR')).toBeInTheDocument();
    expect(within(acme).getByText('Bold')).toBeInTheDocument();
    expect(within(acme).getByText('Playful')).toBeInTheDocument();
    expect(within(acme).queryByText('Modern')).not.toBeInTheDocument();
    expect(within(brands.getByRole('link', { name: /northwind/ })).getByText('N')).toBeInTheDocument();
    // Colour styles cycle by index: the two avatars differ.
    const [first, second] = brands.getAllByTestId('brand-initials');
    expect(getComputedStyle(first).backgroundColor).not.toBe(getComputedStyle(second).backgroundColor);

    const usage = section('recent-credit-usage');
    expect(usage.getByRole('link', { name: 'Credit history' })).toHaveAttribute('href', '/credits');
    const amounts = usage.getAllByTestId('transaction-amount').map((node) => node.textContent);
    expect(amounts).toEqual(['-4 credits', '+250 credits', '+25 credits', '-2 credits', '+2 credits']);
    expect(usage.getByText('Nov 21, 2026')).toBeInTheDocument();

    expect(section('credit-usage-chart').getByTestId('credit-chart-total')).toHaveTextContent('8 credits used in the last 30 days');
    expect(section('credit-usage-chart').getByRole('table', { name: 'Credits used per day (last 30 days)' })).toBeInTheDocument();

    const actions = section('quick-actions');
    expect(actions.getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual([
      '/studio',
      '/studio/bulk',
      '/brand-brain/new',
      '/credits/buy',
      '/settings/integrations',
    ]);
    expect(fetchMock.mock.calls.filter(([url]) => String(url) === '/api/dashboard/summary')).toHaveLength(1);
  });

  it('shows the empty states, sample images and no trend where there is nothing to compare', async () => {
    mockApi({ ...signedInApi(), [SUMMARY]: { body: emptySummary() } });
    renderScreen(<DashboardPage />, { path: '/dashboard' });

    expect(await screen.findByTestId('sample-images')).toBeInTheDocument();
    expect(within(screen.getByTestId('sample-images')).getAllByRole('img')).toHaveLength(6);
    // Real example ads (the landing's pictures), not abstract shapes.
    for (const img of within(screen.getByTestId('sample-images')).getAllByRole('img')) {
      expect(img.getAttribute('src')).toMatch(/^\/landing\/gallery\/[a-z-]+-400\.webp$/);
      expect(img).toHaveAccessibleName(/^Example ad: /);
    }
    // No empty axis for a new user: a sentence that leads to the Studio instead.
    const usage = section('credit-usage-chart');
    expect(usage.getByTestId('credit-chart-empty')).toHaveTextContent('No credits used yet');
    expect(usage.getByRole('link', { name: 'Generate your first image' })).toHaveAttribute('href', '/studio');
    expect(usage.queryByTestId('credit-chart')).toBeNull();
    expect(section('brand-profiles').getByText('No brand profiles yet')).toBeInTheDocument();
    expect(section('brand-profiles').getByRole('link', { name: 'Create your first brand profile' })).toHaveAttribute('href', '/brand-brain/new');
    expect(section('recent-credit-usage').getByText('No credit transactions yet.')).toBeInTheDocument();
    // Without a subscription the card says so, as the Billing page's 'Your plan' card does.
    expect(screen.getByTestId('stat-subscription-value')).toHaveTextContent(/^No subscription$/);
    expect(screen.getByTestId('stat-subscription-trend')).toHaveTextContent("Welcome credits with Starter's features");
    expect(screen.queryByTestId('stat-generated-assets-trend')).not.toBeInTheDocument();
    expect(screen.queryByTestId('stat-brand-profiles-trend')).not.toBeInTheDocument();
    expect(screen.getByTestId('stat-credits-remaining-trend')).toHaveTextContent('0 credits used this week');
  });

  it('shows each section’s error text when the summary fails', async () => {
    mockApi({ ...signedInApi(), [SUMMARY]: { status: 500, body: { statusCode: 500, message: 'boom', error: 'Internal Server Error' } } });
    renderScreen(<DashboardPage />, { path: '/dashboard' });

    expect(await screen.findByText('Error loading recent generations. Please try again.')).toBeInTheDocument();
    expect(screen.getByText('Error loading transactions. Please try again.')).toBeInTheDocument();
    expect(screen.getByText('Error loading brand profiles. Please try again.')).toBeInTheDocument();
    expect(screen.queryByTestId('sample-images')).not.toBeInTheDocument();
  });

  it('shows skeletons while the summary is on its way', async () => {
    mockApi({ ...signedInApi(), [SUMMARY]: () => new Promise(() => {}) });
    renderScreen(<DashboardPage />, { path: '/dashboard' });

    expect(await screen.findByTestId('recent-generations-loading')).toBeInTheDocument();
    expect(screen.getByTestId('brand-profiles-loading')).toBeInTheDocument();
    expect(screen.getByTestId('transactions-loading')).toBeInTheDocument();
    expect(screen.getByTestId('credit-chart-loading')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('stat-cards')).toHaveAttribute('aria-busy', 'true'));
  });

  it("ranks the week's pushed creatives by CTR in 'Top creatives this week', and shows no card before any results", async () => {
    const result = (assetId: string, impressions: number, clicks: number, spend: number) => ({
      assetId,
      assetName: `Creative ${assetId}`,
      thumbnailKey: `org/${assetId}.thumb.webp`,
      s3Key: `org/${assetId}.png`,
      width: 1080,
      height: 1920,
      prompt: null,
      adIds: [],
      impressions,
      reach: impressions,
      clicks,
      spend,
      currency: 'EUR',
      ctr: impressions ? clicks / impressions : null,
      cpc: clicks ? spend / clicks : null,
      days: [],
    });
    const results = [result('a', 1000, 10, 7.31), result('b', 1000, 55, 20), result('c', 0, 0, 0), result('d', 2000, 60, 12.5), result('e', 500, 1, 1)];
    mockApi({ ...signedInApi(), [SUMMARY]: { body: fullSummary() }, 'GET /api/ad-results?range=7': { body: { range: 7, currency: 'EUR', results, lastReadAt: null } } });
    renderScreen(<DashboardPage />, { path: '/dashboard' });

    const card = within(await screen.findByTestId('top-creatives'));
    expect(card.getByRole('heading', { name: 'Top creatives this week' })).toBeInTheDocument();
    expect(card.getAllByRole('listitem').map((item) => within(item).getByRole('img').getAttribute('alt'))).toEqual(['Creative b', 'Creative d', 'Creative a']);
    expect(card.getByText('CTR 5.50% · €20.00 spent')).toBeInTheDocument();
    expect(card.getByRole('link', { name: 'Make more like Creative b' })).toHaveAttribute('href', '/studio?likeAsset=b');
    expect(card.getByRole('link', { name: 'Performance' })).toHaveAttribute('href', '/performance');
  });

  it('shows no top creatives card while nothing pushed has results', async () => {
    mockApi({ ...signedInApi(), [SUMMARY]: { body: fullSummary() }, 'GET /api/ad-results?range=7': { body: { range: 7, currency: null, results: [], lastReadAt: null } } });
    renderScreen(<DashboardPage />, { path: '/dashboard' });
    await screen.findByTestId('stat-generated-assets-value');
    await waitFor(() => expect(screen.queryByTestId('top-creatives')).not.toBeInTheDocument());
  });
});
