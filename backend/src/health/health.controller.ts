import { AppConfig } from '@brandloom/core';
import { Controller, Get, OnModuleDestroy, Res, ServiceUnavailableException } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { HealthCheck, HealthCheckService, HealthIndicatorFunction, HealthIndicatorService, TypeOrmHealthIndicator } from '@nestjs/terminus';
import type { Response } from 'express';
import IORedis, { Redis } from 'ioredis';
import { appSchema } from '../openapi/app-schemas';

/** A dependency that does not answer within this counts as down (a health check must answer fast). */
const CHECK_TIMEOUT_MS = 2000;

/**
 * Liveness (`/api/health/live`: the process runs and serves HTTP; restart it when this fails) and
 * readiness (`/api/health/ready`, also `/api/health`: PostgreSQL and, when used, Redis answer; send
 * it traffic only then). Load balancers and docker compose use them.
 */
@ApiTags('health')
@Controller('health')
export class HealthController implements OnModuleDestroy {
  private readonly redis?: Redis;

  constructor(
    private readonly health: HealthCheckService,
    private readonly database: TypeOrmHealthIndicator,
    private readonly indicators: HealthIndicatorService,
    config: AppConfig,
  ) {
    if (config.REDIS_URL) {
      this.redis = new IORedis(config.REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
      // Outages are reported by the check itself; ioredis would otherwise print every reconnect error.
      this.redis.on('error', () => undefined);
    }
  }

  @Get('live')
  @ApiOkResponse({ schema: appSchema('Liveness') })
  live(): { status: 'ok' } {
    return { status: 'ok' };
  }

  @Get('ready')
  @HealthCheck()
  ready(@Res({ passthrough: true }) res: Response) {
    return this.check(res);
  }

  /** 200 with each dependency's status, or 503 with the same body naming what is down. */
  @Get()
  @HealthCheck()
  async check(@Res({ passthrough: true }) res: Response) {
    const checks: HealthIndicatorFunction[] = [() => this.database.pingCheck('database', { timeout: CHECK_TIMEOUT_MS })];
    if (this.redis) checks.push(() => this.pingRedis());
    try {
      return await this.health.check(checks);
    } catch (error) {
      // Terminus reports a failed check as this exception; its body says which dependency is down.
      if (!(error instanceof ServiceUnavailableException)) throw error;
      res.status(503);
      return error.getResponse();
    }
  }

  private async pingRedis() {
    const indicator = this.indicators.check('redis');
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        this.redis!.ping(),
        new Promise((_, reject) => (timer = setTimeout(() => reject(new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS))),
      ]);
      return indicator.up();
    } catch (error) {
      return indicator.down({ message: (error as Error).message });
    } finally {
      clearTimeout(timer);
    }
  }

  onModuleDestroy(): void {
    this.redis?.disconnect();
  }
}
