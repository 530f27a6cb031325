/** The landing counters are cosmetic and tick every 60 seconds. */
export const COUNTER_TICK_MS = 60_000;

export interface LandingCounters {
  marketers: number;
  spotsRemaining: number;
  imagesGenerated: number;
}

export const INITIAL_COUNTERS: LandingCounters = { marketers: 1543, spotsRemaining: 37, imagesGenerated: 27491 };
export const SPOTS_FLOOR = 5;
export const SPOT_TAKEN_CHANCE = 0.3;
/** The beta-ends badge. */
export const BETA_ENDS_IN_DAYS = 7;

/**
 * One tick: one more marketer; a spot taken with 30% chance, never below 5; 1 to 5 more images.
 * `random` returns numbers in [0, 1) like Math.random.
 */
export function tickCounters(current: LandingCounters, random: () => number = Math.random): LandingCounters {
  const spotTaken = random() < SPOT_TAKEN_CHANCE;
  return {
    marketers: current.marketers + 1,
    spotsRemaining: spotTaken ? Math.max(SPOTS_FLOOR, current.spotsRemaining - 1) : current.spotsRemaining,
    imagesGenerated: current.imagesGenerated + 1 + Math.floor(random() * 5),
  };
}
