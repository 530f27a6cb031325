import { IMAGE_SIZES, sizeDimensions } from '@brandloom/contracts';
import sharp from 'sharp';
import { sniffImageType } from '../../../storage/content-sniffing';
import { ImageGenerationRequest, ImageProviderError } from '../image-provider';
import { composeSvg, LocalImageRenderer, packParts, paletteFor, wrapText } from './local-image-renderer';

async function pixel(png: Buffer, x: number, y: number): Promise<string> {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const offset = (y * info.width + x) * info.channels;
  return `#${[data[offset], data[offset + 1], data[offset + 2]].map((v) => v.toString(16).padStart(2, '0')).join('')}`;
}

describe('LocalImageRenderer', () => {
  const renderer = new LocalImageRenderer();
  const request: ImageGenerationRequest = { prompt: 'A sunlit flat lay of skincare bottles on linen', quality: 'medium', size: '1024x1024', n: 1 };

  it('draws the same bytes for the same request', async () => {
    const [first] = await renderer.generate(request);
    const [second] = await new LocalImageRenderer().generate({ ...request });
    expect(sniffImageType(first)).toBe('image/png');
    expect(second.equals(first)).toBe(true);
    const [other] = await renderer.generate({ ...request, prompt: `${request.prompt} at dusk` });
    expect(other.equals(first)).toBe(false);
  });

  it.each(IMAGE_SIZES)('renders %s at exactly that size', async (size) => {
    const [png] = await renderer.generate({ ...request, size });
    const metadata = await sharp(png).metadata();
    expect(metadata.format).toBe('png');
    expect({ width: metadata.width, height: metadata.height }).toEqual(sizeDimensions(size));
  });

  it('draws n distinct variations and reports progress', async () => {
    const progress: Array<[number, string]> = [];
    const images = await renderer.generate({ ...request, n: 3 }, (value, message) => progress.push([value, message]));
    expect(images).toHaveLength(3);
    expect(new Set(images.map((image) => image.toString('base64'))).size).toBe(3);
    expect(progress.map(([value]) => value)).toEqual([0, 1 / 3, 2 / 3, 1]);
    expect(progress[3][1]).toBe('Rendered variation 3 of 3');
  });

  it('paints the brand colours: primary on top, secondary at the bottom, the accent disc between', async () => {
    const brand = { colors: { primary: '#0066FF', secondary: '#111827', accent: '#f5a623' } };
    for (const size of IMAGE_SIZES) {
      const [png] = await renderer.generate({ ...request, size, brand });
      const { width, height } = sizeDimensions(size);
      expect(await pixel(png, 4, 4)).toBe('#0066ff');
      expect(await pixel(png, width - 5, Math.round(height * 0.5))).toBe('#0066ff');
      expect(await pixel(png, 4, height - 5)).toBe('#111827');
      expect(await pixel(png, Math.round(width * 0.5), Math.round(height * 0.72))).toBe('#f5a623');
    }
  });

  it('derives a palette from the prompt without a brand, and ignores colours that are not hex', async () => {
    expect(paletteFor('a prompt')).toEqual(paletteFor('a prompt'));
    expect(paletteFor('a prompt').primary).not.toBe(paletteFor('another prompt').primary);
    const hostile = { colors: { primary: 'red"/><image href="http://evil/x.png"/><rect fill="', secondary: '#abc' } };
    const palette = paletteFor('a prompt', hostile);
    expect(palette.primary).toBe(paletteFor('a prompt').primary);
    expect(palette.secondary).toBe('#aabbcc');
    const [png] = await renderer.generate({ ...request, brand: hostile });
    expect(await pixel(png, 4, 4)).toBe(paletteFor(request.prompt).primary);
  });

  it('renders prompts with markup, control characters and very long words', async () => {
    const prompt = `TEST <b>&amp;</b> "quotes" 'apostrophes' \u0000\u0007 ${'x'.repeat(300)} ${'word '.repeat(200)} \ud800 emoji 🎨`;
    const [png] = await renderer.generate({ ...request, prompt, size: '1024x1536' });
    expect(await sharp(png).metadata()).toMatchObject({ width: 1024, height: 1536 });
  });

  it('wraps text into lines and ends with an ellipsis when cut', () => {
    expect(wrapText('one two three four', 9, 5)).toEqual(['one two', 'three', 'four']);
    expect(wrapText('abcdefghijkl', 5, 5)).toEqual(['abcde', 'fghij', 'kl']);
    expect(wrapText('a b c d e f', 1, 2)).toEqual(['a', '…']);
  });

  it('packs the caption into lines that fit between the margins, never cutting a part across lines', () => {
    expect(packParts(['TEST IMAGE', 'Variation 1 of 1', 'low', '1024x1024', 'Verde Matcha'], 40, 2)).toEqual([
      'TEST IMAGE  ·  Variation 1 of 1  ·  low',
      '1024x1024  ·  Verde Matcha',
    ]);
    expect(packParts(['a'.repeat(12)], 10, 2)).toEqual([`${'a'.repeat(9)}…`]);
    expect(packParts(['one', 'two', 'three'], 5, 2)).toEqual(['one', 'two …']);
  });

  it("keeps the whole caption inside the image: every caption line's estimated width fits between the margins", () => {
    for (const size of ['1024x1024', '1536x1024', '1024x1536'] as const) {
      const svg = composeSvg({ prompt: 'Matcha latte', size, quality: 'medium', index: 0, count: 4, palette: paletteFor('x'), brandName: 'Verde Matcha Company of the North' });
      const [width] = size.split('x').map(Number);
      const footer = svg.slice(svg.lastIndexOf('<g '));
      const fontSize = Number(/font-size="(\d+)"/.exec(footer)![1]);
      const lines = [...footer.matchAll(/<text x="(\d+)"[^>]*>([^<]*)<\/text>/g)].map(([, x, text]) => ({ x: Number(x), text: text.replace(/&amp;/g, '&') }));
      expect(lines.map((l) => l.text).join(' ')).toContain('Verde Matcha Company of the North');
      // DejaVu Sans digits and capitals are at most about 0.6 em wide on average over a caption.
      for (const line of lines) expect(line.x + line.text.length * fontSize * 0.6).toBeLessThanOrEqual(width - line.x);
    }
  });

  it('waits LOCAL_RENDERER_DELAY_MS per call and can be cancelled', async () => {
    const slow = new LocalImageRenderer({ delayMs: 300 });
    const started = Date.now();
    await slow.generate({ ...request, n: 2 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);

    const controller = new AbortController();
    const pending = new LocalImageRenderer({ delayMs: 60_000 }).generate({ ...request, signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    await expect(pending).rejects.toMatchObject({ name: 'ImageProviderError', code: 'aborted' });
  });

  it('refuses sizes and counts it does not draw', async () => {
    await expect(renderer.generate({ ...request, size: '999x999' as never })).rejects.toBeInstanceOf(ImageProviderError);
    await expect(renderer.generate({ ...request, n: 0 })).rejects.toBeInstanceOf(ImageProviderError);
    await expect(renderer.generate({ ...request, n: 11 })).rejects.toBeInstanceOf(ImageProviderError);
  });

  it('is not a configured AI provider', () => {
    expect(renderer.isConfigured).toBe(false);
    expect(renderer.apiName).toBe('Local renderer');
  });
});
