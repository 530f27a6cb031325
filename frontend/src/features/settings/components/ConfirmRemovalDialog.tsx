import type { UseMutationResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { translate, type MessageKey } from '../../../lib/i18n/translate';
import { failureToast, toast } from '../../../lib/toast';

interface ConfirmRemovalDialogProps {
  /** What is removed; the dialog is open while it is set. */
  item: { id: string } | null;
  /** Removes an item by its id. */
  removal: UseMutationResult<unknown, Error, string>;
  title: string;
  message: ReactNode;
  confirmLabel: string;
  /** The toast's title once the item is gone. */
  removedToast: MessageKey;
  /** The failure toast's title when the server refuses. */
  failedToast: MessageKey;
  onClose: () => void;
}

/** Asks before revoking a key, removing a member or deleting an endpoint; says so and closes once it is done, or toasts the refusal and stays open. */
export function ConfirmRemovalDialog({ item, removal, title, message, confirmLabel, removedToast, failedToast, onClose }: ConfirmRemovalDialogProps) {
  return (
    <ConfirmDialog
      open={!!item}
      title={title}
      message={message}
      confirmLabel={confirmLabel}
      pending={removal.isPending}
      onClose={onClose}
      onConfirm={() =>
        item &&
        removal.mutate(item.id, {
          onSuccess: () => {
            toast({ title: translate(removedToast) });
            onClose();
          },
          onError: failureToast(failedToast),
        })
      }
    />
  );
}
