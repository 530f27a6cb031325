// A plan without Meta sees the push actions as the way to the plan that includes it, not as a dead
// action: the menu item and the detail dialog's button name that plan and open the upgrade path.
import { META_REQUIRED_PLAN } from '@brandloom/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { libraryHandlers, makeAsset, metaStatus, mockLibraryApi } from '../test/fixtures';
import { renderLibrary } from '../test/render';

const asset = makeAsset({ id: 'asset-1', name: 'Lighthouse' });

function renderWithPlan(planAllows: boolean) {
  mockLibraryApi(libraryHandlers({ 'GET /api/assets': { body: [asset] }, 'GET /api/meta/status': { body: metaStatus({ plan_allows: planAllows }) } }));
  renderLibrary();
}

async function openCardMenu() {
  const card = await screen.findByTestId('asset-card');
  await userEvent.click(within(card).getByRole('button', { name: 'Asset actions' }));
}

describe('Push to Meta on a plan without Meta', () => {
  it("names the plan in the card menu's item, which opens the upgrade link to billing", async () => {
    renderWithPlan(false);
    await openCardMenu();
    const item = await screen.findByRole('menuitem', { name: `Push to Meta (${META_REQUIRED_PLAN})` });
    expect(item).toHaveAccessibleName(/meta|ad platform/i);
    await userEvent.click(item);
    const dialog = within(await screen.findByRole('dialog', { name: 'Push to Meta' }));
    expect(await dialog.findByRole('link', { name: `Upgrade to ${META_REQUIRED_PLAN}` })).toHaveAttribute('href', '/billing');
  });

  it("names the plan on the detail dialog's push button", async () => {
    renderWithPlan(false);
    await userEvent.click(await screen.findByRole('button', { name: /^View Lighthouse/ }));
    const details = within(await screen.findByRole('dialog', { name: 'Lighthouse' }));
    expect(await details.findByRole('button', { name: `Push to ad platform (${META_REQUIRED_PLAN})` })).toBeInTheDocument();
  });

  it('reads plainly "Push to Meta" when the plan includes Meta', async () => {
    renderWithPlan(true);
    await openCardMenu();
    expect(await screen.findByRole('menuitem', { name: 'Push to Meta' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: /Team\+/ })).not.toBeInTheDocument();
  });
});
