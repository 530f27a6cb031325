import { translate } from '../../lib/i18n/translate';
import type { FileRejection } from 'react-dropzone';
import { BRAND_IMAGES_MAX_COUNT, BRAND_IMAGES_MAX_TOTAL_BYTES, BRAND_MESSAGES } from './constants';
import { formatFileSize } from '../../lib/i18n/format';

/** A refused file and the message for it. */
export interface BrandAssetIssue {
  message: string;
  fileName: string;
  detail: string;
}

/**
 * The product's brand asset rules for files added to those already chosen: images only ('Invalid file
 * type'), duplicates by file name skipped ('Duplicate file'), at most 5 in total ('Too many images')
 * and at most 10 MB in total ('Files too large'). Files that fit are kept, in order.
 */
export function addBrandAssets(
  current: readonly File[],
  accepted: readonly File[],
  rejections: readonly FileRejection[] = [],
): { files: File[]; issues: BrandAssetIssue[] } {
  const issues: BrandAssetIssue[] = rejections.map(({ file }) => ({
    message: BRAND_MESSAGES.invalidFileType,
    fileName: file.name,
    detail: translate('brandBrain.extract.notAnImage', { name: file.name }),
  }));
  const files = [...current];
  const names = new Set(current.map((file) => file.name));
  let total = current.reduce((sum, file) => sum + file.size, 0);
  for (const file of accepted) {
    if (!file.type.startsWith('image/')) {
      issues.push({ message: BRAND_MESSAGES.invalidFileType, fileName: file.name, detail: translate('brandBrain.extract.notAnImage', { name: file.name }) });
      continue;
    }
    if (names.has(file.name)) {
      issues.push({ message: BRAND_MESSAGES.duplicateFile, fileName: file.name, detail: translate('brandBrain.extract.alreadySelected', { name: file.name }) });
      continue;
    }
    if (files.length >= BRAND_IMAGES_MAX_COUNT) {
      issues.push({
        message: BRAND_MESSAGES.tooManyImages,
        fileName: file.name,
        detail: translate('brandBrain.extract.tooMany', { max: BRAND_IMAGES_MAX_COUNT, name: file.name }),
      });
      continue;
    }
    if (total + file.size > BRAND_IMAGES_MAX_TOTAL_BYTES) {
      issues.push({
        message: BRAND_MESSAGES.filesTooLarge,
        fileName: file.name,
        detail: translate('brandBrain.extract.tooLarge', { max: formatFileSize(BRAND_IMAGES_MAX_TOTAL_BYTES), name: file.name, size: formatFileSize(file.size) }),
      });
      continue;
    }
    files.push(file);
    names.add(file.name);
    total += file.size;
  }
  return { files, issues };
}

const IMAGE_DATA_URL = /^data:image\/[a-z0-9.+-]+;base64,[a-z0-9+/]+=*$/i;

/**
 * An image base64 data URL with content, or an http(s) URL.
 */
export function isValidImageUrl(value: unknown): value is string {
  if (typeof value !== 'string' || value.length === 0) return false;
  if (value.startsWith('data:')) return IMAGE_DATA_URL.test(value);
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

export function readFileAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
    reader.onerror = () => reject(reader.error ?? new Error(`Could not read ${file.name}`));
    reader.readAsDataURL(file);
  });
}

/**
 * Each file as a data URL; those that fail to read or are not an image data URL with content are
 * left out and reported ('Invalid image').
 */
export async function toImageDataUrls(files: readonly File[]): Promise<{ imageUrls: string[]; fileNames: string[]; invalid: string[] }> {
  const read = await Promise.all(files.map((file) => readFileAsDataUrl(file).catch(() => '')));
  const imageUrls: string[] = [];
  const fileNames: string[] = [];
  const invalid: string[] = [];
  read.forEach((url, index) => {
    if (isValidImageUrl(url)) {
      imageUrls.push(url);
      fileNames.push(files[index].name);
    } else {
      invalid.push(files[index].name);
    }
  });
  return { imageUrls, fileNames, invalid };
}
