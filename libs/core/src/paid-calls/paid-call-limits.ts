import type { PaidCallFamily } from '@brandloom/contracts';
import { Injectable } from '@nestjs/common';
import { AppConfig } from '../infra/config/app-config';
import { RateLimit, RateLimits } from '../infra/rate-limit/rate-limits';
import { TooManyPaidCallsError } from './paid-calls.errors';

export interface PaidCaller {
  userId: string;
  organizationId: string;
}

/**
 * How often a user and an organization may call each paid or rate-limited third party within
 * PAID_CALL_WINDOW_SECONDS, counted in PostgreSQL across API processes. Every attempt counts,
 * whether the third party then says yes or no: it answered either way.
 */
@Injectable()
export class PaidCallLimits {
  private readonly limits: Record<PaidCallFamily, { perUser: RateLimit; perOrganization: RateLimit }>;

  constructor(config: AppConfig, limits: RateLimits) {
    const window = config.PAID_CALL_WINDOW_SECONDS;
    const family = (name: PaidCallFamily, perUser: number, perOrganization: number) => ({
      perUser: limits.define(`paid-${name}-user`, perUser, window),
      perOrganization: limits.define(`paid-${name}-org`, perOrganization, window),
    });
    this.limits = {
      stripe: family('stripe', config.STRIPE_CALLS_PER_USER, config.STRIPE_CALLS_PER_ORGANIZATION),
      meta: family('meta', config.META_CALLS_PER_USER, config.META_CALLS_PER_ORGANIZATION),
      'brand-extraction': family('brand-extraction', config.BRAND_EXTRACTIONS_PER_USER, config.BRAND_EXTRACTIONS_PER_ORGANIZATION),
      'ad-copy': family('ad-copy', config.AD_COPY_CALLS_PER_USER, config.AD_COPY_CALLS_PER_ORGANIZATION),
    };
  }

  /** Takes one call of the family from the user's and the organization's allowances, or throws TooManyPaidCallsError. */
  async take(family: PaidCallFamily, caller: PaidCaller): Promise<void> {
    const { perUser, perOrganization } = this.limits[family];
    const userWait = await perUser.take(caller.userId);
    if (userWait !== null) throw new TooManyPaidCallsError(family, userWait);
    const organizationWait = await perOrganization.take(caller.organizationId);
    if (organizationWait !== null) {
      await perUser.giveBack(caller.userId);
      throw new TooManyPaidCallsError(family, organizationWait);
    }
  }
}
