import type { Locator, Page } from 'playwright-core';

/** The preview's overlay has its text outlines. */
export async function drawn(preview: Locator): Promise<void> {
  await preview.locator('[data-testid="ad-overlay"] path').first().waitFor({ timeout: 30_000 });
}

/** Elements wider than the viewport (what would scroll sideways or be clipped), in the page (e2e has no DOM types). */
const OVERFLOW_SCRIPT = `(() => {
  const width = document.documentElement.clientWidth;
  const wide = [];
  if (document.documentElement.scrollWidth > width) wide.push('document ' + document.documentElement.scrollWidth + 'px > ' + width + 'px');
  for (const element of document.querySelectorAll('[role="dialog"] *')) {
    // MUI's switch and checkbox inputs are invisible hit areas wider than the control: not content.
    if (getComputedStyle(element).opacity === '0') continue;
    const box = element.getBoundingClientRect();
    if (box.width > 0 && (box.right > width + 1 || box.left < -1)) wide.push(element.tagName.toLowerCase() + '.' + String(element.className).split(' ')[0] + ' ' + Math.round(box.left) + '..' + Math.round(box.right));
  }
  return wide.slice(0, 5);
})()`;

/** What in the page, or in its dialog, is wider than the viewport. */
export async function horizontalOverflow(page: Page): Promise<string[]> {
  return (await page.evaluate(OVERFLOW_SCRIPT)) as string[];
}

export async function waitFor(check: () => Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 250));
  }
}
