import { AD_CTA_LABELS_BY_LANGUAGE, AD_CTA_TYPES, adFitProblemText as englishProblem, adNoteText as englishNote, LANGUAGES, type AdFitProblem, type AdNote } from '@brandloom/contracts';
import { act } from '@testing-library/react';
import { setActiveLocale } from '../../../lib/i18n/format';
import { loadMessages } from '../../../lib/i18n/messages';
import { adFitProblemText, adNoteText } from './adNotes';

const NOTES: AdNote[] = [
  { code: 'scrim', params: { role: 'headline', tone: 'dark', opacity: 55, contrast: '4.6' } },
  { code: 'scrim', params: { role: 'body', tone: 'light', opacity: 40, contrast: '12.0' } },
  { code: 'color', params: { role: 'body', color: '#1B5E20', contrast: '5.1', against: 'picture' } },
  { code: 'color', params: { role: 'headline', color: '#111111', contrast: '7.0', against: 'brand' } },
  { code: 'no_logo', params: {} },
];
const PROBLEMS: AdFitProblem[] = [
  { code: 'layout_unknown', params: { layout: 'diagonal' } },
  { code: 'missing_glyphs', params: { role: 'body', characters: '漢 字' } },
  { code: 'word_too_wide', params: { role: 'headline', word: 'Donaudampfschiff' } },
  { code: 'too_many_lines', params: { role: 'body' } },
  { code: 'button_too_wide', params: { role: 'button' } },
];

describe('the layout notes and refusals, by code', () => {
  afterEach(() => act(() => setActiveLocale('en-US')));

  it('say in en-US word for word what the layout engine says', () => {
    for (const note of NOTES) expect(adNoteText(note)).toBe(englishNote(note));
    for (const problem of PROBLEMS) expect(adFitProblemText(problem)).toBe(englishProblem(problem));
  });

  it('say it in German, French and Spanish with the values in place and numbers as the language writes them', async () => {
    await loadMessages('de');
    await loadMessages('fr');
    await loadMessages('es');
    act(() => setActiveLocale('de'));
    expect(adNoteText(NOTES[0])).toBe('Eine dunkle Hinterlegung (55 %) liegt hinter der Überschrift, damit sie mit 4,6:1 lesbar ist');
    expect(adNoteText(NOTES[2])).toBe('Der Haupttext ist in #1B5E20 gesetzt, damit er sich mit 5,1:1 vom Bild abhebt');
    expect(adFitProblemText(PROBLEMS[2])).toBe('Die Überschrift passt selbst in der kleinsten Größe nicht in diese Gestaltung (das Wort „Donaudampfschiff“ ist breiter als sein Feld): Kürzen Sie den Text oder wählen Sie eine andere Gestaltung');
    act(() => setActiveLocale('fr'));
    expect(adNoteText(NOTES[3])).toBe('Le titre est en #111111 pour être lisible avec un contraste de 7,0:1 sur la couleur de la marque');
    expect(adFitProblemText(PROBLEMS[4])).toBe('Le libellé du bouton ne tient pas dans cette mise en page\u00a0: choisissez une autre mise en page');
    act(() => setActiveLocale('es'));
    expect(adNoteText(NOTES[1])).toBe('Un velo claro (40 %) detrás del texto principal permite leerlo con un contraste de 12,0:1');
    expect(adFitProblemText(PROBLEMS[1])).toBe('El texto principal usa caracteres que la fuente no puede dibujar: 漢 字');
  });

  it("falls back to the server's words for a code the catalogues do not know", () => {
    expect(adFitProblemText({ code: 'something_new', message: 'As the server says it' })).toBe('As the server says it');
  });

  it('labels each call to action in the composer as the button on the ad in that language says it', async () => {
    for (const language of LANGUAGES) {
      const messages = await loadMessages(language);
      for (const type of AD_CTA_TYPES) expect({ language, type, label: messages[`ads.cta.${type}`] }).toEqual({ language, type, label: AD_CTA_LABELS_BY_LANGUAGE[language][type] });
    }
  });
});
