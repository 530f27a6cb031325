import { AppConfig } from '@brandloom/core';
import { Controller, Get, OnModuleDestroy } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { HealthCheck, HealthCheckService, HealthIndicatorFunction, HealthIndicatorService, TypeOrmHealthIndicator } from '@nestjs/terminus';
import IORedis, { Redis } from 'ioredis';

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
    if (config.REDIS_URL) this.redis = new IORedis(config.REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
  }

  @Get()
  @HealthCheck()
  check() {
    const checks: HealthIndicatorFunction[] = [() => this.database.pingCheck('database', { timeout: 3000 })];
    if (this.redis) checks.push(() => this.pingRedis());
    return this.health.check(checks);
  }

  private async pingRedis() {
    const indicator = this.indicators.check('redis');
    try {
      await this.redis!.ping();
      return indicator.up();
    } catch (error) {
      return indicator.down({ message: (error as Error).message });
    }
  }

  onModuleDestroy(): void {
    this.redis?.disconnect();
  }
}
