import { act, render, screen } from '@testing-library/react';
import { dismissToast } from '../../../lib/toast';
import { Toaster } from '../../../lib/toast/Toaster';
import { copyImageUrl, downloadFileName, downloadImage, shareImage } from './imageActions';

afterEach(() => act(() => dismissToast()));

describe('image actions without an image', () => {
  it.each([
    ['share', () => shareImage(null, 'prompt')],
    ['copy', () => copyImageUrl(undefined)],
    ['download', () => Promise.resolve(downloadImage(''))],
  ])("%s says 'No image to share'", async (_, action) => {
    render(<Toaster />);
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click');
    await act(action);
    expect(await screen.findByText('No image to share')).toBeInTheDocument();
    expect(click).not.toHaveBeenCalled();
  });

  it('names downloads generated-image-{timestamp}.png', () => {
    expect(downloadFileName(42)).toBe('generated-image-42.png');
  });
});
