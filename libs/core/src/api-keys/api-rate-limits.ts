import { Injectable } from '@nestjs/common';
import { AppConfig } from '../infra/config/app-config';
import { RateLimit, RateLimits } from '../infra/rate-limit/rate-limits';
import { ApiRateLimitedError } from './api-keys.errors';

/** Where a caller stands in the current window: the RateLimit-* headers of an answer. */
export interface ApiRateLimitStatus {
  limit: number;
  remaining: number;
  resetSeconds: number;
}

const WINDOW_SECONDS = 60;

/**
 * Requests per minute of each API key (API_RATE_LIMIT_PER_MINUTE) and of each organization's keys
 * together (API_ORG_RATE_LIMIT_PER_MINUTE), counted in PostgreSQL across API processes.
 */
@Injectable()
export class ApiRateLimits {
  private readonly perKey: RateLimit;
  private readonly perOrganization: RateLimit;

  constructor(config: AppConfig, limits: RateLimits) {
    this.perKey = limits.define('api-key', config.API_RATE_LIMIT_PER_MINUTE, WINDOW_SECONDS);
    this.perOrganization = limits.define('api-org', config.API_ORG_RATE_LIMIT_PER_MINUTE, WINDOW_SECONDS);
  }

  /**
   * Counts one request of the key; returns the tighter of the two allowances for the headers, or
   * throws ApiRateLimitedError (its `status` gives the headers of the refusal).
   */
  async take(apiKeyId: string, organizationId: string): Promise<ApiRateLimitStatus> {
    const key = await this.perKey.consume(apiKeyId);
    const keyStatus = statusOf(this.perKey, key);
    if (!key.allowed) throw new ApiRateLimitedError('key', keyStatus);
    const organization = await this.perOrganization.consume(organizationId);
    const organizationStatus = statusOf(this.perOrganization, organization);
    if (!organization.allowed) {
      await this.perKey.giveBack(apiKeyId);
      throw new ApiRateLimitedError('organization', organizationStatus);
    }
    return keyStatus.remaining <= organizationStatus.remaining ? keyStatus : organizationStatus;
  }
}

function statusOf(limit: RateLimit, state: { used: number; secondsLeft: number }): ApiRateLimitStatus {
  return { limit: limit.points, remaining: Math.max(0, limit.points - state.used), resetSeconds: Math.max(1, Math.ceil(state.secondsLeft)) };
}
