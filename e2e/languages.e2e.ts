import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { makeAdmin } from './admin-setup';
import { axeViolations } from './axe';
import { baseUrl, BrowserSession, openBrowser } from './browser';
import { signUp } from './accounts';

/**
 * The product in German, chosen in Settings without a page load: menu, billing table, dates,
 * prices and plurals; axe and no sideways scrolling at desktop and phone width. The public pages
 * per language: hreflang alternates that answer with their <html lang>, and `/` by Accept-Language.
 */

const SCREENSHOTS = join(tmpdir(), 'brandloom-languages-e2e');

describe('languages', () => {
  let session: BrowserSession;

  beforeAll(async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    session = await openBrowser();
    const email = `deutsch-${Date.now()}@example.com`;
    await signUp(session.page.request, 'Greta', { email });
    // An administrator, so the console is among the screens checked in German.
    await makeAdmin(email);
  });
  afterAll(async () => {
    await session?.close();
  });

  it('switches to German in Settings → Preferences without a page load; billing reads German dates, prices and plurals', async () => {
    const { page } = session;
    await page.goto('/settings?tab=preferences');
    await page.evaluate('window.__sameDocument = true');
    await page.getByRole('combobox', { name: 'Language' }).click();
    await page.getByRole('option', { name: 'Deutsch' }).click();

    await page.getByRole('combobox', { name: 'Sprache' }).waitFor();
    expect(await page.evaluate('document.documentElement.lang')).toBe('de');
    expect(await page.evaluate('window.__sameDocument === true')).toBe(true);
    const nav = page.getByRole('navigation', { name: 'Hauptmenü' }).first();
    await nav.getByRole('link', { name: 'Einstellungen' }).waitFor();
    await nav.getByRole('link', { name: 'Credits & Abrechnung' }).waitFor();

    // The stored preference alone decides, on the next load too.
    await page.goto('/billing');
    await page.getByRole('heading', { name: 'Credits & Abrechnung', level: 2 }).waitFor();
    expect(await page.evaluate('document.documentElement.lang')).toBe('de');
    const table = page.getByRole('table', { name: 'Credit-Transaktionen' });
    await table.waitFor();
    // The welcome bonus, dated the German way ('25. Nov. 2026, 07:53').
    expect(await table.locator('tbody tr').first().innerText()).toMatch(/\d{1,2}\. [A-ZÄÖÜa-zäöü]{3,4}\.? \d{4}/);
    await page.getByTestId('cost-low').filter({ hasText: '1 Credit' }).waitFor();
    await page.getByTestId('cost-high').filter({ hasText: '4 Credits' }).waitFor();
    // Prices: the amount, a no-break space, the symbol.
    expect(await page.innerText('body')).toMatch(/\d\u00a0\$/);
  });

  it.each([
    [1280, 800],
    [390, 844],
  ])('passes axe in German at %ix%i, without sideways scrolling', async (width, height) => {
    const { page } = session;
    await page.setViewportSize({ width, height });
    for (const path of ['/billing', '/credits/buy', '/settings?tab=preferences', '/settings?tab=team', '/settings?tab=webhooks', '/dashboard', '/admin', '/admin/jobs']) {
      await page.goto(path);
      await page.getByRole('banner').waitFor();
      await page.waitForLoadState('networkidle');
      expect(await page.evaluate('document.documentElement.lang')).toBe('de');
      expect(await axeViolations(page)).toEqual([]);
      expect(await page.evaluate('document.scrollingElement.scrollWidth <= window.innerWidth')).toBe(true);
      await page.screenshot({ path: join(SCREENSHOTS, `${path.replace(/[^a-z]/g, '_')}-${width}.png`), fullPage: true });
    }
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  it.each(['/', '/terms', '/signin'])('%s names its versions in es, fr and de, each answering with its <html lang>', async (path) => {
    const { page } = session;
    const html = await (await page.request.get(path, { headers: { 'Accept-Language': 'en-US' } })).text();
    for (const language of ['es', 'fr', 'de']) {
      const href = html.match(new RegExp(`<link rel="alternate" hreflang="${language}" href="([^"]+)"`))?.[1];
      expect(href).toBeDefined();
      const url = new URL(href!);
      expect(url.pathname.startsWith(`/${language}/`)).toBe(true);
      const answer = await page.request.get(new URL(url.pathname, baseUrl()).toString());
      expect(answer.status()).toBe(200);
      expect(await answer.text()).toMatch(new RegExp(`<html[^>]* lang="${language}"`));
    }
    expect(html).toMatch(/<link rel="alternate" hreflang="x-default" href="[^"]+"/);
  });

  it('sends a German browser from / to the German home page', async () => {
    const german = await openBrowser();
    try {
      await german.context.setExtraHTTPHeaders({ 'Accept-Language': 'de-DE,de;q=0.9' });
      await german.page.goto('/');
      expect(new URL(german.page.url()).pathname).toBe('/de/');
      expect(await german.page.evaluate('document.documentElement.lang')).toBe('de');
      expect(await german.page.title()).toBe('Brandloom: markengetreue KI-Marketingbilder für Ihr ganzes Team');
      await german.page.goto('/de/signin');
      await german.page.getByRole('heading', { name: 'Willkommen zurück' }).waitFor();
      await german.page.getByRole('textbox', { name: 'Passwort' }).waitFor();
    } finally {
      await german.close();
    }
  });
});
