import { ASSET_BASE64_PATH, ASSET_FILE_PATH, ASSET_THUMBNAIL_VARIANT, type AssetDataUrlDto } from '@brandloom/contracts';

/** One image the studio shows: a variation of a generation, or a bulk row's result. */
export interface GeneratedImage {
  id: string;
  /** 0-based variation index. */
  index: number;
  /** The full image: an /api/assets/file/ URL, a full URL, or an inline data URL. */
  url: string;
  /** A smaller rendition for lists (the WebP thumbnail when the server made one). */
  thumbnailUrl: string;
  /** The storage key, for the base64 fallback; null when unknown. */
  s3Key: string | null;
}

export interface AssetRef {
  key: string;
  variant: string | null;
}

/** The storage key (and variant) of an /api/assets/file/{key} URL, relative or absolute; null for anything else. */
export function parseAssetUrl(url: string | null | undefined): AssetRef | null {
  if (!url) return null;
  let parsed: URL;
  try {
    parsed = new URL(url, 'http://origin.invalid');
  } catch {
    return null;
  }
  if (!parsed.pathname.startsWith(ASSET_FILE_PATH)) return null;
  const key = parsed.pathname
    .slice(ASSET_FILE_PATH.length)
    .split('/')
    .map((segment) => {
      try {
        return decodeURIComponent(segment);
      } catch {
        return segment;
      }
    })
    .join('/');
  return key ? { key, variant: parsed.searchParams.get('variant') } : null;
}

function encodeKey(key: string): string {
  return key.split('/').map(encodeURIComponent).join('/');
}

/**
 * The fallback when the direct image does not load: GET /api/assets/base64/{key} → {dataUrl}.
 * Throws when the answer is not an image data URL.
 */
export async function fetchImageDataUrl(key: string, variant: string | null = null, signal?: AbortSignal): Promise<string> {
  const query = variant === ASSET_THUMBNAIL_VARIANT ? `?variant=${ASSET_THUMBNAIL_VARIANT}` : '';
  const res = await fetch(`${ASSET_BASE64_PATH}${encodeKey(key)}${query}`, { credentials: 'include', signal });
  if (!res.ok) throw new Error(`${res.status}: ${res.statusText}`);
  const body = (await res.json()) as Partial<AssetDataUrlDto> | null;
  const dataUrl = body?.dataUrl;
  if (typeof dataUrl !== 'string' || !dataUrl.startsWith('data:image/')) throw new Error('Invalid image data');
  return dataUrl;
}

/**
 * Asset files are loaded with a timestamp query that defeats caching. Only our own file
 * route gets it (data URLs and other origins are left alone).
 */
export function withCacheBuster(url: string, timestamp: number): string {
  if (!parseAssetUrl(url) || /^[a-z]+:/i.test(url)) return url;
  return `${url}${url.includes('?') ? '&' : '?'}t=${timestamp}`;
}

/** An absolute URL for sharing and copying (data URLs are returned as they are). */
export function absoluteUrl(url: string): string {
  try {
    return new URL(url, window.location.origin).href;
  } catch {
    return url;
  }
}

const text = (value: unknown): string | null => (typeof value === 'string' && value ? value : null);

/**
 * The images of a generate answer or a `completed` event: its variations, or else its
 * single image (imageUrl, which may be a data URL, dataUrl, directImageUrl, apiUrl, directUrl, output.*).
 */
export function imagesOf(payload: unknown): GeneratedImage[] {
  if (!payload || typeof payload !== 'object') return [];
  const body = payload as Record<string, unknown>;
  const output = (body.output && typeof body.output === 'object' ? body.output : {}) as Record<string, unknown>;
  const variations = Array.isArray(body.variations) && body.variations.length ? body.variations : Array.isArray(output.variations) ? output.variations : [];
  const images = variations.flatMap((item: unknown, position: number): GeneratedImage[] => {
    if (!item || typeof item !== 'object') return [];
    const v = item as Record<string, unknown>;
    const url = text(v.directUrl) ?? text(v.apiProxyUrl) ?? text(v.publicUrl) ?? text(v.dataUrl) ?? text(v.preview);
    if (!url) return [];
    const index = typeof v.index === 'number' ? v.index : position;
    return [
      {
        id: text(v.id) ?? String(v.id ?? index),
        index,
        url,
        thumbnailUrl: text(v.preview) ?? text(v.dataUrl) ?? url,
        s3Key: text(v.s3Key) ?? parseAssetUrl(url)?.key ?? null,
      },
    ];
  });
  if (images.length) return images.sort((a, b) => a.index - b.index);
  const single =
    text(body.directImageUrl) ??
    text(body.imageUrl) ??
    text(body.dataUrl) ??
    text(body.apiUrl) ??
    text(body.directUrl) ??
    text(output.directUrl) ??
    text(output.apiProxyUrl) ??
    text(output.publicUrl) ??
    text(output.imageDataUrl) ??
    text(output.directStorageUrl);
  if (!single) return [];
  return [{ id: 'image-0', index: 0, url: single, thumbnailUrl: text(output.preview) ?? single, s3Key: parseAssetUrl(single)?.key ?? null }];
}
