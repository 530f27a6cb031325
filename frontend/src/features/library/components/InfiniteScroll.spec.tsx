import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FakeIntersectionObserver, libraryHandlers, makeAsset, mockLibraryApi } from '../test/fixtures';
import { renderLibrary } from '../test/render';

const page = (prefix: string, count: number) =>
  Array.from({ length: count }, (_, index) => makeAsset({ id: `${prefix}-${index}`, name: `${prefix} asset ${index}` }));

describe('library infinite scroll', () => {
  beforeEach(() => FakeIntersectionObserver.install());

  it('loads the next keyset page with the X-Next-Cursor cursor when the end scrolls into view, until the last page', async () => {
    const api = mockLibraryApi(
      libraryHandlers({
        'GET /api/assets': ({ url }) => {
          const cursor = url.searchParams.get('cursor');
          if (!cursor) return { body: page('first', 3), headers: { 'X-Next-Cursor': 'cursor-after-first' } };
          if (cursor === 'cursor-after-first') return { body: page('second', 2), headers: { 'X-Next-Cursor': 'cursor-after-second' } };
          if (cursor === 'cursor-after-second') return { body: page('third', 1) };
          return { status: 400, body: { statusCode: 400, message: 'Invalid cursor' } };
        },
      }),
    );
    renderLibrary();

    await screen.findByText('first asset 2');
    // Nothing more is asked for until the end of the list is in view.
    expect(api.assetListQueries()).toHaveLength(1);

    act(() => FakeIntersectionObserver.setInView(true));
    expect(await screen.findByText('second asset 1')).toBeInTheDocument();
    // Still in view after the second page arrived: the third is asked for as well.
    expect(await screen.findByText('third asset 0')).toBeInTheDocument();

    expect(screen.getAllByTestId('asset-card')).toHaveLength(6);
    const queries = api.assetListQueries();
    expect(queries.map((query) => query.get('cursor'))).toEqual([null, 'cursor-after-first', 'cursor-after-second']);
    // Every page keeps the list's sort.
    expect(queries.every((query) => query.get('sort') === 'newest')).toBe(true);

    // The last page had no cursor: the sentinel is gone and nothing else is requested.
    await waitFor(() => expect(screen.queryByTestId('asset-list-end')).not.toBeInTheDocument());
    act(() => FakeIntersectionObserver.setInView(true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.assetListQueries()).toHaveLength(3);
  });

  it('waits while the sentinel is out of view', async () => {
    const api = mockLibraryApi(
      libraryHandlers({
        'GET /api/assets': ({ url }) =>
          url.searchParams.get('cursor') ? { body: page('more', 1) } : { body: page('start', 2), headers: { 'X-Next-Cursor': 'next-1' } },
      }),
    );
    renderLibrary();
    await screen.findByText('start asset 1');

    act(() => FakeIntersectionObserver.setInView(false));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.assetListQueries()).toHaveLength(1);
    expect(screen.getByTestId('asset-list-end')).toBeInTheDocument();

    act(() => FakeIntersectionObserver.setInView(true));
    expect(await screen.findByText('more asset 0')).toBeInTheDocument();
    expect(api.assetListQueries()[1].get('cursor')).toBe('next-1');
  });

  it('shows the error under the list when a next page fails, and retries on request', async () => {
    let failNext = true;
    mockLibraryApi(
      libraryHandlers({
        'GET /api/assets': ({ url }) => {
          if (!url.searchParams.get('cursor')) return { body: page('ok', 2), headers: { 'X-Next-Cursor': 'next-1' } };
          return failNext ? { status: 500, body: { statusCode: 500, message: 'boom' } } : { body: page('late', 1) };
        },
      }),
    );
    renderLibrary();
    await screen.findByText('ok asset 1');

    act(() => FakeIntersectionObserver.setInView(true));
    expect(await screen.findByText('Error loading assets. Please try again.')).toBeInTheDocument();
    expect(screen.getByText('ok asset 0')).toBeInTheDocument();

    failNext = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('late asset 0')).toBeInTheDocument();
  });
});
