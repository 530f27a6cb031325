import { AD_MESSAGES } from '@brandloom/contracts';
import { Injectable } from '@nestjs/common';
import { RowSweeper, type SweepTimings } from '../../infra/queue/row-sweeper';
import { AD_JOBS, adRenderJobId } from '../ads-jobs.names';
import { AdsRepository } from '../ads.repository';

const AD_SWEEP_EVERY_MS = 60_000;
const REQUEUE_AFTER_SECONDS = 60;
const STALE_AFTER_SECONDS = 300;

interface AdVersion {
  id: string;
  version: number;
}

/**
 * RowSweeper's rules for ads: a version whose render job was lost is enqueued again under the job id
 * the service gave it, and one whose worker vanished is failed (rendering costs nothing, so nothing
 * is refunded), so no ad stays 'queued' or 'processing' for ever.
 */
@Injectable()
export class AdSweeper extends RowSweeper<AdVersion, AdVersion> {
  protected readonly sweepJob = AD_JOBS.sweep;
  protected readonly rowsName = 'ad render(s)';

  constructor(protected readonly rows: AdsRepository) {
    super();
  }

  protected timings(): SweepTimings {
    return { everyMs: AD_SWEEP_EVERY_MS, requeueAfterSeconds: REQUEUE_AFTER_SECONDS, staleAfterSeconds: STALE_AFTER_SECONDS };
  }

  protected async requeue(rows: AdVersion[]): Promise<void> {
    for (const row of rows) await this.queue.enqueue(AD_JOBS.render, { adId: row.id, version: row.version }, { jobId: adRenderJobId(row.id, row.version), priority: 2 });
  }

  protected settle(row: AdVersion): Promise<boolean> {
    return this.rows.markFailed(row.id, row.version, AD_MESSAGES.interrupted);
  }
}
