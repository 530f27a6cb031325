import { DEFAULT_PREFERENCES, layoutCatalogue } from '@brandloom/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setActiveLocale } from '../../../lib/i18n/format';
import { dismissToast } from '../../../lib/toast';
import { mockApi } from '../../../test/utils';
import { FakeEventSource } from '../test/FakeEventSource';
import { formBodyOf, jsonBodyOf, pngFile, renderStudio, startedJob, studioApi } from '../test/fixtures';

beforeEach(() => {
  FakeEventSource.install();
  vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:preview');
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
});
afterEach(() => act(() => dismissToast()));

const LAYOUTS = { 'GET /api/ads/layouts': { body: { layouts: layoutCatalogue() } } };

async function openStudio(overrides: Parameters<typeof studioApi>[1] = {}) {
  const fetchMock = mockApi(studioApi(25, { ...LAYOUTS, 'POST /api/generate': startedJob(), 'POST /api/studio': startedJob(), ...overrides }));
  renderStudio('/studio');
  const prompt = await screen.findByRole('textbox', { name: 'Prompt' });
  return { fetchMock, prompt };
}

async function fillPrompt(user: ReturnType<typeof userEvent.setup>, prompt: HTMLElement) {
  await user.click(prompt);
  await user.paste('A red bottle on a table');
}

async function fillAds(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('switch', { name: 'Also make ads' }));
  await user.click(screen.getByRole('checkbox', { name: '1:1' }));
  await user.click(screen.getByRole('checkbox', { name: '9:16' }));
  await user.click(screen.getByRole('combobox', { name: 'Layout' }));
  await user.click(await screen.findByRole('option', { name: 'Headline in a bottom band' }));
  await user.click(screen.getByRole('textbox', { name: 'Headline' }));
  await user.paste('  Summer sale  ');
  await user.click(screen.getByRole('textbox', { name: 'Body' }));
  await user.paste('Everything 20% off this week.');
  await user.click(screen.getByRole('combobox', { name: 'Call to action' }));
  await user.click(await screen.findByRole('option', { name: 'Shop now' }));
}

describe("the Studio's 'Also make ads'", { timeout: 60_000 }, () => {
  it('sends no ads while the switch is off, and does not ask for the layouts', async () => {
    const user = userEvent.setup();
    const { fetchMock, prompt } = await openStudio();
    expect(screen.getByRole('switch', { name: 'Also make ads' })).not.toBeChecked();
    expect(screen.queryByRole('textbox', { name: 'Headline' })).not.toBeInTheDocument();

    await fillPrompt(user, prompt);
    await user.click(screen.getByRole('button', { name: 'Generate' }));

    await waitFor(() => expect(jsonBodyOf(fetchMock, '/api/generate')).toMatchObject({ prompt: 'A red bottle on a table' }));
    expect(jsonBodyOf(fetchMock, '/api/generate')).not.toHaveProperty('ads');
    expect(fetchMock).not.toHaveBeenCalledWith('/api/ads/layouts', expect.anything());
  });

  it('sends the placements, layout and copy as `ads` when on', async () => {
    const user = userEvent.setup();
    const { fetchMock, prompt } = await openStudio();
    await fillPrompt(user, prompt);
    await fillAds(user);
    expect(screen.getByRole('checkbox', { name: '1:1' })).toHaveAttribute('name', '1:1');

    await user.click(screen.getByRole('button', { name: 'Generate' }));

    await waitFor(() =>
      expect(jsonBodyOf(fetchMock, '/api/generate').ads).toEqual({
        placements: ['1:1', '9:16'],
        layout: 'bottom-band',
        headline: 'Summer sale',
        body: 'Everything 20% off this week.',
        cta: 'SHOP_NOW',
      }),
    );
  });

  it('sends `ads` as a JSON string in the multipart form when there are reference images', async () => {
    const user = userEvent.setup();
    const { fetchMock, prompt } = await openStudio();
    await fillPrompt(user, prompt);
    await user.upload(screen.getByTestId('reference-images-input'), [pngFile('one.png')]);
    await fillAds(user);

    await user.click(screen.getByRole('button', { name: 'Generate' }));

    await waitFor(() => expect(formBodyOf(fetchMock, '/api/studio').get('ads')).not.toBeNull());
    expect(JSON.parse(String(formBodyOf(fetchMock, '/api/studio').get('ads')))).toMatchObject({ placements: ['1:1', '9:16'], layout: 'bottom-band', headline: 'Summer sale', cta: 'SHOP_NOW' });
  });

  it('shows what is missing or too long, and sends nothing until it is fixed', async () => {
    const user = userEvent.setup();
    const { fetchMock, prompt } = await openStudio();
    await fillPrompt(user, prompt);
    await user.click(screen.getByRole('switch', { name: 'Also make ads' }));
    await user.click(screen.getByRole('button', { name: 'Generate' }));

    expect(await screen.findByText('Choose at least one placement')).toBeInTheDocument();
    expect(screen.getByText('Choose a layout')).toBeInTheDocument();
    expect(screen.getByText('The headline is required')).toBeInTheDocument();

    await user.click(screen.getByRole('textbox', { name: 'Headline' }));
    await user.paste('x'.repeat(41));
    await user.click(screen.getByRole('textbox', { name: 'Body' }));
    await user.paste('y'.repeat(126));
    await user.click(screen.getByRole('button', { name: 'Generate' }));

    expect(await screen.findByText('The headline is longer than 40 characters')).toBeInTheDocument();
    expect(screen.getByText('The body is longer than 125 characters')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalledWith('/api/generate', expect.anything());

    // Switched off again, the form generates without ads.
    await user.click(screen.getByRole('switch', { name: 'Also make ads' }));
    await user.click(screen.getByRole('button', { name: 'Generate' }));
    await waitFor(() => expect(jsonBodyOf(fetchMock, '/api/generate')).not.toHaveProperty('ads'));
  });

  describe('in German', () => {
    afterEach(() => act(() => setActiveLocale('en-US')));
    afterEach(() => {
      document.documentElement.lang = 'en-US';
    });

    it('labels the form, the fields and the messages in the chosen language', async () => {
      const user = userEvent.setup();
      mockApi(studioApi(25, { ...LAYOUTS, 'GET /api/users/me/preferences': { body: { ...DEFAULT_PREFERENCES, language: 'de' } } }));
      renderStudio('/studio');
      const form = await screen.findByRole('form', { name: 'Bild erstellen' });
      expect(within(form).getByRole('textbox', { name: 'Prompt' })).toBeInTheDocument();
      expect(screen.getByRole('heading', { name: 'Studio für Bilderstellung' })).toBeInTheDocument();

      await user.click(screen.getByRole('switch', { name: 'Auch Anzeigen erstellen' }));
      await user.click(screen.getByRole('combobox', { name: 'Gestaltung' }));
      expect(await screen.findByRole('option', { name: 'Überschrift oben' })).toBeInTheDocument();
      await user.keyboard('{Escape}');
      await user.click(screen.getByRole('button', { name: 'Erstellen' }));
      expect(await screen.findByText('Die Überschrift ist erforderlich')).toBeInTheDocument();
      expect(screen.getByText('Wählen Sie mindestens eine Platzierung')).toBeInTheDocument();
    });
  });
});
