import { getErrorMessage } from '../api';
import { translate, type MessageKey } from '../i18n/translate';
import { toast } from './store';

/** An `onError` for a mutation: a destructive toast titled `title`, saying why the server refused in the active language. */
export const failureToast = (title: MessageKey) => (error: unknown) =>
  toast({ title: translate(title), description: getErrorMessage(error, translate('common.pleaseTryAgain')), variant: 'destructive' });
