import { DEFAULT_SUPPORT_EMAIL, SUPPORT_EMAIL_META_NAME, SUPPORT_EMAIL_PLACEHOLDER } from '@brandloom/contracts';

/**
 * The support address (SUPPORT_EMAIL on the server). Pre-rendering writes the placeholder, which the
 * server replaces in the page and in its <meta name="brandloom:support-email">; the browser reads that
 * element, so hydration sees the same address the HTML shows.
 */
export function supportEmail(): string {
  if (typeof document === 'undefined') return SUPPORT_EMAIL_PLACEHOLDER;
  const value = document.querySelector<HTMLMetaElement>(`meta[name="${SUPPORT_EMAIL_META_NAME}"]`)?.content;
  return value && value !== SUPPORT_EMAIL_PLACEHOLDER ? value : DEFAULT_SUPPORT_EMAIL;
}
