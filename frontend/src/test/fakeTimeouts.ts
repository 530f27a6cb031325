import { notifyManager } from '@tanstack/react-query';

/**
 * Fakes only setTimeout and clearTimeout in each test of the calling suite, so a debounce or a delay is
 * under the test's control; promises, React's scheduler and Testing Library's polling (setInterval) run
 * for real. A real interval runs the fake timers that are due (Testing Library's setTimeout(0) drain)
 * without moving the clock, and React Query notifies in microtasks instead of setTimeout(0).
 */
export function fakeTimeoutsOnly({ andClock = false }: { andClock?: boolean } = {}): void {
  let pump: ReturnType<typeof setInterval>;
  beforeEach(() => {
    // `andClock`: performance.now() moves with the fake time too, for code that measures elapsed time.
    vi.useFakeTimers({ toFake: andClock ? ['setTimeout', 'clearTimeout', 'performance'] : ['setTimeout', 'clearTimeout'] });
    notifyManager.setScheduler(queueMicrotask);
    pump = setInterval(() => vi.advanceTimersByTime(0), 5);
  });
  afterEach(() => {
    clearInterval(pump);
    vi.useRealTimers();
    notifyManager.setScheduler((callback) => setTimeout(callback, 0));
  });
}
