import { Browser, BrowserContext, chromium, Page } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const baseUrl = (): string => {
  const url = process.env.E2E_BASE_URL;
  if (!url) throw new Error('E2E_BASE_URL is not set (the e2e global setup starts the app)');
  return url;
};

export interface BrowserSession {
  browser: Browser;
  context: BrowserContext;
  page: Page;
  close(): Promise<void>;
}

/** Debian's Chromium, headless, with the flags this sandboxed machine needs (Playwright gives it a fresh profile). */
export async function openBrowser(url: string = baseUrl()): Promise<BrowserSession> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  // Test set-up calls through page.request carry the app's Origin, as the app's own fetches do
  // (the API refuses state-changing requests without it).
  const context = await browser.newContext({ baseURL: url, viewport: { width: 1280, height: 800 }, extraHTTPHeaders: { Origin: new URL(url).origin } });
  const page = await context.newPage();
  return {
    browser,
    context,
    page,
    close: () => browser.close(),
  };
}
