import { Module } from '@nestjs/common';
import { ApiKeysRepository } from './api-keys.repository';
import { ApiKeysService } from './api-keys.service';
import { ApiRateLimits } from './api-rate-limits';
import { IdempotencyKeysRepository } from './idempotency-keys.repository';
import { IdempotencyService } from './idempotency.service';

/** The public API's keys, their rate limits and the Idempotency-Key answers. */
@Module({
  providers: [ApiKeysRepository, ApiKeysService, ApiRateLimits, IdempotencyKeysRepository, IdempotencyService],
  exports: [ApiKeysRepository, ApiKeysService, ApiRateLimits, IdempotencyKeysRepository, IdempotencyService],
})
export class ApiKeysModule {}
