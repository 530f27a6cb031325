import { SSE_RECONNECT_DELAY_MS } from '@brandloom/contracts';
import { FakeEventSource } from '../test/FakeEventSource';
import { MAX_REOPEN_ATTEMPTS, openEventStream } from './eventStream';

const URL = '/api/generate/progress/g-1';

function open() {
  const handlers = { events: { progress: vi.fn(), completed: vi.fn() }, onServerError: vi.fn(), onConnectionFailure: vi.fn(), onClose: vi.fn() };
  const close = openEventStream(URL, handlers);
  return { handlers, close };
}

beforeEach(() => {
  FakeEventSource.install();
  vi.useFakeTimers();
});
afterEach(() => vi.useRealTimers());

describe('openEventStream when the API process stops (reconnect event)', () => {
  it('opens the stream again after SSE_RECONNECT_DELAY_MS and follows the job there, without reporting a failure', () => {
    const { handlers } = open();
    const first = FakeEventSource.for(URL);
    first.emit('progress', { progress: 40, status: 'processing' });
    first.emit('reconnect');
    expect(first.closed).toBe(true);
    vi.advanceTimersByTime(SSE_RECONNECT_DELAY_MS - 1);
    expect(FakeEventSource.instances).toHaveLength(1);
    vi.advanceTimersByTime(1);
    const second = FakeEventSource.for(URL);
    expect(second).not.toBe(first);
    expect(second.withCredentials).toBe(true);
    second.emit('completed', { generationId: 'g-1' });
    expect(handlers.events.completed).toHaveBeenCalledWith({ generationId: 'g-1' });
    expect(handlers.onConnectionFailure).not.toHaveBeenCalled();
    expect(handlers.onClose).not.toHaveBeenCalled();
  });

  it('keeps trying while the next API is not up (refused, or a proxy answering 502), then carries on', () => {
    const { handlers } = open();
    FakeEventSource.for(URL).emit('reconnect');
    for (let attempt = 1; attempt < MAX_REOPEN_ATTEMPTS; attempt += 1) {
      vi.advanceTimersByTime(SSE_RECONNECT_DELAY_MS);
      FakeEventSource.for(URL).failConnection(attempt % 2 ? FakeEventSource.CLOSED : FakeEventSource.CONNECTING);
    }
    expect(handlers.onConnectionFailure).not.toHaveBeenCalled();
    vi.advanceTimersByTime(SSE_RECONNECT_DELAY_MS);
    expect(FakeEventSource.instances).toHaveLength(MAX_REOPEN_ATTEMPTS + 1);
    FakeEventSource.for(URL).emit('progress', { progress: 60, status: 'processing' });
    expect(handlers.events.progress).toHaveBeenCalledWith({ progress: 60, status: 'processing' });
    // Only the newest stream is open: the browser's own retries of the older ones are stopped.
    expect(FakeEventSource.instances.filter((s) => !s.closed)).toHaveLength(1);
    expect(handlers.onConnectionFailure).not.toHaveBeenCalled();
  });

  it('reports the connection lost when no API answers within MAX_REOPEN_ATTEMPTS tries', () => {
    const { handlers } = open();
    FakeEventSource.for(URL).emit('progress', { progress: 10, status: 'queued' });
    FakeEventSource.for(URL).emit('reconnect');
    for (let attempt = 1; attempt <= MAX_REOPEN_ATTEMPTS; attempt += 1) {
      vi.advanceTimersByTime(SSE_RECONNECT_DELAY_MS);
      FakeEventSource.for(URL).failConnection();
    }
    expect(handlers.onConnectionFailure).toHaveBeenCalledTimes(1);
    expect(handlers.onConnectionFailure).toHaveBeenCalledWith('lost');
    vi.advanceTimersByTime(10 * SSE_RECONNECT_DELAY_MS);
    expect(FakeEventSource.instances).toHaveLength(MAX_REOPEN_ATTEMPTS + 1);
  });

  it('opens nothing more once closed while waiting to reopen', () => {
    const { close } = open();
    FakeEventSource.for(URL).emit('reconnect');
    close();
    vi.advanceTimersByTime(10 * SSE_RECONNECT_DELAY_MS);
    expect(FakeEventSource.instances).toHaveLength(1);
  });
});
