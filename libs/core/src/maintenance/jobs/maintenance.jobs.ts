import { Injectable, Logger } from '@nestjs/common';
import { SessionsRepository } from '../../auth/sessions.repository';
import { IdempotencyService } from '../../api-keys/idempotency.service';
import { BrandExtractionService } from '../../brand-profiles/extraction/brand-extraction.service';
import { OutboxRepository } from '../../infra/outbox/outbox.repository';
import { ProcessedEventsRepository } from '../../infra/outbox/processed-events.repository';
import { OnJob } from '../../infra/queue/on-job.decorator';
import { RateLimitsRepository } from '../../infra/rate-limit/rate-limits.repository';
import { MAINTENANCE_JOBS } from '../maintenance-jobs.names';

/** Published outbox rows and processed-event marks are kept this long for inspection and replays. */
const KEEP_PUBLISHED_EVENTS_DAYS = 7;
const KEEP_PROCESSED_MARKS_DAYS = 30;

@Injectable()
export class MaintenanceJobs {
  private readonly logger = new Logger(MaintenanceJobs.name);

  constructor(
    private readonly sessions: SessionsRepository,
    private readonly rateLimits: RateLimitsRepository,
    private readonly outbox: OutboxRepository,
    private readonly processedEvents: ProcessedEventsRepository,
    private readonly brandExtractions: BrandExtractionService,
    private readonly idempotency: IdempotencyService,
  ) {}

  /** Deletes expired sessions, expired throttling counters, old published events, unclaimed brand images and expired Idempotency-Keys. */
  @OnJob(MAINTENANCE_JOBS.prune, { concurrency: 1, attempts: 1 })
  async prune(): Promise<Record<string, number>> {
    const removed = {
      sessions: await this.sessions.deleteExpired(),
      rateLimits: await this.rateLimits.deleteExpired(Date.now()),
      outbox: await this.outbox.deletePublishedBefore(KEEP_PUBLISHED_EVENTS_DAYS),
      processedEvents: await this.processedEvents.deleteProcessedBefore(KEEP_PROCESSED_MARKS_DAYS),
      unclaimedBrandImages: await this.brandExtractions.pruneUnclaimedSources(),
      idempotencyKeys: await this.idempotency.pruneExpired(),
    };
    this.logger.log(`pruned ${JSON.stringify(removed)}`);
    return removed;
  }
}
