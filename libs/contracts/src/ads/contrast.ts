import type { Box } from './geometry';

export type Rgb = readonly [number, number, number];

/** Raw pixels of the picture at the placement's size (RGB or RGBA, row by row). */
export interface PixelSource {
  width: number;
  height: number;
  channels: 3 | 4;
  data: ArrayLike<number>;
}

/** WCAG 2's minimum contrast: 4.5:1 for body text, 3:1 for large text (24 px, or 18.66 px bold). */
export const CONTRAST_BODY = 4.5;
export const CONTRAST_LARGE = 3;

export function isLargeText(fontSize: number, bold: boolean): boolean {
  return fontSize >= 24 || (bold && fontSize >= 18.66);
}

export function hexToRgb(hex: string): Rgb {
  const clean = hex.replace('#', '');
  const full = clean.length === 3 ? [...clean].map((c) => c + c).join('') : clean.slice(0, 6);
  const value = Number.parseInt(full, 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

export function rgbToHex([r, g, b]: Rgb): string {
  return `#${[r, g, b].map((channel) => Math.round(channel).toString(16).padStart(2, '0')).join('')}`.toUpperCase();
}

/** WCAG 2 relative luminance of an sRGB colour. */
export function relativeLuminance([r, g, b]: Rgb): number {
  const linear = (channel: number) => {
    const c = channel / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

export function contrastRatio(a: Rgb, b: Rgb): number {
  return luminanceRatio(relativeLuminance(a), relativeLuminance(b));
}

function luminanceRatio(a: number, b: number): number {
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}

/** `top` over `bottom` at `opacity`. */
export function blend(top: Rgb, bottom: Rgb, opacity: number): Rgb {
  return [0, 1, 2].map((i) => top[i] * opacity + bottom[i] * (1 - opacity)) as unknown as Rgb;
}

/**
 * The colours behind a box, as the averages of cells about 1% of the picture wide: fine enough that
 * a bright patch behind one word counts, coarse enough that a single stray pixel does not.
 */
export function backgroundSamples(pixels: PixelSource, box: Box): Rgb[] {
  const { width, channels, data } = pixels;
  const cell = Math.max(4, Math.round(Math.min(width, pixels.height) / 100));
  const x0 = Math.max(0, Math.floor(box.x));
  const y0 = Math.max(0, Math.floor(box.y));
  const x1 = Math.min(width, Math.ceil(box.x + box.width));
  const y1 = Math.min(pixels.height, Math.ceil(box.y + box.height));
  const samples: Rgb[] = [];
  for (let cy = y0; cy < y1; cy += cell) {
    const cellBottom = Math.min(y1, cy + cell);
    for (let cx = x0; cx < x1; cx += cell) {
      const cellRight = Math.min(x1, cx + cell);
      let r = 0;
      let g = 0;
      let b = 0;
      for (let y = cy; y < cellBottom; y += 1) {
        const rowEnd = (y * width + cellRight) * channels;
        for (let i = (y * width + cx) * channels; i < rowEnd; i += channels) {
          r += data[i];
          g += data[i + 1];
          b += data[i + 2];
        }
      }
      const n = (cellBottom - cy) * (cellRight - cx);
      samples.push([r / n, g / n, b / n]);
    }
  }
  return samples;
}

/** The lowest contrast between `color` and any of the samples behind it (the worst place decides). */
export function worstContrast(color: Rgb, samples: readonly Rgb[]): number {
  return worstRatio(relativeLuminance(color), samples.map(relativeLuminance));
}

function worstRatio(luminance: number, behind: readonly number[]): number {
  let worst = Number.POSITIVE_INFINITY;
  for (const other of behind) worst = Math.min(worst, luminanceRatio(luminance, other));
  return worst;
}

export interface LegibleChoice {
  color: string;
  /** A scrim laid over the picture behind the text, when no colour alone reached the minimum. */
  scrim: { color: string; opacity: number } | null;
  contrast: number;
}

/**
 * The first of `candidates` (hex colours, in order of preference) that reaches `minimum` over every
 * sample; when none does, the best of white and near-black over a dark or light scrim whose opacity
 * rises in steps of 5% until it does.
 */
export function chooseLegibleColor(samples: readonly Rgb[], candidates: readonly string[], minimum: number): LegibleChoice {
  const behind = samples.map(relativeLuminance);
  for (const candidate of candidates) {
    const contrast = worstRatio(relativeLuminance(hexToRgb(candidate)), behind);
    if (contrast >= minimum) return { color: candidate.toUpperCase(), scrim: null, contrast };
  }
  const white: Rgb = [255, 255, 255];
  const ink: Rgb = [17, 17, 17];
  const textOnDark = worstRatio(relativeLuminance(white), behind) >= worstRatio(relativeLuminance(ink), behind);
  const text = textOnDark ? white : ink;
  const scrim = textOnDark ? ([0, 0, 0] as Rgb) : ([255, 255, 255] as Rgb);
  for (let opacity = 0.2; opacity <= 1.0001; opacity += 0.05) {
    const covered = samples.map((sample) => blend(scrim, sample, opacity));
    const contrast = worstContrast(text, covered);
    if (contrast >= minimum) return { color: rgbToHex(text), scrim: { color: rgbToHex(scrim), opacity: Math.round(opacity * 100) / 100 }, contrast };
  }
  return { color: rgbToHex(text), scrim: { color: rgbToHex(scrim), opacity: 1 }, contrast: contrastRatio(text, scrim) };
}
