import { AD_FONT_SUBSETS, AD_FONTS, adFontFileName, type AdFontId, opentypeShaper, type OpentypeFontLike, type TextShaper } from '@brandloom/contracts';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { parse } from 'opentype.js';

const shapers = new Map<string, TextShaper>();

/** The font files of a shipped family (its @fontsource package), Latin first. */
export function adFontFiles(font: AdFontId, weight: 400 | 700): string[] {
  const packageDir = dirname(require.resolve(`@fontsource/${font}/package.json`));
  return AD_FONT_SUBSETS.map((subset) => join(packageDir, 'files', adFontFileName(font, subset, weight)));
}

/** The shaper of a shipped font and weight, parsed once per process. An unknown font is the first shipped one. */
export function adFontShaper(font: AdFontId, weight: 400 | 700): TextShaper {
  const id = AD_FONTS.some((candidate) => candidate.id === font) ? font : AD_FONTS[0].id;
  const key = `${id}:${weight}`;
  let shaper = shapers.get(key);
  if (!shaper) {
    const faces = adFontFiles(id, weight).map((file) => {
      const bytes = readFileSync(file);
      // A small file's Buffer is a view into a shared pool: parse only its own bytes.
      return parse(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength)) as unknown as OpentypeFontLike;
    });
    shaper = opentypeShaper(faces);
    shapers.set(key, shaper);
  }
  return shaper;
}
