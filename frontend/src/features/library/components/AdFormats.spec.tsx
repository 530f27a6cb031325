import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { dismissToast } from '../../../lib/toast';
import { FakeEventSource } from '../../../test/FakeEventSource';
import { libraryHandlers, makeAsset, mockLibraryApi, type LibraryRequest } from '../test/fixtures';
import { renderLibrary } from '../test/render';

beforeEach(() => FakeEventSource.install());
afterEach(() => act(() => dismissToast()));

const poster = makeAsset({ id: 'a-1', name: 'Poster' });
const story = makeAsset({ id: 'a-2', name: 'Poster (9:16)', width: 1080, height: 1920, parent_asset_id: 'a-1', format: '9:16', method: 'extend', s3_key: 'org-1/formats/story.png', url: '/api/assets/file/org-1/formats/story.png', thumbnailUrl: '/api/assets/file/org-1/formats/story.png?variant=thumb' });

function jobs(formats: string[], method: string) {
  return formats.map((format, i) => ({ id: `job-${i}`, asset_id: 'a-1', format, method, status: 'queued', progress: 0, message: null, result_asset_id: null, credits_charged: 0, progressUrl: `/api/formats/progress/job-${i}` }));
}

function server(credits = 50, formats: unknown[] = []) {
  return libraryHandlers({
    'GET /api/assets': { body: [poster] },
    'GET /api/assets/count': { body: { count: 1 } },
    'GET /api/credits/balance': { body: { credits } },
    'GET /api/assets/a-1/formats': { body: { original: poster, formats, jobs: [] } },
    'POST /api/assets/a-1/formats': ({ body }: LibraryRequest) => {
      const request = body as { formats: string[]; method: string };
      return { status: 201, body: { jobs: jobs(request.formats, request.method), creditsCharged: 0, creditsRemaining: credits } };
    },
  });
}

async function openResizeFromMenu() {
  const card = await screen.findByTestId('asset-card');
  await userEvent.click(within(card).getByRole('button', { name: 'Asset actions' }));
  await userEvent.click(await screen.findByRole('menuitem', { name: 'Resize for ads' }));
  return within(await screen.findByRole('dialog', { name: 'Resize for ads' }));
}

describe('ad formats in the library', () => {
  it('resizes from the card menu: every format offered, the cost before confirming, then each format’s progress', async () => {
    const api = mockLibraryApi(server(50));
    renderLibrary();
    const dialog = await openResizeFromMenu();

    for (const label of ['Square 1:1 · 1080×1080 · Feed', 'Portrait 4:5 · 1080×1350 · Feed', 'Story 9:16 · 1080×1920 · Stories and Reels', 'Landscape 1.91:1 · 1200×628 · Link ads and right column']) {
      expect(dialog.getByRole('checkbox', { name: label })).toBeChecked();
    }
    expect(dialog.getByTestId('resize-cost')).toHaveTextContent('Cost: Free');
    await userEvent.click(dialog.getByRole('radio', { name: /AI extend/ }));
    // Story 9:16 is painted at 1152×2048, larger than the standard sizes: 3 credits at medium, the others 2.
    expect(dialog.getByTestId('resize-cost')).toHaveTextContent('Cost: 9 credits');
    await userEvent.click(dialog.getByRole('checkbox', { name: /Square 1:1/ }));
    await userEvent.click(dialog.getByRole('checkbox', { name: /Landscape 1.91:1/ }));
    await userEvent.selectOptions(dialog.getByRole('combobox', { name: 'Quality' }), 'high');
    expect(dialog.getByTestId('resize-cost')).toHaveTextContent('Cost: 10 credits (you have 50)');
    await userEvent.click(dialog.getByRole('button', { name: 'Resize for 10 credits' }));

    await waitFor(() => expect(api.to('POST', '/api/assets/a-1/formats')).toHaveLength(1));
    expect(api.to('POST', '/api/assets/a-1/formats')[0].body).toEqual({ formats: ['4:5', '9:16'], method: 'ai_extend', fill: 'blur', quality: 'high' });

    FakeEventSource.for('/api/formats/progress/job-0').emit('progress', { progress: 40, message: 'Extending the image with AI', status: 'processing' });
    expect(await dialog.findByText('40%')).toBeInTheDocument();
    expect(dialog.getByRole('progressbar', { name: 'Portrait 4:5 progress' })).toHaveAttribute('aria-valuenow', '40');
    FakeEventSource.for('/api/formats/progress/job-0').emit('completed', { jobId: 'job-0', format: '4:5', progress: 100, message: 'Format ready!' });
    FakeEventSource.for('/api/formats/progress/job-1').emit('completed', { jobId: 'job-1', format: '9:16', progress: 100, message: 'Format ready!' });
    expect(await screen.findByText('Ad formats ready')).toBeInTheDocument();
    expect(dialog.getAllByText('Ready')).toHaveLength(2);
    await userEvent.click(dialog.getByRole('button', { name: 'Done' }));
  });

  it('says when the credits do not cover AI extend, and shows a failed format', async () => {
    mockLibraryApi(server(1));
    renderLibrary();
    const dialog = await openResizeFromMenu();
    await userEvent.click(dialog.getByRole('radio', { name: /AI extend/ }));
    expect(await dialog.findByText('Not enough credits. You need 9 credits, but you only have 1.')).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Resize for 9 credits' })).toBeDisabled();

    await userEvent.click(dialog.getByRole('radio', { name: /^Extend/ }));
    expect(dialog.getByRole('radio', { name: 'Brand colour' })).toBeDisabled();
    await userEvent.click(dialog.getByRole('button', { name: 'Resize' }));
    FakeEventSource.for('/api/formats/progress/job-0').emit('error', { message: 'The original image no longer exists' });
    for (const i of [1, 2, 3]) FakeEventSource.for(`/api/formats/progress/job-${i}`).emit('completed', { progress: 100 });
    expect(await dialog.findByText('The original image no longer exists')).toBeInTheDocument();
    expect(await screen.findByText('Some formats failed')).toBeInTheDocument();
  });

  it('shows the formats side by side in the detail dialog, each downloadable, and filters the library by format', async () => {
    const api = mockLibraryApi(server(50, [story]));
    renderLibrary();
    await userEvent.click(await screen.findByRole('button', { name: /View Poster/ }));
    const dialog = within(await screen.findByRole('dialog'));
    const formats = within(await dialog.findByTestId('ad-formats'));
    expect(formats.getAllByTestId('ad-format').map((item) => item.getAttribute('data-format'))).toEqual(['original', '9:16']);
    expect(formats.getByRole('img', { name: 'Story 9:16 of Poster' })).toHaveAttribute('src', story.thumbnailUrl);
    expect(formats.getByText('1080 × 1920 · Extend')).toBeInTheDocument();
    expect(formats.getByRole('button', { name: 'Download Story 9:16' })).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Resize for ads' })).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Close' }));

    await userEvent.selectOptions(await screen.findByRole('combobox', { name: 'Format' }), 'Story 9:16');
    await waitFor(() => expect(api.assetListQueries().at(-1)?.get('format')).toBe('9:16'));
  });

  it('stacks the formats under their original: the library asks for stacks, the tile shows "+4 formats" and opens the original with its formats', async () => {
    const stackedPoster = { ...poster, format_count: 4 };
    const api = mockLibraryApi({ ...server(50, [story]), 'GET /api/assets': { body: [stackedPoster] } });
    renderLibrary();
    const card = await screen.findByTestId('asset-card');
    expect(api.assetListQueries().at(-1)?.get('stacked')).toBe('true');
    expect(card).toHaveAttribute('data-stack', '4');
    await userEvent.click(within(card).getByRole('button', { name: '+4 formats' }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByRole('heading', { name: 'Poster' })).toBeInTheDocument();
    expect(await dialog.findByRole('img', { name: 'Story 9:16 of Poster' })).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Close' }));

    // A format filter lists the formats themselves, without stacks.
    await userEvent.selectOptions(await screen.findByRole('combobox', { name: 'Format' }), 'Story 9:16');
    await waitFor(() => expect(api.assetListQueries().at(-1)?.get('format')).toBe('9:16'));
    expect(api.assetListQueries().at(-1)?.has('stacked')).toBe(false);
  });

  it('shows a tile without formats as a plain card, its thumbnail whole (not cropped to a square)', async () => {
    mockLibraryApi({ ...server(50), 'GET /api/assets': { body: [{ ...story, format_count: 0 }] } });
    renderLibrary();
    const card = await screen.findByTestId('asset-card');
    expect(card).not.toHaveAttribute('data-stack');
    expect(within(card).queryByTestId('asset-stack-count')).toBeNull();
    expect(getComputedStyle(card.querySelector('img')!).objectFit).toBe('contain');
  });
});
