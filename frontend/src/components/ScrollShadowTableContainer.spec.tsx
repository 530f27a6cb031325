import { fireEvent, render, screen } from '@testing-library/react';
import { Table, TableBody, TableCell, TableRow } from '@mui/material';
import { ScrollShadowTableContainer } from './ScrollShadowTableContainer';

/** The test DOM lays nothing out: the box's widths and scroll offset are set as a browser would report them. */
function layOut(box: HTMLElement, { clientWidth, scrollWidth, scrollLeft }: { clientWidth: number; scrollWidth: number; scrollLeft: number }) {
  Object.defineProperty(box, 'clientWidth', { configurable: true, value: clientWidth });
  Object.defineProperty(box, 'scrollWidth', { configurable: true, value: scrollWidth });
  box.scrollLeft = scrollLeft;
  fireEvent.scroll(box);
}

describe('ScrollShadowTableContainer', () => {
  it('marks only the edges with more of the table beyond them, so a table that fits shows no shadow', () => {
    render(
      <ScrollShadowTableContainer role="region" aria-label="Invoices">
        <Table>
          <TableBody>
            <TableRow>
              <TableCell>Row</TableCell>
            </TableRow>
          </TableBody>
        </Table>
      </ScrollShadowTableContainer>,
    );
    const box = screen.getByRole('region', { name: 'Invoices' });
    layOut(box, { clientWidth: 600, scrollWidth: 600, scrollLeft: 0 });
    expect(box).not.toHaveAttribute('data-overflow-start');
    expect(box).not.toHaveAttribute('data-overflow-end');

    layOut(box, { clientWidth: 390, scrollWidth: 600, scrollLeft: 0 });
    expect(box).not.toHaveAttribute('data-overflow-start');
    expect(box).toHaveAttribute('data-overflow-end');

    layOut(box, { clientWidth: 390, scrollWidth: 600, scrollLeft: 100 });
    expect(box).toHaveAttribute('data-overflow-start');
    expect(box).toHaveAttribute('data-overflow-end');

    layOut(box, { clientWidth: 390, scrollWidth: 600, scrollLeft: 210 });
    expect(box).toHaveAttribute('data-overflow-start');
    expect(box).not.toHaveAttribute('data-overflow-end');
  });
});
