import { renderHook } from '@testing-library/react';
import { FakeEventSource } from '../test/FakeEventSource';
import { useStreamRun } from './useStreamRun';

beforeEach(() => FakeEventSource.install());

const handlers = () => ({ events: { progress: vi.fn() }, onServerError: vi.fn(), onConnectionFailure: vi.fn() });

describe('useStreamRun', () => {
  it('a newer run closes the older stream and makes the older run stale', () => {
    const { result } = renderHook(() => useStreamRun());
    const first = result.current.begin();
    first.follow('/first', handlers());
    const second = result.current.begin();
    expect(FakeEventSource.for('/first').closed).toBe(true);
    expect(first.isCurrent()).toBe(false);
    expect(first.isLive()).toBe(false);
    expect(second.isLive()).toBe(true);
    // A stale run opens nothing.
    first.follow('/late', handlers());
    expect(FakeEventSource.instances.map((s) => s.url)).toEqual(['/first']);
  });

  it('finish closes the stream and ends liveness; a close before any final event is a lost connection', () => {
    const { result } = renderHook(() => useStreamRun());
    const run = result.current.begin();
    const h = handlers();
    run.follow('/stream', h);
    FakeEventSource.for('/stream').emit('close');
    expect(h.onConnectionFailure).toHaveBeenCalledWith('lost');
    run.finish();
    expect(FakeEventSource.for('/stream').closed).toBe(true);
    expect(run.isLive()).toBe(false);
    expect(run.isCurrent()).toBe(true);
  });

  it('unmounting closes the stream and cancel makes the run stale', () => {
    const { result, unmount } = renderHook(() => useStreamRun());
    const run = result.current.begin();
    run.follow('/stream', handlers());
    const stable = result.current;
    result.current.cancel();
    expect(run.isCurrent()).toBe(false);
    expect(result.current).toBe(stable);
    const next = result.current.begin();
    next.follow('/again', handlers());
    unmount();
    expect(FakeEventSource.for('/again').closed).toBe(true);
  });
});
