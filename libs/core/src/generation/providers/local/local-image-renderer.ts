import { IMAGE_SIZES, sizeDimensions, type ImageSize, type Quality } from '@brandloom/contracts';
import escapeHtml from 'escape-html';
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import {
  abortableDelay,
  abortedError,
  BrandStyle,
  ImageGenerationRequest,
  ImageProvider,
  ImageProviderCapabilities,
  ImageProviderError,
  normalizeHexColor,
  ProgressCallback,
} from '../image-provider';

export interface LocalImageRendererOptions {
  /** Total artificial latency of one generate() call, spread over its images, drawing included (demos, benchmarks). */
  delayMs?: number;
}

export interface Palette {
  primary: string;
  secondary: string;
  accent: string;
}

const FONT_FAMILY = 'DejaVu Sans, Liberation Sans, Arial, Helvetica, sans-serif';
const MAX_PROMPT_LINES = 6;
/** The caption under the band (test marker, variation, quality, size, brand): two lines fit above the bottom edge. */
const MAX_FOOTER_LINES = 2;
const FOOTER_SEPARATOR = '  ·  ';

/**
 * Draws deterministic test images with sharp, no network: the brand's colours (or a palette derived
 * from a hash of the prompt), the prompt wrapped on the image and 'Variation N of M'. The same
 * request gives the same bytes. Layout (tests rely on it): the top 72 % is the primary colour, the
 * bottom 28 % the secondary colour, and an accent disc is centred on the boundary between them.
 */
export class LocalImageRenderer implements ImageProvider {
  readonly name = 'local';
  readonly apiName = 'Local renderer';
  readonly isConfigured = false;
  readonly features = ['text-to-image', 'variations', 'brand-colors', 'test-images'] as const;
  readonly capabilities: ImageProviderCapabilities = { sizes: IMAGE_SIZES, edits: false, masks: true, streaming: false, maxImagesPerCall: 10 };
  private readonly delayMs: number;

  constructor(options: LocalImageRendererOptions = {}) {
    this.delayMs = Math.max(0, options.delayMs ?? 0);
  }

  async generate(request: ImageGenerationRequest, onProgress?: ProgressCallback): Promise<Buffer[]> {
    validateRequest(request);
    const { signal } = request;
    const palette = paletteFor(request.prompt, request.brand);
    const images: Buffer[] = [];
    onProgress?.(0, 'Rendering test image');
    for (let index = 0; index < request.n; index += 1) {
      if (signal?.aborted) throw abortedError(signal);
      // The delay stands for a provider's latency, which includes its own drawing: the image is
      // drawn while it runs, not after it.
      const [image] = await Promise.all([
        renderImage({ prompt: request.prompt, size: request.size, quality: request.quality, index, count: request.n, palette, brandName: request.brand?.name }),
        abortableDelay(this.delayMs / request.n, signal),
      ]);
      if (signal?.aborted) throw abortedError(signal);
      images.push(image);
      onProgress?.((index + 1) / request.n, `Rendered variation ${index + 1} of ${request.n}`);
    }
    return images;
  }
}

function validateRequest(request: ImageGenerationRequest): void {
  if (!IMAGE_SIZES.includes(request.size)) {
    throw new ImageProviderError(`Unsupported image size ${String(request.size)}`, { code: 'invalid_request', retryable: false });
  }
  if (!Number.isInteger(request.n) || request.n < 1 || request.n > 10) {
    throw new ImageProviderError(`The number of images must be between 1 and 10 (got ${String(request.n)})`, { code: 'invalid_request', retryable: false });
  }
}

/** The brand's colours where given and valid (a missing accent from the brand's palette), the rest derived from a hash of the prompt. */
export function paletteFor(prompt: string, brand?: BrandStyle): Palette {
  const digest = createHash('sha256').update(prompt).digest();
  const hue = digest.readUInt16BE(0) % 360;
  const derived: Palette = {
    primary: hslToHex(hue, 0.6, 0.45),
    secondary: hslToHex(hue, 0.35, 0.16),
    accent: hslToHex((hue + 150) % 360, 0.75, 0.58),
  };
  const colors = brand?.colors ?? {};
  const primary = normalizeHexColor(colors.primary) ?? derived.primary;
  const secondary = normalizeHexColor(colors.secondary) ?? derived.secondary;
  // A brand without an accent paints its next palette colour before a derived one.
  const fromPalette = (brand?.palette ?? []).map((hex) => normalizeHexColor(hex)).find((hex) => hex && hex !== primary && hex !== secondary);
  return { primary, secondary, accent: normalizeHexColor(colors.accent) ?? fromPalette ?? derived.accent };
}

interface RenderInput {
  prompt: string;
  size: ImageSize;
  quality: Quality;
  index: number;
  count: number;
  palette: Palette;
  brandName?: string;
}

async function renderImage(input: RenderInput): Promise<Buffer> {
  const svg = composeSvg(input);
  return sharp(Buffer.from(svg), { density: 72 }).png({ compressionLevel: 6 }).toBuffer();
}

export function composeSvg({ prompt, size, quality, index, count, palette, brandName }: RenderInput): string {
  const { width, height } = sizeDimensions(size);
  const unit = Math.min(width, height);
  const bandTop = Math.round(height * 0.72);
  const margin = Math.round(width * 0.08);
  const fontSize = Math.round(unit * 0.045);
  const lineHeight = Math.round(fontSize * 1.3);
  const maxChars = Math.max(8, Math.floor((width - 2 * margin) / (fontSize * 0.6)));
  const lines = wrapText(cleanText(prompt), maxChars, MAX_PROMPT_LINES);
  const onPrimary = contrastingText(palette.primary);
  const onSecondary = contrastingText(palette.secondary);
  // The accent disc moves with the variation index, so variations differ visibly.
  const slot = count > 1 ? index / (count - 1) : 0.5;
  const cx = Math.round(width * (0.2 + 0.6 * slot));
  const radius = Math.round(unit * 0.12);
  const footerParts = [`TEST IMAGE`, `Variation ${index + 1} of ${count}`, quality, size, brandName ? cleanText(brandName).slice(0, 40) : undefined].filter(
    (part): part is string => !!part,
  );
  // DejaVu Sans averages under 0.62 em a glyph over such captions: the caption is packed into lines
  // that fit between the margins (bottom line last), in a smaller size when two lines would not hold it.
  const footerLinesAt = (size: number) => packParts(footerParts, Math.max(8, Math.floor((width - 2 * margin) / (size * 0.62))), MAX_FOOTER_LINES);
  let footerSize = Math.round(unit * 0.03);
  while (footerSize > Math.round(unit * 0.022) && footerLinesAt(footerSize).at(-1)!.endsWith('…')) footerSize -= 1;
  const footerLines = footerLinesAt(footerSize);
  const footerLineHeight = Math.round(footerSize * 1.3);
  const footerText = footerLines
    .map((line, i) => `<text x="${margin}" y="${Math.round(height * 0.95) - (footerLines.length - 1 - i) * footerLineHeight}">${escapeHtml(line)}</text>`)
    .join('');
  const text = lines
    .map((line, i) => `<text x="${margin}" y="${Math.round(height * 0.14) + i * lineHeight}" font-size="${fontSize}">${escapeHtml(line)}</text>`)
    .join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<rect x="0" y="0" width="${width}" height="${height}" fill="${palette.primary}"/>` +
    `<rect x="0" y="${bandTop}" width="${width}" height="${height - bandTop}" fill="${palette.secondary}"/>` +
    `<circle cx="${cx}" cy="${bandTop}" r="${radius}" fill="${palette.accent}"/>` +
    `<g font-family="${FONT_FAMILY}" font-weight="bold" fill="${onPrimary}">${text}</g>` +
    `<g font-family="${FONT_FAMILY}" font-size="${footerSize}" fill="${onSecondary}">${footerText}</g>` +
    `</svg>`
  );
}

/**
 * Caption parts joined by ' · ' into lines of at most maxChars, a part never split between lines
 * (one longer than a line is cut with an ellipsis); at most maxLines, the last ending in an ellipsis when parts are left.
 */
export function packParts(parts: string[], maxChars: number, maxLines: number): string[] {
  const fit = (part: string) => (part.length > maxChars ? `${part.slice(0, maxChars - 1)}…` : part);
  const lines: string[] = [];
  for (const part of parts.map(fit)) {
    const last = lines[lines.length - 1];
    if (last !== undefined && last.length + FOOTER_SEPARATOR.length + part.length <= maxChars) lines[lines.length - 1] = `${last}${FOOTER_SEPARATOR}${part}`;
    else lines.push(part);
  }
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  const last = kept[maxLines - 1];
  kept[maxLines - 1] = last.length + 2 <= maxChars ? `${last} …` : `${last.slice(0, maxChars - 1)}…`;
  return kept;
}

/** Words wrapped to lines of at most maxChars (long words are cut), at most maxLines with an ellipsis. */
export function wrapText(text: string, maxChars: number, maxLines: number): string[] {
  const lines: string[] = [];
  let current = '';
  for (const rawWord of text.split(/\s+/).filter(Boolean)) {
    let word = rawWord;
    while (word.length > maxChars) {
      if (current) {
        lines.push(current);
        current = '';
      }
      lines.push(word.slice(0, maxChars));
      word = word.slice(maxChars);
    }
    if (!current) current = word;
    else if (current.length + 1 + word.length <= maxChars) current += ` ${word}`;
    else {
      lines.push(current);
      current = word;
    }
  }
  if (current) lines.push(current);
  if (lines.length > maxLines) {
    const kept = lines.slice(0, maxLines);
    const last = kept[maxLines - 1];
    kept[maxLines - 1] = `${last.slice(0, Math.max(0, maxChars - 1))}…`;
    return kept;
  }
  return lines;
}

/** Printable text only: control characters become spaces and lone surrogates are replaced (XML forbids both). */
function cleanText(value: string): string {
  return value
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f-\u009f\ufffe\uffff]/g, ' ')
    .replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd')
    .trim();
}

function contrastingText(hex: string): string {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  const luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  return luminance > 0.4 ? '#111111' : '#ffffff';
}

function hslToHex(h: number, s: number, l: number): string {
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => {
    const k = (n + h / 30) % 12;
    const c = l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return Math.round(c * 255).toString(16).padStart(2, '0');
  };
  return `#${f(0)}${f(8)}${f(4)}`;
}
