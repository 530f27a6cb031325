import { HttpError, useNotify } from 'react-admin';
import { useT, type MessageKey } from '../../lib/i18n/translate';
import { errorMessage } from '../errorMessage';

/**
 * The product's blog messages. A refused request (4xx with a message) says the server's reason after
 * the product's words (docs/decisions.md: failure toasts); anything else gets the product's fixed text.
 */
export function useBlogNotify() {
  const notify = useNotify();
  const t = useT();
  const refused = (error: unknown) => error instanceof HttpError && error.status >= 400 && error.status < 500;
  const fail = (because: MessageKey, fallback: MessageKey) => (error: unknown) =>
    notify(refused(error) ? t(because, { reason: errorMessage(error) }) : t(fallback), { type: 'error' });
  return {
    created: () => notify(t('admin.blog.created'), { type: 'success' }),
    updated: () => notify(t('admin.blog.updatedToast'), { type: 'success' }),
    deleted: () => notify(t('admin.blog.deleted'), { type: 'success' }),
    createFailed: fail('admin.blog.createFailedBecause', 'admin.blog.createFailedToast'),
    updateFailed: fail('admin.blog.updateFailedBecause', 'admin.blog.updateFailed'),
    deleteFailed: fail('admin.blog.deleteFailedBecause', 'admin.blog.deleteFailed'),
  };
}
