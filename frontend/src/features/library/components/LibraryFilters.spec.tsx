import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { libraryHandlers, makeAsset, makeFolder, mockLibraryApi, type LibraryRequest } from '../test/fixtures';
import { renderLibrary } from '../test/render';
import { fakeTimeoutsOnly } from '../../../test/fakeTimeouts';
import { setViewport, VIEWPORTS } from '../../../test/viewport';

/** Answers GET /api/assets with one asset named after the query it was asked. */
function echoList({ url }: LibraryRequest) {
  const params = url.searchParams;
  const name = ['folderId', 'search', 'sort'].map((key) => `${key}=${params.get(key) ?? '-'}`).join(' ');
  return { body: [makeAsset({ id: name, name })] };
}

describe('library filters', () => {
  it('asks for the newest first page of All Assets without filters', async () => {
    const api = mockLibraryApi(libraryHandlers({ 'GET /api/assets': echoList }));
    renderLibrary();

    expect(await screen.findByText('folderId=- search=- sort=newest')).toBeInTheDocument();
    const [query] = api.assetListQueries();
    expect(query.get('folderId')).toBeNull();
    expect(query.get('search')).toBeNull();
    expect(query.get('cursor')).toBeNull();
    expect(query.get('sort')).toBe('newest');
    expect(Number(query.get('limit'))).toBeGreaterThan(0);
  });

  it('offers the eight sorts (results ones included) with readable labels and sends the chosen one', async () => {
    const api = mockLibraryApi(libraryHandlers({ 'GET /api/assets': echoList }));
    renderLibrary();
    await screen.findByText('folderId=- search=- sort=newest');

    const select = screen.getByRole('combobox', { name: 'Sort by' });
    expect(within(select).getAllByRole('option').map((option) => [option.getAttribute('value'), option.textContent])).toEqual([
      ['newest', 'Newest first'],
      ['oldest', 'Oldest first'],
      ['name-asc', 'Name (A–Z)'],
      ['name-desc', 'Name (Z–A)'],
      ['ctr', 'Best CTR first'],
      ['spend', 'Most spend first'],
      ['cost-per-result', 'Lowest cost per result first'],
      ['results', 'Most results first'],
    ]);

    await userEvent.selectOptions(select, 'name-desc');
    expect(await screen.findByText('folderId=- search=- sort=name-desc')).toBeInTheDocument();
    await userEvent.selectOptions(select, 'oldest');
    expect(await screen.findByText('folderId=- search=- sort=oldest')).toBeInTheDocument();
    expect(api.assetListQueries().map((query) => query.get('sort'))).toEqual(['newest', 'name-desc', 'oldest']);
  });

  it('filters by Meta delivery (pushed, running, no results yet)', async () => {
    const api = mockLibraryApi(libraryHandlers({ 'GET /api/assets': echoList }));
    renderLibrary();
    await screen.findByText('folderId=- search=- sort=newest');
    const select = screen.getByRole('combobox', { name: 'Meta ads' });
    expect(within(select).getAllByRole('option').map((option) => [option.getAttribute('value'), option.textContent])).toEqual([
      ['', 'All images'],
      ['pushed', 'Pushed'],
      ['running', 'Running'],
      ['no-results', 'No results yet'],
    ]);
    await userEvent.selectOptions(select, 'running');
    await waitFor(() => expect(api.assetListQueries().at(-1)?.get('delivery')).toBe('running'));
    await userEvent.selectOptions(select, 'no-results');
    await waitFor(() => expect(api.assetListQueries().at(-1)?.get('delivery')).toBe('no-results'));
    // The first list (before any filter) asked for every image.
    expect(api.assetListQueries()[0].has('delivery')).toBe(false);
  });

  it('filters by the folder chosen in the sidebar, and back to All Assets', async () => {
    const api = mockLibraryApi(
      libraryHandlers({
        'GET /api/assets': echoList,
        'GET /api/folders': { body: [makeFolder({ id: 'f-campaigns', name: 'Campaigns', asset_count: 1 })] },
      }),
    );
    renderLibrary();
    await screen.findByText('folderId=- search=- sort=newest');
    const sidebar = within(screen.getByRole('navigation', { name: 'Folders' }));

    await userEvent.click(await sidebar.findByRole('button', { name: 'Campaigns' }));
    expect(await screen.findByText('folderId=f-campaigns search=- sort=newest')).toBeInTheDocument();
    expect(sidebar.getByRole('button', { name: 'Campaigns' })).toHaveAttribute('aria-current', 'true');

    await userEvent.click(sidebar.getByRole('button', { name: 'All Assets' }));
    expect(await screen.findByText('folderId=- search=- sort=newest')).toBeInTheDocument();
    expect(api.assetListQueries().map((query) => query.get('folderId'))).toEqual([null, 'f-campaigns']);
  });

  it('keeps folder, search and sort together in one request', async () => {
    mockLibraryApi(
      libraryHandlers({
        'GET /api/assets': echoList,
        'GET /api/folders': { body: [makeFolder({ id: 'f-1', name: 'Spring', asset_count: 1 })] },
      }),
    );
    renderLibrary();
    await screen.findByText('folderId=- search=- sort=newest');

    // The small-screen folder select filters the same way as the sidebar.
    setViewport(VIEWPORTS.phone);
    const folderSelect = screen.getByRole('combobox', { name: 'Folder' });
    await waitFor(() => expect(within(folderSelect).getByRole('option', { name: 'Spring (1)' })).toBeInTheDocument());
    await userEvent.selectOptions(folderSelect, 'f-1');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'name-asc');
    fireEvent.change(screen.getByRole('textbox', { name: 'Search assets' }), { target: { value: 'tulip' } });

    expect(await screen.findByText('folderId=f-1 search=tulip sort=name-asc')).toBeInTheDocument();
  });

  it('names the search when nothing matches', async () => {
    mockLibraryApi(
      libraryHandlers({
        'GET /api/assets': ({ url }) => ({ body: url.searchParams.has('search') ? [] : [makeAsset({ name: 'Only one' })] }),
      }),
    );
    renderLibrary();
    await screen.findByText('Only one');

    fireEvent.change(screen.getByRole('textbox', { name: 'Search assets' }), { target: { value: 'zebra' } });
    expect(await screen.findByText('No assets match "zebra"')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Generate your first image' })).not.toBeInTheDocument();
  });
});

describe('library search debounce', () => {
  // The 300 ms debounce is under the test's control.
  fakeTimeoutsOnly();

  const searches = (api: ReturnType<typeof mockLibraryApi>) => api.assetListQueries().flatMap((query) => query.getAll('search'));

  it('sends the search (trimmed) 300 ms after the last keystroke, not per keystroke', async () => {
    const api = mockLibraryApi(libraryHandlers({ 'GET /api/assets': echoList }));
    const user = userEvent.setup({ delay: null });
    renderLibrary();
    await screen.findByText('folderId=- search=- sort=newest');
    const box = screen.getByRole('textbox', { name: 'Search assets' });

    await user.type(box, '  sun');
    await act(() => vi.advanceTimersByTimeAsync(200));
    await user.type(box, 'set ');
    await act(() => vi.advanceTimersByTimeAsync(299));
    // 499 ms after the first keystroke, 299 ms after the last: nothing sent yet.
    expect(searches(api)).toEqual([]);

    await act(() => vi.advanceTimersByTimeAsync(1));
    await waitFor(() => expect(searches(api)).toEqual(['sunset']));
    expect(await screen.findByText('folderId=- search=sunset sort=newest')).toBeInTheDocument();
  });

  it('goes back to the unfiltered list when the search is cleared', async () => {
    const api = mockLibraryApi(libraryHandlers({ 'GET /api/assets': echoList }));
    const user = userEvent.setup({ delay: null });
    renderLibrary();
    await screen.findByText('folderId=- search=- sort=newest');
    const box = screen.getByRole('textbox', { name: 'Search assets' });

    await user.type(box, 'tulip');
    await act(() => vi.advanceTimersByTimeAsync(300));
    expect(await screen.findByText('folderId=- search=tulip sort=newest')).toBeInTheDocument();

    await user.clear(box);
    await act(() => vi.advanceTimersByTimeAsync(300));
    expect(await screen.findByText('folderId=- search=- sort=newest')).toBeInTheDocument();
    expect(searches(api)).toEqual(['tulip']);
  });
});
