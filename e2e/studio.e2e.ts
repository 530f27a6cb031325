import { axeViolations } from './axe';
import { BrowserSession, openBrowser } from './browser';
import { signUp } from './accounts';

describe('Studio: single and bulk generation with the local renderer', () => {
  let session: BrowserSession;
  beforeAll(async () => {
    session = await openBrowser();
    await signUp(session.page.request, 'Studio', { email: `studio-${Date.now()}@example.com` });
  });
  afterAll(() => session.close());

  it('generates 2 variations with live progress, moves between them and zooms', async () => {
    const { page } = session;
    await page.goto('/studio');
    await page.getByLabel('Prompt').fill('A bright summer sale banner for sneakers');
    await setVariations(page, 2);
    await page.getByRole('button', { name: 'Generate', exact: true }).click();

    await page.getByText('Generating your image...').waitFor();
    const image = page.getByRole('img', { name: 'Generated image' });
    await image.waitFor({ timeout: 30_000 });
    await page.getByText('Variation 1 of 2').waitFor();
    const first = await image.getAttribute('src');

    await page.getByRole('button', { name: 'Next variation' }).click();
    await page.getByText('Variation 2 of 2').waitFor();
    expect(await image.getAttribute('src')).not.toBe(first);
    await page.getByRole('button', { name: 'Next variation' }).click();
    await page.getByText('Variation 1 of 2').waitFor();

    await page.getByRole('button', { name: 'Zoom' }).click();
    const overlay = page.getByRole('dialog');
    await overlay.waitFor();
    await page.keyboard.press('Escape');
    await overlay.waitFor({ state: 'hidden' });
  });

  it('generates a Stories ad in its own shape, with its larger price shown before Generate', async () => {
    const { page } = session;
    await page.goto('/studio');
    await page.getByLabel('Prompt').fill('A story ad for sneakers at golden hour');
    await page.getByRole('combobox', { name: 'Size' }).click();
    const story = page.getByRole('option', { name: /^Ad 9:16, Stories and Reels \(1152x2048\)/ });
    await story.waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await story.click();
    await page.getByTestId('size-cost-note').getByText('3 credits per image at Medium quality instead of 2').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    expect(await page.getByTestId('credit-total').textContent()).toBe('Total cost: 3 credits');
    await page.getByRole('button', { name: 'Generate', exact: true }).click();

    const image = page.getByRole('img', { name: 'Generated image' });
    await image.waitFor({ timeout: 30_000 });
    await page.waitForFunction(`document.querySelector('img[alt="Generated image"]')?.naturalWidth > 0`);
    // The preview shows the original: a 9:16 image of the size that was asked for.
    expect(await image.evaluate((img: { naturalWidth: number; naturalHeight: number }) => [img.naturalWidth, img.naturalHeight])).toEqual([1152, 2048]);
  });

  it('uploads a 5-row CSV on the Bulk tab and shows all 5 results', async () => {
    const { page } = session;
    await page.goto('/studio/bulk');
    const rows = ['prompt', ...[1, 2, 3, 4, 5].map((n) => `"Product shot number ${n}, studio light"`)].join('\n');
    await page.getByTestId('bulk-csv-input').setInputFiles({ name: 'batch.csv', mimeType: 'text/csv', buffer: Buffer.from(rows) });
    await page.getByRole('button', { name: 'Start Bulk Generation' }).click();
    await page.getByTestId('bulk-result').nth(4).waitFor({ timeout: 60_000 });
    expect(await page.getByTestId('bulk-result').count()).toBe(5);
  });
});

/** The variation slider: keyboard steps from the default of 1. */
async function setVariations(page: import('playwright-core').Page, count: number): Promise<void> {
  const slider = page.getByRole('slider');
  await slider.focus();
  for (let i = 1; i < count; i++) await page.keyboard.press('ArrowRight');
  expect(await slider.getAttribute('aria-valuenow')).toBe(String(count));
}
