import { Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { IdempotencyService } from '../../api-keys/idempotency.service';
import { BrandExtractionService } from '../../brand-profiles/extraction/brand-extraction.service';
import { OnJob } from '../../infra/queue/on-job.decorator';
import { MAINTENANCE_JOBS } from '../maintenance-jobs.names';

/** Published outbox rows and processed-event marks are kept this long for inspection and replays. */
const KEEP_PUBLISHED_EVENTS_DAYS = 7;
const KEEP_PROCESSED_MARKS_DAYS = 30;

@Injectable()
export class MaintenanceJobs {
  private readonly logger = new Logger(MaintenanceJobs.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly brandExtractions: BrandExtractionService,
    private readonly idempotency: IdempotencyService,
  ) {}

  /** Deletes expired sessions, expired throttling counters, old published events, unclaimed brand images and expired Idempotency-Keys. */
  @OnJob(MAINTENANCE_JOBS.prune, { concurrency: 1, attempts: 1 })
  async prune(): Promise<Record<string, number>> {
    const removed = {
      sessions: await this.delete(`DELETE FROM session WHERE expire < now()`),
      rateLimits: await this.delete(`DELETE FROM rate_limits WHERE expire IS NOT NULL AND expire < $1`, [Date.now()]),
      outbox: await this.delete(`DELETE FROM outbox WHERE published_at < now() - make_interval(days => $1)`, [KEEP_PUBLISHED_EVENTS_DAYS]),
      processedEvents: await this.delete(`DELETE FROM processed_events WHERE processed_at < now() - make_interval(days => $1)`, [KEEP_PROCESSED_MARKS_DAYS]),
      unclaimedBrandImages: await this.brandExtractions.pruneUnclaimedSources(),
      idempotencyKeys: await this.idempotency.pruneExpired(),
    };
    this.logger.log(`pruned ${JSON.stringify(removed)}`);
    return removed;
  }

  private async delete(sql: string, params: unknown[] = []): Promise<number> {
    const [, count] = (await this.dataSource.query(sql, params)) as [unknown, number];
    return count;
  }
}
