import { FakeMeta } from '../libs/core/src/testing/fake-meta';
import { generateImages, signUp } from './accounts';
import { RunningApp, startApp } from './app-server';
import { axeViolations } from './axe';
import { BrowserSession, openBrowser } from './browser';

/** Connect a Meta Business account (against the fake Graph API), then push a library image as a paused ad. */
describe('Meta ads: connect from the library and push an image as a paused ad', () => {
  const meta = new FakeMeta();
  let app: RunningApp;
  let session: BrowserSession;

  beforeAll(async () => {
    await meta.start();
    app = await startApp({ ...meta.env(), LOCAL_RENDERER_DELAY_MS: '0' });
    session = await openBrowser(app.url);
    const { page } = session;
    await signUp(page.request, 'Marketer', { databaseUrl: app.databaseUrl, plan: 'Team+' });
    await generateImages(page.request, 'A lighthouse at dawn');
  }, 90_000);
  afterAll(async () => {
    await session?.close();
    await app?.stop();
    await meta.stop();
  });

  it('connects through the Meta dialog, pushes from the card menu and links the toast to Ads Manager', async () => {
    const { page } = session;
    await page.goto('/library');
    const card = page.getByRole('region', { name: 'Meta Ads integration' });
    await card.getByRole('button', { name: 'Connect' }).click();
    // The fake dialog sends the browser straight back through our callback to the library.
    await page.getByText('Meta Connected', { exact: true }).waitFor();
    await card.getByText('Active', { exact: true }).waitFor();
    expect(new URL(page.url()).search).toBe('');
    expect(await axeViolations(page)).toEqual([]);

    await page.getByTestId('asset-card').first().getByRole('button', { name: 'Asset actions' }).click();
    await page.getByRole('menuitem', { name: 'Push to Meta' }).click();
    const dialog = page.getByRole('dialog', { name: 'Push to Meta' });
    const choose = async (label: string, option: RegExp) => {
      await dialog.getByRole('combobox', { name: label }).click();
      await page.getByRole('option', { name: option }).click();
      // The menu fades out: axe must not measure its options half transparent.
      await page.getByRole('listbox', { includeHidden: true }).waitFor({ state: 'detached' });
    };
    await choose('Ad account', /Brandloom Ads/);
    await choose('Facebook page', /Brandloom Page/);
    await choose('Campaign', /Spring launch/);
    await choose('Ad set', /Spring – EU/);
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Push to Meta' }).click();

    const link = page.getByRole('link', { name: 'View in Ads Manager' });
    await link.waitFor();
    expect(meta.ads).toHaveLength(1);
    expect(meta.ads[0]).toMatchObject({ adset_id: '7001', status: 'PAUSED' });
    expect(await link.getAttribute('href')).toBe(`https://adsmanager.facebook.com/adsmanager/manage/ads?act=111&selected_ad_ids=${meta.ads[0].id}`);
    await dialog.waitFor({ state: 'hidden' });
  });
});
