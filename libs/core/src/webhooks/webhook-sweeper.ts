import { WEBHOOK_TIMEOUT_MS } from '@brandloom/contracts';
import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { AppConfig } from '../infra/config/app-config';
import { PROCESS_ROLE, ProcessRole } from '../infra/queue/process-role';
import { QueuePort } from '../infra/queue/queue.port';
import { WebhookDeliveriesRepository } from './webhook-deliveries.repository';
import { WebhookDispatcher } from './webhook-dispatcher';
import { WEBHOOK_JOBS } from './webhooks-jobs.names';

export const WEBHOOK_SWEEP_EVERY_MS = 60_000;
/** An attempt still pending this long after it was due is taken for lost by the queue. */
const LOST_AFTER_MS = 60_000;
const SWEEP_BATCH = 500;

/**
 * Every attempt gets sent, whatever happened to its job: pending attempts long overdue (an enqueue
 * Redis refused, an in-process queue that died with its process) and attempts whose worker died
 * mid-send are queued again. Sending twice is harmless to the rows (an attempt is claimed once) and
 * to receivers (they deduplicate by the event id). The worker schedules it at boot.
 */
@Injectable()
export class WebhookSweeper implements OnApplicationBootstrap {
  private readonly logger = new Logger(WebhookSweeper.name);

  constructor(
    private readonly deliveries: WebhookDeliveriesRepository,
    private readonly dispatcher: WebhookDispatcher,
    private readonly queue: QueuePort,
    private readonly config: AppConfig,
    @Inject(PROCESS_ROLE) private readonly role: ProcessRole,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (this.role !== 'worker' && this.config.queueDriver !== 'in-process') return;
    await this.queue.schedule(WEBHOOK_JOBS.sweep, WEBHOOK_SWEEP_EVERY_MS);
  }

  async sweep(now = Date.now()): Promise<{ requeued: number }> {
    const lost = await this.deliveries.findLost(new Date(now - LOST_AFTER_MS), new Date(now - LOST_AFTER_MS - 2 * WEBHOOK_TIMEOUT_MS), SWEEP_BATCH);
    await this.dispatcher.enqueue(
      lost.map((id) => ({ id })),
      0,
      true,
    );
    if (lost.length > 0) this.logger.log(`re-enqueued ${lost.length} webhook delivery attempt(s)`);
    return { requeued: lost.length };
  }
}
