import { toast } from '../../../lib/toast';
import type { Asset } from '../api/types';
import { absoluteUrl, downloadFileName } from '../format';
import { LIBRARY_TOASTS } from '../messages';
import { translate } from '../../../lib/i18n/translate';

/** Copies the asset's full-image address. */
export async function copyAssetLink(asset: Asset): Promise<void> {
  try {
    if (!navigator.clipboard?.writeText) throw new Error('Clipboard unavailable');
    await navigator.clipboard.writeText(absoluteUrl(asset.url));
    toast({ title: LIBRARY_TOASTS.linkCopied, description: translate('library.toast.linkCopiedDescription') });
  } catch {
    toast({ title: LIBRARY_TOASTS.copyFailed, description: translate('library.toast.copyFailedDescription'), variant: 'destructive' });
  }
}

/** Saves the original file (same-origin URL, so the browser honours `download`). */
export function downloadAsset(asset: Asset): void {
  const link = document.createElement('a');
  link.href = asset.url;
  link.download = downloadFileName(asset);
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  toast({ title: LIBRARY_TOASTS.downloadStarted, description: link.download });
}
