/**
 * Turns text into widths and outlines from font files. The layout engine sees only this port; the
 * adapter below works on fonts parsed by opentype.js (server and browser parse the same files).
 */
export interface TextShaper {
  /** The advance width of `text` at `fontSize` pixels. */
  width(text: string, fontSize: number): number;
  /** Distance from the baseline up to the top of the tallest letters, and down to the lowest, at `fontSize`. */
  ascent(fontSize: number): number;
  descent(fontSize: number): number;
  /** The outline of `text` as SVG path data, its baseline starting at (x, y). */
  path(text: string, x: number, y: number, fontSize: number): string;
  /** Characters of `text` that none of the font's files can draw. */
  missing(text: string): string[];
}

/** What this module uses of an opentype.js Font (so contracts need not depend on it). */
export interface OpentypeFontLike {
  unitsPerEm: number;
  ascender: number;
  descender: number;
  charToGlyphIndex(char: string): number;
  charToGlyph(char: string): OpentypeGlyphLike;
  getKerningValue(left: OpentypeGlyphLike, right: OpentypeGlyphLike): number;
}

export interface OpentypeGlyphLike {
  advanceWidth?: number;
  getPath(x: number, y: number, fontSize: number): { commands: PathCommand[] };
}

/** A glyph outline's drawing commands, as opentype.js gives them. */
export type PathCommand =
  | { type: 'M' | 'L'; x: number; y: number }
  | { type: 'Q'; x1: number; y1: number; x: number; y: number }
  | { type: 'C'; x1: number; y1: number; x2: number; y2: number; x: number; y: number }
  | { type: 'Z' };

/**
 * SVG path data with two decimals, written here rather than by opentype.js's toPathData, whose
 * number formatting prints NaN for some coordinates (for example 729.8800000000001).
 */
export function svgPathData(commands: readonly PathCommand[]): string {
  const n = (value: number) => String(Math.round(value * 100) / 100);
  return commands
    .map((command) => {
      switch (command.type) {
        case 'M':
        case 'L':
          return `${command.type}${n(command.x)} ${n(command.y)}`;
        case 'Q':
          return `Q${n(command.x1)} ${n(command.y1)} ${n(command.x)} ${n(command.y)}`;
        case 'C':
          return `C${n(command.x1)} ${n(command.y1)} ${n(command.x2)} ${n(command.y2)} ${n(command.x)} ${n(command.y)}`;
        default:
          return 'Z';
      }
    })
    .join('');
}

/**
 * A shaper over one family's files, Latin first then Latin Extended: each character is drawn from
 * the first file that has it. Glyph by glyph with kerning and no substitutions (no ligatures), which
 * keeps every renderer's output identical.
 */
export function opentypeShaper(files: readonly OpentypeFontLike[]): TextShaper {
  const [primary] = files;
  const scale = (fontSize: number) => fontSize / primary.unitsPerEm;
  const faceOf = (char: string) => files.find((file) => file.charToGlyphIndex(char) > 0);
  const glyphs = (text: string) =>
    Array.from(text.normalize('NFC')).map((char) => {
      const face = faceOf(char) ?? primary;
      return { face, glyph: face.charToGlyph(char) };
    });
  const layout = (text: string, fontSize: number) => {
    const placed: Array<{ glyph: OpentypeGlyphLike; face: OpentypeFontLike; x: number }> = [];
    let x = 0;
    let previous: { face: OpentypeFontLike; glyph: OpentypeGlyphLike } | undefined;
    for (const current of glyphs(text)) {
      const unit = fontSize / current.face.unitsPerEm;
      if (previous && previous.face === current.face) x += current.face.getKerningValue(previous.glyph, current.glyph) * unit;
      placed.push({ ...current, x });
      x += (current.glyph.advanceWidth ?? 0) * unit;
      previous = current;
    }
    return { placed, width: x };
  };
  return {
    width: (text, fontSize) => layout(text, fontSize).width,
    ascent: (fontSize) => primary.ascender * scale(fontSize),
    descent: (fontSize) => -primary.descender * scale(fontSize),
    path(text, x, y, fontSize) {
      return layout(text, fontSize)
        .placed.map((item) => svgPathData(item.glyph.getPath(x + item.x, y, fontSize).commands))
        .filter((data) => data.length > 0)
        .join('');
    },
    missing: (text) => [...new Set(Array.from(text.normalize('NFC')).filter((char) => !/\s/.test(char) && !faceOf(char)))],
  };
}
