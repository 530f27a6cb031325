import { LANGUAGES } from '@brandloom/contracts';
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadMessages } from '../lib/i18n/messages';

/** The names of a message's placeholders, with their kind ('count:plural', 'min:argument'). */
function placeholders(elements: MessageFormatElement[], found = new Set<string>()): Set<string> {
  for (const element of elements) {
    if (element.type === TYPE.argument || element.type === TYPE.number || element.type === TYPE.date || element.type === TYPE.time) found.add(`${element.value}:${element.type}`);
    if (element.type === TYPE.plural || element.type === TYPE.select) {
      found.add(`${element.value}:${element.type}`);
      for (const option of Object.values(element.options)) placeholders(option.value, found);
    }
    if (element.type === TYPE.tag) placeholders(element.children, found);
  }
  return found;
}

describe('the translation catalogues', () => {
  const catalogues = Promise.all(LANGUAGES.map(async (language) => [language, await loadMessages(language)] as const));

  it('has at least 150 en-US messages', async () => {
    const [[, english]] = await catalogues;
    expect(Object.keys(english).length).toBeGreaterThanOrEqual(150);
  });

  it.each(LANGUAGES.filter((language) => language !== 'en-US'))('gives %s exactly the en-US keys, each with the same placeholders', async (language) => {
    const all = Object.fromEntries(await catalogues);
    const english = all['en-US'];
    const translated = all[language];
    expect(Object.keys(translated).sort()).toEqual(Object.keys(english).sort());
    for (const key of Object.keys(english) as (keyof typeof english)[]) {
      expect({ key, placeholders: [...placeholders(parse(translated[key]))].sort() }).toEqual({ key, placeholders: [...placeholders(parse(english[key]))].sort() });
    }
  });

  it.each(LANGUAGES.filter((language) => language !== 'en-US'))('writes %s as its own object literal (no language spread into another)', (language) => {
    const source = readFileSync(join(__dirname, `${language}.ts`), 'utf8');
    expect(source).not.toMatch(/\.\.\.\s*\w/);
    expect(source).not.toMatch(/from '\.\/(en-US|es|fr|de)'/);
  });

  it('leaves no message untranslated that is not a name or a glossary word kept in English', async () => {
    const kept = new Set(['Brandloom', 'Studio', 'Brand Brain', 'Blog', 'Webhooks', 'Prompt', 'Logo', 'Team', 'Profil', 'Date', 'Type', 'Description', 'Credits', 'Optional', 'Organisation', 'Status', 'Actions', 'Name', 'Plan', 'Action', 'Format', 'Administrator', 'Administrator: {email}', '{field}: {problem}', 'Organization', '{count, plural, one {# image} other {# images}}']);
    const all = Object.fromEntries(await catalogues);
    for (const language of ['es', 'fr', 'de'] as const) {
      const same = Object.entries(all[language]).filter(([key, text]) => text === all['en-US'][key as keyof (typeof all)['en-US']] && !kept.has(text));
      expect({ language, same }).toEqual({ language, same: [] });
    }
  });
});
