import type { SkippedBrandImage } from '@brandloom/contracts';
// What POST /api/brand-profiles/extract accepts: 1 to 5 images ('Too many images'), 10 MB
// in total ('Files too large'), each a base64 data URL or an http(s) URL whose content is a real
// PNG/JPEG/WebP/GIF by its magic bytes; invalid ones and duplicates are skipped ('Invalid image',
// 'Duplicate file'), and when none remain: 'No valid image URLs after sanitization...'.
import { createHash } from 'node:crypto';
import { sniffImageType, type SniffedImageType } from '../../storage/content-sniffing';
import { DamagedImageError, ImageTooLargeError, ImageVariants } from '../../storage/image-variants';
import { BRAND_IMAGES_MAX_COUNT, BRAND_IMAGES_MAX_TOTAL_BYTES, BRAND_IMAGES_MIN_COUNT, BRAND_MESSAGES, withoutForbiddenText } from '@brandloom/contracts';
import { BrandImagesTooLargeError, NoValidBrandImagesError, TooFewBrandImagesError, TooManyBrandImagesError } from '../brand-profiles.errors';
import { ImageFetchError, safeFetch, type SafeFetchOptions } from './safe-fetch';

export interface AcceptedBrandImage {
  /** Position in the request. */
  index: number;
  buffer: Buffer;
  type: SniffedImageType;
  width: number;
  height: number;
  fileName: string | null;
}


export interface BrandImageIntakeResult {
  images: AcceptedBrandImage[];
  skipped: SkippedBrandImage[];
}

export interface BrandImageIntakeOptions {
  fetchTimeoutMs: number;
  /** Passed to safeFetch (tests: a DNS table, an allowlisted local server). */
  fetchOptions?: Pick<SafeFetchOptions, 'lookup' | 'allowAddresses'>;
}

const DATA_URL = /^data:([a-z0-9.+/-]+)?((?:;[a-z0-9.+-]+=[a-z0-9.+-]+)*);base64,([A-Za-z0-9+/=\s]*)$/i;
const HTTP_URL = /^https?:\/\//i;

type Candidate =
  | { index: number; kind: 'data'; value: string; fileName: string | null }
  | { index: number; kind: 'url'; value: string; fileName: string | null }
  | { index: number; kind: 'invalid'; fileName: string | null; detail: string }
  | { index: number; kind: 'duplicate'; fileName: string | null };

/** The checks that need nothing but the request: count and the size of the data URLs. */
export function precheckBrandImages(imageUrls: unknown): void {
  if (!Array.isArray(imageUrls) || imageUrls.length === 0) throw new NoValidBrandImagesError();
  if (imageUrls.length < BRAND_IMAGES_MIN_COUNT) throw new TooFewBrandImagesError();
  if (imageUrls.length > BRAND_IMAGES_MAX_COUNT) throw new TooManyBrandImagesError();
  let encoded = 0;
  for (const value of imageUrls) if (typeof value === 'string' && value.startsWith('data:')) encoded += value.length;
  // base64 is 4/3 of the bytes: a cheap bound before decoding anything.
  if (Math.floor((encoded * 3) / 4) > BRAND_IMAGES_MAX_TOTAL_BYTES + BRAND_IMAGES_MAX_COUNT * 4096) throw new BrandImagesTooLargeError();
}

/**
 * Reads every image of the request: data URLs decoded, http(s) URLs fetched through the SSRF guard
 * (side by side, each capped at what is left of the 10 MB), content sniffed, duplicates (same text or
 * same bytes) skipped, every pixel decoded within the pixel limit (a file cut short is skipped).
 */
export async function intakeBrandImages(
  imageUrls: unknown,
  fileNames: unknown,
  images: ImageVariants,
  options: BrandImageIntakeOptions,
): Promise<BrandImageIntakeResult> {
  precheckBrandImages(imageUrls);
  const inputs = imageUrls as unknown[];
  const names = Array.isArray(fileNames) ? fileNames : [];
  const nameAt = (index: number): string | null => {
    const name = names[index];
    if (typeof name !== 'string') return null;
    // Cut first, then clean: a cut can split a surrogate pair.
    const clean = withoutForbiddenText(name.trim().slice(0, 255)).trim();
    return clean || null;
  };

  const seenText = new Set<string>();
  const candidates: Candidate[] = inputs.map((input, index): Candidate => {
    const fileName = nameAt(index);
    if (typeof input !== 'string' || !input.trim()) return { index, kind: 'invalid', fileName, detail: 'Not an image URL' };
    const value = input.trim();
    if (seenText.has(value)) return { index, kind: 'duplicate', fileName };
    seenText.add(value);
    if (value.startsWith('data:')) return { index, kind: 'data', value, fileName };
    if (HTTP_URL.test(value)) return { index, kind: 'url', value, fileName: fileName ?? fileNameOfUrl(value) };
    return { index, kind: 'invalid', fileName, detail: 'Only image data URLs and http(s) URLs are accepted' };
  });

  // Bytes of every candidate (data URLs decoded, URLs fetched in parallel within the budget).
  const decoded = new Map<number, Buffer>();
  const failures = new Map<number, string>();
  let dataBytes = 0;
  for (const candidate of candidates) {
    if (candidate.kind !== 'data') continue;
    const buffer = decodeDataUrl(candidate.value);
    if (!buffer) failures.set(candidate.index, 'Not a base64 data URL with content');
    else {
      decoded.set(candidate.index, buffer);
      dataBytes += buffer.length;
    }
  }
  if (dataBytes > BRAND_IMAGES_MAX_TOTAL_BYTES) throw new BrandImagesTooLargeError();
  const budget = BRAND_IMAGES_MAX_TOTAL_BYTES - dataBytes;
  await Promise.all(
    candidates.map(async (candidate) => {
      if (candidate.kind !== 'url') return;
      try {
        const fetched = await safeFetch(candidate.value, { timeoutMs: options.fetchTimeoutMs, maxBytes: budget, ...options.fetchOptions });
        decoded.set(candidate.index, fetched.body);
      } catch (error) {
        if (error instanceof ImageFetchError && error.reason === 'too-large') failures.set(candidate.index, 'too-large');
        else failures.set(candidate.index, error instanceof Error ? error.message : String(error));
      }
    }),
  );
  if ([...failures.values()].includes('too-large')) throw new BrandImagesTooLargeError();
  const total = [...decoded.values()].reduce((sum, buffer) => sum + buffer.length, 0);
  if (total > BRAND_IMAGES_MAX_TOTAL_BYTES) throw new BrandImagesTooLargeError();

  const accepted: AcceptedBrandImage[] = [];
  const skipped: SkippedBrandImage[] = [];
  const seenBytes = new Set<string>();
  for (const candidate of candidates) {
    const { index, fileName } = candidate;
    if (candidate.kind === 'invalid') {
      skipped.push({ index, fileName, reason: BRAND_MESSAGES.invalidImage, detail: candidate.detail });
      continue;
    }
    if (candidate.kind === 'duplicate') {
      skipped.push({ index, fileName, reason: BRAND_MESSAGES.duplicateFile });
      continue;
    }
    const buffer = decoded.get(index);
    if (!buffer) {
      skipped.push({ index, fileName, reason: BRAND_MESSAGES.invalidImage, detail: failures.get(index) ?? 'No content' });
      continue;
    }
    const type = sniffImageType(buffer);
    if (!type) {
      skipped.push({ index, fileName, reason: BRAND_MESSAGES.invalidImage, detail: 'The content is not a PNG, JPEG, WebP or GIF image' });
      continue;
    }
    const digest = createHash('sha256').update(buffer).digest('hex');
    if (seenBytes.has(digest)) {
      skipped.push({ index, fileName, reason: BRAND_MESSAGES.duplicateFile });
      continue;
    }
    seenBytes.add(digest);
    try {
      const info = await images.verify(buffer);
      accepted.push({ index, buffer, type, width: info.width, height: info.height, fileName });
    } catch (error) {
      const detail = error instanceof ImageTooLargeError || error instanceof DamagedImageError ? error.message : 'The image could not be read';
      skipped.push({ index, fileName, reason: BRAND_MESSAGES.invalidImage, detail });
    }
  }
  if (accepted.length === 0) throw new NoValidBrandImagesError(skipped);
  return { images: accepted, skipped };
}

/** The bytes of a base64 data URL (its declared type is ignored: the content decides), or null. */
export function decodeDataUrl(value: string): Buffer | null {
  const match = DATA_URL.exec(value);
  if (!match) return null;
  const buffer = Buffer.from(match[3].replace(/\s+/g, ''), 'base64');
  return buffer.length > 0 ? buffer : null;
}

/** The last path segment of a URL, decoded ('logo_dark-v2.png'), or null. */
function fileNameOfUrl(value: string): string | null {
  try {
    const segment = new URL(value).pathname.split('/').filter(Boolean).pop();
    return segment ? decodeURIComponent(segment).slice(0, 255) : null;
  } catch {
    return null;
  }
}
