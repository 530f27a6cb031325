import type { Language } from '@brandloom/contracts';
import { useEffect, useState } from 'react';
import { loadChunk } from '../../lib/chunks';
import { useLocale } from '../../lib/i18n/format';
import { FALLBACK_LANGUAGE } from '../../lib/i18n/messages';
import type { MessageKey } from '../../lib/i18n/translate';

/**
 * The legal pages' text in each language: one module per language (content/<language>.ts), a chunk
 * of its own, so a page carries the text of its language only. The English version prevails: each
 * translation says so in a sentence at its top.
 */

/** The day the legal texts were last changed (every language's version is of that day). */
export const LEGAL_LAST_UPDATED = '2026-11-24';

/** A paragraph, or a bullet list. */
export type LegalBlock = string | { list: string[] };

export interface LegalSection {
  id: string;
  title: string;
  blocks: LegalBlock[];
}

export interface LegalDocument {
  title: string;
  /** The page's <title> in every language. */
  headKey: MessageKey;
  intro: string;
  sections: LegalSection[];
}

/** /meta-deletion's words, and the e-mail it prepares. */
export interface MetaDeletionTexts {
  title: string;
  intro: string;
  disconnectTitle: string;
  disconnectText: string;
  contactTitle: string;
  /** Around the support address: `before` {email} `after`. */
  contactBefore: string;
  contactAfter: string;
  sendEmail: string;
  sendEmailHint: string;
  informationTitle: string;
  informationIntro: string;
  information: string[];
  processingTitle: string;
  /** Around the processing time: `before` {time} `after`. */
  processingBefore: string;
  processingTime: string;
  processingAfter: string;
  warningTitle: string;
  warningText: string;
  help: string;
  /** The mail a user sends. */
  mailSubject: string;
  mailBody: string;
  /** The status of a request Meta sent, by its confirmation code. */
  status: {
    heading: (code: string) => string;
    loading: string;
    notFound: string;
    failed: string;
    label: string;
    completed: string;
    requested: (date: string) => string;
    completedAt: (date: string) => string;
  };
}

export interface LegalTexts {
  /** The sentence at the top of a translation saying the English version prevails (none in English). */
  prevails: string | null;
  lastUpdated: string;
  contents: string;
  terms: (supportEmail: string) => LegalDocument;
  privacy: (supportEmail: string) => LegalDocument;
  metaDeletion: MetaDeletionTexts;
}

const loaders = {
  [FALLBACK_LANGUAGE]: () => import('./content/en-US'),
  es: () => import('./content/es'),
  fr: () => import('./content/fr'),
  de: () => import('./content/de'),
} as Record<Language, () => Promise<{ default: LegalTexts }>>;

const loaded = new Map<Language, LegalTexts>();

/** Loads a language's legal texts (once); pre-rendering and hydration wait for it before rendering. */
export async function loadLegalTexts(language: Language): Promise<LegalTexts> {
  const known = loaded.get(language);
  if (known) return known;
  const { default: texts } = await loadChunk(loaders[language]);
  loaded.set(language, texts);
  return texts;
}

/** The legal texts in the active language; undefined while they load (after a language switch in the app). */
export function useLegalTexts(): LegalTexts | undefined {
  const locale = useLocale();
  const [, setReady] = useState<Language | null>(null);
  const texts = loaded.get(locale);
  useEffect(() => {
    if (texts) return;
    let active = true;
    void loadLegalTexts(locale).then(() => active && setReady(locale));
    return () => {
      active = false;
    };
  }, [locale, texts]);
  return texts;
}

/** The mailto: link that opens the user's mail client with the deletion request filled in. */
export const metaDeletionMailto = (email: string, texts: MetaDeletionTexts): string =>
  `mailto:${email}?subject=${encodeURIComponent(texts.mailSubject)}&body=${encodeURIComponent(texts.mailBody)}`;
