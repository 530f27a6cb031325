import { DEFAULT_PREFERENCES } from '@brandloom/contracts';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setActiveLocale } from '../../../lib/i18n/format';
import { libraryHandlers, makeAsset, mockLibraryApi } from '../test/fixtures';
import { renderLibrary } from '../test/render';

afterEach(() => {
  act(() => setActiveLocale('en-US'));
  document.documentElement.lang = 'en-US';
});

describe('the library in the chosen language', () => {
  it('shows the page, its filters, the card menu and the dialogs in German', async () => {
    const user = userEvent.setup();
    mockLibraryApi(
      libraryHandlers({
        'GET /api/users/me/preferences': { body: { ...DEFAULT_PREFERENCES, language: 'de' } },
        'GET /api/assets': { body: [makeAsset({ name: 'Sunset poster' })] },
      }),
    );
    renderLibrary();

    expect(await screen.findByRole('heading', { name: 'Medienbibliothek' })).toBeInTheDocument();
    expect(await screen.findByText('Sunset poster')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Medien durchsuchen' })).toBeInTheDocument();
    const sort = screen.getByRole('combobox', { name: 'Sortieren nach' });
    expect(within(sort).getByRole('option', { name: 'Neueste zuerst' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Aktionen für das Medium' }));
    expect(await screen.findByRole('menuitem', { name: 'In Ordner verschieben' })).toBeInTheDocument();
    await user.click(screen.getByRole('menuitem', { name: 'Löschen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Medium löschen' });
    expect(within(dialog).getByText('Möchten Sie dieses Medium wirklich löschen? Dies kann nicht rückgängig gemacht werden.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Abbrechen' })).toBeInTheDocument();
  });
});
