import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setActiveLocale } from '../../../lib/i18n/format';
import { loadMessages } from '../../../lib/i18n/messages';
import { renderComposer, signedIn } from '../test/composer';
import { TRANSLATE_MESSAGES } from './TranslateCopy';

async function composerWithHeadline(headline: string) {
  renderComposer();
  const dialog = within(screen.getByRole('dialog', { name: 'Make an ad' }));
  await userEvent.click(dialog.getByLabelText(/^Headline/));
  await userEvent.paste(headline);
  await userEvent.click(dialog.getByRole('button', { name: 'Translate' }));
  return dialog;
}

describe('Translate in the ad composer', () => {
  it('says what translations need when the server has no OpenAI key', async () => {
    const api = signedIn({ 'POST /api/ads/translate': { status: 503, body: { statusCode: 503, code: 'ad_translation_not_configured', message: 'Translation is not available' } } });
    const dialog = await composerWithHeadline('Walk on air');
    await userEvent.click(dialog.getByRole('button', { name: 'Get translations' }));
    expect(await dialog.findByText(TRANSLATE_MESSAGES.unavailable)).toBeInTheDocument();
    expect(api.to('POST', '/api/ads')).toHaveLength(0);
  });

  it('proposes the chosen languages, says which does not fit, and saves each edited translation as its own ads', async () => {
    let saved = 0;
    const api = signedIn({
      'POST /api/ads/translate': {
        body: {
          translations: [
            { language: 'es', headline: 'Camina en el aire', body: '', fits: true },
            { language: 'de', headline: 'Luftwandelschuhwerk', body: '', fits: false, field: 'headline', message: 'The headline does not fit this layout at the smallest size' },
          ],
        },
      },
      'POST /api/ads': () => ({ status: 202, body: { ads: [{ id: `ad-${++saved}`, placement: '1:1', status: 'queued' }] } }),
      'GET /api/ads/ad-1': { body: { id: 'ad-1', placement: '1:1', status: 'processing', progress: 10, message: 'Reading the picture', version: 1, language: 'es' } },
      'GET /api/ads/ad-2': { body: { id: 'ad-2', placement: '1:1', status: 'processing', progress: 10, message: 'Reading the picture', version: 1, language: 'de' } },
    });
    const dialog = await composerWithHeadline('Walk on air');
    await userEvent.click(dialog.getByRole('checkbox', { name: 'French' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Get translations' }));

    const german = within(await dialog.findByRole('group', { name: 'German copy' }));
    expect(german.getByText(/German: The headline does not fit/)).toBeInTheDocument();
    expect(api.to('POST', '/api/ads/translate')[0].body).toMatchObject({ assetId: 'asset-1', placement: '1:1', layout: 'headline-top', headline: 'Walk on air', languages: ['es', 'de'] });

    await userEvent.clear(german.getByLabelText('German headline'));
    await userEvent.click(german.getByLabelText('German headline'));
    await userEvent.paste('Wie auf Luft');
    expect(german.queryByText(/does not fit/)).not.toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Save 2 translations' }));

    await waitFor(() => expect(api.to('POST', '/api/ads')).toHaveLength(2));
    const bodies = api.to('POST', '/api/ads').map((call) => call.body);
    expect(bodies[0]).toMatchObject({ assetId: 'asset-1', placements: ['1:1'], layout: 'headline-top', headline: 'Camina en el aire', language: 'es' });
    expect(bodies[1]).toMatchObject({ headline: 'Wie auf Luft', language: 'de' });
    expect(await screen.findAllByTestId('ad-progress')).toHaveLength(2);
  });

  describe.each([
    { language: 'es', title: 'Crear un anuncio', headline: /^Titular/, open: 'Traducir', get: 'Obtener traducciones', group: 'Texto en Alemán', tooLong: 'El titular tiene más de 40 caracteres', bodyTooLong: 'El texto principal tiene más de 125 caracteres' },
    { language: 'fr', title: 'Créer une publicité', headline: /^Titre/, open: 'Traduire', get: 'Obtenir les traductions', group: 'Texte en Allemand', tooLong: 'Le titre dépasse 40 caractères', bodyTooLong: 'Le texte principal dépasse 125 caractères' },
    { language: 'de', title: 'Anzeige erstellen', headline: /^Überschrift/, open: 'Übersetzen', get: 'Übersetzungen abrufen', group: 'Text auf Deutsch', tooLong: 'Die Überschrift ist länger als 40 Zeichen', bodyTooLong: 'Der Haupttext ist länger als 125 Zeichen' },
  ] as const)('in $language', ({ language, title, headline, open, get, group, tooLong, bodyTooLong }) => {
    beforeEach(async () => {
      await loadMessages(language);
      act(() => setActiveLocale(language));
    });
    afterEach(() => act(() => setActiveLocale('en-US')));

    it('labels the Translate button and says in the language which translated copy is too long', async () => {
      signedIn({ 'POST /api/ads/translate': { body: { translations: [{ language: 'de', headline: 'Ü'.repeat(41), body: 'ß'.repeat(126), fits: true }] } } });
      renderComposer();
      const dialog = within(await screen.findByRole('dialog', { name: title }));
      await userEvent.click(dialog.getByLabelText(headline));
      await userEvent.paste('Walk on air');
      expect(dialog.queryByRole('button', { name: 'Translate' })).not.toBeInTheDocument();
      await userEvent.click(dialog.getByRole('button', { name: open }));
      await userEvent.click(dialog.getByRole('button', { name: get }));

      const german = within(await dialog.findByRole('group', { name: group }));
      expect(german.getByText(tooLong)).toBeInTheDocument();
      expect(german.getByText(bodyTooLong)).toBeInTheDocument();
    });
  });
});
