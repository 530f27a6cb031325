import { useEffect } from 'react';
import { useNotificationContext, useTakeUndoableMutation, useTranslate, type NotificationPayload } from 'react-admin';
import { toast, ToastAction } from '../lib/toast';

/**
 * react-admin's notifications (`useNotify`, and its own after saves, deletes and failed requests)
 * shown as the app's toasts, in place of react-admin's MUI Snackbar: one toast layer, one look.
 * An undoable change runs when its toast goes (closed, timed out or replaced) unless Undo was pressed.
 */
export function AdminNotification() {
  const { notifications, takeNotification } = useNotificationContext();
  const takeMutation = useTakeUndoableMutation();
  const translate = useTranslate();

  useEffect(() => {
    // takeNotification hands out the oldest one and drops it from the queue; the next render takes the next.
    const notification = notifications.length > 0 ? takeNotification() : undefined;
    if (notification) show(notification);

    function show({ message, type, notificationOptions = {} }: NotificationPayload) {
      const { autoHideDuration, messageArgs, undoable } = notificationOptions;
      let settled = false;
      const settle = (isUndo: boolean) => {
        if (settled) return;
        settled = true;
        takeMutation()?.({ isUndo });
      };
      const shown = toast({
        title: typeof message === 'string' ? translate(message, messageArgs) : message,
        variant: type === 'error' ? 'destructive' : 'default',
        // react-admin's null means "until closed"; undefined leaves the app's usual time.
        duration: autoHideDuration === null ? Infinity : autoHideDuration,
        action: undoable ? (
          <ToastAction
            altText={translate('ra.action.undo')}
            onClick={() => {
              settle(true);
              shown.dismiss();
            }}
          >
            {translate('ra.action.undo')}
          </ToastAction>
        ) : undefined,
        onClose: undoable ? () => settle(false) : undefined,
      });
    }
  }, [notifications, takeNotification, takeMutation, translate]);

  return null;
}
