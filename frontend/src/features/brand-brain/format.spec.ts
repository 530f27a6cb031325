import { formatLongDate, formatRelativeDate } from './format';

describe('formatLongDate', () => {
  it('writes US long dates with hour and minute', () => {
    expect(formatLongDate('2026-01-05T12:30:00.000Z')).toMatch(/^January 5, 2026 at \d{1,2}:\d{2}\s?[AP]M$/);
    const local = new Date(2026, 6, 4, 9, 5);
    expect(formatLongDate(local)).toMatch(/^July 4, 2026 at 09:05\s?AM$/);
  });

  it("falls back to 'Unknown date', 'Invalid date' and 'Date formatting error'", () => {
    expect(formatLongDate(null)).toBe('Unknown date');
    expect(formatLongDate(undefined)).toBe('Unknown date');
    expect(formatLongDate('')).toBe('Unknown date');
    expect(formatLongDate('yesterday-ish')).toBe('Invalid date');

    // `format` is a getter that hands out the bound formatting function.
    const spy = vi.spyOn(Intl.DateTimeFormat.prototype as unknown as { format: unknown }, 'format', 'get').mockReturnValue(() => {
      throw new RangeError('no locale data');
    });
    try {
      expect(formatLongDate('2026-01-05T12:30:00.000Z')).toBe('Date formatting error');
    } finally {
      spy.mockRestore();
    }
  });
});

describe('formatRelativeDate', () => {
  const now = Date.parse('2026-03-10T12:00:00.000Z');
  it.each([
    ['2026-03-10T11:59:30.000Z', 'just now'],
    ['2026-03-10T11:55:00.000Z', '5 minutes ago'],
    ['2026-03-10T09:00:00.000Z', '3 hours ago'],
    ['2026-03-09T11:00:00.000Z', 'yesterday'],
    ['2026-03-07T12:00:00.000Z', '3 days ago'],
    ['2026-02-24T12:00:00.000Z', '2 weeks ago'],
    ['2025-12-01T12:00:00.000Z', '3 months ago'],
    ['2024-01-01T12:00:00.000Z', '2 years ago'],
    [null, 'unknown'],
    ['garbage', 'unknown'],
  ])('%s → %s', (value, expected) => {
    expect(formatRelativeDate(value, now)).toBe(expected);
  });
});

