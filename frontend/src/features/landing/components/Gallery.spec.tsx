import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GALLERY_IMAGES } from '../gallery';
import { galleryAlt as alt, galleryCaption, galleryCategoryLabel } from '../galleryText';
import { Gallery } from './Gallery';

const tiles = () => within(screen.getByRole('list', { name: 'Sample images' })).getAllByRole('button');
const pageIndicator = () => screen.getByLabelText(/^Page \d+ of \d+$/);

describe('landing gallery', () => {
  it('shows 8 of the 13 images per page and pages with wrap-around and an n / total indicator', async () => {
    const user = userEvent.setup();
    render(<Gallery />);
    expect(GALLERY_IMAGES).toHaveLength(13);
    expect(tiles()).toHaveLength(8);
    expect(pageIndicator()).toHaveTextContent('1 / 2');
    expect(tiles()[0]).toHaveAccessibleName(`Enlarge: ${alt(GALLERY_IMAGES[0])}`);

    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(pageIndicator()).toHaveTextContent('2 / 2');
    expect(tiles()).toHaveLength(5);
    expect(tiles()[0]).toHaveAccessibleName(`Enlarge: ${alt(GALLERY_IMAGES[8])}`);

    // Past the last page: back to the first.
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(pageIndicator()).toHaveTextContent('1 / 2');
    // Before the first page: the last.
    await user.click(screen.getByRole('button', { name: 'Previous page' }));
    expect(pageIndicator()).toHaveTextContent('2 / 2');
  });

  it('filters by category with the chips and starts the filtered list at page 1', async () => {
    const user = userEvent.setup();
    render(<Gallery />);
    const chips = within(screen.getByRole('group', { name: 'Filter the gallery' })).getAllByRole('button');
    expect(chips.map((c) => c.textContent)).toEqual(['All', 'Beauty', 'B2B', 'Wellness', 'Product', 'Promotion', 'Lifestyle']);
    expect(screen.getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(pageIndicator()).toHaveTextContent('2 / 2');
    await user.click(screen.getByRole('button', { name: 'B2B' }));
    expect(screen.getByRole('button', { name: 'B2B' })).toHaveAttribute('aria-pressed', 'true');
    expect(pageIndicator()).toHaveTextContent('1 / 1');
    const b2b = GALLERY_IMAGES.filter((i) => i.category === 'B2B');
    expect(tiles().map((t) => t.getAttribute('aria-label'))).toEqual(b2b.map((i) => `Enlarge: ${alt(i)}`));

    // One page only: both directions stay on it.
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(pageIndicator()).toHaveTextContent('1 / 1');

    await user.click(screen.getByRole('button', { name: 'All' }));
    expect(tiles()).toHaveLength(8);
    expect(pageIndicator()).toHaveTextContent('1 / 2');
  });

  it('resets to page 1 when the filter changes, with more than one page', async () => {
    const user = userEvent.setup();
    const many = Array.from({ length: 20 }, (_, i) => ({ ...GALLERY_IMAGES[i % 2 === 0 ? 0 : 2], id: `img-${i}`, alt: `Image ${i}` }));
    render(<Gallery images={many} />);
    await user.click(screen.getByRole('button', { name: 'Previous page' }));
    expect(pageIndicator()).toHaveTextContent('3 / 3');
    await user.click(screen.getByRole('button', { name: 'Beauty' }));
    expect(pageIndicator()).toHaveTextContent('1 / 2');
    expect(tiles()[0]).toHaveAccessibleName('Enlarge: Image 0');
  });

  it('enlarges an image in an overlay with its caption and category; Escape and the backdrop close it', async () => {
    const user = userEvent.setup();
    render(<Gallery />);
    const image = GALLERY_IMAGES[2];
    await user.click(screen.getByRole('button', { name: `Enlarge: ${alt(image)}` }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('img', { name: alt(image) })).toHaveAttribute('src', image.src);
    expect(within(dialog).getByRole('heading', { name: galleryCaption(image) })).toBeInTheDocument();
    // The chip reads as the filter chip does ('Beauty', 'B2B'), not as the stored id.
    const chipLabel = screen.getByRole('button', { name: galleryCategoryLabel(image.category), hidden: true }).textContent!;
    expect(within(dialog).getByText(chipLabel)).toBeInTheDocument();
    expect(within(dialog).getByText(/^[A-Z]/, { selector: '.MuiChip-label' })).toHaveTextContent(chipLabel);

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: `Enlarge: ${alt(GALLERY_IMAGES[0])}` }));
    await screen.findByRole('dialog');
    fireEvent.click(document.querySelector('.MuiBackdrop-root')!);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
