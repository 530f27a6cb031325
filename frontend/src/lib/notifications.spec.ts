import { DEFAULT_PREFERENCES } from '@brandloom/contracts';
import { QueryClient } from '@tanstack/react-query';
import { notifyWhenHidden } from './notifications';
import { preferencesQueryKey } from './preferences';

const created: Array<{ title: string; body?: string }> = [];

function stubBrowser(visibility: DocumentVisibilityState, permission: NotificationPermission) {
  created.length = 0;
  vi.spyOn(document, 'visibilityState', 'get').mockReturnValue(visibility);
  vi.stubGlobal(
    'Notification',
    Object.assign(
      class {
        onclick: (() => void) | null = null;
        constructor(title: string, options?: NotificationOptions) {
          created.push({ title, body: options?.body });
        }
        close() {}
      },
      { permission, requestPermission: async () => permission },
    ),
  );
}

function clientWith(browserNotifications: boolean) {
  const queryClient = new QueryClient();
  queryClient.setQueryData([...preferencesQueryKey, 'user-1'], { ...DEFAULT_PREFERENCES, browser_notifications: browserNotifications });
  return queryClient;
}

afterEach(() => vi.restoreAllMocks());

describe('browser notifications when a run ends', () => {
  it('notifies when the tab is hidden, the preference is on and the browser allows it', () => {
    stubBrowser('hidden', 'granted');
    expect(notifyWhenHidden(clientWith(true), 'Image ready!', 'A lighthouse')).toBe(true);
    expect(created).toEqual([{ title: 'Image ready!', body: 'A lighthouse' }]);
  });

  it('stays quiet while the tab is visible, when the preference is off, or when the browser refuses', () => {
    stubBrowser('visible', 'granted');
    expect(notifyWhenHidden(clientWith(true), 'Image ready!', 'x')).toBe(false);
    stubBrowser('hidden', 'granted');
    expect(notifyWhenHidden(clientWith(false), 'Image ready!', 'x')).toBe(false);
    stubBrowser('hidden', 'denied');
    expect(notifyWhenHidden(clientWith(true), 'Image ready!', 'x')).toBe(false);
    expect(created).toEqual([]);
  });
});
