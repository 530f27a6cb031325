import { assetsTrend, brandInitials, brandColorStyle, formatShortDate, formatTransactionAmount, lastAddedTrend, renewalTrend } from './format';

const DAY = 24 * 60 * 60 * 1000;

describe('dashboard formats', () => {
  it('shows ledger amounts as credits, never as money', () => {
    expect(formatTransactionAmount(25)).toBe('+25 credits');
    expect(formatTransactionAmount(-4)).toBe('-4 credits');
    expect(formatTransactionAmount(475)).toBe('+475 credits');
    expect(formatTransactionAmount(-1)).toBe('-1 credit');
    expect(formatTransactionAmount(2500)).toBe('+2,500 credits');
  });

  it('writes en-US short dates', () => {
    expect(formatShortDate('2026-03-05T12:00:00.000Z')).toBe('Mar 5, 2026');
    expect(formatShortDate('nope')).toBe('—');
  });

  it('takes initials from the first and the last word and cycles six colour styles', () => {
    expect(brandInitials('Acme Coffee Roasters')).toBe('AR');
    expect(brandInitials('  northwind ')).toBe('N');
    expect(brandColorStyle(0)).toEqual(brandColorStyle(6));
    expect(brandColorStyle(1)).not.toEqual(brandColorStyle(0));
  });

  it('writes real trends and none where there is nothing to compare', () => {
    expect(assetsTrend(null, 30)).toBeNull();
    expect(assetsTrend(-25, 30)).toBe('25% fewer than the previous 30 days');
    expect(assetsTrend(0, 30)).toBe('Same as the previous 30 days');
    const now = Date.UTC(2026, 10, 24);
    expect(lastAddedTrend(null, now)).toBeNull();
    expect(lastAddedTrend(new Date(now - 3 * DAY).toISOString(), now)).toBe('Last added 3 days ago');
    expect(renewalTrend(null, false, now)).toBeNull();
    expect(renewalTrend(new Date(now + DAY).toISOString(), false, now)).toBe('Renews in 1 day');
    expect(renewalTrend(new Date(now + 5 * DAY).toISOString(), true, now)).toBe('Ends in 5 days');
  });
});
