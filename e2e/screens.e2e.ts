import type { BrowserContext, Page } from 'playwright-core';
import { axeViolations } from './axe';
import { baseUrl, BrowserSession, openBrowser } from './browser';
import { WIDTHS } from './routes';
import { signUp } from './accounts';

/**
 * What a new user meets on the library, Brand Brain, dashboard, landing and bulk screens, at desktop
 * and phone width: stacked ad formats, plan limits before the action, nothing wider than the screen,
 * no heading that wraps, pictures in their real shape.
 */
/** The few browser types the page-side callbacks use (the e2e project compiles without the DOM library). */
interface PageImage {
  complete: boolean;
  naturalWidth: number;
  naturalHeight: number;
  src: string;
  getBoundingClientRect(): { width: number; height: number };
}
interface PageWindow {
  document: { scrollingElement: { scrollWidth: number }; createRange(): { selectNodeContents(node: unknown): void; getClientRects(): ArrayLike<{ top: number }> } };
  innerWidth: number;
  getComputedStyle(element: unknown): { objectFit: string };
}


let session: BrowserSession;
beforeAll(async () => {
  session = await openBrowser();
});
afterAll(() => session.close());

async function signedIn(viewport: { width: number; height: number }, name: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await session.browser.newContext({ baseURL: baseUrl(), viewport, extraHTTPHeaders: { Origin: new URL(baseUrl()).origin } });
  const page = await context.newPage();
  await signUp(page.request, name, { email: `${name}-${viewport.width}-${Date.now()}@example.com` });
  return { context, page };
}

async function fitsTheScreen(page: Page): Promise<void> {
  const { scrollWidth, innerWidth } = await page.evaluate(() => {
    const view = globalThis as unknown as PageWindow;
    return { scrollWidth: view.document.scrollingElement.scrollWidth, innerWidth: view.innerWidth };
  });
  expect(scrollWidth).toBe(innerWidth);
}

async function waitFor(check: () => Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 250));
  }
}

describe.each(Object.entries(WIDTHS))('at %s width', (label, viewport) => {
  it('library: an original and its four ad formats are one stack with "+4 formats" that opens them; the 9:16 thumbnail stays tall', async () => {
    const { context, page } = await signedIn(viewport, 'stacker');
    try {
      const started = await page.request.post('/api/generate/test', { data: { prompt: 'Lighthouse poster at dawn', quality: 'low', size: '1024x1024' } });
      expect(started.status()).toBe(201);
      await waitFor(async () => (await (await page.request.get('/api/assets/count')).json()).count === 1);
      const [original] = (await (await page.request.get('/api/assets')).json()) as Array<{ id: string }>;
      const formats = await page.request.post(`/api/assets/${original.id}/formats`, { data: { formats: ['1:1', '4:5', '9:16', '1.91:1'], method: 'extend' } });
      expect(formats.status()).toBe(201);
      await waitFor(async () => (await (await page.request.get('/api/assets/count')).json()).count === 5);

      await page.goto('/library');
      const card = page.getByTestId('asset-card');
      await card.first().getByRole('button', { name: '+4 formats' }).waitFor();
      expect(await card.count()).toBe(1);
      await fitsTheScreen(page);
      expect(await axeViolations(page)).toEqual([]);
      await page.screenshot({ path: `/tmp/h27-screens-library-${label}.png`, fullPage: true });

      await card.getByRole('button', { name: '+4 formats' }).click();
      const dialog = page.getByRole('dialog');
      const stack = dialog.getByTestId('ad-formats');
      await stack.getByRole('img', { name: /Story 9:16 of/ }).waitFor();
      expect(await stack.getByTestId('ad-format').evaluateAll((items) => items.map((item) => item.getAttribute('data-format')))).toEqual(['original', '1:1', '4:5', '9:16', '1.91:1']);
      await dialog.getByRole('button', { name: 'Close' }).click();
      await dialog.waitFor({ state: 'hidden' });

      // The formats themselves, through the Format filter: the 9:16 thumbnail is drawn tall, not cropped square.
      const formatFilter = page.getByLabel('Format');
      if (!(await formatFilter.isVisible())) await page.getByRole('button', { name: /filters/i }).click();
      const storyOption = await formatFilter.locator('option', { hasText: '9:16' }).getAttribute('value');
      await formatFilter.selectOption(storyOption!);
      await waitFor(async () => (await page.getByTestId('asset-card').count()) === 1 && (await page.getByTestId('asset-card').getByText(/\(9:16\)/).count()) === 1);
      const img = page.getByTestId('asset-card').locator('img').first();
      await waitFor(() => img.evaluate((el) => (el as unknown as PageImage).complete && (el as unknown as PageImage).naturalWidth > 0));
      const drawn = await img.evaluate((el) => {
        const image = el as unknown as PageImage;
        const box = image.getBoundingClientRect();
        const scale = Math.min(box.width / image.naturalWidth, box.height / image.naturalHeight);
        return { fit: (globalThis as unknown as PageWindow).getComputedStyle(image).objectFit, width: image.naturalWidth * scale, height: image.naturalHeight * scale };
      });
      expect(drawn.fit).toBe('contain');
      expect(drawn.height / drawn.width).toBeCloseTo(16 / 9, 1);
      await fitsTheScreen(page);
    } finally {
      await context.close();
    }
  });

  it("Brand Brain: a Starter user whose one profile is used is told before extracting, with a link to the plans; nothing is offered that cannot work", async () => {
    const { context, page } = await signedIn(viewport, 'starter');
    try {
      expect((await page.request.post('/api/brand-profiles', { data: { name: 'Harbour Coffee' } })).status()).toBe(201);
      await page.goto('/brand-brain');
      const summary = page.getByTestId('brand-plan-limits');
      await summary.getByText(/1 of 1 brand profile used/).waitFor();
      expect(await summary.getByRole('link', { name: 'Compare plans' }).getAttribute('href')).toBe('/billing');
      await page.getByRole('button', { name: 'New Brand Profile' }).click();
      const dialog = page.getByRole('dialog', { name: 'Create Brand Profile' });
      await dialog.getByRole('tab', { name: 'Extract' }).click();
      const notice = dialog.getByTestId('plan-limit-profiles');
      await notice.getByText(/Your plan includes 1 brand profile, and it is in use/).waitFor();
      expect(await dialog.getByRole('button', { name: 'Extract Brand Information' }).isDisabled()).toBe(true);
      await fitsTheScreen(page);
      expect(await axeViolations(page)).toEqual([]);
      await page.screenshot({ path: `/tmp/h27-screens-brand-limit-${label}.png` });
      await notice.getByRole('link', { name: 'See plans' }).click();
      await page.waitForURL('**/billing');
    } finally {
      await context.close();
    }
  });

  it('dashboard of a new user: headings and their links on one line, an empty-usage sentence instead of an empty chart, real example ads', async () => {
    const { context, page } = await signedIn(viewport, 'newcomer');
    try {
      await page.goto('/dashboard');
      await page.getByTestId('credit-chart-empty').getByText('No credits used yet').waitFor();
      expect(await page.getByTestId('credit-chart').count()).toBe(0);
      const samples = page.getByTestId('sample-images').getByRole('img');
      expect(await samples.count()).toBe(6);
      await waitFor(async () => (await samples.evaluateAll((imgs) => imgs.every((i) => (i as unknown as PageImage).complete && (i as unknown as PageImage).naturalWidth > 0))) === true);
      expect(await samples.evaluateAll((imgs) => imgs.map((i) => (i as unknown as PageImage).src).every((src) => /\/landing\/gallery\/.+\.webp$/.test(src)))).toBe(true);
      // One line each: a wrapped label has more than one line box.
      for (const text of ['Brand Profiles', 'View all', 'Credit history', 'Recent Generations', 'Credit Usage']) {
        const lines = await page.getByText(text, { exact: true }).evaluateAll((els) =>
          els.map((el) => {
            const range = (globalThis as unknown as PageWindow).document.createRange();
            range.selectNodeContents(el);
            return new Set(Array.from(range.getClientRects()).map((r) => Math.round(r.top))).size;
          }),
        );
        expect(lines.length).toBeGreaterThan(0);
        expect({ text, lines }).toEqual({ text, lines: lines.map(() => 1) });
      }
      await fitsTheScreen(page);
      expect(await axeViolations(page)).toEqual([]);
      await page.screenshot({ path: `/tmp/h27-screens-dashboard-${label}.png`, fullPage: true });
    } finally {
      await context.close();
    }
  });

  it('bulk: each row shows its prompt, status and details, and the results keep their real shape', async () => {
    const { context, page } = await signedIn(viewport, 'bulker');
    try {
      await page.goto('/studio/bulk');
      const rows = 'prompt,quality,size\nSneakers on a white table,low,1536x1024\nTea on a wooden tray,low,1024x1536\n';
      await page.getByTestId('bulk-csv-input').setInputFiles({ name: 'batch.csv', mimeType: 'text/csv', buffer: Buffer.from(rows) });
      await page.getByRole('button', { name: /start/i }).click();
      await page.getByTestId('bulk-result').nth(1).waitFor({ timeout: 60_000 });
      const row2 = page.getByTestId('bulk-row-2');
      await row2.getByText('Sneakers on a white table').waitFor();
      await row2.getByText(/1536 × 1024 · low/).waitFor();
      await page.getByTestId('bulk-row-3').getByText('Tea on a wooden tray').waitFor();
      const shapes = await page.getByTestId('bulk-result').evaluateAll((tiles) =>
        tiles.map((tile) => {
          const box = tile.querySelector('a')!.getBoundingClientRect();
          return Math.round((box.width / box.height) * 100) / 100;
        }),
      );
      expect(shapes).toEqual([1.5, 0.67]);
      await fitsTheScreen(page);
      expect(await axeViolations(page)).toEqual([]);
      await page.screenshot({ path: `/tmp/h27-screens-bulk-${label}.png`, fullPage: true });
    } finally {
      await context.close();
    }
  });

  it('studio: the prompt caption sits under the picture, not over its own text', async () => {
    const { context, page } = await signedIn(viewport, 'captioner');
    try {
      await page.goto('/studio');
      await page.getByLabel('Prompt').fill('Verde Matcha launch poster with a big headline');
      await page.getByRole('button', { name: 'Generate' }).click();
      const prompt = page.getByTestId('preview-prompt');
      await prompt.waitFor({ timeout: 30_000 });
      const [picture, caption] = await Promise.all([page.getByTestId('preview-box').boundingBox(), prompt.boundingBox()]);
      expect(caption!.y).toBeGreaterThanOrEqual(picture!.y + picture!.height);
      await fitsTheScreen(page);
      await page.screenshot({ path: `/tmp/h27-screens-studio-${label}.png`, fullPage: true });
    } finally {
      await context.close();
    }
  });

  it("blog editor: no stale 'Slug is required' under a filled-in slug; links are added through a dialog", async () => {
    const context = await session.browser.newContext({ baseURL: baseUrl(), viewport, extraHTTPHeaders: { Origin: new URL(baseUrl()).origin } });
    const page = await context.newPage();
    try {
      const email = `editor-${viewport.width}-${Date.now()}@example.com`;
      await signUp(page.request, 'Editor', { email, admin: true });
      const browserDialogs: string[] = [];
      page.on('dialog', (dialog) => {
        browserDialogs.push(dialog.type());
        void dialog.dismiss();
      });
      await page.goto('/admin/blog/create');
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Slug is required').waitFor();
      await page.getByLabel(/^Title/).fill('Autumn drop');
      expect(await page.getByLabel(/^Slug/).inputValue()).toBe('autumn-drop');
      await page.getByText('Slug is required').waitFor({ state: 'detached' });

      await page.getByRole('textbox', { name: 'Content' }).click();
      await page.getByRole('button', { name: 'Add a link' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add a link' });
      await dialog.getByLabel('Address').fill('brandloom.app/pricing');
      await dialog.getByLabel('Text to show').fill('our plans');
      await fitsTheScreen(page);
      expect(await axeViolations(page)).toEqual([]);
      await page.screenshot({ path: `/tmp/h27-screens-blog-link-${label}.png` });
      await dialog.getByRole('button', { name: 'Add link' }).click();
      await dialog.waitFor({ state: 'hidden' });
      expect(await page.getByRole('textbox', { name: 'Content' }).getByRole('link', { name: 'our plans' }).getAttribute('href')).toBe('https://brandloom.app/pricing');
      expect(browserDialogs).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('landing: the hero keeps the page margins', async () => {
    const context = await session.browser.newContext({ baseURL: baseUrl(), viewport });
    const page = await context.newPage();
    try {
      await page.goto('/');
      await page.getByRole('heading', { level: 1 }).waitFor();
      const hero = page.locator('section[aria-labelledby="hero-title"]');
      const margin = viewport.width < 600 ? 16 : 24;
      const boxes = await hero.locator('h1, a, img').evaluateAll((els) => els.map((el) => ({ tag: el.tagName, ...el.getBoundingClientRect().toJSON() }) as { tag: string; left: number; right: number }));
      for (const box of boxes) {
        expect(box.left).toBeGreaterThanOrEqual(margin - 0.5);
        expect(box.right).toBeLessThanOrEqual(viewport.width - margin + 0.5);
      }
      await fitsTheScreen(page);
      await page.screenshot({ path: `/tmp/h27-screens-landing-${label}.png` });
    } finally {
      await context.close();
    }
  });
});

it('landing gallery at 1280x800: the enlarged image shows its category chip inside the dialog, spelled as its filter', async () => {
  const context = await session.browser.newContext({ baseURL: baseUrl(), viewport: WIDTHS.desktop });
  const page = await context.newPage();
  try {
    // The filter works once the pre-rendered page is hydrated: its scripts have run once the network is idle.
    await page.goto('/', { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Beauty', exact: true }).click();
    await page.getByRole('button', { name: /^Enlarge:/ }).first().click();
    const dialog = page.getByRole('dialog');
    const chip = dialog.getByText('Beauty', { exact: true });
    await chip.waitFor();
    const [paper, box] = await Promise.all([dialog.boundingBox(), chip.boundingBox()]);
    expect(box!.y + box!.height).toBeLessThanOrEqual(Math.min(paper!.y + paper!.height, 800));
    expect(await dialog.evaluate((el) => el.scrollHeight <= el.clientHeight + 1)).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: '/tmp/h27-screens-gallery-desktop.png' });
  } finally {
    await context.close();
  }
});
