import { AD_MESSAGES } from '@brandloom/contracts';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { AppConfig } from '../../infra/config/app-config';
import { PROCESS_ROLE, ProcessRole } from '../../infra/queue/process-role';
import { QueuePort } from '../../infra/queue/queue.port';
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
  protected readonly logger = new Logger(AdSweeper.name);
  protected readonly sweepJob = AD_JOBS.sweep;
  protected readonly rowsName = 'ad render(s)';

  constructor(
    private readonly ads: AdsRepository,
    queue: QueuePort,
    config: AppConfig,
    @Inject(PROCESS_ROLE) role: ProcessRole,
  ) {
    super(queue, config, role);
  }

  protected timings(): SweepTimings {
    return { everyMs: AD_SWEEP_EVERY_MS, requeueAfterSeconds: REQUEUE_AFTER_SECONDS, staleAfterSeconds: STALE_AFTER_SECONDS };
  }

  protected findLost(statuses: string[], all: boolean, olderThanSeconds: number, limit: number): Promise<AdVersion[]> {
    return this.ads.findLost(statuses, all, olderThanSeconds, limit);
  }

  protected async requeue(rows: AdVersion[]): Promise<void> {
    for (const row of rows) await this.queue.enqueue(AD_JOBS.render, { adId: row.id, version: row.version }, { jobId: adRenderJobId(row.id, row.version), priority: 2 });
  }

  protected findStale(olderThanSeconds: number, limit: number): Promise<AdVersion[]> {
    return this.ads.findStale(olderThanSeconds, limit);
  }

  protected settle(row: AdVersion): Promise<boolean> {
    return this.ads.markFailed(row.id, row.version, AD_MESSAGES.interrupted);
  }
}
