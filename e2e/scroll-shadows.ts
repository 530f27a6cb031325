import type { Locator } from 'playwright-core';

/**
 * How a scrolling table box stands once the browser has laid it out and run its resize observers (two
 * frames): whether its table is wider than it, which edges are marked as having more, and the shadows drawn.
 */
export async function scrollShadowState(region: Locator): Promise<{ overflows: boolean; start: boolean; end: boolean; backgroundImage: string }> {
  return region.evaluate(async (element) => {
    const view = globalThis as unknown as { requestAnimationFrame(callback: () => void): void; getComputedStyle(element: unknown): { backgroundImage: string } };
    for (let frame = 0; frame < 2; frame++) await new Promise<void>((resolve) => view.requestAnimationFrame(resolve));
    const box = element as unknown as { scrollWidth: number; clientWidth: number; hasAttribute(name: string): boolean };
    return {
      overflows: box.scrollWidth > box.clientWidth,
      start: box.hasAttribute('data-overflow-start'),
      end: box.hasAttribute('data-overflow-end'),
      backgroundImage: view.getComputedStyle(element).backgroundImage,
    };
  });
}
