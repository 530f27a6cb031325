import { DEFAULT_PREFERENCES, type Language } from '@brandloom/contracts';
import { useSyncExternalStore } from 'react';

// Every date, number, price and relative time on a screen is formatted here, for the active
// language. The active language is en-US until the translation layer sets it from the user's stored
// preference (PATCH /api/users/me/preferences { language }); en-US output is the product's, as written.

export type Locale = Language;

let active: Locale = DEFAULT_PREFERENCES.language;
const listeners = new Set<() => void>();

/** The language screens are formatted in now. */
export function activeLocale(): Locale {
  return active;
}

/** Makes `locale` the active language; components reading `useLocale()` render again. */
export function setActiveLocale(locale: Locale): void {
  if (locale === active) return;
  active = locale;
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The active language, for components that must render again when it changes. */
export function useLocale(): Locale {
  return useSyncExternalStore(subscribe, activeLocale, activeLocale);
}

// Intl formatters are costly to build: one per language and set of options.
const formatters = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat | Intl.RelativeTimeFormat | Intl.PluralRules>();

function cached<T extends Intl.DateTimeFormat | Intl.NumberFormat | Intl.RelativeTimeFormat | Intl.PluralRules>(kind: string, options: object, create: (locale: Locale) => T): T {
  const key = `${kind}|${active}|${JSON.stringify(options)}`;
  let formatter = formatters.get(key) as T | undefined;
  if (!formatter) {
    formatter = create(active);
    formatters.set(key, formatter);
  }
  return formatter;
}

/** What `Date#toLocaleString()` shows without options: date and time, all numeric ('11/24/2026, 3:04:05 PM'). */
export const DATE_TIME_DEFAULT: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' };

/** A date (and time, if the options ask for it) in the active language, e.g. `{ month: 'short', day: 'numeric', year: 'numeric' }` → 'Nov 24, 2026'. */
export function formatDate(value: Date | string | number, options: Intl.DateTimeFormatOptions = DATE_TIME_DEFAULT): string {
  const date = value instanceof Date ? value : new Date(value);
  return cached('date', options, (locale) => new Intl.DateTimeFormat(locale, options)).format(date);
}

/** A number in the active language ('1,599' in en-US, '1.599' in de). */
export function formatNumber(value: number, options: Intl.NumberFormatOptions = {}): string {
  return cached('number', options, (locale) => new Intl.NumberFormat(locale, options)).format(value);
}

/** A file size in the active language, 1024-based: bytes below 1 KB, else KB or MB with one decimal ('2.5 MB', '2,5 MB' in de). */
export function formatFileSize(bytes: number): string {
  const oneDecimal = { minimumFractionDigits: 1, maximumFractionDigits: 1 };
  if (bytes < 1024) return `${formatNumber(bytes)} B`;
  if (bytes < 1024 * 1024) return `${formatNumber(bytes / 1024, oneDecimal)} KB`;
  return `${formatNumber(bytes / 1024 / 1024, oneDecimal)} MB`;
}

/** An amount of money in the active language ('$58.00' in en-US, '58,00 $' in de). */
export function formatCurrency(amount: number, currency: string, options: Omit<Intl.NumberFormatOptions, 'style' | 'currency'> = {}): string {
  return formatNumber(amount, { ...options, style: 'currency', currency });
}

/** A price as the product shows it: whole amounts without cents ('$98', '$1,599'), others with them ('$9.50'). */
export function formatPrice(amount: number, currency: string): string {
  return formatCurrency(amount, currency, Number.isInteger(amount) ? { maximumFractionDigits: 0 } : { minimumFractionDigits: 2 });
}

/** A relative time in the active language, e.g. (-3, 'day') → '3 days ago', (-1, 'day') → 'yesterday'. */
export function formatRelativeTime(value: number, unit: Intl.RelativeTimeFormatUnit, options: Intl.RelativeTimeFormatOptions = { numeric: 'auto' }): string {
  return cached('relative', options, (locale) => new Intl.RelativeTimeFormat(locale, options)).format(value, unit);
}

/** A count with the noun form the active language's plural rules pick: (1, { one: 'credit', other: 'credits' }) → '1 credit'. */
export function formatCount(count: number, forms: { one: string; other: string }): string {
  const category = cached('plural', {}, (locale) => new Intl.PluralRules(locale)).select(count);
  return `${formatNumber(count)} ${category === 'one' ? forms.one : forms.other}`;
}
