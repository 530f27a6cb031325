import type { Box } from './geometry';
import type { TextShaper } from './text-shaper';

export interface FitOptions {
  /** The largest and smallest font size, in pixels; the size steps down from one to the other. */
  maxSize: number;
  minSize: number;
  /** Line height as a multiple of the font size. */
  lineHeight: number;
  maxLines: number;
}

export interface FittedText {
  fontSize: number;
  lineHeight: number;
  lines: string[];
  /** The widest line's width and the block's height, in pixels. */
  width: number;
  height: number;
}

/** Why text did not fit: 'word' (one word is wider than the box at the smallest size) or 'lines' (too many lines). */
export type FitFailure = { fits: false; reason: 'word' | 'lines'; word?: string };

/** Greedy word wrap at `fontSize`; null when a single word is wider than `width`. */
export function wrapLines(text: string, shaper: TextShaper, fontSize: number, width: number): string[] | null {
  const lines: string[] = [];
  for (const paragraph of text.split(/\r?\n/)) {
    const words = paragraph.split(/\s+/).filter(Boolean);
    let line = '';
    for (const word of words) {
      if (shaper.width(word, fontSize) > width) return null;
      const candidate = line ? `${line} ${word}` : word;
      if (line && shaper.width(candidate, fontSize) > width) {
        lines.push(line);
        line = word;
      } else {
        line = candidate;
      }
    }
    if (line) lines.push(line);
  }
  return lines;
}

/**
 * The largest size at which `text` wraps into `box` within `maxLines`: lines wrap at word breaks,
 * the size steps down by 4% from maxSize to minSize, and text that still does not fit is refused,
 * never clipped.
 */
export function fitText(text: string, box: Box, shaper: TextShaper, options: FitOptions): ({ fits: true } & FittedText) | FitFailure {
  let failure: FitFailure = { fits: false, reason: 'lines' };
  for (let fontSize = options.maxSize; ; fontSize = Math.max(options.minSize, Math.floor(fontSize * 0.96))) {
    const lines = wrapLines(text, shaper, fontSize, box.width);
    if (lines === null) {
      const word = text.split(/\s+/).find((candidate) => shaper.width(candidate, fontSize) > box.width);
      failure = { fits: false, reason: 'word', word };
    } else {
      const height = blockHeight(lines.length, fontSize, options.lineHeight, shaper);
      if (lines.length <= options.maxLines && height <= box.height) {
        return { fits: true, fontSize, lineHeight: options.lineHeight, lines, width: Math.max(0, ...lines.map((line) => shaper.width(line, fontSize))), height };
      }
      failure = { fits: false, reason: 'lines' };
    }
    if (fontSize <= options.minSize) return failure;
  }
}

/** Height of `count` lines: the first line's ascent, a line height between baselines, the last line's descent. */
export function blockHeight(count: number, fontSize: number, lineHeight: number, shaper: TextShaper): number {
  if (count === 0) return 0;
  return shaper.ascent(fontSize) + (count - 1) * fontSize * lineHeight + shaper.descent(fontSize);
}
