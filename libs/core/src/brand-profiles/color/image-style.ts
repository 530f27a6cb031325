// Visual style from image statistics, for when no vision model is configured: brightness, saturation,
// contrast, colour temperature and texture of the sampled pixels turned into tone words, an image
// style, personality tags and a typography suggestion. Deterministic.
import { chroma, hslHue, hueAngle, parseHex, rgbToLab } from './color-space';
import type { PaletteColor, PixelSample } from './palette';

export interface ImageStatistics {
  /** Mean L* (0-100). */
  brightness: number;
  /** Mean chroma C*ab. */
  saturation: number;
  /** Standard deviation of L*. */
  contrast: number;
  /** -1 (all cool hues) to 1 (all warm hues), over the chromatic pixels. */
  warmth: number;
  /** Mean |ΔL*| between neighbouring sampled pixels: flat graphics are low, photographs high. */
  texture: number;
  /** Share of the area covered by the three largest palette colours. */
  topThreeCoverage: number;
}

export interface InferredStyle {
  typography: { fontFamily: string; headingStyle: string };
  visualStyle: { tone: string; imageStyle: string };
  brandPersonality: string[];
  description: string;
  metadata: Record<string, string>;
}

const MIN_ALPHA = 32;

/** Statistics of the images (each weighs the same) and their palette. */
export function imageStatistics(samples: readonly PixelSample[], palette: readonly PaletteColor[]): ImageStatistics {
  let weightSum = 0;
  let lSum = 0;
  let l2Sum = 0;
  let cSum = 0;
  let warm = 0;
  let cool = 0;
  let textureSum = 0;
  let textureCount = 0;
  for (const sample of samples) {
    const { data, width, height } = sample;
    const lightness = new Float64Array(width * height).fill(Number.NaN);
    let opaque = 0;
    for (let i = 0; i < width * height; i += 1) if (data[i * 4 + 3] >= MIN_ALPHA) opaque += 1;
    if (opaque === 0) continue;
    const w = 1 / opaque;
    for (let i = 0; i < width * height; i += 1) {
      const o = i * 4;
      if (data[o + 3] < MIN_ALPHA) continue;
      const lab = rgbToLab(data[o], data[o + 1], data[o + 2]);
      lightness[i] = lab[0];
      const c = chroma(lab);
      weightSum += w;
      lSum += w * lab[0];
      l2Sum += w * lab[0] * lab[0];
      cSum += w * c;
      if (c >= 12) {
        const h = hueAngle(lab);
        // Lab hue: reds, oranges and yellows sit between about 0° and 100°; greens to violets beyond 140°.
        if (h < 100 || h >= 345) warm += w * c;
        else if (h >= 140 && h < 315) cool += w * c;
      }
    }
    let local = 0;
    let pairs = 0;
    for (let y = 0; y < height; y += 1) {
      for (let x = 0; x < width; x += 1) {
        const here = lightness[y * width + x];
        if (Number.isNaN(here)) continue;
        if (x + 1 < width && !Number.isNaN(lightness[y * width + x + 1])) {
          local += Math.abs(here - lightness[y * width + x + 1]);
          pairs += 1;
        }
        if (y + 1 < height && !Number.isNaN(lightness[(y + 1) * width + x])) {
          local += Math.abs(here - lightness[(y + 1) * width + x]);
          pairs += 1;
        }
      }
    }
    if (pairs > 0) {
      textureSum += local / pairs;
      textureCount += 1;
    }
  }
  if (weightSum === 0) return { brightness: 50, saturation: 0, contrast: 0, warmth: 0, texture: 0, topThreeCoverage: 1 };
  const brightness = lSum / weightSum;
  const variance = Math.max(0, l2Sum / weightSum - brightness * brightness);
  return {
    brightness,
    saturation: cSum / weightSum,
    contrast: Math.sqrt(variance),
    warmth: warm + cool > 0 ? (warm - cool) / (warm + cool) : 0,
    texture: textureCount > 0 ? textureSum / textureCount : 0,
    topThreeCoverage: palette.slice(0, 3).reduce((sum, c) => sum + c.proportion, 0),
  };
}

/** Hue families of the primary colour and what they usually say about a brand. */
function hueTraits(hex: string): string[] {
  const rgb = parseHex(hex);
  if (!rgb) return [];
  const lab = rgbToLab(rgb[0], rgb[1], rgb[2]);
  if (chroma(lab) < 10) return lab[0] < 35 ? ['Sophisticated', 'Timeless'] : ['Understated', 'Balanced'];
  const h = hslHue(rgb);
  if (h < 15 || h >= 345) return ['Passionate', 'Energetic'];
  if (h < 45) return lab[0] < 45 ? ['Earthy', 'Grounded'] : ['Friendly', 'Playful'];
  if (h < 70) return ['Optimistic', 'Cheerful'];
  if (h < 170) return ['Natural', 'Fresh'];
  if (h < 200) return ['Fresh', 'Calm'];
  if (h < 255) return ['Trustworthy', 'Professional'];
  if (h < 290) return ['Creative', 'Imaginative'];
  return ['Playful', 'Romantic'];
}

const TYPOGRAPHY: Array<{ when: (traits: Set<string>) => boolean; fontFamily: string; headingStyle: string }> = [
  { when: (t) => t.has('Luxurious') || t.has('Sophisticated'), fontFamily: 'Playfair Display, Georgia, serif', headingStyle: 'Elegant high-contrast serif headings' },
  { when: (t) => t.has('Playful') || t.has('Cheerful'), fontFamily: 'Poppins, Nunito, sans-serif', headingStyle: 'Rounded, friendly bold headings' },
  { when: (t) => t.has('Bold') || t.has('Energetic'), fontFamily: 'Montserrat, Helvetica, Arial, sans-serif', headingStyle: 'Bold uppercase sans-serif headings' },
  { when: (t) => t.has('Minimal') || t.has('Modern'), fontFamily: 'Inter, Helvetica, Arial, sans-serif', headingStyle: 'Clean geometric sans-serif headings' },
  { when: (t) => t.has('Natural') || t.has('Earthy'), fontFamily: 'Lora, Georgia, serif', headingStyle: 'Warm humanist serif headings' },
];

/** Tone, image style, personality and a typography suggestion from the statistics and the brand colours. */
export function inferStyle(stats: ImageStatistics, colors: { primary: string; secondary: string; accent: string }, imageCount: number): InferredStyle {
  const tone: string[] = [];
  const flat = stats.texture < 2.5 && stats.topThreeCoverage > 0.8;
  if (stats.saturation >= 38) tone.push('Bold', 'Vibrant');
  else if (stats.saturation < 14) tone.push(flat ? 'Minimal' : 'Muted');
  if (stats.warmth >= 0.35) tone.push('Warm');
  else if (stats.warmth <= -0.35) tone.push('Cool');
  if (stats.brightness >= 72) tone.push('Light', 'Airy');
  else if (stats.brightness <= 32) tone.push('Dark', 'Dramatic');
  if (stats.contrast >= 30) tone.push('High-contrast');
  else if (stats.contrast <= 12 && !tone.includes('Minimal')) tone.push('Soft');
  if (flat && !tone.includes('Minimal')) tone.push('Clean');
  if (tone.length === 0) tone.push('Balanced', 'Natural');
  const toneWords = [...new Set(tone)].slice(0, 3);

  let imageStyle: string;
  if (flat) {
    if (stats.brightness >= 72) imageStyle = 'Minimalist flat graphics on a light background';
    else if (stats.saturation >= 38) imageStyle = 'Bold flat graphic design with solid colour blocks';
    else if (stats.brightness <= 32) imageStyle = 'Flat graphic design on a dark background';
    else imageStyle = 'Clean flat graphic design';
  } else if (stats.contrast >= 30) imageStyle = 'High-contrast photography';
  else if (stats.brightness <= 32) imageStyle = 'Dark, moody photography';
  else if (stats.brightness >= 70 && stats.contrast <= 20) imageStyle = 'Bright, airy photography with soft light';
  else if (stats.saturation >= 38) imageStyle = 'Vibrant, colourful photography';
  else if (stats.saturation < 14) imageStyle = 'Muted, natural-light photography';
  else imageStyle = 'Natural, true-to-life photography';

  const toneTraits: Record<string, string> = {
    Bold: 'Confident',
    Vibrant: 'Energetic',
    Minimal: 'Modern',
    Muted: 'Understated',
    Warm: 'Welcoming',
    Cool: 'Calm',
    Light: 'Approachable',
    Dark: 'Luxurious',
    'High-contrast': 'Bold',
    Soft: 'Gentle',
    Clean: 'Minimal',
  };
  const personality = [...toneWords.map((w) => toneTraits[w]).filter(Boolean), ...hueTraits(colors.primary), ...(colors.accent ? hueTraits(colors.accent).slice(0, 1) : [])];
  const brandPersonality = [...new Set(personality)].slice(0, 5);
  const traitSet = new Set([...brandPersonality, ...toneWords]);
  const typography = TYPOGRAPHY.find((t) => t.when(traitSet)) ?? {
    fontFamily: 'Source Sans 3, Helvetica, Arial, sans-serif',
    headingStyle: 'Clear, balanced sans-serif headings',
  };

  const toneText = toneWords.join(', ');
  const lead = [colors.primary, colors.secondary].filter(Boolean).join(' and ');
  const description = `${toneText} brand style led by ${lead}, extracted from ${imageCount} image${imageCount === 1 ? '' : 's'}.`;
  const describe = (value: number, low: number, high: number, words: [string, string, string]) => (value <= low ? words[0] : value >= high ? words[2] : words[1]);
  return {
    typography: { fontFamily: typography.fontFamily, headingStyle: typography.headingStyle },
    visualStyle: { tone: toneText, imageStyle },
    brandPersonality,
    description,
    metadata: {
      brightness: describe(stats.brightness, 32, 72, ['dark', 'medium', 'light']),
      saturation: describe(stats.saturation, 14, 38, ['muted', 'moderate', 'vivid']),
      contrast: describe(stats.contrast, 12, 30, ['low', 'medium', 'high']),
      colorTemperature: describe(stats.warmth, -0.35, 0.35, ['cool', 'neutral', 'warm']),
      imageType: flat ? 'graphic' : 'photographic',
    },
  };
}
