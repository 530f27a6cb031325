import { isUuid, FORMAT_MESSAGES, GENERATION_SSE_EVENTS } from '@brandloom/contracts';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Observable } from 'rxjs';
import { AssetsRepository } from '../assets/assets.repository';
import { ProgressBus, ProgressMessage, publishBestEffort } from '../infra/progress/progress-bus';
import { watchProgress } from '../infra/progress/watch-progress';
import type { FormatJob } from './entities/format-job.entity';
import { FormatJobsRepository } from './format-jobs.repository';
import { formatCompletedEvent } from './format.mapper';
import { FormatJobNotFoundError } from './formats.errors';

const RECHECK_MS = 3000;

/** Channel of one format job's progress. */
export function formatChannel(jobId: string): string {
  return `format:${jobId}`;
}

/**
 * Live progress of format jobs, as generations have it: the job publishes on its channel; a watcher
 * subscribes first, then reads the row (nothing in between is lost), and re-reads it now and then
 * in case a pub/sub message was lost. Events: progress, completed, error (the generation's names).
 */
@Injectable()
export class FormatProgress {
  private readonly logger = new Logger(FormatProgress.name);

  constructor(
    private readonly formatJobs: FormatJobsRepository,
    private readonly assets: AssetsRepository,
    @Inject(ProgressBus) private readonly bus: ProgressBus,
  ) {}

  async publish(jobId: string, message: ProgressMessage): Promise<void> {
    await publishBestEffort(this.bus, formatChannel(jobId), message, this.logger, `progress of format job ${jobId}`);
  }

  async watch(organizationId: string, jobId: string, recheckMs = RECHECK_MS): Promise<Observable<ProgressMessage>> {
    if (!isUuid(jobId)) throw new FormatJobNotFoundError();
    return watchProgress({
      bus: this.bus,
      channel: formatChannel(jobId),
      logger: this.logger,
      what: `format job ${jobId}`,
      current: async () => {
        const job = await this.formatJobs.findForOrganization(organizationId, jobId);
        if (!job) throw new FormatJobNotFoundError();
        return this.snapshot(job);
      },
      finalNow: async () => {
        const job = await this.formatJobs.findById(jobId);
        return job && (job.status === 'completed' || job.status === 'failed') ? this.snapshot(job) : undefined;
      },
      recheckMs,
    });
  }

  async snapshot(job: FormatJob): Promise<ProgressMessage> {
    if (job.status === 'completed' && job.result_asset_id) {
      const asset = await this.assets.findById(job.result_asset_id);
      if (asset) return { event: GENERATION_SSE_EVENTS.completed, data: { ...formatCompletedEvent(job, asset) } };
    }
    if (job.status === 'failed' || job.status === 'completed') {
      return { event: GENERATION_SSE_EVENTS.error, data: { message: job.error ?? FORMAT_MESSAGES.failed, creditsRefunded: job.credits_refunded } };
    }
    return { event: GENERATION_SSE_EVENTS.progress, data: { progress: job.progress, message: job.message ?? FORMAT_MESSAGES.queued, status: job.status } };
  }
}
