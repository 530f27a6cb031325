import { toast } from '../../../lib/toast';
import { translate, type MessageKey } from '../../../lib/i18n/translate';
import { absoluteUrl } from '../api/images';

/** The product's texts for share, copy and download. */
const IMAGE_ACTION_MESSAGES = {
  noImage: 'studio.toast.noImage',
  copyFailed: 'studio.toast.copyFailed',
  copied: 'studio.toast.copied',
  downloadStarted: 'studio.toast.downloadStarted',
} as const satisfies Record<string, MessageKey>;

/** The download's name: generated-image-{timestamp}.png. */
export function downloadFileName(timestamp = Date.now()): string {
  return `generated-image-${timestamp}.png`;
}

export async function copyImageUrl(url: string | null | undefined): Promise<void> {
  if (!url) {
    toast({ title: translate(IMAGE_ACTION_MESSAGES.noImage), variant: 'destructive' });
    return;
  }
  try {
    if (!navigator.clipboard?.writeText) throw new Error('Clipboard unavailable');
    await navigator.clipboard.writeText(absoluteUrl(url));
    toast({ title: translate(IMAGE_ACTION_MESSAGES.copied) });
  } catch {
    toast({ title: translate(IMAGE_ACTION_MESSAGES.copyFailed), variant: 'destructive' });
  }
}

/** Saves the image under the product's file name (same-origin and data URLs honour `download`). */
export function downloadImage(url: string | null | undefined): void {
  if (!url) {
    toast({ title: translate(IMAGE_ACTION_MESSAGES.noImage), variant: 'destructive' });
    return;
  }
  const link = document.createElement('a');
  link.href = url;
  link.download = downloadFileName();
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  toast({ title: translate(IMAGE_ACTION_MESSAGES.downloadStarted) });
}

/** The system share sheet where there is one, otherwise the URL is copied. A cancelled share is not an error. */
export async function shareImage(url: string | null | undefined, prompt: string): Promise<void> {
  if (!url) {
    toast({ title: translate(IMAGE_ACTION_MESSAGES.noImage), variant: 'destructive' });
    return;
  }
  const link = absoluteUrl(url);
  if (typeof navigator.share === 'function' && !link.startsWith('data:')) {
    try {
      await navigator.share({ title: translate('studio.preview.imageAlt'), text: prompt, url: link });
      return;
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return;
    }
  }
  await copyImageUrl(url);
}
