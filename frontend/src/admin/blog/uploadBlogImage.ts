import type { BlogImageUploadResponse } from '@brandloom/contracts';
import { translate } from '../../lib/i18n/translate';

/** An upload failure with the message the editor shows ('Upload failed ...'), in the active language. */
export class BlogUploadError extends Error {}

/**
 * POST /api/blog/upload-image (multipart, field `image`). The answer must carry a key or a url, else
 * 'Invalid response from upload service'; a refused upload says the server's error, or its status.
 */
export async function uploadBlogImage(file: File): Promise<Partial<BlogImageUploadResponse>> {
  const body = new FormData();
  body.append('image', file);
  let res: Response;
  try {
    res = await fetch('/api/blog/upload-image', { method: 'POST', body, credentials: 'include' });
  } catch {
    throw new BlogUploadError(translate('admin.blog.uploadUnreachable'));
  }
  const text = await res.text();
  // A web page instead of JSON means the request reached the app's pages, not the API: a routing error.
  if (/^\s*</.test(text)) throw new BlogUploadError(translate('admin.blog.uploadRoutingError', { status: res.status }));
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  if (!res.ok) {
    const reply = (json ?? {}) as { message?: unknown; error?: unknown };
    const reason = typeof reply.message === 'string' ? reply.message : typeof reply.error === 'string' ? reply.error : null;
    throw new BlogUploadError(reason ? translate('admin.blog.uploadFailedBecause', { reason }) : translate('admin.blog.uploadFailedStatus', { status: res.status }));
  }
  const { key, url } = (json ?? {}) as Partial<BlogImageUploadResponse>;
  if (!key && !url) throw new BlogUploadError(translate('admin.blog.invalidUploadResponse'));
  return { key, url };
}
