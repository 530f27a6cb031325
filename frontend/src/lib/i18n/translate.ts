import { LANGUAGES, localizedPagePath, PRERENDERED_PAGES, type Language } from '@brandloom/contracts';
import { createIntl, createIntlCache, type IntlShape } from 'react-intl';
import { useMemo, type ReactNode } from 'react';
import { activeLocale, setActiveLocale, useLocale } from './format';
import { FALLBACK_LANGUAGE, fallbackMessages, loadedMessages, loadMessages, type MessageKey } from './messages';

export type { MessageKey } from './messages';
export type MessageValues = Record<string, string | number | Date | null | undefined>;
export type Translate = (key: MessageKey, values?: MessageValues) => string;

const cache = createIntlCache();
const intls = new Map<Language, IntlShape>();

function reportMissing(error: { code?: string; message: string }) {
  // A key missing in a catalogue falls back to en-US; development says so, tests fail on it
  // (src/test/setup.ts), and the built app warns in the console (the browser walk fails on it).
  if (import.meta.env.DEV || import.meta.env.MODE === 'test') console.error(`[i18n] ${error.message}`);
  else console.warn(`[i18n] ${error.message}`);
}

/** react-intl's formatter for a language whose catalogue is loaded (en-US otherwise). */
export function intlFor(language: Language): IntlShape {
  const messages = loadedMessages(language);
  const usable = messages ? language : FALLBACK_LANGUAGE;
  let intl = intls.get(usable);
  if (!intl) {
    intl = createIntl({ locale: usable, defaultLocale: FALLBACK_LANGUAGE, messages: messages ?? fallbackMessages, onError: reportMissing }, cache);
    intls.set(usable, intl);
  }
  return intl;
}

function translator(intl: IntlShape): Translate {
  return (key, values) => intl.formatMessage({ id: key, defaultMessage: fallbackMessages[key] }, values);
}

/** A message in the active language, for code outside components (toasts, helpers). */
export function translate(key: MessageKey, values?: MessageValues): string {
  return translator(intlFor(activeLocale()))(key, values);
}

/** True when the catalogue has the key (for messages looked up by a server's code). */
export function hasMessage(key: string): key is MessageKey {
  return Object.prototype.hasOwnProperty.call(fallbackMessages, key);
}

/** `t(key, values)` in the active language; the component renders again when it changes. */
export function useT(): Translate {
  const locale = useLocale();
  return useMemo(() => translator(intlFor(locale)), [locale]);
}

/** Like useT, for a message with elements in it (links in a sentence): `{terms}` → a link. */
export function useRichT(): (key: MessageKey, values: Record<string, ReactNode>) => ReactNode {
  const locale = useLocale();
  return useMemo(() => {
    const intl = intlFor(locale);
    return (key, values) => intl.formatMessage({ id: key, defaultMessage: fallbackMessages[key] }, values);
  }, [locale]);
}

/**
 * The path of a public page in the active language: a pre-rendered page or the blog (`/signin` →
 * `/de/signin`, `/blog` → `/de/blog`); other paths as they are.
 */
export function usePublicHref(): (path: string) => string {
  const locale = useLocale();
  return useMemo(() => (path: string) => (path === '/blog' || PRERENDERED_PAGES.some((page) => page.path === path) ? localizedPagePath(path, locale) : path), [locale]);
}

/** The language among the four that the browser prefers, else en-US. */
export function browserLanguage(preferred: readonly string[] = typeof navigator === 'undefined' ? [] : navigator.languages ?? [navigator.language]): Language {
  for (const tag of preferred) {
    const lower = tag.toLowerCase();
    if (lower === 'en' || lower.startsWith('en-')) return FALLBACK_LANGUAGE;
    const match = LANGUAGES.find((language) => language !== FALLBACK_LANGUAGE && (lower === language || lower.startsWith(`${language}-`)));
    if (match) return match;
  }
  return FALLBACK_LANGUAGE;
}

let requested: Language | null = null;

/**
 * Makes `language` the active one once its catalogue is loaded, and `<html lang>` follow; when
 * several switches overlap, the last one asked for wins.
 */
export async function switchLanguage(language: Language): Promise<void> {
  requested = language;
  await loadMessages(language);
  if (requested !== language) return;
  setActiveLocale(language);
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

/**
 * An object of named messages read in the active language each time a property is read, for
 * screens and tests that name their messages (`COMPOSER_MESSAGES.saveFailed`).
 */
export function translatedMessages<Names extends string>(keys: Record<Names, MessageKey>): { readonly [Name in Names]: string } {
  return Object.defineProperties(
    {},
    Object.fromEntries(Object.entries<MessageKey>(keys).map(([name, key]) => [name, { enumerable: true, get: () => translate(key) }])),
  ) as { readonly [Name in Names]: string };
}
