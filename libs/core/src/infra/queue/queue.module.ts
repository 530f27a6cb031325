import { DynamicModule, Global, Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { AppConfig } from '../config/app-config';
import { BullMqQueueDriver } from './drivers/bullmq.driver';
import { InProcessQueueDriver } from './drivers/in-process.driver';
import { JobRegistry, KNOWN_JOB_NAMES } from './job-registry';
import { QueuePort } from './queue.port';

export interface QueueModuleOptions {
  /** The job names that must each have exactly one handler (the application's: libs/core/src/job-names.ts). */
  jobNames: readonly string[];
}

@Global()
@Module({})
export class QueueModule {
  static forRoot(options: QueueModuleOptions): DynamicModule {
    return {
      module: QueueModule,
      imports: [DiscoveryModule],
      providers: [
        { provide: KNOWN_JOB_NAMES, useValue: options.jobNames },
        {
          provide: QueuePort,
          inject: [AppConfig, JobRegistry],
          useFactory: (config: AppConfig, registry: JobRegistry): QueuePort =>
            config.REDIS_URL
              ? new BullMqQueueDriver(config.REDIS_URL, config.QUEUE_PREFIX, (name) => registry.attemptsFor(name), {
                  lockDurationMs: config.QUEUE_LOCK_DURATION_MS,
                  stalledIntervalMs: config.QUEUE_STALLED_INTERVAL_MS,
                  enqueueTimeoutMs: config.QUEUE_ENQUEUE_TIMEOUT_MS,
                })
              : new InProcessQueueDriver(),
        },
        JobRegistry,
      ],
      exports: [QueuePort, JobRegistry],
    };
  }
}
