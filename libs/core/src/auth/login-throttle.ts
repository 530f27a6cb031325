import { Injectable, OnModuleInit } from '@nestjs/common';
import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import { DataSource } from 'typeorm';
import { AppConfig } from '../infra/config/app-config';
import { TooManyLoginAttemptsError } from './auth.errors';
import { pgPoolOf } from '../infra/database/prepared-statements';

/**
 * Counts failed logins per account and per IP address in PostgreSQL (shared by every API
 * instance). A successful login clears the account's counter.
 */
@Injectable()
export class LoginThrottle implements OnModuleInit {
  private perAccount: RateLimiterPostgres;
  private perIp: RateLimiterPostgres;

  constructor(private readonly dataSource: DataSource, private readonly config: AppConfig) {}

  onModuleInit(): void {
    const pool = pgPoolOf(this.dataSource);
    const common = { storeClient: pool, storeType: 'pool', tableName: 'rate_limits', tableCreated: true, duration: this.config.LOGIN_THROTTLE_WINDOW_SECONDS };
    this.perAccount = new RateLimiterPostgres({ ...common, keyPrefix: 'login-account', points: this.config.LOGIN_MAX_ATTEMPTS_PER_ACCOUNT });
    this.perIp = new RateLimiterPostgres({ ...common, keyPrefix: 'login-ip', points: this.config.LOGIN_MAX_ATTEMPTS_PER_IP });
  }

  /** Throws when either counter is used up. */
  async assertAllowed(email: string, ip: string): Promise<void> {
    const [account, address] = await Promise.all([this.perAccount.get(accountKey(email)), this.perIp.get(ip)]);
    const blocked = [
      { res: account, max: this.config.LOGIN_MAX_ATTEMPTS_PER_ACCOUNT },
      { res: address, max: this.config.LOGIN_MAX_ATTEMPTS_PER_IP },
    ].filter(({ res, max }) => res !== null && res.consumedPoints >= max);
    if (blocked.length > 0) {
      throw new TooManyLoginAttemptsError(Math.max(...blocked.map(({ res }) => (res as RateLimiterRes).msBeforeNext)) / 1000);
    }
  }

  async recordFailure(email: string, ip: string): Promise<void> {
    await Promise.all([this.perAccount.penalty(accountKey(email), 1), this.perIp.penalty(ip, 1)]);
  }

  async recordSuccess(email: string): Promise<void> {
    await this.perAccount.delete(accountKey(email));
  }
}

const accountKey = (email: string) => email.trim().toLowerCase();
