import { formatDate, formatPrice } from '../../lib/i18n/format';
import { hasMessage, translate } from '../../lib/i18n/translate';

/** `98` → `$98`, `1599` → `$1,599`, `9.5` → `$9.50`. */
export function formatUsd(amount: number): string {
  return formatPrice(amount, 'USD');
}

/** `+20` for credits added, `-4` for credits spent, `0` otherwise. */
export function formatSignedAmount(amount: number): string {
  return amount > 0 ? `+${amount}` : String(amount);
}

export function formatCredits(credits: number): string {
  return translate('common.credits', { count: credits });
}

/** Date and time of a transaction, e.g. 'Mar 5, 2026, 12:00 PM'. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '—';
  return formatDate(date, { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' });
}

/** Long date, e.g. 'March 5, 2026'. */
export function formatLongDate(iso: string): string | null {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  return formatDate(date, { month: 'long', day: 'numeric', year: 'numeric' });
}

/** Transaction type labels in the active language; an unknown type is shown as sent. */
export function transactionLabel(type: string): string {
  const key = `billing.type.${type}`;
  return hasMessage(key) ? translate(key) : type;
}
