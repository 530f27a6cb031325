import { Inject, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { PROCESS_ROLE, ProcessRole } from './process-role';
import { QueuePort, type ScheduledJobName } from './queue.port';

/** Rows looked at per sweep and per rule. */
export const SWEEP_BATCH = 500;

export interface SweepResult {
  requeued: number;
  settled: number;
}

export interface SweepTimings {
  /** How often the sweep job runs. */
  everyMs: number;
  /** A queued row this old may have lost its queue entry (the process died between commit and enqueue, or Redis refused the job). */
  requeueAfterSeconds: number;
  /** A processing row silent this long has no worker any more (the job was given up after stalling). */
  staleAfterSeconds: number;
}

/** The swept table's repository: its lost and its stale rows. */
export interface SweptRows<Lost, Stale> {
  /** Up to `limit` rows in one of `statuses`, oldest update first: all of them with `all`, else those not updated for `olderThanSeconds`. */
  findLost(statuses: string[], all: boolean, olderThanSeconds: number, limit: number): Promise<Lost[]>;
  /** Up to `limit` processing rows not updated for `olderThanSeconds`, oldest first. */
  findStale(olderThanSeconds: number, limit: number): Promise<Stale[]>;
}

/**
 * Makes sure every row a queue job works on ends settled, whatever happened to its job: queued rows
 * are enqueued again under their own id (a no-op while the queue still knows the job); processing
 * rows whose heartbeat stopped are settled as failed, which refunds what they did not deliver. With
 * the in-process queue every unsettled row is enqueued again at boot, since that queue died with the
 * previous process. The worker (or the one in-process process) schedules the sweep job at boot.
 * A domain says which rows (its repository), how to enqueue them and how to settle one.
 */
export abstract class RowSweeper<Lost extends { id: string }, Stale extends { id: string } = { id: string }> implements OnApplicationBootstrap {
  protected readonly logger = new Logger(this.constructor.name);
  // Injected into the properties, so that a sweeper's constructor lists only what its domain needs.
  @Inject(QueuePort) protected readonly queue: QueuePort;
  @Inject(AppConfig) protected readonly config: AppConfig;
  @Inject(PROCESS_ROLE) private readonly role: ProcessRole;

  /** The job that runs `sweep()` on the schedule. */
  protected abstract readonly sweepJob: ScheduledJobName;
  /** The rows in the log line: 'generation(s)'. */
  protected abstract readonly rowsName: string;
  protected abstract readonly rows: SweptRows<Lost, Stale>;

  protected abstract timings(): SweepTimings;
  protected abstract requeue(rows: Lost[]): Promise<void>;
  /** Settles one row as failed; false when it was settled meanwhile. */
  protected abstract settle(row: Stale): Promise<boolean>;

  async onApplicationBootstrap(): Promise<void> {
    const inProcess = this.config.queueDriver === 'in-process';
    if (this.role !== 'worker' && !inProcess) return;
    await this.queue.schedule(this.sweepJob, this.timings().everyMs);
    void this.sweep({ requeueAll: inProcess }).catch((error: Error) => this.logger.error(`boot sweep failed: ${error.message}`));
  }

  async sweep(options: { requeueAll?: boolean; requeueAfterSeconds?: number } = {}): Promise<SweepResult> {
    const timings = this.timings();
    const statuses = options.requeueAll ? ['queued', 'processing'] : ['queued'];
    const lost = await this.rows.findLost(statuses, Boolean(options.requeueAll), options.requeueAfterSeconds ?? timings.requeueAfterSeconds, SWEEP_BATCH);
    await this.requeue(lost);
    let settled = 0;
    if (!options.requeueAll) {
      const stale = await this.rows.findStale(timings.staleAfterSeconds, SWEEP_BATCH);
      for (const row of stale) if (await this.settle(row)) settled += 1;
    }
    if (lost.length + settled > 0) this.logger.log(`re-enqueued ${lost.length} ${this.rowsName}, settled ${settled} orphaned one(s)`);
    return { requeued: lost.length, settled };
  }
}
