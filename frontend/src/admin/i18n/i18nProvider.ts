import type { Language } from '@brandloom/contracts';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';
import frenchMessages from 'ra-language-french';
import type { I18nProvider, TranslationMessages } from 'ra-core';
import { FALLBACK_LANGUAGE } from '../../lib/i18n/messages';
import raGerman from './raGerman';
import raSpanish from './raSpanish';

/** react-admin's own words (buttons, pagination, empty lists, confirmations) in each product language. */
export const RA_MESSAGES =  { [FALLBACK_LANGUAGE]: englishMessages, es: raSpanish, fr: frenchMessages, de: raGerman } as Record<Language, TranslationMessages>;

/**
 * The console's i18nProvider in the user's language. Our own labels come translated from the app's
 * catalogues; react-admin shows them as given (allowMissing), and says its own words in `language`.
 */
export function adminI18nProvider(language: Language): I18nProvider {
  return polyglotI18nProvider(() => RA_MESSAGES[language], language, [{ locale: language, name: language }], { allowMissing: true });
}
