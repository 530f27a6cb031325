import { notifyManager } from '@tanstack/react-query';

/**
 * Fakes only setTimeout and clearTimeout in each test of the calling suite, so a debounce or a delay is
 * under the test's control; promises, React's scheduler and Testing Library's polling (setInterval) run
 * for real. A real interval runs the fake timers that are due (Testing Library's setTimeout(0) drain)
 * without moving the clock, and React Query notifies in microtasks instead of setTimeout(0).
 */
export function fakeTimeoutsOnly(): void {
  let pump: ReturnType<typeof setInterval>;
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    notifyManager.setScheduler(queueMicrotask);
    pump = setInterval(() => vi.advanceTimersByTime(0), 5);
  });
  afterEach(() => {
    clearInterval(pump);
    vi.useRealTimers();
    notifyManager.setScheduler((callback) => setTimeout(callback, 0));
  });
}
