import { formatDate } from '../../lib/i18n/format';
import { translate } from '../../lib/i18n/translate';

// The product's dashboard formats and the real trend texts that replace the product's placeholders.

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A ledger row's amount in credits ('+25 credits', '-1 credit'); the sign says which way credits
 * moved. Credits are not money, so they are never divided by 100 and shown as USD (docs/decisions.md).
 */
export function formatTransactionAmount(amount: number): string {
  const magnitude = Math.abs(amount);
  const shown = translate('common.credits', { count: magnitude });
  return amount < 0 ? `-${shown}` : `+${shown}`;
}

/** A short date ('Nov 24, 2026'); '—' when the value is not a date. */
export function formatShortDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '—' : formatDate(date, { month: 'short', day: 'numeric', year: 'numeric' });
}

/** The first letters of the first and the last word ('Acme Coffee Roasters' → 'AR'). */
export function brandInitials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (!words.length) return '?';
  const first = words[0].charAt(0);
  const last = words.length > 1 ? words[words.length - 1].charAt(0) : '';
  return (first + last).toUpperCase();
}

/** Six colour styles, cycling by the item's index (each pair passes WCAG AA contrast). */
export const BRAND_COLOR_STYLES = [
  { bgcolor: '#e0e7ff', color: '#3730a3' },
  { bgcolor: '#fce7f3', color: '#9d174d' },
  { bgcolor: '#dcfce7', color: '#166534' },
  { bgcolor: '#fef3c7', color: '#92400e' },
  { bgcolor: '#e0f2fe', color: '#075985' },
  { bgcolor: '#ede9fe', color: '#5b21b6' },
] as const;

export const brandColorStyle = (index: number) => BRAND_COLOR_STYLES[index % BRAND_COLOR_STYLES.length];

/** '12% more than the previous 30 days'; null when the previous period had nothing to compare with. */
export function assetsTrend(changePercent: number | null, days: number): string | null {
  if (changePercent === null || !Number.isFinite(changePercent)) return null;
  const rounded = Math.round(changePercent);
  if (rounded === 0) return translate('dashboard.trend.same', { days });
  return translate(rounded > 0 ? 'dashboard.trend.more' : 'dashboard.trend.fewer', { percent: Math.abs(rounded), days });
}

export function creditsUsedTrend(used: number): string {
  return translate('dashboard.trend.creditsUsed', { count: used });
}

/** 'Last added today', 'Last added 2 days ago'; null when there is no profile. */
export function lastAddedTrend(iso: string | null, now: number = Date.now()): string | null {
  if (!iso) return null;
  const time = new Date(iso).getTime();
  if (Number.isNaN(time)) return null;
  const days = Math.max(0, Math.floor((now - time) / DAY_MS));
  if (days === 0) return translate('dashboard.trend.addedToday');
  if (days === 1) return translate('dashboard.trend.addedYesterday');
  return translate('dashboard.trend.addedDaysAgo', { days });
}

/** 'Renews in 17 days' (or 'Ends in …' when cancelled at the period's end); null without a subscription. */
export function renewalTrend(iso: string | null, cancelsAtPeriodEnd: boolean, now: number = Date.now()): string | null {
  if (!iso) return null;
  const time = new Date(iso).getTime();
  if (Number.isNaN(time)) return null;
  const days = Math.max(0, Math.ceil((time - now) / DAY_MS));
  if (days === 0) return translate(cancelsAtPeriodEnd ? 'dashboard.trend.endsToday' : 'dashboard.trend.renewsToday');
  return translate(cancelsAtPeriodEnd ? 'dashboard.trend.endsIn' : 'dashboard.trend.renewsIn', { days });
}
