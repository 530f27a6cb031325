import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FilePreviewGrid } from './FilePreviewGrid';

const png = (name: string) => new File([new Uint8Array([137, 80, 78, 71])], name, { type: 'image/png' });

describe('FilePreviewGrid', () => {
  beforeEach(() => {
    let n = 0;
    vi.spyOn(URL, 'createObjectURL').mockImplementation(() => `blob:preview-${++n}`);
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
  });

  it('shows each file as a thumbnail in a named list and removes the one asked for', async () => {
    const onRemove = vi.fn();
    render(<FilePreviewGrid files={[png('a.png'), png('b.png')]} label="Selected images" onRemove={onRemove} size="large" caption={(f) => <span>{f.size} B</span>} />);
    const list = screen.getByRole('list', { name: 'Selected images' });
    expect(list.querySelectorAll('[role="listitem"]')).toHaveLength(2);
    expect(screen.getByRole('img', { name: 'b.png' })).toHaveAttribute('src', 'blob:preview-2');
    expect(screen.getAllByText('4 B')).toHaveLength(2);
    await userEvent.click(screen.getByRole('button', { name: 'Remove b.png' }));
    expect(onRemove).toHaveBeenCalledWith(1);
  });

  it('revokes the object URLs when the files go away, and renders nothing for no files', () => {
    const { rerender, container } = render(<FilePreviewGrid files={[png('a.png')]} label="Reference images" onRemove={() => {}} />);
    rerender(<FilePreviewGrid files={[]} label="Reference images" onRemove={() => {}} />);
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:preview-1');
    expect(container).toBeEmptyDOMElement();
  });
});
