import { render, screen } from '@testing-library/react';
import { axisTop, UsageBars } from './UsageBars';

describe('the usage bars', () => {
  it('rounds the axis to 1, 2 or 5 times a power of ten, at least the highest day', () => {
    expect([0, 1, 2, 3, 7, 10, 11, 26, 475, 1001].map(axisTop)).toEqual([1, 1, 2, 5, 10, 10, 20, 50, 500, 2000]);
  });

  it('draws one bar per day at its share of the axis and names every fifth day', () => {
    const days = Array.from({ length: 10 }, (_, i) => ({ date: `2026-11-${String(i + 10).padStart(2, '0')}`, credits_used: i === 3 ? 8 : i === 4 ? 4 : 0 }));
    const { container } = render(<UsageBars days={days} label={(date) => `day ${date.slice(8)}`} />);
    expect(screen.getByText('10')).toBeInTheDocument();
    expect(screen.getByText('5')).toBeInTheDocument();
    expect(screen.getByText('day 10')).toBeInTheDocument();
    expect(screen.getByText('day 15')).toBeInTheDocument();
    expect(screen.queryByText('day 11')).not.toBeInTheDocument();
    const heights = [...container.querySelectorAll<HTMLElement>('div')].map((el) => getComputedStyle(el).height).filter((h) => h.endsWith('%'));
    expect(heights).toEqual(['0%', '0%', '0%', '80%', '40%', '0%', '0%', '0%', '0%', '0%']);
  });
});
