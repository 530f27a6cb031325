import { generateImages, signUp } from './accounts';
import { waitFor } from './ad-composer';
import { BrowserSession, openBrowser } from './browser';

describe('Ad formats: resize a library image to 9:16 and see it beside the original', () => {
  let session: BrowserSession;

  beforeAll(async () => {
    session = await openBrowser();
    const { page } = session;
    await signUp(page.request, 'Resizer');
    await generateImages(page.request, 'TEST Lighthouse poster at dawn');
  }, 60_000);
  afterAll(() => session.close());

  it('resizes from the card menu with progress, then the detail dialog shows the 9:16 image beside the original', async () => {
    const { page } = session;
    await page.goto('/library');
    const card = page.getByTestId('asset-card').first();
    await card.getByRole('button', { name: 'Asset actions' }).click();
    await page.getByRole('menuitem', { name: 'Resize for ads' }).click();
    const dialog = page.getByRole('dialog', { name: 'Resize for ads' });
    for (const name of [/Square 1:1/, /Portrait 4:5/, /Landscape 1.91:1/]) await dialog.getByRole('checkbox', { name }).uncheck();
    await dialog.getByRole('checkbox', { name: /Story 9:16/ }).isChecked().then((checked) => expect(checked).toBe(true));
    await dialog.getByTestId('resize-cost').getByText('Cost: Free').waitFor();
    await dialog.getByRole('button', { name: 'Resize', exact: true }).click();
    await dialog.getByRole('progressbar', { name: 'Story 9:16 progress' }).waitFor();
    await dialog.getByText('Ready').waitFor({ timeout: 30_000 });
    await dialog.getByRole('button', { name: 'Done' }).click();

    // The library now holds the original with its 9:16 format stacked under it; the stack opens both.
    await page.getByTestId('asset-card').getByRole('button', { name: '+1 format' }).waitFor();
    expect(await page.getByTestId('asset-card').count()).toBe(1);
    await page.getByTestId('asset-card').getByRole('button', { name: '+1 format' }).click();
    const detail = page.getByRole('dialog');
    const formats = detail.getByTestId('ad-formats');
    await formats.getByRole('img', { name: /Story 9:16 of/ }).waitFor();
    expect(await formats.getByTestId('ad-format').evaluateAll((items) => items.map((item) => item.getAttribute('data-format')))).toEqual(['original', '9:16']);
    await formats.getByText('1080 × 1920 · Extend').waitFor();
    const loaded = await formats.getByRole('img', { name: /Story 9:16 of/ }).evaluate((img) => {
      const image = img as unknown as { complete: boolean; naturalWidth: number };
      return image.complete && image.naturalWidth > 0;
    });
    expect(loaded).toBe(true);
    await formats.getByRole('button', { name: 'Download Story 9:16' }).waitFor();
    await detail.getByRole('button', { name: 'Close' }).click();

    await page.getByLabel('Format').selectOption({ label: 'Story 9:16' });
    await waitFor(async () => (await page.getByTestId('asset-card').count()) === 1);
    await page.getByTestId('asset-card').getByText('Lighthouse poster at dawn (9:16)').waitFor();
  });
});
