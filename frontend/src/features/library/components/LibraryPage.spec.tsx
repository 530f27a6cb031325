import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { dismissToast } from '../../../lib/toast';
import { libraryHandlers, makeAsset, makeFolder, mockLibraryApi } from '../test/fixtures';
import { renderLibrary } from '../test/render';
import { makeOrganization } from '../../../test/utils';

afterEach(() => act(() => dismissToast()));

describe('library page: states', () => {
  it('shows 6 skeleton tiles while the first page loads, then the assets', async () => {
    let answer: (() => void) | undefined;
    mockLibraryApi(
      libraryHandlers({
        'GET /api/assets': () => new Promise((resolve) => (answer = () => resolve({ body: [makeAsset({ name: 'Sunset poster' })] }))),
      }),
    );
    renderLibrary();

    await waitFor(() => expect(screen.getAllByTestId('asset-skeleton')).toHaveLength(6));
    expect(screen.queryByTestId('asset-card')).not.toBeInTheDocument();
    // The list is asked for once the organization is known, the skeletons showing meanwhile.
    await waitFor(() => expect(answer).toBeDefined());
    expect(screen.getAllByTestId('asset-skeleton')).toHaveLength(6);

    answer!();
    expect(await screen.findByText('Sunset poster')).toBeInTheDocument();
    expect(screen.queryByTestId('asset-skeleton')).not.toBeInTheDocument();
  });

  it('asks for no organization data before the organization is known', async () => {
    let answerOrganization: (() => void) | undefined;
    const api = mockLibraryApi(
      libraryHandlers({
        'GET /api/organization': () => new Promise((resolve) => (answerOrganization = () => resolve({ body: makeOrganization() }))),
      }),
    );
    renderLibrary();

    await waitFor(() => expect(answerOrganization).toBeDefined());
    await new Promise((resolve) => setTimeout(resolve, 50));
    const scoped = () => api.requests.map((r) => r.url.pathname).filter((path) => /^\/api\/(assets|folders|brand-profiles)/.test(path));
    expect(scoped()).toEqual([]);

    answerOrganization!();
    await waitFor(() => expect(new Set(scoped())).toEqual(new Set(['/api/assets', '/api/assets/count', '/api/folders', '/api/brand-profiles'])));
  });

  it('shows the error text when the list cannot be loaded, and tries again on request', async () => {
    let fail = true;
    const api = mockLibraryApi(
      libraryHandlers({
        'GET /api/assets': () =>
          fail ? { status: 500, body: { statusCode: 500, message: 'Internal server error' } } : { body: [makeAsset({ name: 'Back again' })] },
      }),
    );
    renderLibrary();

    expect(await screen.findByText('Error loading assets. Please try again.')).toBeInTheDocument();
    expect(screen.queryByText('Generate your first image')).not.toBeInTheDocument();

    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Back again')).toBeInTheDocument();
    expect(api.to('GET', '/api/assets')).toHaveLength(2);
  });

  it('shows the empty state with a link to the studio', async () => {
    mockLibraryApi(libraryHandlers());
    renderLibrary();

    const link = await screen.findByRole('link', { name: 'Generate your first image' });
    expect(link).toHaveAttribute('href', '/studio');
    expect(screen.getByText('No assets yet')).toBeInTheDocument();
    expect(screen.queryByTestId('asset-card')).not.toBeInTheDocument();
  });
});

describe('library page: assets', () => {
  it('shows thumbnails (?variant=thumb), never the full-size files, with each name visible', async () => {
    const withThumb = makeAsset({ name: 'With thumbnail', s3_key: 'org-1/a/0.png', url: '/api/assets/file/org-1/a/0.png', thumbnailUrl: '/api/assets/file/org-1/a/0.png?variant=thumb' });
    // Listed before its thumbnail was made: the thumbnail URL is derived from the key, still never the original.
    const withoutThumb = makeAsset({ name: 'Thumbnail pending', s3_key: 'org-1/b/0.png', url: '/api/assets/file/org-1/b/0.png', thumbnail_key: null, thumbnailUrl: null });
    mockLibraryApi(libraryHandlers({ 'GET /api/assets': { body: [withThumb, withoutThumb] } }));
    renderLibrary();

    const cards = await screen.findAllByTestId('asset-card');
    expect(cards).toHaveLength(2);
    expect(cards[0]).toHaveTextContent('With thumbnail');
    expect(cards[1]).toHaveTextContent('Thumbnail pending');
    // The name is written under the picture, so the picture itself is decorative (alt="").
    expect(cards[0].querySelector('img')).toHaveAttribute('src', '/api/assets/file/org-1/a/0.png?variant=thumb');
    expect(cards[0].querySelector('img')).toHaveAttribute('alt', '');
    expect(cards[1].querySelector('img')).toHaveAttribute('src', '/api/assets/file/org-1/b/0.png?variant=thumb');
    const sources = [...document.querySelectorAll('img')].map((img) => img.getAttribute('src'));
    expect(sources.every((src) => src?.endsWith('?variant=thumb'))).toBe(true);
  });

  it('opens the full image in a new tab from the card', async () => {
    const asset = makeAsset({ name: 'Open me', url: '/api/assets/file/org-1/c/0.png' });
    mockLibraryApi(libraryHandlers({ 'GET /api/assets': { body: [asset] } }));
    renderLibrary();

    const card = await screen.findByTestId('asset-card');
    const open = within(card).getByRole('link', { name: 'Open in new tab' });
    expect(open).toHaveAttribute('href', '/api/assets/file/org-1/c/0.png');
    expect(open).toHaveAttribute('target', '_blank');
    expect(open.getAttribute('rel')).toContain('noopener');
  });

  it('lists All Assets and the folders with their counts', async () => {
    mockLibraryApi(
      libraryHandlers({
        'GET /api/assets/count': { body: { count: 42 } },
        'GET /api/folders': { body: [makeFolder({ name: 'Campaigns', asset_count: 7 }), makeFolder({ name: 'Drafts', asset_count: 0 })] },
      }),
    );
    renderLibrary();

    const sidebar = within(await screen.findByRole('navigation', { name: 'Folders' }));
    await waitFor(() => expect(sidebar.getByRole('button', { name: 'All Assets' }).closest('li')).toHaveTextContent('42'));
    expect(sidebar.getByRole('button', { name: 'Campaigns' }).closest('li')).toHaveTextContent('7');
    expect(sidebar.getByRole('button', { name: 'Drafts' }).closest('li')).toHaveTextContent('0');
    expect(sidebar.getByRole('button', { name: 'New folder' })).toBeInTheDocument();
  });

  it('switches between the grid and the list', async () => {
    mockLibraryApi(
      libraryHandlers({ 'GET /api/assets': { body: [makeAsset({ name: 'Row asset', width: 1536, height: 1024, file_size: 307_200 })] } }),
    );
    renderLibrary();

    const card = await screen.findByTestId('asset-card');
    expect(screen.getByRole('button', { name: 'Grid view' })).toHaveAttribute('aria-pressed', 'true');
    // The grid shows the name and the date; the list row adds dimensions and size.
    expect(card).not.toHaveTextContent('1536 × 1024');

    await userEvent.click(screen.getByRole('button', { name: 'List view' }));
    expect(screen.getByRole('button', { name: 'List view' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByTestId('asset-card')).toHaveTextContent('1536 × 1024 · 300 KB');
  });

  it('lists the brand profiles, each linking to its details, and the integration card', async () => {
    mockLibraryApi(
      libraryHandlers({
        'GET /api/brand-profiles': ({ url }) => {
          expect(url.searchParams.get('userId')).toBe('user-1');
          return { body: [{ id: 'bp-1', name: 'Acme Bold', asset_count: 3 }] };
        },
      }),
    );
    renderLibrary();

    const brands = within(await screen.findByRole('region', { name: 'Brand Profiles' }));
    expect(await brands.findByRole('link', { name: /Acme Bold/ })).toHaveAttribute('href', '/brand-profile-details/bp-1');
    expect(brands.getByText('3 assets')).toBeInTheDocument();
    const integration = within(screen.getByRole('region', { name: 'Meta Ads integration' }));
    expect(await integration.findByRole('button', { name: 'Connect' })).toBeInTheDocument();
  });

  it('treats a failing brand-profile list as empty', async () => {
    mockLibraryApi(libraryHandlers({ 'GET /api/brand-profiles': { status: 404, body: { statusCode: 404, message: 'Cannot GET /api/brand-profiles' } } }));
    renderLibrary();

    const brands = within(await screen.findByRole('region', { name: 'Brand Profiles' }));
    expect(await brands.findByText('No brand profiles yet')).toBeInTheDocument();
    expect(brands.getByRole('link', { name: 'Create your first brand profile' })).toHaveAttribute('href', '/brand-brain/new');
  });
});
