import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { dismissToast } from '../../../lib/toast';
import type { Asset } from '../api/types';
import { libraryHandlers, makeAsset, makeFolder, mockLibraryApi, type LibraryRequest } from '../test/fixtures';
import { renderLibrary } from '../test/render';

afterEach(() => act(() => dismissToast()));

const campaigns = makeFolder({ id: 'f-campaigns', name: 'Campaigns', asset_count: 0 });

/** A small server: the list, the count and the folders follow the PATCH and DELETE calls. */
function libraryServer(initial: Asset[], options: { fail?: { status: number; message: string } } = {}) {
  let assets = [...initial];
  const failure = () =>
    options.fail ? { status: options.fail.status, body: { statusCode: options.fail.status, message: options.fail.message, error: 'Bad Request' } } : null;
  return libraryHandlers({
    'GET /api/assets': () => ({ body: assets }),
    'GET /api/assets/count': () => ({ body: { count: assets.length } }),
    'GET /api/folders': () => ({ body: [{ ...campaigns, asset_count: assets.filter((a) => a.folder_id === campaigns.id).length }] }),
    [`PATCH /api/assets/${initial[0].id}`]: ({ body }: LibraryRequest) => {
      const error = failure();
      if (error) return error;
      const changes = body as { name?: string; folderId?: string | null };
      assets = assets.map((asset) =>
        asset.id === initial[0].id
          ? { ...asset, ...(changes.name !== undefined && { name: changes.name }), ...(changes.folderId !== undefined && { folder_id: changes.folderId }) }
          : asset,
      );
      return { body: assets.find((asset) => asset.id === initial[0].id) };
    },
    [`DELETE /api/assets/${initial[0].id}`]: () => {
      const error = failure();
      if (error) return error;
      assets = assets.filter((asset) => asset.id !== initial[0].id);
      return { status: 204 };
    },
  });
}

async function chooseFromCardMenu(assetName: string, item: string) {
  const card = (await screen.findAllByTestId('asset-card')).find((element) => within(element).queryByText(assetName));
  if (!card) throw new Error(`No card for ${assetName}`);
  await userEvent.click(within(card).getByRole('button', { name: 'Asset actions' }));
  await userEvent.click(await screen.findByRole('menuitem', { name: item }));
}

const toastOf = async (title: string) => (await screen.findByText(title)).closest('li');

describe('asset actions', () => {
  it('the card menu offers Rename, Copy Link, Move to Folder, Resize for ads, Make an ad, Push to Meta and Delete', async () => {
    mockLibraryApi(libraryServer([makeAsset({ name: 'Poster' })]));
    renderLibrary();

    const card = await screen.findByTestId('asset-card');
    await userEvent.click(within(card).getByRole('button', { name: 'Asset actions' }));
    const menu = within(await screen.findByRole('menu'));
    expect(menu.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Rename', 'Copy Link', 'Move to Folder', 'Resize for ads', 'Make an ad', 'Push to Meta', 'Delete']);
  });

  it('renames from the card menu: PATCH {name}, toast, and the list and counts are reloaded', async () => {
    const asset = makeAsset({ id: 'a-1', name: 'Old name' });
    const api = mockLibraryApi(libraryServer([asset, makeAsset({ name: 'Other' })]));
    renderLibrary();
    await screen.findByText('Old name');
    await waitFor(() => expect(api.to('GET', '/api/folders')).toHaveLength(1));
    const before = { list: api.to('GET', '/api/assets').length, count: api.to('GET', '/api/assets/count').length };

    await chooseFromCardMenu('Old name', 'Rename');
    const dialog = within(await screen.findByRole('dialog', { name: 'Rename asset' }));
    const field = dialog.getByRole('textbox', { name: 'Name' });
    expect(field).toHaveValue('Old name');
    await userEvent.clear(field);
    await userEvent.paste('  New name  ');
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }));

    expect(await toastOf('Asset renamed')).not.toHaveAttribute('data-variant', 'destructive');
    expect(api.to('PATCH', '/api/assets/a-1').map((request) => request.body)).toEqual([{ name: 'New name' }]);
    expect(await screen.findByText('New name')).toBeInTheDocument();
    expect(screen.queryByText('Old name')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => {
      expect(api.to('GET', '/api/assets').length).toBeGreaterThan(before.list);
      expect(api.to('GET', '/api/assets/count').length).toBeGreaterThan(before.count);
      expect(api.to('GET', '/api/folders').length).toBeGreaterThan(1);
    });
  });

  it('refuses an empty name without calling the server', async () => {
    const api = mockLibraryApi(libraryServer([makeAsset({ id: 'a-1', name: 'Keep me' })]));
    renderLibrary();

    await chooseFromCardMenu('Keep me', 'Rename');
    const dialog = within(await screen.findByRole('dialog', { name: 'Rename asset' }));
    await userEvent.clear(dialog.getByRole('textbox', { name: 'Name' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }));

    expect(await dialog.findByText('Name is required')).toBeInTheDocument();
    expect(api.to('PATCH', '/api/assets/a-1')).toHaveLength(0);
  });

  it('shows the server message in a destructive toast when the rename fails', async () => {
    mockLibraryApi(libraryServer([makeAsset({ id: 'a-1', name: 'Stubborn' })], { fail: { status: 400, message: 'Names cannot contain control characters' } }));
    renderLibrary();

    await chooseFromCardMenu('Stubborn', 'Rename');
    const dialog = within(await screen.findByRole('dialog', { name: 'Rename asset' }));
    await userEvent.click(dialog.getByRole('textbox', { name: 'Name' }));
    await userEvent.paste(' again');
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }));

    const toast = await toastOf('Failed to rename asset');
    expect(toast).toHaveAttribute('data-variant', 'destructive');
    expect(toast).toHaveTextContent('Names cannot contain control characters');
    // The dialog stays open to try again.
    expect(screen.getByRole('dialog', { name: 'Rename asset' })).toBeInTheDocument();
  });

  it('renames from the detail dialog, which then shows the new name', async () => {
    const api = mockLibraryApi(libraryServer([makeAsset({ id: 'a-1', name: 'Draft' })]));
    renderLibrary();
    await userEvent.click(await screen.findByRole('button', { name: /^View Draft/ }));
    const details = within(await screen.findByRole('dialog', { name: 'Draft' }));

    await userEvent.click(details.getByRole('button', { name: 'Rename' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Rename asset' }));
    await userEvent.clear(dialog.getByRole('textbox', { name: 'Name' }));
    await userEvent.paste('Final');
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Asset renamed')).toBeInTheDocument();
    expect(await screen.findByRole('dialog', { name: 'Final' })).toBeInTheDocument();
    expect(api.to('PATCH', '/api/assets/a-1').map((request) => request.body)).toEqual([{ name: 'Final' }]);
  });

  it('copies the link from the card menu', async () => {
    const user = userEvent.setup();
    mockLibraryApi(libraryServer([makeAsset({ id: 'a-1', name: 'Share me', url: '/api/assets/file/org-1/x/0.png' })]));
    renderLibrary();

    const card = await screen.findByTestId('asset-card');
    await user.click(within(card).getByRole('button', { name: 'Asset actions' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Copy Link' }));

    expect(await screen.findByText('Link copied')).toBeInTheDocument();
    await expect(navigator.clipboard.readText()).resolves.toBe(`${window.location.origin}/api/assets/file/org-1/x/0.png`);
  });

  it('moves into a folder and back to All Assets: PATCH {folderId}, toast', async () => {
    const api = mockLibraryApi(libraryServer([makeAsset({ id: 'a-1', name: 'Mover' })]));
    renderLibrary();
    const sidebar = within(await screen.findByRole('navigation', { name: 'Folders' }));
    await sidebar.findByRole('button', { name: 'Campaigns' });

    await chooseFromCardMenu('Mover', 'Move to Folder');
    let dialog = within(await screen.findByRole('dialog', { name: 'Move to Folder' }));
    expect(dialog.getAllByRole('option').map((option) => option.textContent)).toEqual(['All Assets', 'Campaigns']);
    expect(dialog.getByRole('option', { name: 'All Assets' })).toHaveAttribute('aria-selected', 'true');
    // Moving to where it already is does nothing.
    expect(dialog.getByRole('button', { name: 'Move' })).toBeDisabled();
    await userEvent.click(dialog.getByRole('option', { name: 'Campaigns' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Move' }));

    expect(await toastOf('Asset moved')).toHaveTextContent('Moved to Campaigns.');
    expect(api.to('PATCH', '/api/assets/a-1').map((request) => request.body)).toEqual([{ folderId: 'f-campaigns' }]);
    // The folder's count is reloaded.
    await waitFor(() => expect(sidebar.getByRole('button', { name: 'Campaigns' }).closest('li')).toHaveTextContent('1'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    act(() => dismissToast());

    await chooseFromCardMenu('Mover', 'Move to Folder');
    dialog = within(await screen.findByRole('dialog', { name: 'Move to Folder' }));
    expect(dialog.getByRole('option', { name: 'Campaigns' })).toHaveAttribute('aria-selected', 'true');
    await userEvent.click(dialog.getByRole('option', { name: 'All Assets' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Move' }));

    expect(await screen.findByText('Asset moved')).toBeInTheDocument();
    expect(api.to('PATCH', '/api/assets/a-1').map((request) => request.body)).toEqual([{ folderId: 'f-campaigns' }, { folderId: null }]);
  });

  it('deletes after confirmation: DELETE, toast, and the card disappears', async () => {
    const api = mockLibraryApi(libraryServer([makeAsset({ id: 'a-1', name: 'Doomed' }), makeAsset({ name: 'Survivor' })]));
    renderLibrary();

    await chooseFromCardMenu('Doomed', 'Delete');
    const confirm = within(await screen.findByRole('dialog', { name: 'Delete asset' }));
    expect(confirm.getByText('Are you sure you want to delete this asset? This action cannot be undone.')).toBeInTheDocument();
    expect(api.to('DELETE', '/api/assets/a-1')).toHaveLength(0);
    await userEvent.click(confirm.getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('Asset deleted')).toBeInTheDocument();
    expect(api.to('DELETE', '/api/assets/a-1')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByText('Doomed')).not.toBeInTheDocument());
    expect(screen.getByText('Survivor')).toBeInTheDocument();
  });

  it('keeps the asset when the deletion is cancelled', async () => {
    const api = mockLibraryApi(libraryServer([makeAsset({ id: 'a-1', name: 'Spared' })]));
    renderLibrary();

    await chooseFromCardMenu('Spared', 'Delete');
    const confirm = within(await screen.findByRole('dialog', { name: 'Delete asset' }));
    await userEvent.click(confirm.getByRole('button', { name: 'Cancel' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.to('DELETE', '/api/assets/a-1')).toHaveLength(0);
    expect(screen.getByText('Spared')).toBeInTheDocument();
  });

  it('deletes from the detail dialog, closing it', async () => {
    const api = mockLibraryApi(libraryServer([makeAsset({ id: 'a-1', name: 'Gone soon' })]));
    renderLibrary();
    await userEvent.click(await screen.findByRole('button', { name: /^View Gone soon/ }));
    const details = within(await screen.findByRole('dialog', { name: 'Gone soon' }));

    await userEvent.click(details.getByRole('button', { name: 'Delete' }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Delete asset' }));
    await userEvent.click(confirm.getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('Asset deleted')).toBeInTheDocument();
    expect(api.to('DELETE', '/api/assets/a-1')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByRole('link', { name: 'Generate your first image' })).toBeInTheDocument();
  });

  it('reports a failed deletion with the server message', async () => {
    mockLibraryApi(libraryServer([makeAsset({ id: 'a-1', name: 'Sticky' })], { fail: { status: 404, message: 'Asset not found' } }));
    renderLibrary();

    await chooseFromCardMenu('Sticky', 'Delete');
    await userEvent.click(within(await screen.findByRole('dialog', { name: /^Delete/ })).getByRole('button', { name: 'Delete' }));

    const toast = await toastOf('Failed to delete asset');
    expect(toast).toHaveAttribute('data-variant', 'destructive');
    expect(toast).toHaveTextContent('Asset not found');
    expect(screen.getByText('Sticky')).toBeInTheDocument();
  });
});
