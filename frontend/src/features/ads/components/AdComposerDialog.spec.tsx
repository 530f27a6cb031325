import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdDto } from '@brandloom/contracts';
import { setActiveLocale } from '../../../lib/i18n/format';
import { loadMessages } from '../../../lib/i18n/messages';
import type { AdPicture } from '../../../lib/adsSlots';
import type { AdEngine } from '../engine/adEngine';
import { PICTURE, renderComposer, signedIn } from '../test/composer';
import { testEngine } from '../test/testEngine';
import { COMPOSER_MESSAGES } from './AdComposerDialog';

function openComposer(engine: AdEngine = testEngine(), picture: AdPicture = PICTURE) {
  const onClose = renderComposer(engine, picture);
  return { dialog: within(screen.getByRole('dialog', { name: 'Make an ad' })), onClose };
}

/** The overlay drawn over a preview once the fonts and the picture are read. */
async function overlayOf(name: string): Promise<string> {
  const preview = await screen.findByRole('img', { name });
  return waitFor(() => {
    const overlay = within(preview).getByTestId('ad-overlay');
    return overlay.innerHTML;
  });
}

const ad = (overrides: Partial<AdDto>): AdDto => ({
  id: 'ad-1',
  placement: '1:1',
  layout: 'headline-top',
  status: 'queued',
  message: 'Waiting to be rendered',
  error: null,
  progress: 0,
  asset_id: null,
  source_asset_id: 'asset-1',
  brand_profile_id: null,
  language: null,
  version: 1,
  headline: 'Fresh',
  body: '',
  cta: 'SHOP_NOW',
  logo: 'default',
  layers: null,
  created_at: '2026-11-25T07:00:00.000Z',
  updated_at: '2026-11-25T07:00:00.000Z',
  ...overrides,
});

describe('AdComposerDialog', () => {
  it('previews every chosen placement, named by placement, and redraws them as the headline is typed', async () => {
    signedIn();
    const engine = testEngine();
    const { dialog } = openComposer(engine);
    await userEvent.click(dialog.getByRole('checkbox', { name: /^Story 9:16/ }));

    const squareBefore = await overlayOf('Square 1:1 preview');
    const storyBefore = await overlayOf('Story 9:16 preview');
    expect(engine.pictures).toEqual(expect.arrayContaining([`${PICTURE.url} 1080x1080`, `${PICTURE.url} 1080x1920`]));

    await userEvent.click(dialog.getByLabelText(/Headline/));
    await userEvent.paste('Walk on air');
    await waitFor(async () => expect(await overlayOf('Square 1:1 preview')).not.toBe(squareBefore));
    expect(await overlayOf('Story 9:16 preview')).not.toBe(storyBefore);
    // The headline is drawn as outlines (paths from the shipped font), not as text the machine's fonts would set.
    expect((await overlayOf('Square 1:1 preview')).match(/<path /g)!.length).toBeGreaterThan((squareBefore.match(/<path /g) ?? []).length);

    await userEvent.click(dialog.getByRole('checkbox', { name: /^Square 1:1/ }));
    expect(screen.queryByRole('img', { name: 'Square 1:1 preview' })).not.toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Story 9:16 preview' })).toBeInTheDocument();
  });

  it('says what is missing or too long before anything is sent', async () => {
    const api = signedIn();
    const { dialog } = openComposer();
    await overlayOf('Square 1:1 preview');
    await userEvent.click(dialog.getByRole('button', { name: 'Save ad' }));
    expect(await dialog.findByText('The headline is required')).toBeInTheDocument();

    await userEvent.click(dialog.getByLabelText(/Headline/));
    await userEvent.paste('x'.repeat(41));
    expect(dialog.getByText('The headline is longer than 40 characters')).toBeInTheDocument();
    await userEvent.clear(dialog.getByLabelText(/Headline/));
    await userEvent.click(dialog.getByLabelText(/Headline/));
    await userEvent.paste('Fresh');

    await userEvent.click(dialog.getByRole('checkbox', { name: /^Square 1:1/ }));
    await userEvent.click(dialog.getByRole('button', { name: 'Save ad' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent(COMPOSER_MESSAGES.placementsRequired);
    expect(api.to('POST', '/api/ads')).toHaveLength(0);
  });

  it('says when the copy does not fit a placement and holds the save until it does', async () => {
    const api = signedIn();
    const { dialog } = openComposer();
    await userEvent.click(dialog.getByLabelText(/Headline/));
    await userEvent.paste('W'.repeat(30));
    const preview = (await screen.findByRole('img', { name: 'Square 1:1 preview' })).closest('figure')!;
    expect(await within(preview as HTMLElement).findByTestId('fit-problem')).toHaveTextContent(/headline does not fit this layout .*the word 'W{30}' is wider than its box/);
    await userEvent.click(dialog.getByRole('button', { name: 'Save ad' }));
    expect(await dialog.findByText(COMPOSER_MESSAGES.fixPreviews)).toBeInTheDocument();
    expect(api.to('POST', '/api/ads')).toHaveLength(0);
  });

  it('says what the contrast step changed: white text cannot read on a white picture', async () => {
    signedIn();
    const { dialog } = openComposer(testEngine([255, 255, 255]));
    await userEvent.click(dialog.getByLabelText(/Headline/));
    await userEvent.paste('Bright day');
    const notes = await screen.findAllByTestId('contrast-note');
    expect(notes[0]).toHaveTextContent(/headline is set in #[0-9A-F]{6} so it reads at \d+\.\d:1 against the picture|scrim .* behind the headline/);
  });

  it('saves the chosen placements and copy, then follows each ad until it is in the library', async () => {
    let polls = 0;
    const api = signedIn({
      'POST /api/ads': { status: 202, body: { ads: [{ id: 'ad-1', placement: '1:1', status: 'queued' }, { id: 'ad-2', placement: '9:16', status: 'queued' }] } },
      'GET /api/ads/ad-1': () => ({ body: ++polls < 2 ? ad({ status: 'processing', progress: 40, message: 'Setting the copy and the logo' }) : ad({ status: 'completed', progress: 100, asset_id: 'asset-ad-1' }) }),
      'GET /api/ads/ad-2': { body: ad({ id: 'ad-2', placement: '9:16', status: 'failed', error: 'The ad could not be rendered' }) },
      'GET /api/assets/asset-ad-1': { body: { id: 'asset-ad-1', name: 'Summer shoes (ad 1:1)', url: '/api/assets/file/org-1/ad-1.png' } },
    });
    const { dialog } = openComposer();
    await userEvent.click(dialog.getByRole('checkbox', { name: /^Story 9:16/ }));
    await userEvent.click(dialog.getByLabelText(/Headline/));
    await userEvent.paste('Walk on air');
    await userEvent.click(dialog.getByLabelText(/Body/));
    await userEvent.paste('Light shoes for long days.');
    await userEvent.selectOptions(dialog.getByLabelText('Call to action'), 'Learn more');
    await overlayOf('Story 9:16 preview');
    await userEvent.click(dialog.getByRole('button', { name: 'Save 2 ads' }));

    await waitFor(() => expect(api.to('POST', '/api/ads')).toHaveLength(1));
    expect(api.to('POST', '/api/ads')[0].body).toEqual({
      assetId: 'asset-1',
      placements: ['1:1', '9:16'],
      layout: 'headline-top',
      headline: 'Walk on air',
      body: 'Light shoes for long days.',
      cta: 'LEARN_MORE',
      logo: 'default',
      brandProfileId: null,
      language: 'en-US',
    });
    const link = await screen.findByRole('link', { name: /Open the Square 1:1 ad/ }, { timeout: 5000 });
    expect(link).toHaveAttribute('href', '/api/assets/file/org-1/ad-1.png');
    expect(screen.getByText('The ad could not be rendered')).toBeInTheDocument();
  });

  it('fills the copy from a suggestion, and says what suggestions need when the server has no OpenAI key', async () => {
    let available = false;
    signedIn({
      'POST /api/ads/suggest-copy': () =>
        available ? { body: { proposals: [{ headline: 'Walk on air', body: 'Light shoes.', cta: 'SHOP_NOW' }] } } : { status: 503, body: { message: 'Copy suggestions are not configured' } },
    });
    const { dialog } = openComposer();
    await userEvent.click(dialog.getByRole('button', { name: 'Suggest copy' }));
    expect(await dialog.findByText(COMPOSER_MESSAGES.suggestUnavailable)).toBeInTheDocument();
    available = true;
    await userEvent.click(dialog.getByRole('button', { name: 'Suggest copy' }));
    await waitFor(() => expect(dialog.getByLabelText(/Headline/)).toHaveValue('Walk on air'));
    expect(dialog.getByLabelText(/Body/)).toHaveValue('Light shoes.');
  });

  it('opens an ad’s own asset as that ad, on its source picture, and saves the change as a new version', async () => {
    const existing = ad({ id: 'ad-7', placement: '9:16', layout: 'bottom-band', status: 'completed', asset_id: 'asset-ad-7', headline: 'Old line', body: 'Old body', cta: 'SIGN_UP', logo: null, version: 2 });
    const api = signedIn({
      'GET /api/ads': (call) => (call.url.searchParams.get('assetId') === 'asset-1' ? { body: { ads: [existing] } } : { body: { ads: [] } }),
      'GET /api/assets/asset-1': { body: { id: 'asset-1', name: 'Summer shoes', url: PICTURE.url } },
      'PATCH /api/ads/ad-7': { status: 202, body: { ...existing, status: 'queued', version: 3, headline: 'New line' } },
      'GET /api/ads/ad-7': { body: { ...existing, status: 'processing', version: 3, headline: 'New line', message: 'Reading the picture' } },
    });
    const engine = testEngine();
    renderComposer(engine, { id: 'asset-ad-7', name: 'Summer shoes (ad 9:16, v2)', url: '/api/assets/file/org-1/ad-7.png', brand_profile_id: null, method: 'ad', parent_asset_id: 'asset-1' });
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit ad' }));
    await waitFor(() => expect(dialog.getByLabelText(/Headline/)).toHaveValue('Old line'));
    expect(dialog.getByLabelText('Layout')).toHaveValue('bottom-band');
    expect(dialog.getByRole('checkbox', { name: /^Story 9:16/ })).toBeChecked();
    // The ad is laid out on the picture it was made from, not on its own rendered image.
    await overlayOf('Story 9:16 preview');
    expect(engine.pictures).toEqual([`${PICTURE.url} 1080x1920`]);

    await userEvent.clear(dialog.getByLabelText(/Headline/));
    await userEvent.click(dialog.getByLabelText(/Headline/));
    await userEvent.paste('New line');
    await userEvent.click(dialog.getByRole('button', { name: 'Save new version' }));
    await waitFor(() => expect(api.to('PATCH', '/api/ads/ad-7')).toHaveLength(1));
    expect(api.to('PATCH', '/api/ads/ad-7')[0].body).toEqual({ layout: 'bottom-band', headline: 'New line', body: 'Old body', cta: 'SIGN_UP', logo: null });
    expect(await screen.findByText('Story 9:16 · version 3')).toBeInTheDocument();
  });

  describe('in German', () => {
    beforeEach(async () => {
      await loadMessages('de');
      act(() => setActiveLocale('de'));
    });
    afterEach(() => act(() => setActiveLocale('en-US')));

    it('says why the copy does not fit and what the contrast step changed in German, and saves the ad as German', async () => {
      const api = signedIn({ 'POST /api/ads': { status: 202, body: { ads: [{ id: 'ad-1', placement: '1:1', status: 'queued' }] } }, 'GET /api/ads/ad-1': { body: ad({ status: 'queued', language: 'de' }) } });
      renderComposer(testEngine([255, 255, 255]));
      const dialog = within(await screen.findByRole('dialog', { name: 'Anzeige erstellen' }));
      expect(dialog.getByLabelText('Sprache der Anzeige')).toHaveValue('de');
      await userEvent.click(dialog.getByLabelText(/Überschrift/));
      await userEvent.paste('W'.repeat(30));
      const preview = (await screen.findAllByRole('img'))[0].closest('figure')!;
      expect(await within(preview as HTMLElement).findByTestId('fit-problem')).toHaveTextContent(/^Die Überschrift passt selbst in der kleinsten Größe nicht in diese Gestaltung \(das Wort „W{30}“ ist breiter als sein Feld\)/);

      await userEvent.clear(dialog.getByLabelText(/Überschrift/));
      await userEvent.click(dialog.getByLabelText(/Überschrift/));
      await userEvent.paste('Heller Tag');
      const notes = await screen.findAllByTestId('contrast-note');
      expect(notes[0]).toHaveTextContent(/^(Die Überschrift ist in #[0-9A-F]{6} gesetzt, damit sie sich mit \d+,\d:1 vom Bild abhebt|Eine (dunkle|helle) Hinterlegung \(\d+ %\) liegt hinter der Überschrift)/);

      await userEvent.click(dialog.getByRole('button', { name: 'Anzeige speichern' }));
      await waitFor(() => expect(api.to('POST', '/api/ads')).toHaveLength(1));
      expect(api.to('POST', '/api/ads')[0].body).toMatchObject({ headline: 'Heller Tag', language: 'de' });
    });
  });
});
