import { formatDate, formatRelativeTime } from '../../lib/i18n/format';
import { translate } from '../../lib/i18n/translate';

/**
 * Dates in long format with hour and minute ('January 5, 2026 at 02:30 PM'), with the
 * fallbacks 'Unknown date' (none), 'Invalid date' (unparseable) and 'Date formatting error'.
 */
export function formatLongDate(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return translate('brandBrain.date.unknown');
  try {
    const date = value instanceof Date ? value : new Date(value);
    if (Number.isNaN(date.getTime())) return translate('brandBrain.date.invalid');
    return formatDate(date, { year: 'numeric', month: 'long', day: 'numeric', hour: '2-digit', minute: '2-digit' });
  } catch {
    return translate('brandBrain.date.error');
  }
}

const UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/** '3 days ago', 'yesterday', 'just now'; 'unknown' when the date is missing or unparseable. */
export function formatRelativeDate(value: string | null | undefined, now: number = Date.now()): string {
  if (!value) return translate('brandBrain.date.unknownRelative');
  const time = new Date(value).getTime();
  if (Number.isNaN(time)) return translate('brandBrain.date.unknownRelative');
  const seconds = Math.round((time - now) / 1000);
  if (Math.abs(seconds) < 60) return translate('brandBrain.date.justNow');
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return formatRelativeTime(Math.trunc(seconds / size), unit);
  }
  return translate('brandBrain.date.justNow');
}

