import { act, renderHook } from '@testing-library/react';
import { activeLocale, formatCount, formatCurrency, formatDate, formatFileSize, formatNumber, formatPrice, formatRelativeTime, setActiveLocale, useLocale } from './format';

// Local noon, so the date is the 24th in any time zone the tests run in.
const NOV_24 = new Date(2026, 10, 24, 12, 0);
const NUMERIC_DATE: Intl.DateTimeFormatOptions = { day: '2-digit', month: '2-digit', year: 'numeric' };

describe('formatting for the active language', () => {
  afterEach(() => setActiveLocale('en-US'));

  it('formats in en-US until a language is chosen, as the product writes it', () => {
    expect(activeLocale()).toBe('en-US');
    expect(formatDate(NOV_24, { month: 'short', day: 'numeric', year: 'numeric' })).toBe('Nov 24, 2026');
    expect(formatDate(NOV_24, NUMERIC_DATE)).toBe('11/24/2026');
    expect(formatDate(NOV_24)).toBe(NOV_24.toLocaleString('en-US'));
    expect(formatDate('2026-11-24T00:00:00Z', { month: 'short', day: 'numeric', timeZone: 'UTC' })).toBe('Nov 24');
    expect(formatCurrency(58, 'USD')).toBe('$58.00');
    expect(formatPrice(58, 'USD')).toBe('$58');
    expect(formatPrice(1599, 'USD')).toBe('$1,599');
    expect(formatPrice(9.5, 'USD')).toBe('$9.50');
    expect(formatNumber(12345)).toBe('12,345');
    expect(formatCount(1, { one: 'credit', other: 'credits' })).toBe('1 credit');
    expect(formatCount(2, { one: 'credit', other: 'credits' })).toBe('2 credits');
    expect(formatCount(1500, { one: 'credit', other: 'credits' })).toBe('1,500 credits');
    expect(formatRelativeTime(-1, 'day')).toBe('yesterday');
    expect(formatRelativeTime(-3, 'day')).toBe('3 days ago');
    expect([512, 2048, 1536 * 1024].map(formatFileSize)).toEqual(['512 B', '2.0 KB', '1.5 MB']);
  });

  it('formats dates, prices, numbers and relative times for another language once it is active', () => {
    setActiveLocale('de');
    expect(activeLocale()).toBe('de');
    expect(formatDate(NOV_24, NUMERIC_DATE)).toBe('24.11.2026');
    // German puts a no-break space before the symbol.
    expect(formatCurrency(58, 'USD')).toBe('58,00\u00a0$');
    expect(formatPrice(58, 'USD')).toBe('58\u00a0$');
    expect(formatNumber(12345)).toBe('12.345');
    expect(formatRelativeTime(-3, 'day')).toBe('vor 3 Tagen');
    expect(formatFileSize(1536 * 1024)).toBe('1,5 MB');

    // Switching back gives en-US again (formatters are kept per language, not reused across them).
    setActiveLocale('en-US');
    expect(formatDate(NOV_24, NUMERIC_DATE)).toBe('11/24/2026');
    expect(formatCurrency(58, 'USD')).toBe('$58.00');
  });

  it('picks the noun by the language’s plural rules, not by `=== 1`', () => {
    // French counts 0 and 1 as singular; English only 1.
    expect(formatCount(0, { one: 'credit', other: 'credits' })).toBe('0 credits');
    setActiveLocale('fr');
    expect(formatCount(0, { one: 'crédit', other: 'crédits' })).toBe('0 crédit');
    expect(formatCount(1, { one: 'crédit', other: 'crédits' })).toBe('1 crédit');
    expect(formatCount(2, { one: 'crédit', other: 'crédits' })).toBe('2 crédits');
  });

  it('renders components reading useLocale again when the language changes', () => {
    const { result } = renderHook(() => useLocale());
    expect(result.current).toBe('en-US');
    act(() => setActiveLocale('es'));
    expect(result.current).toBe('es');
  });
});
