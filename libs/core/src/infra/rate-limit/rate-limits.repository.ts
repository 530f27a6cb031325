import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';

/** The rate_limits table beside what rate-limiter-flexible writes to it (RateLimit). */
@Injectable()
export class RateLimitsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Deletes the counters whose window ended before `nowMs` (milliseconds since the epoch); returns how many. */
  async deleteExpired(nowMs: number, manager: EntityManager = this.dataSource.manager): Promise<number> {
    const [, count]: [unknown, number] = await manager.query(`DELETE FROM rate_limits WHERE expire IS NOT NULL AND expire < $1`, [nowMs]);
    return count;
  }
}
