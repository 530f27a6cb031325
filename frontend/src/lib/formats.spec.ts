import { SSE_RECONNECT_DELAY_MS } from '@brandloom/contracts';
import { FakeEventSource } from '../test/FakeEventSource';
import { watchFormatJob } from './formats';

const URL = '/api/formats/progress/job-0';

beforeEach(() => {
  FakeEventSource.install();
  vi.useFakeTimers();
});
afterEach(() => vi.useRealTimers());

describe('watchFormatJob when the API process stops (reconnect event)', () => {
  it('opens the stream again, through a restart that refuses it at first, and follows the job to its end', () => {
    const onUpdate = vi.fn();
    watchFormatJob(URL, onUpdate);
    const first = FakeEventSource.for(URL);
    first.emit('progress', { progress: 40, message: 'Extending the image with AI', status: 'processing' });
    first.emit('reconnect');
    expect(first.closed).toBe(true);
    vi.advanceTimersByTime(SSE_RECONNECT_DELAY_MS);
    // The proxy answers 502 while no API is up: EventSource gives up on that one, the watcher tries again.
    FakeEventSource.for(URL).failConnection(FakeEventSource.CLOSED);
    vi.advanceTimersByTime(SSE_RECONNECT_DELAY_MS);
    expect(FakeEventSource.instances).toHaveLength(3);
    FakeEventSource.for(URL).emit('completed', { jobId: 'job-0', format: '4:5', progress: 100, message: 'Format ready!' });
    expect(onUpdate).toHaveBeenLastCalledWith(expect.objectContaining({ status: 'completed', progress: 100 }));
    expect(onUpdate).not.toHaveBeenCalledWith(expect.objectContaining({ status: 'failed' }));
    expect(FakeEventSource.instances.every((s) => s.closed)).toBe(true);
  });
});
