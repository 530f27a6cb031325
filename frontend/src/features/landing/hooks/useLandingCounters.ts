import { useEffect, useState } from 'react';
import { COUNTER_TICK_MS, INITIAL_COUNTERS, tickCounters, type LandingCounters } from '../counters';

/** The cosmetic counters: the product's starting values (also what the pre-rendered page shows), then a tick every 60 s. */
export function useLandingCounters(random: () => number = Math.random): LandingCounters {
  const [counters, setCounters] = useState(INITIAL_COUNTERS);
  useEffect(() => {
    const timer = setInterval(() => setCounters((current) => tickCounters(current, random)), COUNTER_TICK_MS);
    return () => clearInterval(timer);
  }, [random]);
  return counters;
}
