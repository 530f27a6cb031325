import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { dismissToast, toast, ToastAction, ToastLayer } from '.';
import { Toaster } from './Toaster';

afterEach(() => act(() => dismissToast()));

describe('toast', () => {
  it('shows one toast at a time: a new toast replaces the previous one', async () => {
    render(<Toaster />);

    act(() => void toast({ title: 'First', description: 'one' }));
    expect(await screen.findByText('First')).toBeInTheDocument();
    expect(screen.getByText('First').closest('li')).toHaveAttribute('role', 'status');

    act(() => void toast({ title: 'Second', description: 'two' }));
    expect(await screen.findByText('Second')).toBeInTheDocument();
    expect(screen.getByText('two')).toBeInTheDocument();
    expect(screen.queryByText('First')).not.toBeInTheDocument();
  });

  it('marks destructive toasts and renders the action', async () => {
    render(<Toaster />);

    act(
      () =>
        void toast({
          title: 'Push Failed',
          variant: 'destructive',
          action: <ToastAction altText="Retry the push">Retry</ToastAction>,
        }),
    );

    const toastElement = (await screen.findByText('Push Failed')).closest('li');
    expect(toastElement).toHaveAttribute('data-variant', 'destructive');
    expect(toastElement).toHaveAttribute('role', 'alert');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('closes on the close button', async () => {
    render(<Toaster />);
    act(() => void toast({ title: 'Saved' }));

    await userEvent.click(await screen.findByRole('button', { name: 'Close' }));

    await waitFor(() => expect(screen.queryByText('Saved')).not.toBeInTheDocument());
  });

  it('closes by itself after 5 seconds', async () => {
    vi.useFakeTimers();
    try {
      render(<Toaster />);
      act(() => void toast({ title: 'Copied' }));
      expect(screen.getByText('Copied')).toBeInTheDocument();

      act(() => vi.advanceTimersByTime(4900));
      expect(screen.getByText('Copied')).toBeInTheDocument();
      act(() => vi.advanceTimersByTime(200));
      expect(screen.queryByText('Copied')).not.toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it('tells a toast once that it went: closed, or replaced by a newer one', async () => {
    render(<Toaster />);
    const gone: string[] = [];
    act(() => void toast({ title: 'Export running', onClose: () => gone.push('export') }));
    act(() => void toast({ title: 'Export done', onClose: () => gone.push('done') }));
    expect(gone).toEqual(['export']);

    await userEvent.click(await screen.findByRole('button', { name: 'Close' }));
    act(() => dismissToast());
    expect(gone).toEqual(['export', 'done']);
  });

  it('loads the layer with the first toast: nothing before, then the toast in the toast group', async () => {
    render(<ToastLayer />);
    expect(screen.queryByRole('group')).not.toBeInTheDocument();

    act(() => void toast({ title: 'Link copied' }));

    const shown = (await screen.findByText('Link copied')).closest('li');
    expect(shown).toHaveAttribute('role', 'status');
    expect(shown!.closest('[role="group"]')).not.toBeNull();
  });
});
