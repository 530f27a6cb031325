import sharp from 'sharp';
import { BrowserSession, openBrowser } from './browser';
import { signUp } from './accounts';

const PRIMARY = '#E11D48';
const SECONDARY = '#1E3A8A';
const ACCENT = '#FBBF24';

/** A brand image: primary, secondary and accent blocks covering 60 %, 30 % and 10 % of it. */
async function brandImage(variant: number): Promise<Buffer> {
  const [width, height] = [300 + variant * 20, 200];
  const block = (color: string, share: number) => ({ color, w: Math.round(width * share) });
  const blocks = [block(PRIMARY, 0.6), block(SECONDARY, 0.3), block(ACCENT, 0.1)];
  let left = 0;
  const composite = await Promise.all(
    blocks.map(async ({ color, w }) => {
      const input = await sharp({ create: { width: w, height, channels: 3, background: color } }).png().toBuffer();
      const placed = { input, left, top: 0 };
      left += w;
      return placed;
    }),
  );
  return sharp({ create: { width, height, channels: 3, background: '#ffffff' } }).composite(composite).png().toBuffer();
}

const rgb = (hex: string) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
const distance = (a: number[], b: number[]) => Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);

describe('Brand Brain: extract from 3 images, use the profile in the Studio', () => {
  let session: BrowserSession;
  beforeAll(async () => {
    session = await openBrowser();
    await signUp(session.page.request, 'Brand Owner', { email: `brand-${Date.now()}@example.com` });
  });
  afterAll(() => session.close());

  it('extracts the brand colours, preselects the profile in the Studio and generates on-brand', async () => {
    const { page } = session;
    await page.goto('/brand-brain');
    await page.getByRole('button', { name: 'New Brand Profile' }).first().click();
    await page.getByRole('tab', { name: /extract/i }).click();
    const files = await Promise.all([0, 1, 2].map(async (i) => ({ name: `acme-brand-${i}.png`, mimeType: 'image/png', buffer: await brandImage(i) })));
    await page.getByTestId('brand-assets-input').setInputFiles(files);
    await page.getByRole('button', { name: 'Extract Brand Information' }).click();

    const card = page.getByTestId('brand-profile-card').first();
    await card.waitFor({ timeout: 60_000 });
    for (const [role, expected] of [['primary', PRIMARY], ['secondary', SECONDARY], ['accent', ACCENT]] as const) {
      const value = await card.getByTestId(`brand-color-${role}`).getAttribute('data-color');
      expect(distance(rgb(value!), rgb(expected))).toBeLessThan(12);
    }

    await card.getByRole('button', { name: 'Use in Studio' }).click();
    await page.waitForURL('**/studio?brandId=*');
    const profileName = (await (await page.request.get('/api/brand-profiles')).json())[0].name as string;
    await page.getByRole('combobox', { name: 'Brand Profile' }).filter({ hasText: profileName }).waitFor();

    await page.getByLabel('Prompt').fill('Autumn collection launch poster');
    await page.getByRole('button', { name: 'Generate', exact: true }).click();
    const image = page.getByRole('img', { name: 'Generated image' });
    await image.waitFor({ timeout: 60_000 });
    const bytes = await (await page.request.get((await image.getAttribute('src'))!)).body();
    // The local renderer paints the upper part of the image with the brand's primary colour.
    const { data } = await sharp(bytes).extract({ left: 8, top: 8, width: 1, height: 1 }).raw().toBuffer({ resolveWithObject: true });
    expect(distance([data[0], data[1], data[2]], rgb(PRIMARY))).toBeLessThan(12);
  });
});
