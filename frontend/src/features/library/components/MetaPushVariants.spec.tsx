import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { dismissToast } from '../../../lib/toast';
import { makeAsset } from '../test/fixtures';
import { openPushDialog, renderWithMeta, walkCascade } from '../test/metaPush';

const lighthouse = makeAsset({ id: 'asset-1', name: 'Lighthouse' });
const harbour = makeAsset({ id: 'asset-2', name: 'Harbour' });
const campaigns = {
  campaigns: [{ id: '9001', name: 'Spring launch', status: 'ACTIVE', objective: 'OUTCOME_TRAFFIC', adsets: [{ id: '7001', name: 'Spring EU', status: 'ACTIVE' }] }],
};
const push = (id: string, assetId: string, assetName: string, status: string, extra: Record<string, unknown> = {}) => ({
  id,
  status,
  assetId,
  assetName,
  adAccountId: 'act_111',
  campaignId: '9001',
  adSetId: '7001',
  pageId: '501',
  creativeName: `Variant test - ${assetName}`,
  creativeId: null,
  adId: null,
  error: null,
  pushedBy: 'mia',
  createdAt: '2026-11-25T10:00:00.000Z',
  completedAt: null,
  ...extra,
});

afterEach(() => act(() => dismissToast()));

describe('Push to Meta: placements, variants and Advantage+ creative features', () => {
  it('pushes the selected assets into one ad set with the chosen placements and features, and says which push failed and why', async () => {
    let polls = 0;
    const api = renderWithMeta([lighthouse, harbour], {
      'GET /api/meta/campaigns': { body: campaigns },
      'POST /api/meta/push-ads': {
        status: 202,
        body: { message: 'Pushing', batchId: 'batch-1', pushes: [push('push-1', 'asset-1', 'Lighthouse', 'completed', { adId: '238600001' }), push('push-2', 'asset-2', 'Harbour', 'running')] },
      },
      'GET /api/meta/pushes/push-2': () => ({ body: ++polls < 2 ? push('push-2', 'asset-2', 'Harbour', 'running') : push('push-2', 'asset-2', 'Harbour', 'failed', { error: 'Meta answered: Invalid image' }) }),
    });
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Select Lighthouse' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Harbour' }));
    const selection = within(screen.getByRole('region', { name: 'Selected assets' }));
    expect(selection.getByText('2 of 10 selected')).toBeInTheDocument();
    await userEvent.click(selection.getByRole('button', { name: 'Push to Meta' }));

    const dialog = within(await screen.findByRole('dialog', { name: 'Push 2 images to Meta' }));
    // Several assets always go with an image per placement: both placements on, each image shown in each shape.
    expect(dialog.queryByRole('radio', { name: 'One image everywhere' })).not.toBeInTheDocument();
    expect(dialog.getByRole('checkbox', { name: 'Feed (4:5 · 1:1)' })).toBeChecked();
    expect(dialog.getByRole('checkbox', { name: 'Stories and Reels (9:16)' })).toBeChecked();
    expect(dialog.getByRole('img', { name: 'Lighthouse in Feed (4:5)' })).toBeInTheDocument();
    expect(dialog.getByRole('img', { name: 'Harbour in Stories and Reels (9:16)' })).toBeInTheDocument();
    // Advantage+ creative features: every switch off until turned on.
    for (const name of ['Visual touch-ups (crop and expand the image)', 'Image templates (add overlays)', 'Text improvements', 'Show a relevant comment']) {
      expect(dialog.getByRole('switch', { name })).not.toBeChecked();
    }
    await userEvent.click(dialog.getByRole('switch', { name: 'Image templates (add overlays)' }));
    await userEvent.click(dialog.getByRole('checkbox', { name: 'Stories and Reels (9:16)' }));
    expect(dialog.queryByRole('img', { name: 'Harbour in Stories and Reels (9:16)' })).not.toBeInTheDocument();
    expect(dialog.getByRole('textbox', { name: 'Creative name' })).toHaveValue('Variant test');
    await walkCascade(dialog);

    await userEvent.click(dialog.getByRole('button', { name: 'Push 2 ads' }));
    await waitFor(() => expect(api.to('POST', '/api/meta/push-ads')).toHaveLength(1));
    expect(api.to('POST', '/api/meta/push-ads')[0].body).toEqual({
      assetIds: ['asset-1', 'asset-2'],
      adAccountId: 'act_111',
      pageId: '501',
      campaignId: '9001',
      adSetId: '7001',
      creativeName: 'Variant test',
      placements: ['feed'],
      creativeFeatures: ['image_template'],
    });
    const progress = within(await dialog.findByTestId('push-progress'));
    expect(await progress.findByText('1 of 2 pushes failed: see why below.', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(progress.getByText('1 of 2 ads created in Meta.')).toBeInTheDocument();
    const rows = progress.getAllByRole('listitem');
    expect(rows[0]).toHaveTextContent('Lighthouse');
    expect(within(rows[0]).getByText('View in Ads Manager').closest('a')).toHaveAttribute('href', expect.stringContaining('selected_ad_ids=238600001'));
    expect(rows[1]).toHaveTextContent('Harbour');
    expect(rows[1]).toHaveTextContent('failed');
    expect(rows[1]).toHaveTextContent('Meta answered: Invalid image');
    await userEvent.click(dialog.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Selected assets' })).not.toBeInTheDocument());
  }, 60_000);

  it('a single asset can go with an image per placement; without any placement nothing is sent', async () => {
    const api = renderWithMeta([lighthouse], {
      'GET /api/meta/campaigns': { body: campaigns },
      'POST /api/meta/push-ads': { status: 201, body: { message: 'Pushed', batchId: 'batch-2', pushes: [push('push-3', 'asset-1', 'Lighthouse', 'completed', { adId: '238600003' })] } },
    });
    const dialog = await openPushDialog();
    expect(dialog.getByRole('radio', { name: 'One image everywhere' })).toBeChecked();
    expect(dialog.queryByRole('checkbox', { name: 'Feed (4:5 · 1:1)' })).not.toBeInTheDocument();
    await userEvent.click(dialog.getByRole('radio', { name: 'An image per placement' }));
    expect(dialog.queryByRole('combobox', { name: 'Image format' })).not.toBeInTheDocument();
    await userEvent.click(dialog.getByRole('checkbox', { name: 'Feed (4:5 · 1:1)' }));
    await userEvent.click(dialog.getByRole('checkbox', { name: 'Stories and Reels (9:16)' }));
    await walkCascade(dialog);

    await userEvent.click(dialog.getByRole('button', { name: 'Push to Meta' }));
    expect(await dialog.findByText('Choose at least one placement')).toBeInTheDocument();
    expect(api.to('POST', '/api/meta/push-ads')).toHaveLength(0);

    await userEvent.click(dialog.getByRole('checkbox', { name: 'Stories and Reels (9:16)' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Push to Meta' }));
    await waitFor(() => expect(api.to('POST', '/api/meta/push-ads')).toHaveLength(1));
    expect(api.to('POST', '/api/meta/push-ads')[0].body).toMatchObject({ assetIds: ['asset-1'], placements: ['stories'], creativeFeatures: [], creativeName: 'Lighthouse - Meta Ad' });
    expect(await screen.findByText('1 paused ad added to your ad set.')).toBeInTheDocument();
    expect(api.to('POST', '/api/meta/push-asset')).toHaveLength(0);
  }, 60_000);
});
