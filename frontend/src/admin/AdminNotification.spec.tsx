import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, defaultI18nProvider, useAddUndoableMutation, useNotify, type NotificationOptions, type NotificationType } from 'react-admin';
import { dismissToast, ToastLayer } from '../lib/toast';
import { AdminNotification } from './AdminNotification';

afterEach(() => act(() => dismissToast()));

type Notice = { message: string; type: NotificationType; options?: NotificationOptions; undoable?: (params: { isUndo: boolean }) => void };

/** A react-admin screen with one button raising notifications, the console's notification and the app's toast layer. */
function renderNotifier(...notices: Notice[]) {
  function Notifier() {
    const notify = useNotify();
    const addUndoable = useAddUndoableMutation();
    const raise = () => {
      for (const notice of notices) {
        if (notice.undoable) addUndoable(notice.undoable);
        notify(notice.message, { type: notice.type, ...notice.options });
      }
    };
    return <button onClick={raise}>Raise</button>;
  }
  render(
    <>
      <AdminContext i18nProvider={defaultI18nProvider}>
        <Notifier />
        <AdminNotification />
      </AdminContext>
      <ToastLayer />
    </>,
  );
  return () => userEvent.click(screen.getByRole('button', { name: 'Raise' }));
}

const toastOf = async (text: string) => (await screen.findByText(text)).closest('li')!;

describe("the admin console's notifications", () => {
  it("show as the app's toast (a status in the toast group), not as a MUI Snackbar", async () => {
    const raise = renderNotifier({ message: 'Credits granted', type: 'success' });
    await raise();

    const shown = await toastOf('Credits granted');
    expect(shown).toHaveAttribute('role', 'status');
    expect(shown).not.toHaveAttribute('data-variant', 'destructive');
    expect(shown.closest('[role="group"]')).not.toBeNull();
    expect(document.querySelector('.MuiSnackbar-root, .MuiSnackbarContent-root')).toBeNull();
  });

  it('show errors as a destructive toast and translate react-admin messages', async () => {
    const raise = renderNotifier({ message: 'ra.notification.http_error', type: 'error' });
    await raise();

    const shown = await toastOf('Server communication error');
    expect(shown).toHaveAttribute('role', 'alert');
    expect(shown).toHaveAttribute('data-variant', 'destructive');
  });

  it("show one at a time like the app's own: a newer one replaces the toast, and a replaced undoable change runs", async () => {
    const commits: { isUndo: boolean }[] = [];
    const raise = renderNotifier(
      { message: 'Element deleted', type: 'info', options: { undoable: true }, undoable: (params) => commits.push(params) },
      { message: 'Blog post updated', type: 'success' },
    );
    await raise();

    expect(await toastOf('Blog post updated')).toHaveAttribute('role', 'status');
    expect(screen.queryByText('Element deleted')).not.toBeInTheDocument();
    expect(commits).toEqual([{ isUndo: false }]);
  });

  it('run an undoable change when its toast closes, and cancel it on Undo', async () => {
    const commits: { isUndo: boolean }[] = [];
    const raise = renderNotifier({ message: 'Element deleted', type: 'info', options: { undoable: true }, undoable: (params) => commits.push(params) });

    await raise();
    await userEvent.click(await screen.findByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(screen.queryByText('Element deleted')).not.toBeInTheDocument());
    expect(commits).toEqual([{ isUndo: true }]);

    await raise();
    await toastOf('Element deleted');
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(commits).toEqual([{ isUndo: true }, { isUndo: false }]));
  });

  it('keep a toast without a time limit on screen until it is closed', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const raise = renderNotifier({ message: 'Import running', type: 'info', options: { autoHideDuration: null } });
      await raise();
      await toastOf('Import running');
      act(() => vi.advanceTimersByTime(60_000));
      expect(screen.getByText('Import running')).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });
});
