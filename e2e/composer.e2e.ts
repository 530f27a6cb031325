import { join } from 'node:path';
import sharp from 'sharp';
import { generateImages, signUp } from './accounts';
import { drawn, horizontalOverflow, waitFor } from './ad-composer';
import { axeViolations } from './axe';
import { BrowserSession, openBrowser } from './browser';

/** Where the composer's screenshots go when asked for, to be looked at (not compared). */
const SHOTS = process.env.E2E_SCREENSHOTS;

describe('Make an ad: from the library, previewed per placement, saved as library assets', () => {
  let session: BrowserSession;

  beforeAll(async () => {
    session = await openBrowser();
    const { page } = session;
    await signUp(page.request, 'Composer');
    await generateImages(page.request, 'TEST Sneakers on a sunny street');
  }, 60_000);
  afterAll(() => session.close());

  it('opens from the card menu and from the detail dialog', async () => {
    const { page } = session;
    await page.goto('/library');
    const card = page.getByTestId('asset-card').first();
    await card.getByRole('button', { name: 'Asset actions' }).click();
    await page.getByRole('menuitem', { name: 'Make an ad' }).click();
    const composer = page.getByRole('dialog', { name: 'Make an ad' });
    await composer.getByRole('checkbox', { name: /^Square 1:1/ }).waitFor();
    await composer.getByRole('button', { name: 'Cancel' }).click();
    await composer.waitFor({ state: 'detached' });

    await card.getByRole('button', { name: /View/ }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Make an ad' }).click();
    await composer.getByRole('checkbox', { name: /^Square 1:1/ }).waitFor();
  });

  it('previews 1:1 and 9:16 as the copy is typed, passes axe at desktop and phone sizes, saves both, and the 1:1 preview matches the stored ad', async () => {
    const { page } = session;
    const composer = page.getByRole('dialog', { name: 'Make an ad' });
    expect(await composer.getByRole('checkbox', { name: /^Square 1:1/ }).isChecked()).toBe(true);
    await composer.getByRole('checkbox', { name: /^Story 9:16/ }).check();
    await composer.getByLabel('Headline').fill('Walk on air');
    await composer.getByLabel('Body').fill('Light shoes for long summer days.');
    await composer.getByLabel('Call to action').selectOption({ label: 'Shop now' });

    const square = page.getByRole('img', { name: 'Square 1:1 preview' });
    const story = page.getByRole('img', { name: 'Story 9:16 preview' });
    await drawn(square);
    await drawn(story);
    expect(await page.getByRole('img', { name: /preview$/ }).count()).toBe(2);

    for (const [width, height] of [
      [1280, 800],
      [390, 844],
    ] as const) {
      await page.setViewportSize({ width, height });
      await drawn(square);
      if (SHOTS) await page.screenshot({ path: join(SHOTS, `composer-${width}x${height}.png`) });
      expect(await axeViolations(page)).toEqual([]);
      expect(await horizontalOverflow(page)).toEqual([]);
      await square.scrollIntoViewIfNeeded();
      if (SHOTS) await page.screenshot({ path: join(SHOTS, `composer-previews-${width}x${height}.png`) });
    }
    await page.setViewportSize({ width: 1280, height: 800 });
    await drawn(square);
    // The picture under the overlay has loaded before the preview is captured.
    const pictureUrl = await square.locator('svg image').first().getAttribute('href');
    await page.evaluate(`(async () => { const image = new Image(); image.src = ${JSON.stringify(pictureUrl)}; await image.decode(); })()`);
    await page.waitForTimeout(300);
    const previewShot = await square.screenshot();

    await composer.getByRole('button', { name: 'Save 2 ads' }).click();
    const progress = composer.getByTestId('ad-progress');
    await waitFor(async () => (await progress.count()) === 2 && (await composer.locator('[data-testid="ad-progress"][data-status="completed"]').count()) === 2, 90_000);
    const link = composer.getByRole('link', { name: /Open the Square 1:1 ad/ });
    await link.waitFor();
    await composer.getByRole('link', { name: /Open the Story 9:16 ad/ }).waitFor();

    const stored = await page.request.get((await link.getAttribute('href'))!);
    expect(stored.status()).toBe(200);
    const difference = await meanDifference(previewShot, await stored.body());
    // Measured about 2.4 here (browser and sharp scale and smooth differently); text or a crop out of place is far more.
    expect(difference).toBeLessThan(6);

    await composer.getByRole('button', { name: 'Done' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
    const card = page.getByTestId('asset-card').first();
    await card.getByRole('button', { name: '+2 formats' }).waitFor({ timeout: 15_000 });
    await card.getByRole('button', { name: '+2 formats' }).click();
    const formats = page.getByRole('dialog').getByTestId('ad-formats');
    await formats.getByTestId('ad-format').nth(2).waitFor();
    expect(await formats.getByTestId('ad-format').evaluateAll((items) => items.map((item) => item.getAttribute('data-format')))).toEqual(['original', '1:1', '9:16']);
  }, 180_000);
});

/** Mean per-channel difference (0–255) of two pictures scaled to the same small size. */
async function meanDifference(a: Buffer, b: Buffer): Promise<number> {
  const size = 120;
  const [left, right] = await Promise.all([a, b].map((image) => sharp(image).resize(size, size, { fit: 'fill' }).removeAlpha().raw().toBuffer()));
  let total = 0;
  for (let i = 0; i < left.length; i += 1) total += Math.abs(left[i] - right[i]);
  return total / left.length;
}
