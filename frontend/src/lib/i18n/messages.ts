import type { Language } from '@brandloom/contracts';
import enUS from '../../locales/en-US';
import { loadChunk } from '../chunks';

// One catalogue per language (src/locales/<language>.ts). en-US is in every bundle (it is also the
// fallback); the others are chunks of their own, fetched when their language is chosen.

export type MessageKey = keyof typeof enUS;
/** A language's catalogue: every en-US key, no other (the type checks it; a unit test checks the placeholders). */
export type Messages = Record<MessageKey, string>;

export const FALLBACK_LANGUAGE: Language = 'en-US';
export const fallbackMessages: Messages = enUS;

const loaders: Record<Exclude<Language, 'en-US'>, () => Promise<{ default: Messages }>> = {
  es: () => import('../../locales/es'),
  fr: () => import('../../locales/fr'),
  de: () => import('../../locales/de'),
};

const loaded = new Map<Language, Messages>([[FALLBACK_LANGUAGE, enUS]]);

/** The catalogue of a language once loaded (en-US always is). */
export function loadedMessages(language: Language): Messages | undefined {
  return loaded.get(language);
}

/** Loads a language's catalogue (once). */
export async function loadMessages(language: Language): Promise<Messages> {
  const known = loaded.get(language);
  if (known) return known;
  const { default: messages } = await loadChunk(loaders[language as Exclude<Language, 'en-US'>]);
  loaded.set(language, messages);
  return messages;
}
