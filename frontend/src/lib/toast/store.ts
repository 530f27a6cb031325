import { useSyncExternalStore, type ReactElement, type ReactNode } from 'react';
import type { ToastActionProps } from './ToastAction';

// One toast visible at a time; a dismissed toast stays in state (closed) for 1,000,000 ms.
const TOAST_LIMIT = 1;
const TOAST_REMOVE_DELAY = 1_000_000;

export interface ToastOptions {
  title?: ReactNode;
  description?: ReactNode;
  variant?: 'default' | 'destructive';
  /** A `<ToastAction altText=...>` element. */
  action?: ReactElement<ToastActionProps>;
  /** Milliseconds on screen; `Infinity` keeps the toast until it is closed or replaced. */
  duration?: number;
  /** Called once when the toast goes: closed, timed out, or replaced by a newer toast. */
  onClose?: () => void;
}

export interface ToastItem extends ToastOptions {
  id: string;
  open: boolean;
}

let toasts: ToastItem[] = [];
let nextId = 0;
const listeners = new Set<() => void>();
const removalTimers = new Map<string, ReturnType<typeof setTimeout>>();

function setToasts(next: ToastItem[]) {
  toasts = next;
  listeners.forEach((listener) => listener());
}

function scheduleRemoval(id: string) {
  if (removalTimers.has(id)) return;
  const timer = setTimeout(() => {
    removalTimers.delete(id);
    setToasts(toasts.filter((t) => t.id !== id));
  }, TOAST_REMOVE_DELAY);
  removalTimers.set(id, timer);
}

function notifyClosed(gone: ToastItem[]) {
  gone.filter((t) => t.open).forEach((t) => t.onClose?.());
}

/** Closes one toast, or all of them when no id is given. */
export function dismissToast(id?: string): void {
  const matches = (t: ToastItem) => id === undefined || t.id === id;
  const closing = toasts.filter(matches);
  closing.forEach((t) => scheduleRemoval(t.id));
  setToasts(toasts.map((t) => (matches(t) ? { ...t, open: false } : t)));
  notifyClosed(closing);
}

export function toast(options: ToastOptions): { id: string; dismiss: () => void } {
  const id = String(++nextId);
  const next = [{ ...options, id, open: true }, ...toasts];
  setToasts(next.slice(0, TOAST_LIMIT));
  notifyClosed(next.slice(TOAST_LIMIT));
  return { id, dismiss: () => dismissToast(id) };
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function useToasts(): ToastItem[] {
  return useSyncExternalStore(subscribe, () => toasts);
}

/** Forgets every toast, open or closed, with its removal timer: a test file starts with none. */
export function forgetToasts(): void {
  removalTimers.forEach((timer) => clearTimeout(timer));
  removalTimers.clear();
  setToasts([]);
}
