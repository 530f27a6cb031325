import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { dismissToast } from '../../../lib/toast';
import { libraryHandlers, makeAsset, mockLibraryApi } from '../test/fixtures';
import { renderLibrary } from '../test/render';

afterEach(() => act(() => dismissToast()));

const branded = makeAsset({
  id: 'asset-branded',
  name: 'Spring launch hero',
  width: 1536,
  height: 1024,
  // 2559 / 1024 = 2.499: rounds to 2 (ceil would say 3).
  file_size: 2559,
  created_at: '2026-03-05T12:00:00.000Z',
  brand_profile_name: 'Acme Bold',
  brand_profile_id: 'bp-42',
  prompt: 'A tulip field at dawn & soft light',
  s3_key: 'org-1/generations/job-9/0.png',
  url: '/api/assets/file/org-1/generations/job-9/0.png',
  thumbnailUrl: '/api/assets/file/org-1/generations/job-9/0.png?variant=thumb',
});
const plain = makeAsset({
  id: 'asset-plain',
  name: 'Untitled square',
  width: 1024,
  height: 1024,
  // 1536 / 1024 = 1.5: rounds to 2 (floor would say 1).
  file_size: 1536,
  created_at: '2025-12-31T12:00:00.000Z',
  brand_profile_name: null,
  brand_profile_id: null,
  prompt: 'Minimal product shot',
});

async function openDetails(name: string) {
  await userEvent.click(await screen.findByRole('button', { name: new RegExp(`^View ${name}`) }));
  return within(await screen.findByRole('dialog', { name }));
}

describe('asset detail dialog', () => {
  beforeEach(() => {
    mockLibraryApi(libraryHandlers({ 'GET /api/assets': { body: [branded, plain] } }));
  });

  it('shows dimensions, the size in KB rounded, the created date and the brand profile', async () => {
    renderLibrary();
    const dialog = await openDetails('Spring launch hero');

    expect(dialog.getByTestId('asset-detail-dimensions')).toHaveTextContent(/^1536 × 1024$/);
    expect(dialog.getByTestId('asset-detail-file-size')).toHaveTextContent(/^2 KB$/);
    expect(dialog.getByTestId('asset-detail-created')).toHaveTextContent(/^Mar 5, 2026$/);
    expect(dialog.getByTestId('asset-detail-brand-profile')).toHaveTextContent(/^Acme Bold$/);
    expect(dialog.getByText('A tulip field at dawn & soft light')).toBeInTheDocument();
    // The dialog shows the full image.
    expect(dialog.getByRole('img', { name: 'Spring launch hero' })).toHaveAttribute('src', '/api/assets/file/org-1/generations/job-9/0.png');
  });

  it("says 'None' without a brand profile and rounds 1.5 KB up", async () => {
    renderLibrary();
    const dialog = await openDetails('Untitled square');

    expect(dialog.getByTestId('asset-detail-brand-profile')).toHaveTextContent(/^None$/);
    expect(dialog.getByTestId('asset-detail-file-size')).toHaveTextContent(/^2 KB$/);
    expect(dialog.getByTestId('asset-detail-dimensions')).toHaveTextContent(/^1024 × 1024$/);
    expect(dialog.getByTestId('asset-detail-created')).toHaveTextContent(/^Dec 31, 2025$/);
  });

  it('Generate Similar opens the studio with the prompt and the brand profile', async () => {
    const { router } = renderLibrary();
    const dialog = await openDetails('Spring launch hero');

    await userEvent.click(dialog.getByRole('button', { name: 'Generate Similar' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/studio'));
    const params = new URLSearchParams(router.state.location.search);
    expect(params.get('prompt')).toBe('A tulip field at dawn & soft light');
    expect(params.get('brandId')).toBe('bp-42');
  });

  it('Generate Similar leaves brandId out when the asset has no brand profile', async () => {
    const { router } = renderLibrary();
    const dialog = await openDetails('Untitled square');

    await userEvent.click(dialog.getByRole('button', { name: 'Generate Similar' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/studio'));
    const params = new URLSearchParams(router.state.location.search);
    expect(params.get('prompt')).toBe('Minimal product shot');
    expect(params.has('brandId')).toBe(false);
  });

  it('Copy Link copies the full image address and toasts', async () => {
    const user = userEvent.setup();
    renderLibrary();
    await user.click(await screen.findByRole('button', { name: /^View Spring launch hero/ }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Spring launch hero' }));

    await user.click(dialog.getByRole('button', { name: 'Copy Link' }));

    expect(await screen.findByText('Link copied')).toBeInTheDocument();
    await expect(navigator.clipboard.readText()).resolves.toBe(`${window.location.origin}/api/assets/file/org-1/generations/job-9/0.png`);
  });

  it('Download saves the original under the asset name and toasts', async () => {
    const clicked: { href: string; download: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.getAttribute('href') ?? '', download: this.download });
    });
    try {
      renderLibrary();
      const dialog = await openDetails('Spring launch hero');

      await userEvent.click(dialog.getByRole('button', { name: 'Download' }));

      expect(clicked).toEqual([{ href: '/api/assets/file/org-1/generations/job-9/0.png', download: 'Spring-launch-hero.png' }]);
      expect(await screen.findByText('Download started')).toBeInTheDocument();
    } finally {
      vi.restoreAllMocks();
    }
  });

  it("Push to ad platform opens the push dialog, which says when Meta is not connected", async () => {
    renderLibrary();
    const dialog = await openDetails('Spring launch hero');

    await userEvent.click(dialog.getByRole('button', { name: 'Push to ad platform' }));
    const push = within(await screen.findByRole('dialog', { name: 'Push to Meta' }));
    expect(await push.findByText('Meta account not connected')).toBeInTheDocument();
    expect(push.getByText('Please connect your Meta Business account first to push assets to your campaigns.')).toBeInTheDocument();
    expect(push.getByRole('button', { name: 'Connect Meta' })).toBeInTheDocument();
  });

  it('closes with the close button', async () => {
    renderLibrary();
    const dialog = await openDetails('Untitled square');

    await userEvent.click(dialog.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
