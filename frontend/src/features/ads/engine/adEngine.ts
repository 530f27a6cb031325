import { AD_FONT_SUBSETS, AD_FONTS, adFontFileName, opentypeShaper, type AdFontId, type OpentypeFontLike, type PixelSource, type TextShaper } from '@brandloom/contracts';
import { createContext, useContext } from 'react';
import { loadChunk } from '../../../lib/chunks';

/**
 * What the preview needs from the browser: the shipped fonts' files and the picture's pixels. The
 * app uses the browser's (fetch, canvas); unit tests give their own (the test DOM has no canvas).
 */
export interface AdEngine {
  /** The font's files, Latin first, as bytes. */
  fontFiles(font: AdFontId, weight: 400 | 700): Promise<ArrayBuffer[]>;
  /** The picture at the placement's size, cropped from the centre as the server's renderer crops it. */
  picture(url: string, width: number, height: number): Promise<PixelSource>;
}

// Only the Latin and Latin Extended files at the two weights ads use are part of the build.
const FONT_URLS = import.meta.glob<string>('../../../../../node_modules/@fontsource/*/files/*-{latin,latin-ext}-{400,700}-normal.woff', { query: '?url', import: 'default' });

async function browserFontFiles(font: AdFontId, weight: 400 | 700): Promise<ArrayBuffer[]> {
  return Promise.all(
    AD_FONT_SUBSETS.map(async (subset) => {
      const entry = Object.entries(FONT_URLS).find(([path]) => path.endsWith(`/@fontsource/${font}/files/${adFontFileName(font, subset, weight)}`));
      if (!entry) throw new Error(`The font ${font} ${weight} is not shipped`);
      const response = await fetch(await entry[1]());
      if (!response.ok) throw new Error(`The font ${font} could not be loaded`);
      return response.arrayBuffer();
    }),
  );
}

/** The centre of the picture scaled to cover the placement: the same crop as sharp's `fit: cover, position: centre`. */
export function coverCrop(imageWidth: number, imageHeight: number, width: number, height: number) {
  const scale = Math.max(width / imageWidth, height / imageHeight);
  const sourceWidth = width / scale;
  const sourceHeight = height / scale;
  return { sx: (imageWidth - sourceWidth) / 2, sy: (imageHeight - sourceHeight) / 2, sw: sourceWidth, sh: sourceHeight };
}

async function browserPicture(url: string, width: number, height: number): Promise<PixelSource> {
  const image = new Image();
  image.decoding = 'async';
  image.src = url;
  await image.decode();
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) throw new Error('This browser cannot read the picture');
  const crop = coverCrop(image.naturalWidth, image.naturalHeight, width, height);
  context.imageSmoothingQuality = 'high';
  context.drawImage(image, crop.sx, crop.sy, crop.sw, crop.sh, 0, 0, width, height);
  const { data } = context.getImageData(0, 0, width, height);
  return { width, height, channels: 4, data };
}

export const browserAdEngine: AdEngine = { fontFiles: browserFontFiles, picture: browserPicture };

export const AdEngineContext = createContext<AdEngine>(browserAdEngine);

export function useAdEngine(): AdEngine {
  return useContext(AdEngineContext);
}

const shaperCache = new WeakMap<AdEngine, Map<string, Promise<TextShaper>>>();

/** The shaper of a shipped font and weight, parsed once per engine (an unknown font is the first shipped one). */
export function loadShaper(engine: AdEngine, font: AdFontId, weight: 400 | 700): Promise<TextShaper> {
  const id = AD_FONTS.some((candidate) => candidate.id === font) ? font : AD_FONTS[0].id;
  let cache = shaperCache.get(engine);
  if (!cache) shaperCache.set(engine, (cache = new Map()));
  const key = `${id}:${weight}`;
  let shaper = cache.get(key);
  if (!shaper) {
    shaper = Promise.all([engine.fontFiles(id, weight), loadChunk(() => import('opentype.js'))]).then(([files, opentype]) => opentypeShaper(files.map((bytes) => opentype.parse(bytes) as OpentypeFontLike)));
    shaper.catch(() => cache.delete(key));
    cache.set(key, shaper);
  }
  return shaper;
}
