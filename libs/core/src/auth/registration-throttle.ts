import { Injectable } from '@nestjs/common';
import { AppConfig } from '../infra/config/app-config';
import { addressKey, RateLimit, RateLimits } from '../infra/rate-limit/rate-limits';
import { TooManyRegistrationsError } from './auth.errors';

/**
 * Counts sign-ups per IP address in PostgreSQL (shared by every API instance): each new account
 * gets the welcome bonus, so an address may open REGISTRATION_MAX_PER_IP per window.
 */
@Injectable()
export class RegistrationThrottle {
  private readonly perIp: RateLimit;

  constructor(config: AppConfig, limits: RateLimits) {
    this.perIp = limits.define('register-ip', config.REGISTRATION_MAX_PER_IP, config.REGISTRATION_WINDOW_SECONDS);
  }

  /** Runs `signUp` if the address has a sign-up left; one that fails (email taken, ...) gives its point back. */
  async run<T>(ip: string, signUp: () => Promise<T>): Promise<T> {
    const address = addressKey(ip);
    const wait = await this.perIp.take(address);
    if (wait !== null) throw new TooManyRegistrationsError(wait);
    try {
      return await signUp();
    } catch (error) {
      await this.perIp.giveBack(address).catch(() => undefined);
      throw error;
    }
  }
}
