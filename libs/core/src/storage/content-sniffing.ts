/** Image types we recognise by their first bytes (never by file name or the client's content type). */
export type SniffedImageType = 'image/png' | 'image/jpeg' | 'image/webp' | 'image/gif';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The image type announced by the magic bytes, or null when the content is none of PNG/JPEG/WebP/GIF. */
export function sniffImageType(data: Uint8Array): SniffedImageType | null {
  const bytes = Buffer.from(data.buffer, data.byteOffset, Math.min(data.byteLength, 16));
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return 'image/png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') return 'image/webp';
  if (bytes.length >= 6 && /^GIF8[79]a$/.test(bytes.toString('latin1', 0, 6))) return 'image/gif';
  return null;
}

/** True when the content is one of the allowed types by its magic bytes. */
export function isAllowedImage(data: Uint8Array, allowed: readonly string[]): boolean {
  const type = sniffImageType(data);
  return type !== null && allowed.includes(type);
}

export const IMAGE_EXTENSIONS: Record<SniffedImageType, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/gif': 'gif',
};
