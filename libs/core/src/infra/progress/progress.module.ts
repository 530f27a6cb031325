import { Global, Inject, Injectable, Module, OnApplicationShutdown } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { InProcessProgressBus } from './drivers/in-process.progress-bus';
import { RedisProgressBus } from './drivers/redis.progress-bus';
import { ProgressBus } from './progress-bus';

/** Redis pub/sub when REDIS_URL is set (API and worker are separate processes), else in-process. */
export function createProgressBus(config: Pick<AppConfig, 'REDIS_URL' | 'QUEUE_PREFIX'>): ProgressBus {
  return config.REDIS_URL ? new RedisProgressBus(config.REDIS_URL, config.QUEUE_PREFIX) : new InProcessProgressBus();
}

@Injectable()
class ProgressBusLifecycle implements OnApplicationShutdown {
  constructor(@Inject(ProgressBus) private readonly bus: ProgressBus) {}

  async onApplicationShutdown(): Promise<void> {
    await this.bus.close();
  }
}

@Global()
@Module({
  providers: [{ provide: ProgressBus, inject: [AppConfig], useFactory: createProgressBus }, ProgressBusLifecycle],
  exports: [ProgressBus],
})
export class ProgressModule {}
