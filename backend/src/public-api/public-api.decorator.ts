import { IDEMPOTENCY_KEY_HEADER, PUBLIC_API_PREFIX } from '@brandloom/contracts';
import { applyDecorators, Controller, UseGuards, UseInterceptors } from '@nestjs/common';
import { ApiBearerAuth, ApiHeader, ApiTags } from '@nestjs/swagger';
import { ApiKeyGuard } from './api-key.guard';
import { IdempotencyInterceptor } from './idempotency.interceptor';

/** The OpenAPI security scheme of the public API's key. */
export const API_KEY_SECURITY = 'api-key';

/**
 * A controller of the public API at /api/v1/<path>: authenticated by an API key only (never the
 * session), its POSTs idempotent by Idempotency-Key.
 */
export const PublicApiController = (path: string) =>
  applyDecorators(
    Controller(`${PUBLIC_API_PREFIX}/${path}`),
    ApiTags(`v1 ${path}`),
    ApiBearerAuth(API_KEY_SECURITY),
    ApiHeader({ name: IDEMPOTENCY_KEY_HEADER, required: false, description: 'POST only: the same key and body within 24 hours answers the first answer without doing the work again' }),
    UseGuards(ApiKeyGuard),
    UseInterceptors(IdempotencyInterceptor),
  );
