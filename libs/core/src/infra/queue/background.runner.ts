import { BeforeApplicationShutdown, Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { OutboxRelay } from '../outbox/outbox.relay';
import { JobRegistry } from './job-registry';
import { PROCESS_ROLE, ProcessRole } from './process-role';
import { QueuePort } from './queue.port';

const PRUNE_EVERY_MS = 15 * 60 * 1000;

/**
 * Starts the background side (job processors, outbox relay, schedules) in the worker
 * process, or in the API process itself when there is no Redis (the in-process start).
 */
@Injectable()
export class BackgroundRunner implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(BackgroundRunner.name);
  private started = false;

  constructor(
    @Inject(PROCESS_ROLE) private readonly role: ProcessRole,
    private readonly config: AppConfig,
    private readonly queue: QueuePort,
    private readonly registry: JobRegistry,
    private readonly relay: OutboxRelay,
  ) {}

  get runsBackgroundWork(): boolean {
    return this.role === 'worker' || this.config.queueDriver === 'in-process';
  }

  async onApplicationBootstrap(): Promise<void> {
    if (!this.runsBackgroundWork) return;
    await this.queue.startProcessing(this.registry.jobs);
    await this.queue.schedule('maintenance.prune', PRUNE_EVERY_MS);
    this.relay.start();
    this.started = true;
    this.logger.log(`processing jobs (${this.config.queueDriver}) and relaying the outbox`);
  }

  /**
   * Before, not on, application shutdown: TypeORM destroys the DataSource in its own
   * onApplicationShutdown, which Nest may call first (global modules share one distance),
   * and running jobs and the relay still need the database while they finish.
   */
  async beforeApplicationShutdown(): Promise<void> {
    if (this.started) await this.relay.stop();
    await this.queue.close();
  }
}
