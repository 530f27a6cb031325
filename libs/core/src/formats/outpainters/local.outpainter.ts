import sharp from 'sharp';
import { imageOf, layer, pixelsOf } from '../format-renderer';
import type { Outpainter, OutpaintRequest } from './outpainter';

const STRIPE_PERIOD = 48;

/**
 * One tile of white diagonal stripes at 18 % opacity, half of each period wide. A stripe is where
 * (x + y) mod the period is under half of it, so tiles repeat without a seam.
 */
const stripeTile = (() => {
  const pixels = Buffer.alloc(STRIPE_PERIOD * STRIPE_PERIOD * 4);
  for (let y = 0; y < STRIPE_PERIOD; y += 1) {
    for (let x = 0; x < STRIPE_PERIOD; x += 1) {
      if ((x + y) % STRIPE_PERIOD >= STRIPE_PERIOD / 2) continue;
      pixels.fill(255, (y * STRIPE_PERIOD + x) * 4, (y * STRIPE_PERIOD + x) * 4 + 3);
      pixels[(y * STRIPE_PERIOD + x) * 4 + 3] = Math.round(0.18 * 255);
    }
  }
  return { input: pixels, raw: { width: STRIPE_PERIOD, height: STRIPE_PERIOD, channels: 4 as const }, tile: true };
})();

/**
 * The test renderer's outpainting (no key needed): the margins of the canvas get diagonal stripes
 * over its blurred backdrop, so a test image shows at a glance which part was "painted".
 */
export class LocalOutpainter implements Outpainter {
  readonly name = 'local';

  constructor(private readonly delayMs = 0) {}

  async outpaint(request: OutpaintRequest): Promise<Buffer> {
    if (this.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, this.delayMs));
    const canvas = await pixelsOf(sharp(request.image));
    // Stripes everywhere, then the mask's kept region (the original) back on top: only the margins change.
    const { left, top, width, height } = request.placed;
    const kept = await pixelsOf(imageOf(canvas).extract({ left, top, width, height }));
    return imageOf(canvas).composite([stripeTile, layer(kept, left, top)]).png().toBuffer();
  }
}
