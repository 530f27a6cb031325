import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Asset } from '../api/types';
import { connectedMetaStatus, libraryHandlers, mockLibraryApi, type LibraryHandler } from './fixtures';
import { renderLibrary } from './render';

type Scope = ReturnType<typeof within>;

/** The library showing `assets` to an organization connected to Meta; `overrides` add or replace routes. */
export function renderWithMeta(assets: Asset[], overrides: Record<string, LibraryHandler> = {}) {
  const api = mockLibraryApi(libraryHandlers({ 'GET /api/assets': { body: assets }, 'GET /api/meta/status': { body: connectedMetaStatus() }, ...overrides }));
  const { queryClient } = renderLibrary();
  return Object.assign(api, { queryClient });
}

/** The sidebar's Meta Ads integration card. */
export const metaIntegration = async () => within(await screen.findByRole('region', { name: 'Meta Ads integration' }));

/** The toast titled `title`. */
export const toastWith = async (title: string) => (await screen.findByText(title, { selector: '*' })).closest('li')!;

/** Opens the push dialog from the asset card's menu, by the menu item's name. */
export async function openPushDialog(menuItem: string | RegExp = 'Push to Meta') {
  const card = await screen.findByTestId('asset-card');
  await userEvent.click(within(card).getByRole('button', { name: 'Asset actions' }));
  await userEvent.click(await screen.findByRole('menuitem', { name: menuItem }));
  return within(await screen.findByRole('dialog', { name: 'Push to Meta' }));
}

/** Picks, in the dialog's menu named `label`, the option whose name contains `option`. */
export async function choose(dialog: Scope, label: string, option: string) {
  await userEvent.click(dialog.getByRole('combobox', { name: label }));
  await userEvent.click(await screen.findByRole('option', { name: new RegExp(option) }));
}

/** Chooses the Brandloom Ads account and `page`, then the Spring launch campaign and its Spring EU ad set. */
export async function walkCascade(dialog: Scope, page = 'Brandloom Page') {
  await choose(dialog, 'Ad account', 'Brandloom Ads');
  await choose(dialog, 'Facebook page', page);
  await waitFor(() => expect(dialog.getByRole('combobox', { name: 'Campaign' })).toBeInTheDocument());
  await choose(dialog, 'Campaign', 'Spring launch');
  await choose(dialog, 'Ad set', 'Spring EU');
}
