import { FORMAT_MESSAGES } from '@brandloom/contracts';
import { Injectable } from '@nestjs/common';
import { RowSweeper, type SweepResult, type SweepTimings } from '../../infra/queue/row-sweeper';
import { FORMAT_JOBS } from '../format-jobs.names';
import { FormatJobsRepository } from '../format-jobs.repository';
import { FormatSettlement } from '../format-settlement';

export const FORMAT_SWEEP_EVERY_MS = 60_000;
/** A queued job this old may have lost its queue entry (the process died between commit and enqueue). */
const REQUEUE_AFTER_SECONDS = 60;
/** A processing job silent this long has no worker any more. */
const STALE_AFTER_SECONDS = 300;

export type FormatSweepResult = SweepResult;

/** The generation sweeper's rules (RowSweeper's) for format jobs: every job ends completed or failed. */
@Injectable()
export class FormatSweeper extends RowSweeper<{ id: string }> {
  protected readonly sweepJob = FORMAT_JOBS.sweep;
  protected readonly rowsName = 'format job(s)';

  constructor(
    protected readonly rows: FormatJobsRepository,
    private readonly settlement: FormatSettlement,
  ) {
    super();
  }

  protected timings(): SweepTimings {
    return { everyMs: FORMAT_SWEEP_EVERY_MS, requeueAfterSeconds: REQUEUE_AFTER_SECONDS, staleAfterSeconds: STALE_AFTER_SECONDS };
  }

  protected async requeue(rows: Array<{ id: string }>): Promise<void> {
    for (const row of rows) await this.queue.enqueue(FORMAT_JOBS.run, { formatJobId: row.id }, { jobId: row.id, priority: 2 });
  }

  protected async settle(row: { id: string }): Promise<boolean> {
    return (await this.settlement.fail(row.id, FORMAT_MESSAGES.interrupted)) !== null;
  }
}
