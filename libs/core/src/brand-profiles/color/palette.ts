// Palette extraction: perceptual clustering of downscaled pixels in CIELAB, weighted by area, and the
// choice of the brand's primary, secondary and accent colours from it. Deterministic: the same
// pixels always give the same palette.
import sharp from 'sharp';
import { ImageTooLargeError, ImageVariants, UnsupportedImageError } from '../../storage/image-variants';
import { chroma, deltaE2000, distanceSquared, Lab, labToHex, labToRgb, rgbToLab } from './color-space';

/** Longest side of the sampled image: ≤ 100×100 pixels per image are clustered. */
export const SAMPLE_SIZE = 100;
/** Pixels more transparent than this are ignored (alpha 0-255); the rest are weighted by their opacity. */
const MIN_ALPHA = 32;

export interface PaletteOptions {
  /** Clusters before merging (k of k-means). */
  k?: number;
  /** Clusters closer than this (CIEDE2000) are merged. */
  mergeDeltaE?: number;
  maxIterations?: number;
  /** Clusters covering less than this share of the area are dropped. */
  minProportion?: number;
}

export const DEFAULT_PALETTE_OPTIONS: Required<PaletteOptions> = { k: 8, mergeDeltaE: 9, maxIterations: 40, minProportion: 0.002 };

export interface PaletteColor {
  hex: string;
  lab: Lab;
  /** Share of the (opaque) area, 0 to 1; a palette's proportions sum to 1. */
  proportion: number;
}

export interface BrandColorRoles {
  primary: string;
  secondary: string;
  /** '' when the images hold no third colour worth naming (accent empty by default). */
  accent: string;
}

/** Downscaled RGBA pixels of one image. */
export interface PixelSample {
  data: Buffer;
  width: number;
  height: number;
  channels: 4;
}

interface WeightedPoint {
  lab: [number, number, number];
  weight: number;
}

/**
 * Weighted colour histogram: pixels are binned by 6 bits per RGB channel, each bin keeping the
 * weighted mean of its pixels' exact Lab values (binning only groups, it does not round colours).
 */
export class ColorHistogram {
  private readonly bins = new Map<number, { w: number; L: number; a: number; b: number }>();
  private total = 0;

  /** Adds an image's pixels; the image as a whole weighs `imageWeight` (so every image counts the same). */
  addSample(sample: PixelSample, imageWeight = 1): number {
    const { data } = sample;
    let opaque = 0;
    for (let i = 0; i < data.length; i += 4) if (data[i + 3] >= MIN_ALPHA) opaque += data[i + 3] / 255;
    if (opaque === 0) return 0;
    const unit = imageWeight / opaque;
    for (let i = 0; i < data.length; i += 4) {
      const alpha = data[i + 3];
      if (alpha < MIN_ALPHA) continue;
      const r = data[i];
      const g = data[i + 1];
      const b = data[i + 2];
      const w = (unit * alpha) / 255;
      const key = ((r >> 2) << 12) | ((g >> 2) << 6) | (b >> 2);
      const [L, A, B] = rgbToLab(r, g, b);
      const bin = this.bins.get(key);
      if (bin) {
        bin.w += w;
        bin.L += w * L;
        bin.a += w * A;
        bin.b += w * B;
      } else {
        this.bins.set(key, { w, L: w * L, a: w * A, b: w * B });
      }
      this.total += w;
    }
    return opaque;
  }

  get isEmpty(): boolean {
    return this.total === 0;
  }

  /** Bins as weighted points, in a stable order (by bin key). */
  points(): WeightedPoint[] {
    return [...this.bins.entries()]
      .sort((x, y) => x[0] - y[0])
      .map(([, bin]) => ({ lab: [bin.L / bin.w, bin.a / bin.w, bin.b / bin.w], weight: bin.w }));
  }
}

/**
 * The palette of a histogram: weighted k-means in Lab with deterministic k-means++-style seeding (the
 * heaviest colour first, then each time the colour with the largest weight × squared distance to the
 * seeds so far), then clusters closer than `mergeDeltaE` (CIEDE2000) merged, sorted by area.
 */
export function extractPalette(histogram: ColorHistogram, options: PaletteOptions = {}): PaletteColor[] {
  const { k, mergeDeltaE, maxIterations, minProportion } = { ...DEFAULT_PALETTE_OPTIONS, ...options };
  const points = histogram.points();
  if (points.length === 0) return [];
  const centres = seed(points, k);
  const assignment = new Int32Array(points.length).fill(-1);
  let clusters = centres.map((lab) => ({ lab, weight: 0 }));
  for (let iteration = 0; iteration < maxIterations; iteration += 1) {
    let changed = 0;
    for (let i = 0; i < points.length; i += 1) {
      let best = 0;
      let bestDistance = Number.POSITIVE_INFINITY;
      for (let c = 0; c < clusters.length; c += 1) {
        const d = distanceSquared(points[i].lab, clusters[c].lab);
        if (d < bestDistance) {
          bestDistance = d;
          best = c;
        }
      }
      if (assignment[i] !== best) {
        assignment[i] = best;
        changed += 1;
      }
    }
    clusters = recentre(points, assignment, clusters);
    if (changed === 0) break;
  }
  clusters = robustCentres(points, assignment, clusters);
  let merged = clusters.filter((c) => c.weight > 0);
  merged = mergeClose(merged, mergeDeltaE);
  const total = merged.reduce((sum, c) => sum + c.weight, 0);
  const kept = merged.filter((c) => c.weight / total >= minProportion);
  const keptTotal = kept.reduce((sum, c) => sum + c.weight, 0);
  return kept
    .sort((x, y) => y.weight - x.weight)
    .map((c) => ({ hex: labToHex(c.lab), lab: c.lab, proportion: c.weight / keptTotal }));
}

function seed(points: WeightedPoint[], k: number): Array<[number, number, number]> {
  let first = 0;
  for (let i = 1; i < points.length; i += 1) if (points[i].weight > points[first].weight) first = i;
  const centres: Array<[number, number, number]> = [[...points[first].lab]];
  const nearest = points.map((p) => distanceSquared(p.lab, centres[0]));
  while (centres.length < Math.min(k, points.length)) {
    let best = -1;
    let bestScore = 0;
    for (let i = 0; i < points.length; i += 1) {
      const score = points[i].weight * nearest[i];
      if (score > bestScore) {
        bestScore = score;
        best = i;
      }
    }
    if (best < 0) break; // every colour is a seed already
    const centre: [number, number, number] = [...points[best].lab];
    centres.push(centre);
    for (let i = 0; i < points.length; i += 1) nearest[i] = Math.min(nearest[i], distanceSquared(points[i].lab, centre));
  }
  return centres;
}

function recentre(
  points: WeightedPoint[],
  assignment: Int32Array,
  clusters: Array<{ lab: readonly [number, number, number]; weight: number }>,
): Array<{ lab: [number, number, number]; weight: number }> {
  const sums = clusters.map(() => ({ w: 0, L: 0, a: 0, b: 0 }));
  for (let i = 0; i < points.length; i += 1) {
    const s = sums[assignment[i]];
    const { lab, weight } = points[i];
    s.w += weight;
    s.L += weight * lab[0];
    s.a += weight * lab[1];
    s.b += weight * lab[2];
  }
  // An emptied cluster keeps its centre (weight 0) and is dropped after the iterations.
  return sums.map((s, c) => (s.w > 0 ? { lab: [s.L / s.w, s.a / s.w, s.b / s.w], weight: s.w } : { lab: [...clusters[c].lab], weight: 0 }));
}

/**
 * Each cluster's colour as the weighted mean of its central half (the points nearest its centre
 * that make up half of its weight): the blended pixels along the edges of a flat shape, which
 * downscaling and anti-aliasing create, then no longer pull it towards its neighbours, while a
 * noisy or graded region keeps its mean. The cluster's weight stays whole.
 */
function robustCentres(
  points: WeightedPoint[],
  assignment: Int32Array,
  clusters: Array<{ lab: [number, number, number]; weight: number }>,
): Array<{ lab: [number, number, number]; weight: number }> {
  const members = clusters.map(() => [] as Array<{ point: WeightedPoint; distance: number }>);
  for (let i = 0; i < points.length; i += 1) {
    const c = assignment[i];
    members[c].push({ point: points[i], distance: distanceSquared(points[i].lab, clusters[c].lab) });
  }
  return clusters.map((cluster, c) => {
    if (cluster.weight <= 0) return cluster;
    const sorted = members[c].sort((x, y) => x.distance - y.distance);
    let w = 0;
    const sum = [0, 0, 0];
    for (const { point } of sorted) {
      w += point.weight;
      sum[0] += point.weight * point.lab[0];
      sum[1] += point.weight * point.lab[1];
      sum[2] += point.weight * point.lab[2];
      if (w >= cluster.weight / 2) break;
    }
    return { lab: [sum[0] / w, sum[1] / w, sum[2] / w], weight: cluster.weight };
  });
}

function mergeClose(clusters: Array<{ lab: [number, number, number]; weight: number }>, threshold: number) {
  const list = clusters.map((c) => ({ lab: [...c.lab] as [number, number, number], weight: c.weight }));
  for (;;) {
    let pair: [number, number] | null = null;
    let closest = threshold;
    for (let i = 0; i < list.length; i += 1) {
      for (let j = i + 1; j < list.length; j += 1) {
        const d = deltaE2000(list[i].lab, list[j].lab);
        if (d < closest) {
          closest = d;
          pair = [i, j];
        }
      }
    }
    if (!pair) return list;
    const [i, j] = pair;
    const w = list[i].weight + list[j].weight;
    list[i] = {
      lab: [0, 1, 2].map((n) => (list[i].lab[n] * list[i].weight + list[j].lab[n] * list[j].weight) / w) as [number, number, number],
      weight: w,
    };
    list.splice(j, 1);
  }
}

/** Colours at least this far apart (CIEDE2000) count as different brand colours. */
const DISTINCT_DELTA_E = 12;
/** Below this chroma a colour reads as a grey. */
const ACHROMATIC_CHROMA = 10;
/**
 * An accent must cover at least this share of the brand's own area, i.e. of what is not near-white
 * (a stray edge pixel is no accent; a small accent of a logo on white is).
 */
const ACCENT_MIN_SHARE = 0.02;

export function isNearWhite(lab: Lab): boolean {
  return lab[0] >= 90 && chroma(lab) <= 12;
}

export function isNearBlack(lab: Lab): boolean {
  return lab[0] <= 16 && chroma(lab) <= 12;
}

/**
 * Primary: the most prominent cluster that is neither near-white nor near-black (greys count half);
 * with nothing else, the most prominent non-white one, then the most prominent of all. Secondary: the
 * most prominent cluster distinct from the primary (near-white only when nothing else is left),
 * else the product's default secondary. Accent: the most saturated cluster distinct from both, weighted
 * by the square root of its area (edge blends of two larger colours count a fifth), else ''.
 */
export function pickBrandColors(palette: readonly PaletteColor[], fallbackSecondary = '#111827'): BrandColorRoles | null {
  if (palette.length === 0) return null;
  const candidates = palette.filter((c) => !isNearWhite(c.lab) && !isNearBlack(c.lab));
  const score = (c: PaletteColor) => c.proportion * (chroma(c.lab) < ACHROMATIC_CHROMA ? 0.5 : 1);
  const primary =
    [...candidates].sort((x, y) => score(y) - score(x))[0] ?? palette.find((c) => !isNearWhite(c.lab)) ?? palette[0];

  const distinct = (c: PaletteColor, from: PaletteColor[]) => from.every((f) => deltaE2000(c.lab, f.lab) >= DISTINCT_DELTA_E);
  const others = palette.filter((c) => c !== primary && distinct(c, [primary]));
  const secondary = others.find((c) => !isNearWhite(c.lab)) ?? others[0] ?? null;

  const chosen = secondary ? [primary, secondary] : [primary];
  const content = palette.filter((c) => !isNearWhite(c.lab)).reduce((sum, c) => sum + c.proportion, 0);
  const accentCandidates = palette.filter(
    (c) => !chosen.includes(c) && c.proportion >= ACCENT_MIN_SHARE * content && !isNearWhite(c.lab) && !isNearBlack(c.lab) && distinct(c, chosen),
  );
  const accentScore = (c: PaletteColor) => (chroma(c.lab) + 5) * Math.sqrt(c.proportion) * (isEdgeBlend(c, palette) ? 0.2 : 1);
  const accent = [...accentCandidates].sort((x, y) => accentScore(y) - accentScore(x))[0] ?? null;

  return { primary: primary.hex, secondary: secondary?.hex ?? fallbackSecondary, accent: accent?.hex ?? '' };
}

/**
 * True when a colour looks like the mix of two larger colours of the palette (within a few sRGB
 * units of the segment between them, not at its ends): the pixels along the edge between two flat
 * shapes, which downscaling and anti-aliasing blend, rather than a colour of the brand.
 */
export function isEdgeBlend(color: PaletteColor, palette: readonly PaletteColor[]): boolean {
  const c = labToRgb(color.lab);
  const larger = palette.filter((p) => p !== color && p.proportion > color.proportion).map((p) => labToRgb(p.lab));
  for (let i = 0; i < larger.length; i += 1) {
    for (let j = i + 1; j < larger.length; j += 1) {
      const a = larger[i];
      const b = larger[j];
      const ab = [b[0] - a[0], b[1] - a[1], b[2] - a[2]];
      const length2 = ab[0] ** 2 + ab[1] ** 2 + ab[2] ** 2;
      if (length2 === 0) continue;
      const t = ((c[0] - a[0]) * ab[0] + (c[1] - a[1]) * ab[1] + (c[2] - a[2]) * ab[2]) / length2;
      if (t < 0.1 || t > 0.9) continue;
      const distance = Math.hypot(c[0] - (a[0] + t * ab[0]), c[1] - (a[1] + t * ab[1]), c[2] - (a[2] + t * ab[2]));
      if (distance < 8) return true;
    }
  }
  return false;
}

/**
 * Decodes an image within the pixel limit (header checked first, then sharp's own limit) and
 * returns its pixels downscaled to fit in size×size, EXIF orientation applied, as RGBA.
 */
export async function samplePixels(input: Buffer, images: ImageVariants, size = SAMPLE_SIZE): Promise<PixelSample> {
  await images.inspect(input);
  try {
    const { data, info } = await sharp(input, { limitInputPixels: images.maxInputPixels, failOn: 'error', animated: false })
      .rotate()
      .resize(size, size, { fit: 'inside', withoutEnlargement: true, kernel: 'linear' })
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height, channels: 4 };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (/pixel limit/i.test(message)) throw new ImageTooLargeError(undefined, undefined, images.maxInputPixels);
    throw new UnsupportedImageError(`The image could not be decoded: ${message}`);
  }
}

/** Palette of several images, each image weighing the same whatever its size. */
export function paletteOfSamples(samples: readonly PixelSample[], options?: PaletteOptions): PaletteColor[] {
  const histogram = new ColorHistogram();
  for (const sample of samples) histogram.addSample(sample, 1);
  return extractPalette(histogram, options);
}
