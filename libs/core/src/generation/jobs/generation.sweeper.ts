import { GENERATION_PROGRESS_MESSAGES, generationQueuePriority, type Quality } from '@brandloom/contracts';
import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AppConfig } from '../../infra/config/app-config';
import { PROCESS_ROLE, ProcessRole } from '../../infra/queue/process-role';
import { QueuePort } from '../../infra/queue/queue.port';
import { OrganizationsService } from '../../organizations/organizations.service';
import { GENERATION_JOBS } from '../generation-jobs.names';
import { GenerationSettlement } from '../generation-settlement';

// How often it runs, when a queued row counts as possibly lost (the API died between commit and
// enqueue, or Redis refused the job) and when a processing row's worker counts as gone: AppConfig's
// GENERATION_SWEEP_EVERY_MS, GENERATION_REQUEUE_AFTER_SECONDS and GENERATION_STALE_AFTER_SECONDS.
const BATCH = 500;

export interface SweepResult {
  requeued: number;
  settled: number;
}

/**
 * Makes sure every generation ends completed or failed, whatever happened to its job: queued rows
 * are enqueued again under their own id (a no-op while the queue still knows the job); processing
 * rows whose heartbeat stopped (the job was given up after stalling) are settled as failed, which
 * refunds what they did not deliver. With the in-process queue every unsettled row is enqueued
 * again at boot, since that queue died with the previous process.
 */
@Injectable()
export class GenerationSweeper implements OnApplicationBootstrap {
  private readonly logger = new Logger(GenerationSweeper.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly queue: QueuePort,
    private readonly config: AppConfig,
    @Inject(PROCESS_ROLE) private readonly role: ProcessRole,
    private readonly settlement: GenerationSettlement,
    private readonly organizations: OrganizationsService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const inProcess = this.config.queueDriver === 'in-process';
    if (this.role !== 'worker' && !inProcess) return;
    await this.queue.schedule(GENERATION_JOBS.sweep, this.config.GENERATION_SWEEP_EVERY_MS);
    void this.sweep({ requeueAll: inProcess }).catch((error: Error) => this.logger.error(`boot sweep failed: ${error.message}`));
  }

  async sweep(options: { requeueAll?: boolean } = {}): Promise<SweepResult> {
    const statuses = options.requeueAll ? ['queued', 'processing'] : ['queued'];
    const lost: Array<{ id: string; quality: Quality; organization_id: string }> = await this.dataSource.query(
      `SELECT id, quality, organization_id FROM generations
        WHERE status = ANY($1) AND ($2 OR updated_at < now() - make_interval(secs => $3))
        ORDER BY updated_at LIMIT $4`,
      [statuses, Boolean(options.requeueAll), this.config.GENERATION_REQUEUE_AFTER_SECONDS, BATCH],
    );
    const planTiers = await this.organizations.planTiers([...new Set(lost.map((row) => row.organization_id))]);
    for (const row of lost) {
      const priority = generationQueuePriority(row.quality, planTiers.get(row.organization_id) ?? null);
      await this.queue.enqueue(GENERATION_JOBS.run, { generationId: row.id }, { jobId: row.id, priority });
    }
    let settled = 0;
    if (!options.requeueAll) {
      const stale: Array<{ id: string }> = await this.dataSource.query(
        `SELECT id FROM generations WHERE status = 'processing' AND updated_at < now() - make_interval(secs => $1) ORDER BY updated_at LIMIT $2`,
        [this.config.GENERATION_STALE_AFTER_SECONDS, BATCH],
      );
      for (const row of stale) if (await this.settlement.fail(row.id, GENERATION_PROGRESS_MESSAGES.interrupted)) settled += 1;
    }
    if (lost.length + settled > 0) this.logger.log(`re-enqueued ${lost.length} generation(s), settled ${settled} orphaned one(s)`);
    return { requeued: lost.length, settled };
  }
}
