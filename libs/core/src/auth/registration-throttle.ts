import { Injectable, OnModuleInit } from '@nestjs/common';
import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import { DataSource } from 'typeorm';
import { AppConfig } from '../infra/config/app-config';
import { TooManyRegistrationsError } from './auth.errors';
import { pgPoolOf } from '../infra/database/prepared-statements';

/**
 * Counts sign-ups per IP address in PostgreSQL (shared by every API instance): each new account
 * gets the welcome bonus, so an address may open REGISTRATION_MAX_PER_IP per window.
 */
@Injectable()
export class RegistrationThrottle implements OnModuleInit {
  private perIp: RateLimiterPostgres;

  constructor(private readonly dataSource: DataSource, private readonly config: AppConfig) {}

  onModuleInit(): void {
    const pool = pgPoolOf(this.dataSource);
    this.perIp = new RateLimiterPostgres({
      storeClient: pool,
      storeType: 'pool',
      tableName: 'rate_limits',
      tableCreated: true,
      keyPrefix: 'register-ip',
      points: this.config.REGISTRATION_MAX_PER_IP,
      duration: this.config.REGISTRATION_WINDOW_SECONDS,
    });
  }

  /** Runs `signUp` if the address has a sign-up left; one that fails (email taken, ...) gives its point back. */
  async run<T>(ip: string, signUp: () => Promise<T>): Promise<T> {
    try {
      await this.perIp.consume(ip, 1);
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) throw new TooManyRegistrationsError(rejection.msBeforeNext / 1000);
      throw rejection;
    }
    try {
      return await signUp();
    } catch (error) {
      await this.perIp.reward(ip, 1).catch(() => undefined);
      throw error;
    }
  }
}
