import { act, renderHook } from '@testing-library/react';
import { COUNTER_TICK_MS, INITIAL_COUNTERS, tickCounters } from './counters';
import { useLandingCounters } from './hooks/useLandingCounters';

describe('landing counters', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('starts at 1543 marketers, 37 spots and 27491 images, and changes nothing before 60 seconds', () => {
    const { result } = renderHook(() => useLandingCounters(() => 0));
    expect(result.current).toEqual({ marketers: 1543, spotsRemaining: 37, imagesGenerated: 27491 });
    act(() => vi.advanceTimersByTime(COUNTER_TICK_MS - 1));
    expect(result.current).toEqual(INITIAL_COUNTERS);
  });

  it('ticks every 60 s: one more marketer, a spot taken when the 30% chance hits, 1 to 5 more images', () => {
    // First draw decides the spot (0.1 < 0.3: taken), second the images (0.99: +5).
    const draws = [0.1, 0.99, 0.3, 0];
    const { result } = renderHook(() => useLandingCounters(() => draws.shift()!));
    act(() => vi.advanceTimersByTime(COUNTER_TICK_MS));
    expect(result.current).toEqual({ marketers: 1544, spotsRemaining: 36, imagesGenerated: 27496 });
    // 0.3 is not below 30%: no spot taken; 0 adds one image.
    act(() => vi.advanceTimersByTime(COUNTER_TICK_MS));
    expect(result.current).toEqual({ marketers: 1545, spotsRemaining: 36, imagesGenerated: 27497 });
  });

  it('never lets spots remaining go below 5', () => {
    const { result } = renderHook(() => useLandingCounters(() => 0));
    act(() => vi.advanceTimersByTime(COUNTER_TICK_MS * 40));
    expect(result.current.spotsRemaining).toBe(5);
    expect(result.current.marketers).toBe(1543 + 40);
    expect(result.current.imagesGenerated).toBe(27491 + 40);
  });

  it('adds between 1 and 5 images per tick whatever the draw', () => {
    for (const draw of [0, 0.2, 0.5, 0.8, 0.999999]) {
      const next = tickCounters(INITIAL_COUNTERS, () => draw);
      expect(next.imagesGenerated - INITIAL_COUNTERS.imagesGenerated).toBeGreaterThanOrEqual(1);
      expect(next.imagesGenerated - INITIAL_COUNTERS.imagesGenerated).toBeLessThanOrEqual(5);
    }
  });
});
