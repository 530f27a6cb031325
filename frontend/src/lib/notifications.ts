import type { QueryClient } from '@tanstack/react-query';
import { cachedPreferences } from './preferences';

// Browser notifications (Settings → Preferences): when a generation or a bulk batch ends while the
// tab is hidden, and only if the user turned them on and the browser allows them.

export type NotificationPermissionState = NotificationPermission | 'unsupported';

export function notificationPermission(): NotificationPermissionState {
  return typeof window !== 'undefined' && 'Notification' in window ? window.Notification.permission : 'unsupported';
}

/** Asks the browser for permission (only from a user's click); resolves with the answer. */
export async function requestNotificationPermission(): Promise<NotificationPermissionState> {
  if (notificationPermission() === 'unsupported') return 'unsupported';
  return window.Notification.requestPermission();
}

/**
 * Raises a browser notification when the page is hidden, the user's preference is on and the
 * browser granted permission; otherwise does nothing (the page itself shows the result).
 */
export function notifyWhenHidden(queryClient: QueryClient, title: string, body: string): boolean {
  if (typeof document === 'undefined' || document.visibilityState !== 'hidden') return false;
  if (!cachedPreferences(queryClient)?.browser_notifications) return false;
  if (notificationPermission() !== 'granted') return false;
  const notification = new window.Notification(title, { body, tag: 'brandloom-run' });
  notification.onclick = () => {
    window.focus();
    notification.close();
  };
  return true;
}
