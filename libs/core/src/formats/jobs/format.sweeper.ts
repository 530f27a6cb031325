import { FORMAT_MESSAGES } from '@brandloom/contracts';
import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AppConfig } from '../../infra/config/app-config';
import { PROCESS_ROLE, ProcessRole } from '../../infra/queue/process-role';
import { QueuePort } from '../../infra/queue/queue.port';
import { FORMAT_JOBS } from '../format-jobs.names';
import { FormatSettlement } from '../format-settlement';

export const FORMAT_SWEEP_EVERY_MS = 60_000;
/** A queued job this old may have lost its queue entry (the process died between commit and enqueue). */
const REQUEUE_AFTER_SECONDS = 60;
/** A processing job silent this long has no worker any more. */
const STALE_AFTER_SECONDS = 300;
const BATCH = 500;

export interface FormatSweepResult {
  requeued: number;
  settled: number;
}

/** The generation sweeper's rules for format jobs: every job ends completed or failed. */
@Injectable()
export class FormatSweeper implements OnApplicationBootstrap {
  private readonly logger = new Logger(FormatSweeper.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly queue: QueuePort,
    private readonly config: AppConfig,
    @Inject(PROCESS_ROLE) private readonly role: ProcessRole,
    private readonly settlement: FormatSettlement,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const inProcess = this.config.queueDriver === 'in-process';
    if (this.role !== 'worker' && !inProcess) return;
    await this.queue.schedule(FORMAT_JOBS.sweep, FORMAT_SWEEP_EVERY_MS);
    void this.sweep({ requeueAll: inProcess }).catch((error: Error) => this.logger.error(`boot sweep failed: ${error.message}`));
  }

  async sweep(options: { requeueAll?: boolean; requeueAfterSeconds?: number } = {}): Promise<FormatSweepResult> {
    const statuses = options.requeueAll ? ['queued', 'processing'] : ['queued'];
    const lost: Array<{ id: string }> = await this.dataSource.query(
      `SELECT id FROM format_jobs WHERE status = ANY($1) AND ($2 OR updated_at < now() - make_interval(secs => $3)) ORDER BY updated_at LIMIT $4`,
      [statuses, Boolean(options.requeueAll), options.requeueAfterSeconds ?? REQUEUE_AFTER_SECONDS, BATCH],
    );
    for (const row of lost) await this.queue.enqueue(FORMAT_JOBS.run, { formatJobId: row.id }, { jobId: row.id, priority: 2 });
    let settled = 0;
    if (!options.requeueAll) {
      const stale: Array<{ id: string }> = await this.dataSource.query(
        `SELECT id FROM format_jobs WHERE status = 'processing' AND updated_at < now() - make_interval(secs => $1) ORDER BY updated_at LIMIT $2`,
        [STALE_AFTER_SECONDS, BATCH],
      );
      for (const row of stale) if (await this.settlement.fail(row.id, FORMAT_MESSAGES.interrupted)) settled += 1;
    }
    if (lost.length + settled > 0) this.logger.log(`re-enqueued ${lost.length} format job(s), settled ${settled} orphaned one(s)`);
    return { requeued: lost.length, settled };
  }
}
