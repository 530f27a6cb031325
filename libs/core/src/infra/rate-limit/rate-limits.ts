import { Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { isIPv6 } from 'node:net';
import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import { DataSource } from 'typeorm';
import { pgPoolOf } from '../database/prepared-statements';

/** A counter's state: how much of the window is used and when the window ends. */
export interface RateLimitState {
  used: number;
  secondsLeft: number;
}

/**
 * One fixed-window counter per key, kept in PostgreSQL's rate_limits table so that every API
 * process counts together. Keys are hashed: they hold user input (emails) of any length.
 */
export class RateLimit {
  private limiter?: RateLimiterPostgres;

  constructor(
    private readonly dataSource: DataSource,
    readonly name: string,
    readonly points: number,
    readonly windowSeconds: number,
  ) {}

  /** Takes one point; null when it was there to take, else the seconds until the window ends. */
  async take(...key: string[]): Promise<number | null> {
    try {
      await this.store().consume(hashKey(key), 1);
      return null;
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) return rejection.msBeforeNext / 1000;
      throw rejection;
    }
  }

  /** Takes one point if there is one, and says where the window stands either way (for RateLimit-* headers). */
  async consume(...key: string[]): Promise<RateLimitState & { allowed: boolean }> {
    try {
      const res = await this.store().consume(hashKey(key), 1);
      return { allowed: true, used: res.consumedPoints, secondsLeft: res.msBeforeNext / 1000 };
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) return { allowed: false, used: rejection.consumedPoints, secondsLeft: rejection.msBeforeNext / 1000 };
      throw rejection;
    }
  }

  /** Gives a taken point back (the attempt did not happen after all). */
  async giveBack(...key: string[]): Promise<void> {
    await this.store().reward(hashKey(key), 1);
  }

  /** Counts one more use without refusing anything (a failure already answered). */
  async count(...key: string[]): Promise<void> {
    await this.store().penalty(hashKey(key), 1);
  }

  async state(...key: string[]): Promise<RateLimitState> {
    const res = await this.store().get(hashKey(key));
    return res ? { used: res.consumedPoints, secondsLeft: res.msBeforeNext / 1000 } : { used: 0, secondsLeft: 0 };
  }

  /** Seconds until the key may be used again, or null while it has points left. */
  async refusedFor(...key: string[]): Promise<number | null> {
    const { used, secondsLeft } = await this.state(...key);
    return used >= this.points ? secondsLeft : null;
  }

  async clear(...key: string[]): Promise<void> {
    await this.store().delete(hashKey(key));
  }

  private store(): RateLimiterPostgres {
    this.limiter ??= new RateLimiterPostgres({
      storeClient: pgPoolOf(this.dataSource),
      storeType: 'pool',
      tableName: 'rate_limits',
      tableCreated: true,
      keyPrefix: this.name,
      points: this.points,
      duration: this.windowSeconds,
    });
    return this.limiter;
  }
}

/** Makes the app's rate limits; every throttle is one of these. */
@Injectable()
export class RateLimits {
  constructor(private readonly dataSource: DataSource) {}

  define(name: string, points: number, windowSeconds: number): RateLimit {
    return new RateLimit(this.dataSource, name, points, windowSeconds);
  }
}

const hashKey = (parts: string[]): string => createHash('sha256').update(parts.join('\n')).digest('base64url');

/**
 * The key of a client address for per-address limits: an IPv4 address as is (IPv4-mapped IPv6
 * too), an IPv6 address by its /64 prefix, since one subscriber usually holds a whole /64.
 */
export function addressKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1];
  if (!isIPv6(ip)) return ip;
  const [head, tail = ''] = ip.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::') ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${groups.slice(0, 4).map((g) => g.toLowerCase().replace(/^0+(?=.)/, '')).join(':')}::/64`;
}
