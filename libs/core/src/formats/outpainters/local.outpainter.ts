import sharp from 'sharp';
import type { Outpainter, OutpaintRequest } from './outpainter';

/**
 * The test renderer's outpainting (no key needed): the margins of the canvas get diagonal stripes
 * over its blurred backdrop, so a test image shows at a glance which part was "painted".
 */
export class LocalOutpainter implements Outpainter {
  readonly name = 'local';

  constructor(private readonly delayMs = 0) {}

  async outpaint(request: OutpaintRequest): Promise<Buffer> {
    if (this.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, this.delayMs));
    const [width, height] = request.size.split('x').map(Number);
    const stripes = Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
        <defs><pattern id="s" width="48" height="48" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
          <rect width="24" height="48" fill="#ffffff" fill-opacity="0.18"/></pattern></defs>
        <rect width="${width}" height="${height}" fill="url(#s)"/>
      </svg>`,
    );
    // Stripes everywhere, then the mask's kept region (the original) back on top: only the margins change.
    const { left, top, width: w, height: h } = request.placed;
    const kept = await sharp(request.image).extract({ left, top, width: w, height: h }).png().toBuffer();
    return sharp(request.image).composite([{ input: stripes }, { input: kept, left, top }]).png().toBuffer();
  }
}
