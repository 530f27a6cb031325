import { Global, Module } from '@nestjs/common';
import { RateLimitsRepository } from './rate-limits.repository';
import { RateLimits } from './rate-limits';

@Global()
@Module({ providers: [RateLimits, RateLimitsRepository], exports: [RateLimits, RateLimitsRepository] })
export class RateLimitModule {}
