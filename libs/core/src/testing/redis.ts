import IORedis from 'ioredis';
import { appendFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';

/** Where suites that could not run record why; `npm test` prints the list (and CI fails on it). */
export const SKIPPED_SUITES_FILE = join(__dirname, '../../../../.data/skipped-suites.txt');

/**
 * `describe` for suites that need Redis (real BullMQ). Without REDIS_URL the suite is skipped
 * and recorded, so the skip is loud rather than silent.
 */
export function describeWithRedis(name: string, body: () => void): void {
  if (process.env.REDIS_URL) return describe(name, body);
  mkdirSync(join(SKIPPED_SUITES_FILE, '..'), { recursive: true });
  appendFileSync(SKIPPED_SUITES_FILE, `${name}: REDIS_URL is not set\n`);
  describe.skip(name, body);
}

/** Deletes every Redis key that matches `pattern` (a test's or a benchmark's queue prefix, `prefix:*`). */
export async function removeRedisKeys(redisUrl: string, pattern: string): Promise<void> {
  const redis = new IORedis(redisUrl, { maxRetriesPerRequest: 1 });
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', 1000);
      if (keys.length > 0) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}
