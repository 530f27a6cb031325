import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { dismissToast } from '../../../lib/toast';
import type { Folder } from '../api/types';
import { libraryHandlers, makeAsset, makeFolder, mockLibraryApi, type LibraryHandler, type LibraryRequest } from '../test/fixtures';
import { renderLibrary } from '../test/render';

afterEach(() => act(() => dismissToast()));

/** Folders that follow POST, PATCH and DELETE; the asset list echoes its folderId. */
function folderServer(initial: Folder[], overrides: Record<string, LibraryHandler> = {}) {
  let folders = [...initial];
  const handlers: Record<string, LibraryHandler> = {
    'GET /api/folders': () => ({ body: folders }),
    'GET /api/assets': ({ url }: LibraryRequest) => {
      const name = `In ${url.searchParams.get('folderId') ?? 'All Assets'}`;
      return { body: [makeAsset({ id: name, name })] };
    },
    'POST /api/folders': ({ body }: LibraryRequest) => {
      const { name } = body as { name: string };
      if (folders.some((folder) => folder.name.toLowerCase() === name.toLowerCase())) {
        return { status: 409, body: { statusCode: 409, message: 'A folder with this name already exists', error: 'Conflict' } };
      }
      const folder = makeFolder({ id: `f-${name.toLowerCase()}`, name, asset_count: 0 });
      folders = [...folders, folder];
      return { status: 201, body: folder };
    },
  };
  for (const folder of initial) {
    handlers[`PATCH /api/folders/${folder.id}`] = ({ body }: LibraryRequest) => {
      folders = folders.map((item) => (item.id === folder.id ? { ...item, name: (body as { name: string }).name } : item));
      return { body: folders.find((item) => item.id === folder.id) };
    };
    handlers[`DELETE /api/folders/${folder.id}`] = () => {
      folders = folders.filter((item) => item.id !== folder.id);
      return { status: 204 };
    };
  }
  return libraryHandlers({ ...handlers, ...overrides });
}

async function sidebar() {
  return within(await screen.findByRole('navigation', { name: 'Folders' }));
}

async function chooseFolderAction(folderName: string, item: string) {
  await userEvent.click((await sidebar()).getByRole('button', { name: `Folder actions: ${folderName}` }));
  await userEvent.click(await screen.findByRole('menuitem', { name: item }));
}

describe('folders', () => {
  it('creates a folder: POST {name}, toast, and it appears in the sidebar', async () => {
    const api = mockLibraryApi(folderServer([]));
    renderLibrary();
    const nav = await sidebar();
    expect(await nav.findByText('No folders yet.')).toBeInTheDocument();

    await userEvent.click(nav.getByRole('button', { name: 'New folder' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'New folder' }));
    await userEvent.click(dialog.getByRole('textbox', { name: 'Folder name' }));
    await userEvent.paste('  Summer  ');
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Folder created')).toBeInTheDocument();
    expect(api.to('POST', '/api/folders').map((request) => request.body)).toEqual([{ name: 'Summer' }]);
    expect(await nav.findByRole('button', { name: 'Summer' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('refuses an empty folder name, and reports a duplicate with the server message', async () => {
    const api = mockLibraryApi(folderServer([makeFolder({ id: 'f-1', name: 'Summer' })]));
    renderLibrary();
    const nav = await sidebar();
    await nav.findByRole('button', { name: 'Summer' });

    await userEvent.click(nav.getByRole('button', { name: 'New folder' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'New folder' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByText('Folder name is required')).toBeInTheDocument();
    expect(api.to('POST', '/api/folders')).toHaveLength(0);

    await userEvent.click(dialog.getByRole('textbox', { name: 'Folder name' }));
    await userEvent.paste('summer');
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }));

    const toast = (await screen.findByText('Failed to create folder')).closest('li');
    expect(toast).toHaveAttribute('data-variant', 'destructive');
    expect(toast).toHaveTextContent('A folder with this name already exists');
    expect(api.to('POST', '/api/folders')).toHaveLength(1);
  });

  it('renames a folder: PATCH {name}, toast', async () => {
    const api = mockLibraryApi(folderServer([makeFolder({ id: 'f-1', name: 'Drafts' })]));
    renderLibrary();
    await (await sidebar()).findByRole('button', { name: 'Drafts' });

    await chooseFolderAction('Drafts', 'Rename');
    const dialog = within(await screen.findByRole('dialog', { name: 'Rename folder' }));
    const field = dialog.getByRole('textbox', { name: 'Folder name' });
    expect(field).toHaveValue('Drafts');
    await userEvent.clear(field);
    await userEvent.paste('Approved');
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Folder renamed')).toBeInTheDocument();
    expect(api.to('PATCH', '/api/folders/f-1').map((request) => request.body)).toEqual([{ name: 'Approved' }]);
    expect(await (await sidebar()).findByRole('button', { name: 'Approved' })).toBeInTheDocument();
  });

  it('deletes the open folder after confirmation: DELETE, toast, and the library shows All Assets', async () => {
    const api = mockLibraryApi(folderServer([makeFolder({ id: 'f-1', name: 'Old campaign', asset_count: 1 })]));
    renderLibrary();
    const nav = await sidebar();
    await userEvent.click(await nav.findByRole('button', { name: 'Old campaign' }));
    expect(await screen.findByText('In f-1')).toBeInTheDocument();

    await chooseFolderAction('Old campaign', 'Delete');
    const confirm = within(await screen.findByRole('dialog', { name: 'Delete folder' }));
    expect(confirm.getByText(/Delete the folder "Old campaign"\? .*move to All Assets/)).toBeInTheDocument();
    expect(api.to('DELETE', '/api/folders/f-1')).toHaveLength(0);
    await userEvent.click(confirm.getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('Folder deleted')).toBeInTheDocument();
    expect(api.to('DELETE', '/api/folders/f-1')).toHaveLength(1);
    await waitFor(() => expect(nav.queryByRole('button', { name: 'Old campaign' })).not.toBeInTheDocument());
    expect(await screen.findByText('In All Assets')).toBeInTheDocument();
    // The confirmation dialog hides the page from the accessibility tree until its exit transition ends.
    await waitFor(() => expect(nav.getByRole('button', { name: 'All Assets' })).toHaveAttribute('aria-current', 'true'));
  });

  it('keeps the folder when the deletion is cancelled', async () => {
    const api = mockLibraryApi(folderServer([makeFolder({ id: 'f-1', name: 'Keepers' })]));
    renderLibrary();
    await (await sidebar()).findByRole('button', { name: 'Keepers' });

    await chooseFolderAction('Keepers', 'Delete');
    await userEvent.click(within(await screen.findByRole('dialog', { name: /^Delete/ })).getByRole('button', { name: 'Cancel' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.to('DELETE', '/api/folders/f-1')).toHaveLength(0);
    expect((await sidebar()).getByRole('button', { name: 'Keepers' })).toBeInTheDocument();
  });

  it('reports a failed folder deletion with the server message', async () => {
    mockLibraryApi(
      folderServer([makeFolder({ id: 'f-1', name: 'Locked' })], {
        'DELETE /api/folders/f-1': { status: 404, body: { statusCode: 404, message: 'Folder not found', error: 'Not Found' } },
      }),
    );
    renderLibrary();
    await (await sidebar()).findByRole('button', { name: 'Locked' });

    await chooseFolderAction('Locked', 'Delete');
    await userEvent.click(within(await screen.findByRole('dialog', { name: /^Delete/ })).getByRole('button', { name: 'Delete' }));

    const toast = (await screen.findByText('Failed to delete folder')).closest('li');
    expect(toast).toHaveAttribute('data-variant', 'destructive');
    expect(toast).toHaveTextContent('Folder not found');
  });
});
