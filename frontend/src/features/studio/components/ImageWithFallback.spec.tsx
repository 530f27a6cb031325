import { act, fireEvent, render, screen } from '@testing-library/react';
import { mockApi } from '../../../test/utils';
import { ImageWithFallback } from './ImageWithFallback';

const KEY = 'org-1/generations/job-1/0.png';
const DIRECT = `/api/assets/file/${KEY}?t=1`;
const BASE64 = `/api/assets/base64/${KEY}`;
const DATA_URL = 'data:image/png;base64,iVBORw0KGgo=';

/** Lets the fetch answer and React settle while the clock is fake. */
const settle = () => act(() => vi.advanceTimersByTimeAsync(0));

describe('image display fallback', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('gives the direct image 5 s, then shows the base64 data URL, then "Image unavailable" if that fails too', async () => {
    const fetchMock = mockApi({ [`GET ${BASE64}`]: { body: { dataUrl: DATA_URL } } });
    render(<ImageWithFallback src={DIRECT} storageKey={KEY} alt="Generated image" />);

    expect(screen.getByRole('img', { name: 'Generated image' })).toHaveAttribute('src', DIRECT);
    await act(() => vi.advanceTimersByTimeAsync(4900));
    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.getByRole('img', { name: 'Generated image' })).toHaveAttribute('src', DIRECT);

    await act(() => vi.advanceTimersByTimeAsync(100));
    await settle();
    expect(fetchMock).toHaveBeenCalledWith(BASE64, expect.objectContaining({ credentials: 'include' }));
    expect(screen.getByRole('img', { name: 'Generated image' })).toHaveAttribute('src', DATA_URL);

    fireEvent.error(screen.getByRole('img', { name: 'Generated image' }));
    expect(screen.getByText('Image unavailable')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'Generated image' })).not.toBeInTheDocument();
  });

  it('goes to the base64 endpoint at once when the direct image fails to load', async () => {
    const fetchMock = mockApi({ [`GET ${BASE64}`]: { body: { dataUrl: DATA_URL } } });
    render(<ImageWithFallback src={DIRECT} storageKey={KEY} alt="Generated image" />);

    fireEvent.error(screen.getByRole('img', { name: 'Generated image' }));
    await settle();

    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('img', { name: 'Generated image' })).toHaveAttribute('src', DATA_URL);
  });

  it('shows "Image unavailable" when the base64 endpoint fails', async () => {
    mockApi({ [`GET ${BASE64}`]: { status: 404, body: { message: 'File not found' } } });
    render(<ImageWithFallback src={DIRECT} storageKey={KEY} alt="Generated image" />);

    await act(() => vi.advanceTimersByTimeAsync(5000));
    await settle();

    expect(screen.getByText('Image unavailable')).toBeInTheDocument();
  });

  it('keeps a direct image that loaded in time', async () => {
    const fetchMock = mockApi({});
    render(<ImageWithFallback src={DIRECT} storageKey={KEY} alt="Generated image" />);

    fireEvent.load(screen.getByRole('img', { name: 'Generated image' }));
    await act(() => vi.advanceTimersByTimeAsync(10_000));

    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.getByRole('img', { name: 'Generated image' })).toHaveAttribute('src', DIRECT);
  });

  it('asks for the thumbnail variant when showing a thumbnail', async () => {
    const fetchMock = mockApi({ [`GET ${BASE64}?variant=thumb`]: { body: { dataUrl: DATA_URL } } });
    render(<ImageWithFallback src={`/api/assets/file/${KEY}?variant=thumb`} storageKey={KEY} variant="thumb" alt="Thumb" />);

    fireEvent.error(screen.getByRole('img', { name: 'Thumb' }));
    await settle();

    expect(fetchMock).toHaveBeenCalledWith(`${BASE64}?variant=thumb`, expect.anything());
    expect(screen.getByRole('img', { name: 'Thumb' })).toHaveAttribute('src', DATA_URL);
  });

  it('starts over with a new image', async () => {
    mockApi({ [`GET ${BASE64}`]: { status: 500, body: {} } });
    const { rerender } = render(<ImageWithFallback src={DIRECT} storageKey={KEY} alt="Generated image" />);
    fireEvent.error(screen.getByRole('img', { name: 'Generated image' }));
    await settle();
    expect(screen.getByText('Image unavailable')).toBeInTheDocument();

    rerender(<ImageWithFallback src="/api/assets/file/org-1/other.png" storageKey="org-1/other.png" alt="Generated image" />);
    expect(screen.getByRole('img', { name: 'Generated image' })).toHaveAttribute('src', '/api/assets/file/org-1/other.png');
  });
});
