import { join } from 'node:path';
import sharp from 'sharp';
import { FakeOpenAI } from '../libs/core/src/testing/fake-openai';
import { generateImages, signUp } from './accounts';
import { drawn, horizontalOverflow, waitFor } from './ad-composer';
import { RunningApp, startApp } from './app-server';
import { axeViolations } from './axe';
import { BrowserSession, openBrowser } from './browser';
import { WIDTHS } from './routes';

const LOGO_COLOR = [255, 0, 255];
const PROPOSALS = [
  { headline: 'Your morning, upgraded', body: 'Small-batch beans, roasted this week and shipped free.', cta: 'SHOP_NOW' },
  { headline: 'Love at first sip', body: 'Craft coffee delivered to your door.', cta: 'SIGN_UP' },
  { headline: 'Brew happiness', body: '', cta: 'LEARN_MORE' },
];

/** A 400×160 PNG logo: an opaque magenta mark in the middle of a transparent canvas. */
function logoPng(): Promise<Buffer> {
  const mark = { create: { width: 300, height: 120, channels: 4 as const, background: { r: LOGO_COLOR[0], g: LOGO_COLOR[1], b: LOGO_COLOR[2], alpha: 1 } } };
  return sharp({ create: { width: 400, height: 160, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
    .composite([{ input: { create: mark.create }, left: 50, top: 20 }])
    .png()
    .toBuffer();
}

async function pixelAt(image: Buffer, x: number, y: number): Promise<number[]> {
  const data = await sharp(image).extract({ left: Math.round(x), top: Math.round(y), width: 1, height: 1 }).removeAlpha().raw().toBuffer();
  return [data[0], data[1], data[2]];
}
const distance = (a: number[], b: number[]) => Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);

/**
 * The brand kit and AI copy against the real routes, with OpenAI's text model played by the local
 * fake: a logo uploaded and fonts picked in Brand Brain, 'Suggest copy' in the composer, the logo
 * in the preview, and the saved ad as the server stored it.
 */
describe('Finished ad with the brand kit and suggested copy (fake OpenAI)', () => {
  const openai = new FakeOpenAI();
  let app: RunningApp;
  let session: BrowserSession;
  let profileId: string;
  let pictureId: string;
  let logoUrl: string;

  beforeAll(async () => {
    await openai.start();
    app = await startApp({ ...openai.env(), LOCAL_RENDERER_DELAY_MS: '0' });
    session = await openBrowser(app.url);
    const { page } = session;
    await signUp(page.request, 'Kit Owner', { databaseUrl: app.databaseUrl });
    const profile = await page.request.post('/api/brand-profiles', {
      data: { name: 'Acme Coffee', description: 'Small-batch roaster', brand_data: { colors: { primary: '#7C2D12', secondary: '#FEF3C7', accent: '#B45309' }, visualStyle: { tone: 'Playful, warm' } } },
    });
    expect(profile.status()).toBe(201);
    profileId = (await profile.json()).id;
    await generateImages(page.request, 'TEST A latte with heart-shaped foam');
    pictureId = (await (await page.request.get('/api/assets')).json())[0].id;
  }, 120_000);
  afterAll(async () => {
    await session?.close();
    await app?.stop();
    await openai.stop();
  });

  it('uploads a logo and picks the heading and body fonts in Brand Brain, and the sample ad shows the logo', async () => {
    const { page } = session;
    await page.goto(`/brand-brain/${profileId}`);
    const kit = page.getByRole('region', { name: 'Brand kit' });
    const chooser = page.waitForEvent('filechooser');
    await kit.getByRole('button', { name: 'Upload default logo' }).click();
    await (await chooser).setFiles({ name: 'acme-logo.png', mimeType: 'image/png', buffer: await logoPng() });
    await kit.getByRole('img', { name: 'Default logo' }).waitFor();

    const logos = (await (await page.request.get(`/api/brand-profiles/${profileId}`)).json()).logos;
    expect(logos).toEqual([{ id: expect.any(String), variant: 'default', url: expect.any(String), width: 400, height: 160 }]);
    logoUrl = logos[0].url;
    expect(await kit.getByRole('img', { name: 'Default logo' }).getAttribute('src')).toBe(logoUrl);
    const stored = await page.request.get(logoUrl);
    expect((await sharp(await stored.body()).metadata()).hasAlpha).toBe(true);

    await kit.getByLabel('Heading font').selectOption('oswald');
    await waitFor(async () => (await kit.getByLabel('Heading font').inputValue()) === 'oswald' && (await kit.getByLabel('Body font').isEnabled()));
    await kit.getByLabel('Body font').selectOption('merriweather');
    await waitFor(async () => {
      const profile = await (await page.request.get(`/api/brand-profiles/${profileId}`)).json();
      return profile.brand_data?.fonts?.heading === 'oswald' && profile.brand_data?.fonts?.body === 'merriweather';
    });

    const sample = kit.getByRole('img', { name: /^Sample ad preview/ });
    await drawn(sample);
    expect(await sample.locator('[data-testid="ad-overlay"] image').getAttribute('href')).toBe(logoUrl);
  });

  it("suggests copy in the brand's voice, previews it with the logo, passes axe at desktop and phone sizes, and saves the ad as shown", async () => {
    const { page } = session;
    openai.responsesAnswer = { proposals: PROPOSALS };
    await page.goto('/library');
    const card = page.getByTestId('asset-card').first();
    await card.getByRole('button', { name: 'Asset actions' }).click();
    await page.getByRole('menuitem', { name: 'Make an ad' }).click();
    const composer = page.getByRole('dialog', { name: 'Make an ad' });
    await composer.getByLabel('Brand profile').selectOption({ label: 'Acme Coffee' });

    await composer.getByRole('button', { name: 'Suggest copy' }).click();
    const suggestions = composer.getByRole('list', { name: 'Suggested copy' });
    await suggestions.getByRole('listitem').nth(2).waitFor();
    expect(await composer.getByLabel('Headline').inputValue()).toBe(PROPOSALS[0].headline);
    await suggestions.getByRole('button', { name: `Use: ${PROPOSALS[1].headline}` }).click();
    expect(await composer.getByLabel('Headline').inputValue()).toBe(PROPOSALS[1].headline);
    expect(await composer.getByLabel('Body').inputValue()).toBe(PROPOSALS[1].body);
    expect(await composer.getByLabel('Call to action').inputValue()).toBe('SIGN_UP');

    expect(openai.responsesRequests).toHaveLength(1);
    expect(openai.responsesRequests[0]).toMatchObject({ schemaName: 'ad_copy_proposals', strict: true, authorization: `Bearer ${openai.apiKey}` });
    expect(openai.responsesRequests[0].text).toContain('Tone of voice: Playful, warm');
    expect(openai.responsesRequests[0].text).toContain('A latte with heart-shaped foam');

    const square = page.getByRole('img', { name: 'Square 1:1 preview' });
    await drawn(square);
    expect(await square.locator('[data-testid="ad-overlay"] image').getAttribute('href')).toBe(logoUrl);

    for (const [name, viewport] of Object.entries(WIDTHS)) {
      await page.setViewportSize(viewport);
      await drawn(square);
      if (process.env.E2E_SCREENSHOTS) await page.screenshot({ path: join(process.env.E2E_SCREENSHOTS, `ad-brand-kit-composer-${name}.png`) });
      expect(await axeViolations(page)).toEqual([]);
      expect(await horizontalOverflow(page)).toEqual([]);
    }
    await page.setViewportSize(WIDTHS.desktop);

    const created = page.waitForResponse((response) => response.request().method() === 'POST' && new URL(response.url()).pathname === '/api/ads');
    await composer.getByRole('button', { name: 'Save ad' }).click();
    const [{ id }] = (await (await created).json()).ads as Array<{ id: string }>;
    await composer.locator('[data-testid="ad-progress"][data-status="completed"]').waitFor({ timeout: 90_000 });

    const ad = await (await page.request.get(`/api/ads/${id}`)).json();
    expect(ad).toMatchObject({ placement: '1:1', status: 'completed', source_asset_id: pictureId, brand_profile_id: profileId, version: 1, headline: PROPOSALS[1].headline, body: PROPOSALS[1].body, cta: 'SIGN_UP', logo: 'default' });
    expect(ad.layers.copy).toEqual({ headline: PROPOSALS[1].headline, body: PROPOSALS[1].body, cta: 'SIGN_UP' });
    const texts = ad.layers.elements.filter((element: { kind: string }) => element.kind === 'text') as Array<{ role: string; font: string }>;
    expect(texts.find((element) => element.role === 'headline')!.font).toBe('oswald');
    expect(texts.find((element) => element.role === 'body')!.font).toBe('merriweather');

    const asset = await (await page.request.get(`/api/assets/${ad.asset_id}`)).json();
    expect(asset).toMatchObject({ parent_asset_id: pictureId, format: '1:1', width: 1080, height: 1080 });
    const image = await (await page.request.get(asset.url)).body();
    const logo = ad.layers.elements.find((element: { kind: string }) => element.kind === 'logo') as { box: { x: number; y: number; width: number; height: number } };
    const [x, y] = [logo.box.x + logo.box.width / 2, logo.box.y + logo.box.height / 2];
    // The logo's mark is drawn where the layout put it, on a picture that is not that colour there.
    expect(distance(await pixelAt(image, x, y), LOGO_COLOR)).toBeLessThan(40);
    const picture = await (await page.request.get((await (await page.request.get(`/api/assets/${pictureId}`)).json()).url)).body();
    const { width: pictureWidth } = await sharp(picture).metadata();
    expect(distance(await pixelAt(picture, (x * pictureWidth!) / 1080, (y * pictureWidth!) / 1080), LOGO_COLOR)).toBeGreaterThan(100);
  }, 180_000);
});
