import { BLOG_MESSAGES } from '@brandloom/contracts';
import { HttpError, useNotify } from 'react-admin';
import { errorMessage } from '../errorMessage';

/**
 * The product's blog messages. A refused request (4xx with a message) says the server's reason after
 * the product's words (docs/decisions.md: failure toasts); anything else gets the product's fixed text.
 */
export function useBlogNotify() {
  const notify = useNotify();
  const refused = (error: unknown) => error instanceof HttpError && error.status >= 400 && error.status < 500;
  const fail = (prefix: string, fallback: string) => (error: unknown) => notify(refused(error) ? `${prefix}: ${errorMessage(error)}` : fallback, { type: 'error' });
  return {
    created: () => notify('Blog post created', { type: 'success' }),
    updated: () => notify('Blog post updated', { type: 'success' }),
    deleted: () => notify('Blog post deleted', { type: 'success' }),
    createFailed: fail(BLOG_MESSAGES.createFailed, BLOG_MESSAGES.createFailedToast),
    updateFailed: fail(BLOG_MESSAGES.updateFailed, BLOG_MESSAGES.updateFailed),
    deleteFailed: fail(BLOG_MESSAGES.deleteFailed, BLOG_MESSAGES.deleteFailed),
  };
}
